"""The firmware as make flash builds it (.mpy) turns cards without allocating.

Run on the MicroPython VM with the compiled build mounted at /lib, where the board has it
(host_sim/tests/test_device_build.py does it: it compiles with tools/flash.py, then
``node tests/mpy_run.mjs --mount build/lib:/lib tests/run.py mpy_app_hotpath``).

A card turned during a game goes through the engine, the App's event sink (view model,
sound, LEDs, statistics), the compact input record, the renderer's pile repaint and the
reveal; all of it runs here under ``micropython.heap_lock()``. (The compiled build is
what the device runs. With source-compiled modules this VM raises MemoryError under the
lock while ``gc.mem_alloc()`` with the collector off shows no growth anywhere in the loop:
a temporary freed at once, most likely a call frame too big for the C stack; the .mpy
build does not do it.)
"""
import os
import sys

import micropython

CARDS = 12
FLASH = "/flash"  # the stand-in board's flash: a folder of the VM's filesystem


def quiet_seed():
    """A seed whose 2-player Ratscrew deal turns CARDS cards with no face card or ace (no
    challenge) and no double or sandwich (no slap): nothing but cards being turned."""
    from slapstack import slaprules
    rules = slaprules.make_rules("ratscrew")
    for seed in range(1, 100000):
        hands = slaprules.deal(rules, 2, {"seed": seed})
        ranks = [hands[i % 2][i // 2] & 15 for i in range(CARDS)]
        if [r for r in ranks if r == 1 or r > 10]:
            continue
        if [i for i in range(1, CARDS) if ranks[i] == ranks[i - 1] or (i > 1 and ranks[i] == ranks[i - 2])]:
            continue
        return seed


class NullPanel:
    """Takes pixels like the SPI bus at 62.5 MHz would: each write moves ``clock`` on."""

    def __init__(self, clock=None):
        self.clock = clock

    def blit(self, buf, x, y, w, h):
        if self.clock is not None:
            self.clock.us += len(buf) * 8 // 62

    def backlight(self, level):
        pass


class Pwm:
    def __init__(self):
        self.duty = 0
        self.hz = 0

    def duty_u16(self, v=None):
        if v is None:
            return self.duty
        self.duty = v

    def freq(self, hz):
        self.hz = hz


class NoButtons:
    def poll(self, now, on_edge):
        return 0

    def stuck_seats(self):
        return 0


class Board:
    def __init__(self, clock=None):
        from hid import leds
        from painters import renderer
        from hid import sound
        self.seat_count = 2
        self.panel = NullPanel(clock)
        self.renderer = renderer.Renderer(self.panel)
        self.leds = leds.SeatLeds([Pwm(), Pwm()])
        self.sound = sound.Sound(Pwm())
        try:
            os.mkdir(FLASH)
        except OSError:
            pass  # made by an earlier board
        self.flash = FLASH + "/"
        self.slaps = self.keys = NoButtons()

    def brightness(self, percent):
        pass

    def switch_sound(self, on):
        self.sound.switch(on)

    def hush(self):
        self.sound.stop()

    def lights_off(self):
        self.leds.off()

    def seats_in_play(self, players):
        self.leds.seats_in_play(players)

    def reset_by_watchdog(self):
        return False

    def held(self, key):
        return False  # (no key held at power-up: the menu, not the hardware test)

    def feed(self):
        pass


class Clock:
    """Stands in for ``time`` inside app/loop.py so the test decides when cards are due."""

    def __init__(self):
        import time
        self.us = 0
        self.ticks_diff = time.ticks_diff
        self.ticks_add = time.ticks_add
        self.ticks_ms = time.ticks_ms

    def ticks_us(self):
        return self.us


def test_turning_a_card_allocates_nothing():
    from app import loop
    clock = Clock()
    loop.time = clock
    a = loop.App(Board(clock))
    a.settings["players"] = 2
    a.settings["humans"] = 2
    a.start_game(quiet_seed())
    # the presenter and the session read the clock too (when a card's pixels were out: its
    # reveal); on this VM the real ticks_us counts milliseconds since the VM started, so
    # whether a reveal came after its card depended on how long the VM had run before the test
    for name in ("app.presenter", "app.session"):
        sys.modules[name].time = clock
    tempo = a.session.table.tempo_ms * 1000
    clock.us += tempo
    a.screen.step(a, clock.us)  # the first card paints every region once (allocating its band buffers)
    assert a.session.view.pile_count == 1
    for k in range(2, CARDS):
        clock.us += tempo
        micropython.heap_lock()
        try:
            a.screen.step(a, clock.us)
        finally:
            micropython.heap_unlock()
        assert a.session.view.pile_count == k
        assert a.session.card_shown
    assert a.session.table.input_count() == CARDS - 1  # a reveal per card (its pile drawn in 2-7 ms), recorded


def test_pattern_names_work_on_micropython():
    from slapstack.pattern_names import PAT_NAMES, pattern_name
    from slapstack import events as E
    assert pattern_name("ratscrew", PAT_NAMES.index("big_mac")) == "Big Mac"
    assert pattern_name("money", E.PAT_SEVEN_DIAMONDS) == "Seven Of Diamonds"
    assert pattern_name("ruffle", E.PAT_DOUBLE) == "Pyramid Pair"


NOT_IN_A_GAME = ("app.crash", "app.game_end", "storage.stats", "storage.store", "app.watch")  # loaded by a game's end or a replay, never a game


def test_the_replay_code_is_loaded_only_to_write_the_replay():
    """The replay code stays out of a game's heap; the game's end imports it (game_end.py and
    the writer) and writes last_replay.json with it, and leaving the game lets it go. Nor
    does a game hold NOT_IN_A_GAME."""
    import json
    from app import loop
    import slapstack
    clock = Clock()
    loop.time = clock
    a = loop.App(Board(clock))
    a.settings["players"] = 4
    a.settings["humans"] = 1
    a.start_game(50)   # a short game: 152 cards
    table = a.session.table
    while not table.game.over:
        for name in ("replay", "replay_writer"):
            assert "slapstack." + name not in sys.modules and not hasattr(slapstack, name)
        for name in NOT_IN_A_GAME:
            assert name not in sys.modules, name
        clock.us += 1000
        a.screen.step(a, clock.us)
    assert "slapstack.replay_writer" in sys.modules and "app.game_end" in sys.modules
    a.leave_game()  # (Play again, or the menu)
    for name in ("replay", "replay_writer"):
        assert "slapstack." + name not in sys.modules and not hasattr(slapstack, name)
    assert "app.game_end" not in sys.modules
    with open(FLASH + "/last_replay.json") as f:
        saved = json.load(f)
    assert saved["players"] == 4 and saved["deal"] == {"seed": 50}
    assert len(saved["inputs"]) == table.input_count()
