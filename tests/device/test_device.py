"""SlapStack on the emulated Pico, as a player and a maker meet it (see conftest.py).

Presses come from outside at exact emulated microseconds (the rig's control channel), the
screen is the panel's SPI stream decoded by the project's panel model, and files are read
back with mpremote. Nothing here times the host: emulated time is the chip's.
"""
import json
import os
import re
import time

from PIL import Image

from conftest import differing, from_start
from host_sim import shots
from slapper import FALSE_SEAT, HOLD_US, SETTINGS, Slapper, play_on_laptop
from slapstack import duel_events as D
from slapstack import events as E
from slapstack import replay

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = os.path.join(ROOT, "host_sim", "golden")
TICKS = 1 << 30           # time.ticks_us() wraps here
SEED = 52                 # the ties test's 4-seat game: its first four combinations come soon
# a deal of 16 cards that these presses play to its end in 23 cards and 14 s: three piles
# slapped, one false slap (found by playing random deals with them on the laptop engine)
SHORT = {"hands": [["10D", "AS", "AH", "6H"], ["QD", "4S", "5S", "10H"], ["KS", "4C", "9D", "9C"],
                   ["8H", "JC", "4H", "6D"]]}
PILE_BOX = (36, 28, 284, 212)   # the middle of the table, between the seat strips
TABLE_BOX = (0, 0, 320, 180)    # the screen above the game's name
LEFT_STRIP = (0, 28, 36, 212)   # seat 2's strip
WARN = (0xF542 >> 11, 0xF542 >> 5 & 63, 0xF542 & 31)  # drawing/colours.py's GOLD


def _at_us(rig, t_game):
    """The rig's absolute emulated time for a game time (ticks_us; the game is not paused)."""
    now = rig.now_us()
    d = (t_game - int(now)) % TICKS
    if d >= TICKS // 2:
        d -= TICKS
    return now + d


# --- a new board ---------------------------------------------------------------------------

def test_make_flash_on_a_new_board_installs_the_image_shows_the_menu_and_ok_starts_a_game(pico, board):
    out = pico.flash_output
    assert "the board runs MicroPython 1.28 (RPI_PICO, .mpy v6), not the SlapStack image: installing" in out
    assert "copied onto %s" % pico.flash_drive in out and "the SlapStack image is installed" in out
    assert "the code into the ROMFS partition" in out and "the board has been reset" in out
    menu = pico.screen_after_flash
    # the very screen the host simulator draws (no "restarted by its watchdog" notice)
    assert differing(menu, Image.open(os.path.join(GOLDEN, "menu.png"))) == 0
    board.boot()                  # (the tests before this one on the board may have changed it)
    menu = pico.screen().to_image()
    pico.key("ok", after_ms=2500)
    game = pico.screen().to_image()
    assert differing(menu, game, PILE_BOX) > 10000        # cards on the felt, not the menu
    assert differing(menu, game, (0, 0, 320, 28)) > 1000
    board.stop_firmware()


def test_the_cpu_runs_200mhz_with_its_core_at_1_15_volts(pico, board):
    """The RP2040 is specified for 200 MHz only at a core voltage of 1.15 V or more: boot.py
    raises the regulator (VREG's VSEL, bits 7:4) from its 1.10 V before the clock."""
    board.boot()
    out = pico.mpremote("exec", "import machine\nprint('CLOCK', machine.freq(), machine.mem32[0x40064000])").stdout
    hz, vreg = (int(v) for v in re.search(r"CLOCK (\d+) (\d+)", out).groups())
    assert hz == 200_000_000
    assert (vreg >> 4) & 0xF == 0b1100  # 1.15 V (0b1011, 1.10 V, at reset)
    assert vreg & 0x3 == 0x1  # the regulator enabled, not high-impedance


_FRAMES = """
import gc
def big(depth, a=1, b=2, c=3, d=4, e=5, f=6, g=7, h=8, i=9, j=10, k=11, l=12):
    return gc.mem_alloc() if depth == 0 else big(depth - 1)
gc.collect()
before = gc.mem_alloc()
print('FRAMES', big(0) - before, big(20) - before)
def deeper(n):
    return deeper(n + 1) if n < 100000 else n
try:
    deeper(0)
except RuntimeError as e:
    print('DEEPEST', e)
"""


def test_a_python_calls_frame_takes_no_heap_on_the_image(pico, board):
    """The image keeps Python calls' frames on a stack of their own (hw/image/SLAPSTACK/pystack.c):
    a function with 12 locals, called alone or 21 deep, takes no heap while it runs (on the stock
    port each frame is a run of heap blocks, slow to find in a heap the menus broke up), and a
    runaway recursion ends in a RuntimeError, not a crash."""
    board.boot()
    out = pico.mpremote("exec", _FRAMES).stdout
    one, deep = (int(v) for v in re.search(r"FRAMES (-?\d+) (-?\d+)", out).groups())
    assert (one, deep) == (0, 0), out
    assert "DEEPEST" in out, out


