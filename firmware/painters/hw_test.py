"""The hardware test, for a maker checking the wiring (hw/README.md, first power-up): every
seat button lights its own LED, beeps and is named on screen ("Seat 2: Blue"); every console
key shows while held, and starts a test of its own, which its box names by what the maker
checks: Up "sound" (a scale on the piezo), Down "dims" (the backlight down and up), OK "bars"
(colour bars on the panel; any key ends them). A button pressed and released in the test has
passed: its box says so, and stays so, so the maker sees what is left to press, until every
one has ("Every button works"). A button that
reads pressed as the test opens, or stays down over 3 s, is named as a fault. Back held 2 s
leaves.

A screen that runs itself: it polls its own buttons, moves its own ticks and paints its
own regions behind four calls (the App's screen for it is app/menu_screens.py's
HardwareTestScreen):

    HardwareTest(board, brightness)  made as it opens (nothing drawn yet)
    open(now)   drawn as it is now, at once (before the next pass of the loop)
    step(now)   a pass of the loop: False once it has been left
    close()     the LEDs dark, the piezo quiet, the sound switch and the brightness as set

Only the main menu opens it (or OK held at power-up), so the module is imported then and let
go when the menu comes back (app/unload.py). It works through the board's parts (buttons,
LEDs, sound, backlight), never the pins, so the host simulator runs it as the chip does.
"""
import time

from micropython import const

from drawing import colours
from drawing.text import text_width, wrap
from painters.layout import H, W
from hid.keys import BACK, DOWN, KEYS, OK, UP
from painters.view import SEAT_NAMES

UNLOAD_WITH = "test"  # let go as the hardware test is left (app/unload.py)

_TITLE_H = const(32)
_SEATS_Y = const(32)     # four seat boxes in cells of _CELL_W
_SEATS_H = const(56)
_SAID_Y = const(88)      # the last press, in words
_SAID_H = const(32)
_KEYS_Y = const(120)     # four key boxes, each with what it tests
_KEYS_H = const(48)
_FAULT_Y = const(168)    # the faults, in words
_FAULT_H = const(56)
_FOOT_Y = const(224)     # how to leave
_CELL_W = const(80)
_BAR_H = const(30)       # a colour bar
_LEAVE_US = const(2000000)    # Back held this long leaves
_STUCK_US = const(3000000)    # a button down this long is named (SlapButtons' stuck time)
_RAMP_US = const(2000000)     # the backlight from full to _RAMP_LOW % and back
_RAMP_LOW = const(10)         # (never dark: the screen says what is going on)

# each seat's beep a note higher, so a press is heard as that seat's
_BEEPS = ((1, ((1047, 80),)), (1, ((1319, 80),)), (1, ((1568, 80),)), (1, ((2093, 80),)))
_SCALE = (1, ((1047, 150), (1175, 150), (1319, 150), (1397, 150), (1568, 150), (1760, 150),
              (1976, 150), (2093, 300)))
_KEY_WORDS = ("Up: hear a scale", "Down: the screen dims", "OK: colour bars", "Back: hold 2 s to leave")
_KEY_TESTS = ("sound", "dims", "bars", "leave")  # under each key's name: what the maker checks
_PASSED = "works"  # a button's box once it was pressed and released in the test (it passed)
_KEY_NAMES = ("Up", "Down", "OK", "Back")
_BAR_NAMES = ("White", "Yellow", "Cyan", "Green", "Magenta", "Red", "Blue", "Black   any key: back")  # colours.TEST_BARS


