"""The device benchmark (tests/bench_device.py) run against the simulated board: its
self-pressed buttons go through the firmware's real IRQ path, so its figures mean what
it says they mean before a maker runs it on a Pico."""
import os
import sys

import pytest

from slapstack import events as E

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture
def rig(bench_on_board):
    return bench_on_board("bench_device")


def test_self_pressed_seats_are_stamped_equal_together_and_in_order_apart(rig):
    dev, bench, a, b = rig
    lines = bench.ordering(b.slaps)
    assert lines[0] == "seats 1 and 2 pressed in the same instant: 20 of 20 stamped equal"
    for line, (i, j) in zip(lines[1:], ((1, 2), (2, 1))):
        assert line.startswith("seat %d pressed 100 us before seat %d: 20 of 20 in that order, stamps " % (i, j))
        lo, hi = line.split("stamps ")[1].split(" us")[0].split("-")
        assert 90 <= int(lo) <= int(hi) <= 150      # the gap, give or take an interrupt's length
    assert not any(b.slaps.is_down(i) for i in range(b.seat_count))  # all let go


def test_the_game_run_times_cards_and_verdicts_and_leaves_the_files_alone(rig, flash):
    dev, bench, a, b = rig
    before = sorted(os.listdir(flash))
    settings = dict(a.settings)
    shown, verdicts, peak, landed = bench.play(a, b, cards=150)
    games = [e for e in dev.events if e[1] == E.GAME_START]
    played = sum(e[3] for e in dev.events if e[1] == E.GAME_OVER) + a.session.table.game.cards_played
    assert played == 150 and len(games) >= 2      # a new game when one ends
    assert len(shown) >= 140 and all(0 < d < 50000 for d in shown)   # each card's pixels out
    # what each card landed on: empty piles, growing fans and full fans all come up
    assert len(landed) == len(shown) and set(landed) == {0, 1, 2, 3, 4}
    line = bench.by_pile(shown, landed)
    assert line.count(" us (") == 5 and "4: " in line
    assert len(verdicts) >= 5 and all(0 < d < 100000 for d in verdicts)
    wins = [e for e in dev.events if e[1] == E.SLAP and e[2] == 0 and e[3] == E.V_WIN]
    assert len(wins) == len(verdicts)             # every verdict timed was the seat's own win
    assert peak == 50000
    assert a.settings == settings and sorted(os.listdir(flash)) == before
    mean, worst = bench.redraw(b.renderer, bench.busy_table(), n=2)
    assert 0 < mean <= worst


def test_the_devbench_command_prints_every_figure_but_the_heap():
    import subprocess
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.join(ROOT, "src"), ROOT]))
    r = subprocess.run([sys.executable, "-m", "host_sim", "devbench", "--cards", "30"], cwd=ROOT,
                       capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert "lower bounds" in lines[0] and len(lines) == 9
    assert lines[1].endswith("20 of 20 stamped equal")
    assert lines[4].startswith("full-screen redraw of a busy table: mean ")
    assert lines[5].startswith("new card on screen by the cards the pile showed before it")
    assert lines[6].startswith("new card on screen: median ")
    assert lines[7].startswith("press to verdict on screen: ")
    assert lines[8] == "pile paints that allocated (painted again with the heap open): 0"