# --- a game played from outside ------------------------------------------------------------

def follow(pico, board, seed, settings, react, done, limit=3000, deal=None):
    """Play a game with ``seed`` (or ``deal``) on the board, following its events live: ``react(ev)``
    for each, in order; returns the events once ``done(events)``. Idle time runs at wall
    speed meanwhile, so the test reacts before the next card."""
    pico.call("realtime", factor=1)
    try:
        mark = board.drive(seed, settings, deal)
        seen = []
        while not seen or not done(seen):
            for ev in board.events_since(mark)[len(seen):]:
                seen.append(ev)
                react(ev)
            assert len(seen) < limit, "the game went on too long"
            time.sleep(0.03)
        return seen
    finally:
        pico.call("realtime", factor=0)


def slapping(pico, slapper, press):
    """A ``react`` that presses as ``slapper`` says: ``press(pico, t, seat)``."""
    def react(ev):
        slapper.event(*ev)
        for t, seat in slapper.due:
            press(pico, t, seat)
        slapper.due = []
    return react


def test_a_four_seat_game_played_with_the_buttons_is_the_laptop_engines_game(pico, board, tmp_path):
    expected, laptop = play_on_laptop(SHORT)
    assert laptop.game.over
    screens = {}

    def press(pico, t, seat):
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

    seen = follow(pico, board, SEED, SETTINGS, slapping(pico, Slapper(), press),
                  lambda seen: seen[-1][0] == E.GAME_OVER, deal=SHORT)
    pico.run_for(3_000_000)  # the game's end: statistics and replay saved

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
    assert from_start(seen, seen[0][1]) == from_start(played, 0)

    # the verdict on the chip's screen is what the host simulator draws for that moment
    host = Image.open(shots.take(json.loads(text), ["slap:1"], str(tmp_path))[0])
    screens["slap"].save(os.path.join(str(tmp_path), "device-slap-1.png"))
    assert differing(screens["slap"], host, TABLE_BOX) == 0   # all but the watched game's label


# --- fair to the microsecond ---------------------------------------------------------------

# what the seats do on each of the first four combinations: (us after the slap time, seat, level)
PLAN = (
    ((0, 0, 0), (0, 2, 0), (HOLD_US, 0, 1), (HOLD_US, 2, 1)),      # the same microsecond: a tie
    ((0, 2, 0), (50, 3, 0), (HOLD_US, 2, 1), (HOLD_US, 3, 1)),     # 50 us apart: the earlier wins
    ((0, 3, 0), (50, 2, 0), (HOLD_US, 2, 1), (HOLD_US, 3, 1)),     # and the other way round
    ((0, 0, 0), (300, 0, 1), (700, 0, 0), (1100, 0, 1), (1500, 0, 0), (HOLD_US, 0, 1)),  # bounce
)
HELD = 1  # seat 2's button is held down from before the deal to the end


def test_ties_the_earlier_press_bounces_and_a_held_button(pico, board):
    held_pin = pico.seat_pins[HELD]
    pico.call("set", pin=held_pin, level=0)
    combos = []

    def press(pico, t, seat):
        plan = PLAN[len(combos)]
        pico.call("pause")  # the plan's edges all set before the chip runs on: none of them late
        try:
            at = _at_us(pico, t)
            assert at > pico.now_us(), "the test fell behind the game"
            for dt, s, level in plan:
                pico.call("set", pin=pico.seat_pins[s], level=level, at_us=at + dt)
        finally:
            pico.call("resume")
        combos.append(t)

    try:
        seen = follow(pico, board, SEED, SETTINGS, slapping(pico, Slapper(false_at=None), press),
                      lambda seen: len(combos) == len(PLAN) and seen[-1][1] - combos[-1] > 500000)
        stuck = pico.screen().to_image().crop(LEFT_STRIP)
    finally:
        pico.release(held_pin)
        board.stop_firmware()
    slaps = [(ev[2], ev[3]) for ev in seen if ev[0] == E.SLAP]
    assert slaps == [(0, E.V_TIE), (2, E.V_TIE),           # nobody takes it
                     (2, E.V_WIN), (3, E.V_LATE),
                     (3, E.V_WIN), (2, E.V_LATE),
                     (0, E.V_WIN)]                          # five edges in 1.5 ms: one slap
    assert HELD not in [p for p, _ in slaps]               # held since before the deal: never a slap
    assert sum(1 for px in stuck.getdata() if (px[0] >> 3, px[1] >> 2, px[2] >> 3) == WARN) > 100  # STUCK


