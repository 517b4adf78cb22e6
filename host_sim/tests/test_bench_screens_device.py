"""The screens benchmark (tests/bench_screens_device.py) run against the simulated board: it
walks every menu of every game, plays War and Money, opens a person's Money choice and ends
a game, so what it prints on a Pico is each of those screens, timed."""
import gc
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture
def rig(make_device, flash, monkeypatch):
    dev = make_device(boot=False)
    dev.hw.idle = dev._machine_idle   # this test runs the firmware itself, in its own thread
    monkeypatch.setattr(gc, "mem_alloc", lambda: 50000, raising=False)  # CPython has none
    monkeypatch.setattr(gc, "collect", lambda: 0)
    import spi_clock
    spi_clock.peripheral_clock_to_cpu()  # what boot.py does
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    import app
    import bench_screens_device
    import board
    monkeypatch.setattr(bench_screens_device, "HEAP", True)
    b = board.Board()
    a = app.App(b)
    yield dev, bench_screens_device, a
    sys.path.remove(os.path.join(ROOT, "tests"))
    sys.modules.pop("bench_screens_device", None)


def test_every_screen_is_timed_and_nothing_is_left_changed(rig, flash):
    dev, bench, a = rig
    before = sorted(os.listdir(flash))
    settings = dict(a.settings)
    lines = []
    bench.report(a, lines.append)
    expected = ["main menu", "main menu, cursor moved", "Rules menu opened", "Rules menu, cursor moved",
                "How to play, each page", "Statistics",
                "War: new card on screen", "War: whole table redrawn", "War: paused (Back)",
                "War: table again (OK)", "War: heap in use at the peak: 50000 bytes", "winner screen",
                "game summary (code loaded)",
                "Money: new card on screen", "Money: whole table redrawn", "Money: paused (Back)",
                "Money: table again (OK)", "Money: heap in use at the peak: 50000 bytes",
                "Money: choice panel opened", "Money: seat press, next option shown"]
    assert len(lines) == len(expected) and all(line.startswith(e) for line, e in zip(lines, expected)), lines
    assert "(6 shown" in lines[2] and "(60 cards)" in lines[6] and "(60 cards)" in lines[13]
    pages = int(lines[4].split("(")[1].split(" shown")[0])
    assert pages > 12   # two pages a game at least
    assert a.settings == settings and sorted(os.listdir(flash)) == before
