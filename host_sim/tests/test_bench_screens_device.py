"""The screens benchmark (tests/bench_screens_device.py) run against the simulated board: it
walks every menu of every game, plays War and Money, opens a person's Money choice and ends
a game, so what it prints on a Pico is each of those screens, timed."""
import os

import pytest


@pytest.fixture
def rig(bench_on_board):
    dev, bench, a, b = bench_on_board("bench_screens_device")
    return dev, bench, a


def test_every_screen_is_timed_and_nothing_is_left_changed(rig, flash):
    dev, bench, a = rig
    before = sorted(os.listdir(flash))
    settings = dict(a.settings)
    lines = []
    bench.report(a, lines.append)
    expected = ["menus: heap in use at the peak: 50000 bytes, on ",
                "main menu", "main menu, cursor moved", "Rules menu opened", "Rules menu, cursor moved",
                "How to play, each page", "Statistics", "Hardware test opened",
                "War: new card on screen", "War: whole table redrawn", "War: paused (Back)",
                "War: table again (OK)", "War: heap in use at the peak: 50000 bytes", "winner screen",
                "game summary", "game's end: heap in use at the peak: 50000 bytes, on the ",
                "Money: new card on screen", "Money: whole table redrawn", "Money: paused (Back)",
                "Money: table again (OK)", "Money: heap in use at the peak: 50000 bytes",
                "Money: choice panel opened", "Money: seat press, next option shown"]
    assert len(lines) == len(expected) and all(line.startswith(e) for line, e in zip(lines, expected)), lines
    assert "(6 shown" in lines[3] and "(6 shown" in lines[7]  # each game's
    assert "(180 cards)" in lines[8] and "(180 cards)" in lines[16]  # three deals
    assert "(9 shown" in lines[9] and "(3 shown" in lines[10] and "(9 shown" in lines[17]
    assert "(5 shown" in lines[21] and "(20 shown" in lines[22]  # five choices, four presses each
    pages = int(lines[5].split("(")[1].split(" shown")[0])
    assert pages > 12   # two pages a game at least
    assert a.settings == settings and sorted(os.listdir(flash)) == before