# --- War and Money with the buttons --------------------------------------------------------

def test_war_turns_when_both_seats_have_pressed(pico, board):
    settings = {"game": "war", "players": 2, "humans": 2, "tempo": "frantic"}
    pico.call("realtime", factor=1)
    try:
        mark = board.drive(1, settings)
        for _ in range(3):
            pico.slap(0, in_us=200000)
            pico.run_for(500000)
            pico.slap(1, in_us=100000)
            pico.run_for(1500000)
    finally:
        pico.call("realtime", factor=0)
    evs = board.events_since(mark)
    board.stop_firmware()
    ready = [(ev[2], ev[4]) for ev in evs if ev[0] == D.WAR_READY]
    assert ready[:2] == [(0, 1), (1, 0)]      # seat 1 waits for seat 2; seat 2's press turns
    first_card = next(i for i, ev in enumerate(evs) if ev[0] == E.CARD)
    assert first_card > [i for i, ev in enumerate(evs) if ev[0] == D.WAR_READY][1]   # nothing before both
    cards = [ev[2] for ev in evs if ev[0] == E.CARD]
    assert cards[:2] in ([0, 1], [1, 0])
    battles = [ev for ev in evs if ev[0] == E.PILE_WON and ev[3] == E.HOW_BATTLE]
    assert len(battles) >= 2                  # each pair of presses, a battle (a war takes more)


def test_a_money_choice_is_made_with_the_seat_button_and_ok(pico, board):
    settings = {"game": "money", "players": 2, "humans": 2, "tempo": "frantic"}
    short = {"hands": [["2C", "3C"], ["4D", "5D"]]}  # seat 1 out of numerals after 2.75 s (laptop)
    pico.call("realtime", factor=1)
    try:
        mark = board.drive(1, settings, short)
        deadline = pico.now_us() + 20_000_000  # the chip's time: a busy host only slows it
        while not [ev for ev in board.events_since(mark) if ev[0] == E.MONEY_CHOICE and ev[2] == 0]:
            assert pico.now_us() < deadline, "no choice for seat 1 in 20 s of the game"
            time.sleep(0.1)
        pico.slap(0, in_us=100000)             # the seat button shows the next choice
        pico.run_for(400000)
        pico.key("ok")                          # OK takes it
        pico.run_for(500000)
    finally:
        pico.call("realtime", factor=0)
    evs = board.events_since(mark)
    board.stop_firmware()
    chosen = [ev for ev in evs if ev[0] == E.MONEY_CHOSEN and ev[2] == 0]
    assert chosen and (chosen[0][3], chosen[0][4]) == (1, 0)   # the second choice, not the default


def test_the_chips_drawing_matches_plain_python_and_a_full_repaint(pico, board):
    # native_parity.py: gfx_native's C (built into the image) draws what gfx's Python draws (which the
    # host's tests check), the DMA's registers are worked by spi_regs' C (built in too: every
    # band below goes through it), regions of one and three pixels come back (the DMA's clear of a
    # band without a whole word), and partial repaints on the real panel, decoded from the
    # SPI stream, are what a full repaint of the same table shows
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "native_parity.py")) as f:
        mark = board.run_script(f.read())
    pico.wait_serial(r"PARITY [^\n]*\n|Traceback", timeout_s=600, since=mark)  # (its whole line)
    text = pico.serial_text()
    text = text[text.rindex(mark):]
    assert "Traceback" not in text, text
    # a text of characters never seen, measured and drawn with the heap locked: it worked
    # (TEXT, the font's 95 glyphs' width) and interned no name (gfx interned them at import)
    assert re.search(r"TEXT \d{3}", text), text
    counts = re.findall(r"NAMES (?:before|after)\s+qstr pool: n_pool=\d+, n_qstr=(\d+)", text)
    assert len(counts) == 2 and counts[0] == counts[1], text
    assert "NATIVE <module 'gfx_native'> built in" in text  # the image's C, not the viper or Python
    assert "SPI_REGS <module 'spi_regs'> built in" in text  # the image's C, not the viper
    assert "PARITY same" in text, text
    pico.wait_serial("TINY done", timeout_s=60, since=mark)  # a one-pixel region painted, no hang
    for i in range(8):  # the pile's four steps, then War's
        pico.wait_serial(r"PARTIAL %d" % i, since=mark)
        partial = pico.screen().to_image()
        pico.key("ok")
        pico.wait_serial(r"FULL %d" % i, since=mark)
        full = pico.screen().to_image()
        assert differing(partial, full) == 0, i
        pico.key("ok")
    pico.wait_serial("DONE", since=mark)
    text = pico.serial_text()
    assert "MISSES 0" in text[text.rindex(mark):]  # every pile paint above ran with the heap locked
    board.boot()
