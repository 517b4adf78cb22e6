"""SlapStack on the emulated Pico, as a player and a maker meet it (see conftest.py).

Presses come from outside at exact emulated microseconds (the rig's control channel), the
screen is the panel's SPI stream decoded by the project's panel model, and files are read
back with mpremote. Nothing here times the host: emulated time is the chip's.
"""
import json
import os
import time

from PIL import Image

from conftest import differing
from host_sim import shots
from slapper import FALSE_SEAT, HOLD_US, SETTINGS, Slapper, play_on_laptop
from slapstack import events as E
from slapstack import replay

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = os.path.join(ROOT, "host_sim", "golden")
TICKS = 1 << 30           # time.ticks_us() wraps here
SEED = 52                 # a 4-seat game of 134 cards with these presses (slapper.py)
PILE_BOX = (36, 28, 284, 212)   # the middle of the table, between the seat strips


def _at_us(rig, t_game):
    """The rig's absolute emulated time for a game time (ticks_us; the game is not paused)."""
    now = rig.now_us()
    d = (t_game - int(now)) % TICKS
    if d >= TICKS // 2:
        d -= TICKS
    return now + d


# --- a blank board -------------------------------------------------------------------------

def test_make_flash_on_a_blank_board_shows_the_menu_and_ok_starts_a_game(pico, board):
    assert "done: the board has been reset" in pico.flash_output
    menu = pico.screen().to_image()
    # the very screen the host simulator draws (no "restarted by its watchdog" notice)
    assert differing(menu, Image.open(os.path.join(GOLDEN, "menu.png"))) == 0
    pico.key("ok", after_ms=2500)
    game = pico.screen().to_image()
    assert differing(menu, game, PILE_BOX) > 10000        # cards on the felt, not the menu
    assert differing(menu, game, (0, 0, 320, 28)) > 1000
    board.stop_firmware()


# --- a game played from outside ------------------------------------------------------------

def test_a_four_seat_game_played_with_the_buttons_is_the_laptop_engines_game(pico, board, tmp_path):
    expected, laptop = play_on_laptop(SEED)
    assert laptop.game.over
    pico.call("realtime", factor=1)  # idle time at wall speed: the test reacts in time
    try:
        mark = board.drive(SEED, SETTINGS)
        slapper = Slapper()
        seen = []
        screens = {}
        while not seen or seen[-1][0] != E.GAME_OVER:
            new = board.events_since(mark)[len(seen):]
            for ev in new:
                seen.append(ev)
                slapper.event(*ev)
            for t, seat in slapper.due:
                at = _at_us(pico, t)
                if not screens and seat != FALSE_SEAT:
                    # the first right slap: stop the clock at the press + 400 ms to see the verdict
                    pico.call("pause")
                    pico.slap(seat, at_us=at, hold_ms=HOLD_US // 1000)
                    pico.call("run_for", us=int(at - pico.now_us()) + 400000)
                    screens["slap"] = pico.screen().to_image()
                    pico.call("resume")
                else:
                    assert at > pico.now_us(), "the test fell behind the game"
                    pico.slap(seat, at_us=at, hold_ms=HOLD_US // 1000)
            slapper.due = []
            if len(seen) > 3000:
                raise AssertionError("no end to the game")
            time.sleep(0.03)
        pico.run_for(3_000_000)  # the game's end: statistics and replay saved
    finally:
        pico.call("realtime", factor=0)

    # the same game as the laptop engine plays with the same deal and presses
    def what(evs):
        return [(k, p, a, b) for k, t, p, a, b, c in evs]

    assert what(seen) == what(expected)
    slaps = [ev for ev in seen if ev[0] == E.SLAP]
    assert {ev[3] for ev in slaps} == {E.V_WIN, E.V_FALSE}
    assert [ev[2] for ev in slaps if ev[3] == E.V_FALSE] == [FALSE_SEAT]
    assert seen[-1][2] == laptop.game.winner

    # the replay the device saved plays on the laptop to the very same events
    text = pico.read_file("/last_replay.json")
    spec = replay.check(json.loads(text))
    played = []
    replay.play(spec, lambda *ev: played.append(ev))
    start = seen[0][1]
    assert [(k, (t - start) % TICKS, p, a, b, c) for k, t, p, a, b, c in seen] == \
        [(k, t % TICKS, p, a, b, c) for k, t, p, a, b, c in played]

    # the verdict on the chip's screen is what the host simulator draws for that moment
    host = Image.open(shots.take(json.loads(text), ["slap:1"], str(tmp_path))[0])
    screens["slap"].save(os.path.join(str(tmp_path), "device-slap-1.png"))
    assert differing(screens["slap"], host, PILE_BOX) == 0
