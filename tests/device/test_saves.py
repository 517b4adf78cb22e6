"""Every game the board saves replays: on the emulated Pico (see conftest.py), people press
as people do, from outside at exact emulated microseconds (a seat mashing with taps
shorter than the buttons' 8 ms debounce, bounces, two seats in the same microsecond), the
game ends and is saved, and the saved file plays on the laptop to the very events the
board reported, and on the board itself (Watch last game) to the same end.
"""
import json
import random
import time

from conftest import from_start
from slapstack import events as E
from slapstack import replay

SETTINGS = {"game": "egyptian_war", "players": 4, "humans": 2, "tempo": "frantic",
            "rules": {"egyptian_war": {"party_cards": 50}}}  # some 20 s of play


def _mash(pico, start_us, rng, count=200):
    """Seat 1 mashing (a press every 100-150 ms, most of them 1-6 ms taps, some bouncing
    back within the lockout), seat 2 pressing in the very same microsecond now and then."""
    t = start_us
    for i in range(count):
        t += rng.randint(100_000, 150_000)
        hold = rng.choice((1_000, 3_000, 6_000, 60_000))
        pico.call("press", pin=pico.seat_pins[0], at_us=t, duration_us=hold)
        if i % 4 == 0:
            pico.call("press", pin=pico.seat_pins[1], at_us=t, duration_us=hold + 2_000)
        if i % 5 == 0:
            pico.call("press", pin=pico.seat_pins[0], at_us=t + hold + 2_000, duration_us=1_000)
    return t


def _events(board, mark, done, timeout_s=900):
    deadline = time.time() + timeout_s
    while True:
        evs = board.events_since(mark)
        if evs and done(evs):
            return evs
        assert time.time() < deadline, "the game did not end"
        time.sleep(0.5)


def test_a_mashed_game_saved_by_the_board_replays_event_for_event(pico, board):
    mark = board.drive(5, SETTINGS)
    _mash(pico, pico.now_us() + 200_000, random.Random(5))
    seen = _events(board, mark, lambda evs: evs[-1][0] == E.GAME_OVER)
    pico.run_for(3_000_000)  # the game's end: statistics and replay saved
    text = pico.read_file("/last_replay.json")
    assert '"stamp"' in text  # some taps were reported after the table had moved on
    spec = replay.check(json.loads(text))
    played = []
    replay.play(spec, lambda *ev: played.append(ev))
    assert from_start(seen, seen[0][1]) == from_start(played, 0)
    assert sum(1 for ev in seen if ev[0] == E.SLAP and ev[2] == 0) > 50

    # Watch last game, skipped to its end (OK): the board plays its own save to the same events
    mark = board.watch_last()
    pico.key("ok")
    watched = _events(board, mark, lambda evs: evs[-1][0] == E.GAME_OVER)
    assert from_start(watched, watched[0][1]) == from_start(seen, seen[0][1])
    board.boot()  # (the menu again, for the next test)