class HardwareTest:
    def __init__(self, board, brightness):
        """The test on ``board`` (its buttons, LEDs, sound, backlight and renderer), the
        backlight given back at ``brightness`` % when it closes."""
        self.b = board
        self.leds = board.leds
        self.sound = board.sound
        self.g = board.renderer.other()
        self.brightness = brightness
        self.sound_was = board.sound.enabled
        board.sound.switch(True)  # (the piezo is under test, whatever the Sound setting)
        self.seats = board.seat_count
        self.seats_down = 0      # bit i: seat i held
        self.keys_down = 0       # bit i: key KEYS[i] held
        self.from_start = 0      # seats that read pressed as the test opened, not released since
        self.stuck = 0           # buttons held over _STUCK_US: seats in bits 0-3, keys in 4-7
        self.pressed = 0         # buttons pressed in the test (an edge seen), not yet released
        self.passed = 0          # buttons pressed and released in the test
        self.since = [0] * 8     # when each was pressed (seats, then keys)
        self.opened = False      # the first pass has dropped the edges from before the test
        self.back_at = None      # when Back was pressed in the test (None: not held)
        self.ramp_at = None      # when the backlight ramp began
        self.bars = False        # the colour bars are up
        self.said = "Press each button"
        self.said_colour = colours.WHITE
        self.faults = []         # the faults' lines as drawn
        self._cell = 0           # the cell a painter draws
        # bound methods allocate when taken, so take each once
        self._on_seat = self.on_seat
        self._on_key = self.on_key
        self._paint_title = self.paint_title
        self._paint_seat = self.paint_seat
        self._paint_said = self.paint_said
        self._paint_key = self.paint_key
        self._paint_faults = self.paint_faults
        self._paint_foot = self.paint_foot
        self._paint_bar = self.paint_bar

    # --- the interface -------------------------------------------------------------------

    def step(self, now):
        """A pass of the loop: the buttons' edges, the ramp, the faults; False once Back has
        been held long enough to leave."""
        b = self.b
        if not self.opened:
            self._open(now)
        b.slaps.poll(now, self._on_seat)
        b.keys.poll(now, self._on_key)
        if self.ramp_at is not None:
            self._ramp(now)
        self._find_stuck(now)
        return self.back_at is None or time.ticks_diff(now, self.back_at) < _LEAVE_US

    def close(self):
        b = self.b
        b.leds.off()
        b.sound.stop()
        b.sound.switch(self.sound_was)
        b.brightness(self.brightness)

    # --- the buttons -----------------------------------------------------------------------

    def open(self, now):
        """The whole screen at once, with what is held now: a seat held now is a fault
        (nobody slaps while choosing a menu entry). It reads the buttons' state only, so the
        menu may call it from its key's handler; the edges so far go at the first step."""
        self.held(now)
        self.from_start = self.seats_down  # (Back held from the start does not leave: it must be pressed here)
        self.leds.light(self.seats_down)
        self._find_faults()
        self.draw()

    def _open(self, now):
        """The first pass: the edges from before the test opened (the menu's OK, a seat held
        since power-up) do not count; a button that moved since ``open`` shows as it is."""
        b = self.b
        b.slaps.poll(now, _ignore)
        b.keys.poll(now, _ignore)
        self.opened = True
        if self.held(now):  # (no key has reached the test yet: the colour bars are not up)
            b.leds.light(self.seats_down)
            self.draw()

    def held(self, now):
        """``seats_down`` and ``keys_down`` as the buttons read now (a button newly held is
        held from ``now``); whether either changed."""
        b = self.b
        seats = 0
        for i in range(self.seats):
            if b.slaps.is_down(i):
                seats |= 1 << i
        keys = 0
        for i in range(len(KEYS)):
            if b.keys.is_down(i):
                keys |= 1 << i
        held = seats | keys << 4
        was = self.seats_down | self.keys_down << 4
        new = held & ~was
        for i in range(8):
            if new >> i & 1:
                self.since[i] = now
        self.seats_down = seats
        self.keys_down = keys
        return held != was

    def on_seat(self, i, pressed, t):
        """Seat ``i``'s button: its LED follows it; a press beeps and names the seat."""
        bit = 1 << i
        if pressed:
            self.seats_down |= bit
            self.pressed |= bit
            self.since[i] = t
            self.sound.play(_BEEPS[i], t)
            self.said = "Seat %d: %s" % (i + 1, SEAT_NAMES[i])
            self.said_colour = colours.SEAT_COLOURS[i]
        else:
            self.seats_down &= ~bit
            self._released(bit)
            if self.from_start & bit:
                self.from_start &= ~bit
                self._find_faults()
                if not self.bars:
                    self.g.paint(0, _FAULT_Y, W, _FAULT_H, colours.MENU_BG, self._paint_faults)
        self.leds.light(self.seats_down)
        if not self.bars:
            self._paint_cell(_SEATS_Y, _SEATS_H, i, self._paint_seat)
            if pressed:
                self.g.paint(0, _SAID_Y, W, _SAID_H, colours.MENU_BG, self._paint_said)

    def on_key(self, i, pressed, t):
        """Console key ``i`` (KEYS): it shows while held, and starts its test; any key ends
        the colour bars."""
        bit = 1 << i
        if not pressed:
            self.keys_down &= ~bit
            self._released(bit << 4)
            if KEYS[i] == BACK:
                self.back_at = None
        elif self.keys_down & bit:
            return  # the key's repeat (ConsoleKeys), not a press
        else:
            self.keys_down |= bit
            self.pressed |= bit << 4
            self.since[4 + i] = t
            self.said_colour = colours.WHITE
            if KEYS[i] == BACK:
                self.back_at = t
            if self.bars:  # (the key's name only: its test waits for its next press)
                self.said = _KEY_NAMES[i]
                self.bars = False
                self.draw()
                return
            self.said = _KEY_WORDS[i]
            if KEYS[i] == UP:
                self.sound.play(_SCALE, t)
            elif KEYS[i] == DOWN:
                self.ramp_at = t
            elif KEYS[i] == OK:
                self.bars = True
                self.draw_bars()
                return
            self.g.paint(0, _SAID_Y, W, _SAID_H, colours.MENU_BG, self._paint_said)
        if not self.bars:
            self._paint_cell(_KEYS_Y, _KEYS_H, i, self._paint_key)

    def _released(self, bit):
        """A button let go (``bit`` as in ``stuck``): it passed if its press was seen here
        (not one from before the test, as the menu's OK that opened it). The last one to
        pass says that every button works."""
        if self.pressed & bit:
            self.pressed &= ~bit
            self.passed |= bit
            if self.passed == (1 << self.seats) - 1 | 0xF0:
                self.said = "Every button works"
                self.said_colour = colours.PASSED
                if not self.bars:
                    self.g.paint(0, _SAID_Y, W, _SAID_H, colours.MENU_BG, self._paint_said)

    def _ramp(self, now):
        """The backlight down to _RAMP_LOW % and back up, then as set."""
        t = time.ticks_diff(now, self.ramp_at)
        if t >= _RAMP_US:
            self.ramp_at = None
            self.b.brightness(self.brightness)
            return
        half = _RAMP_US // 2
        fall = t if t < half else _RAMP_US - t
        self.b.brightness(100 - (100 - _RAMP_LOW) * fall // half)

    def _find_stuck(self, now):
        """The buttons held over _STUCK_US; their words change only when the set does."""
        stuck = 0
        held = self.seats_down | self.keys_down << 4
        if held:
            since = self.since
            for i in range(8):
                if held >> i & 1 and time.ticks_diff(now, since[i]) >= _STUCK_US:
                    stuck |= 1 << i
        if stuck != self.stuck:
            self.stuck = stuck
            self._find_faults()
            if not self.bars:
                self.g.paint(0, _FAULT_Y, W, _FAULT_H, colours.MENU_BG, self._paint_faults)

    def _find_faults(self):
        self.faults = _faults(self.from_start, self.stuck)

    # --- drawing ---------------------------------------------------------------------------

    def draw(self):
        """The whole screen, each part a region of its own (each pixel is sent once)."""
        g = self.g
        g.paint(0, 0, W, _TITLE_H, colours.MENU_BAR, self._paint_title)
        for i in range(4):
            self._paint_cell(_SEATS_Y, _SEATS_H, i, self._paint_seat)
        g.paint(0, _SAID_Y, W, _SAID_H, colours.MENU_BG, self._paint_said)
        for i in range(4):
            self._paint_cell(_KEYS_Y, _KEYS_H, i, self._paint_key)
        g.paint(0, _FAULT_Y, W, _FAULT_H, colours.MENU_BG, self._paint_faults)
        g.paint(0, _FOOT_Y, W, H - _FOOT_Y, colours.MENU_BG, self._paint_foot)

    def draw_bars(self):
        for i in range(len(_BAR_NAMES)):
            self._cell = i
            self.g.paint(0, i * _BAR_H, W, _BAR_H, colours.TEST_BARS[i], self._paint_bar)

    def _paint_cell(self, y, h, i, painter):
        self._cell = i
        self.g.paint(i * _CELL_W, y, _CELL_W, h, colours.MENU_BG, painter)

    def paint_title(self, g):
        _centred(g, "Test the buttons", (_TITLE_H - 14) // 2, colours.WHITE)

    def paint_seat(self, g):
        """A seat's box: its colour's outline, or filled while held; none past the board's
        seats."""
        i = self._cell
        if i >= self.seats:
            return
        c = colours.SEAT_COLOURS[i]
        x = i * _CELL_W + 3
        y = _SEATS_Y + 2
        g.round_rect(x, y, _CELL_W - 6, _SEATS_H - 4, 6, c)
        ink = colours.contrast(c)
        if not self.seats_down >> i & 1:
            g.round_rect(x + 3, y + 3, _CELL_W - 12, _SEATS_H - 10, 4, colours.MENU_BG)
            ink = colours.WHITE
        _in_cell(g, "Seat %d" % (i + 1), x, y + 8, ink)
        if self.passed >> i & 1 and ink == colours.WHITE:
            _in_cell(g, _PASSED, x, y + 28, colours.PASSED)
        else:
            _in_cell(g, SEAT_NAMES[i], x, y + 28, ink)

    def paint_said(self, g):
        s = self.said
        scale = 3 if text_width(s, 3) <= W - 16 else 2
        g.text(s, (W - text_width(s, scale)) // 2, _SAID_Y + (_SAID_H - 7 * scale) // 2, scale, self.said_colour)

    def paint_key(self, g):
        """A key's box, white while held, with what it tests under its name, or once it has
        passed, that it has."""
        i = self._cell
        x = i * _CELL_W + 3
        y = _KEYS_Y + 2
        held = self.keys_down >> i & 1
        g.round_rect(x, y, _CELL_W - 6, _KEYS_H - 4, 6, colours.WHITE if held else colours.KEY_BG)
        _in_cell(g, _KEY_NAMES[i], x, y + 5, colours.MENU_BG if held else colours.WHITE)
        if held:
            _in_cell(g, _KEY_TESTS[i], x, y + 24, colours.MENU_BG)
        elif self.passed >> (4 + i) & 1:
            _in_cell(g, _PASSED, x, y + 24, colours.PASSED)
        else:
            _in_cell(g, _KEY_TESTS[i], x, y + 24, colours.GREY)

    def paint_faults(self, g):
        y = _FAULT_Y + 2
        for line in self.faults:
            if g.in_band(y, 16):
                g.text(line, 8, y, 2, colours.GOLD)
            y += 18

    def paint_foot(self, g):
        _centred(g, "Hold Back 2 s to leave", _FOOT_Y + 1, colours.GREY)

    def paint_bar(self, g):
        c, name = colours.TEST_BARS[self._cell], _BAR_NAMES[self._cell]
        g.text(name, 10, self._cell * _BAR_H + (_BAR_H - 14) // 2, 2, colours.contrast(c))


def _ignore(i, pressed, t):
    """A button's edge from before the test opened."""


def _faults(from_start, stuck):
    """The faults in words, at most three lines: the buttons that read pressed as the test
    opened (``from_start``) and those held too long (``stuck``), masks as ``_named``'s."""
    said = []
    if from_start:
        said.append("%s: pressed from the start. Wired to NC, or shorted?" % _named(from_start))
    if stuck:
        said.append("%s: held over 3 s. Stuck?" % _named(stuck))
    return wrap(" ".join(said), W - 16)[:3] if said else []


def _named(mask):
    """The buttons of ``mask`` (seats in bits 0-3, keys in 4-7) by name: "Seat 3 Green, OK"."""
    names = []
    for i in range(8):
        if mask >> i & 1:
            names.append("Seat %d %s" % (i + 1, SEAT_NAMES[i]) if i < 4 else _KEY_NAMES[i - 4])
    return ", ".join(names)


def _centred(g, s, y, c):
    g.text(s, (W - text_width(s, 2)) // 2, y, 2, c)


def _in_cell(g, s, x, y, c):
    g.text(s, x + (_CELL_W - 6 - text_width(s, 2)) // 2, y, 2, c)
