"""The pin map: which RP2040 GPIO drives what, read from one JSON file.

``hw/pins.json`` is the only place pin numbers are written; ``make flash`` copies it to
the device as ``/pins.json``. This module loads it and checks it against what a
Raspberry Pi Pico can really do, so a wrong edit is refused at boot (and on the laptop,
by ``hw/wiring.py``) with a message naming the pin and the reason, instead of showing
up later as a dead button or a blank screen. Pure Python in the MicroPython subset, no
``machine`` import: the same checks run on the device, in host_sim and in the tools.
"""
import json
import os

from hid.keys import KEYS
from hid.seats import MOST_SEATS

PATH = "/pins.json"
SCHEMA = 1
MOST_BYTES = 16384  # a pin map's most (hw/pins.json is 2 KB): refused before it is read whole
DEEPEST = 6         # its deepest nesting (seats, a seat, its button: 4)

# GPIOs the Pico board wires itself (on a Pico W the same four go to the radio chip).
RESERVED = {
    23: "drives the Pico's SMPS power-save pin",
    24: "senses VBUS (USB power) on the Pico",
    25: "drives the Pico's on-board LED",
    29: "measures VSYS/3 on ADC3 (supply/battery voltage) on the Pico",
}

DRIVERS = ("st7789", "ili9341")
PULLS = ("up", "external")
MIN_SEATS = 2
MAX_SEATS = MOST_SEATS
WIDTH = 320
HEIGHT = 240
# ST7789 serial write cycle is 16 ns; it is also clk_peri/2 at the RP2040's 125 MHz.
MAX_BAUDRATE = 62500000

# Datasheet GPIO function table, column F1: SPI block is bit 3 of the GPIO number and
# the role is gpio & 3 (RX, CSn, SCK, TX), named here by the map's keys.
_SPI_ROLES = ("miso", None, "sck", "mosi")
_SPI_ROLE_NAMES = {"miso": "RX (MISO)", "sck": "SCK", "mosi": "TX (MOSI)"}
# MicroPython's machine.SPI on a Pico puts this pin into SPI mode when no MISO is given.
DEFAULT_MISO = {0: 16, 1: 8}

_DISPLAY_KEYS = ("driver", "spi", "sck", "mosi", "cs", "dc", "rst", "bl",
                 "baudrate", "width", "height", "rotation")
BL_ACTIVE = ("high", "low")  # the BL level that lights the backlight
ROTATIONS = (1, 3)  # landscape, and landscape turned 180 degrees

# What a GPIO is used as: kinds decide which clashes matter.
BUTTON = "button"  # input to GND with a pull-up
OUT = "out"        # plain digital output
PWM = "pwm"        # PWM output (LED brightness, backlight, piezo tone)
SPI = "spi"        # SPI peripheral pin


def spi_function(gpio):
    """(block, role) a GPIO has in the SPI column of the function table; role None is CSn."""
    return (gpio >> 3) & 1, _SPI_ROLES[gpio & 3]


def spi_pins(block, role):
    """GPIOs of a Pico that can carry ``role`` for SPI ``block``."""
    out = []
    for g in range(30):
        if g not in RESERVED and spi_function(g) == (block, role):
            out.append(g)
    return out


def pwm_channel(gpio):
    """(slice, "A" or "B"): the RP2040 has 8 PWM slices, each GPIO is fixed to one channel."""
    return (gpio >> 1) & 7, "AB"[gpio & 1]


def _show(value):
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RuntimeError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _pins(gpios):
    return ", ".join(["GP%d" % g for g in gpios])


def _keys(errs, where, obj, required, optional=()):
    for key in required:
        if key not in obj:
            errs.append("%s: '%s' is missing" % (where, key))
    extra = []
    for key in obj:
        if key not in required and key not in optional:
            extra.append(str(key))
    extra.sort()
    for key in extra:
        errs.append("%s: unknown key '%s' (expected %s)" % (where, key, ", ".join(required + tuple(optional))))


def _object(errs, where, value):
    if type(value) is dict:
        return True
    errs.append("%s must be an object {...}, got %s" % (where, _show(value)))
    return False


def _gpio(errs, uses, label, value, kind):
    """Check one GPIO number and record its use; returns the number or None."""
    if type(value) is not int:
        errs.append("%s must be a GPIO number like 5, got %s" % (label, _show(value)))
        return None
    if value < 0 or value > 29:
        errs.append("%s: %d is not a GPIO (the RP2040 has GPIO 0-29)" % (label, value))
        return None
    if value in RESERVED:
        errs.append("%s: GP%d is reserved on the Pico: it %s" % (label, value, RESERVED[value]))
        return None
    uses.append((value, label, kind))
    return value


def _int_in(errs, label, value, lo, hi, why=""):
    if type(value) is not int or value < lo or value > hi:
        errs.append("%s must be a whole number from %d to %d%s, got %s" % (label, lo, hi, why, _show(value)))


def _button(errs, uses, label, value):
    if not _object(errs, label, value):
        return None
    _keys(errs, label, value, ("gpio", "pull"))
    gpio = _gpio(errs, uses, label, value.get("gpio"), BUTTON) if "gpio" in value else None
    if "pull" in value and value["pull"] not in PULLS:
        at = " GP%d" % gpio if gpio is not None else ""
        errs.append("%s%s: pull %s cannot work: the button switches the pin to GND, so it needs a "
                    "pull-up: \"up\" (the RP2040's internal one) or \"external\" (a resistor to 3V3 "
                    "fitted on the board)" % (label, at, _show(value["pull"])))
    return gpio


def _check_display(errs, uses, disp):
    _keys(errs, "display", disp, _DISPLAY_KEYS, ("miso", "bl_active"))
    if "driver" in disp and disp["driver"] not in DRIVERS:
        errs.append("display.driver must be one of %s, got %s" % (", ".join(DRIVERS), _show(disp["driver"])))
    block = disp.get("spi")
    if "spi" in disp and (type(block) is not int or block not in (0, 1)):
        errs.append("display.spi must be 0 or 1 (the RP2040's two SPI blocks), got %s" % _show(block))
        block = None
    for role in ("sck", "mosi", "miso"):
        if role not in disp or role == "miso" and disp[role] is None:  # no MISO: write-only display
            continue
        gpio = _gpio(errs, uses, "display." + role, disp[role], SPI)
        if gpio is not None and block is not None and spi_function(gpio) != (block, role):
            name = "SPI%d %s" % (block, _SPI_ROLE_NAMES[role])
            errs.append("display.%s: GP%d cannot carry %s (%s is on %s)" % (
                role, gpio, name, name, _pins(spi_pins(block, role))))
    for key in ("cs", "dc", "rst"):
        if key in disp:
            _gpio(errs, uses, "display." + key, disp[key], OUT)
    if "bl" in disp:
        _gpio(errs, uses, "display.bl", disp["bl"], PWM)
    if "baudrate" in disp:
        _int_in(errs, "display.baudrate", disp["baudrate"], 1000000, MAX_BAUDRATE,
                " (Hz; the ST7789 and the RP2040's SPI top out at 62.5 MHz)")
    for key, want in (("width", WIDTH), ("height", HEIGHT)):
        if key in disp and (type(disp[key]) is not int or disp[key] != want):
            errs.append("display.%s must be %d: the SlapStack screens are laid out for %dx%d landscape "
                        "(turn the panel with display.rotation), got %s" % (key, want, WIDTH, HEIGHT,
                                                                              _show(disp[key])))
    if "bl_active" in disp and disp["bl_active"] not in BL_ACTIVE:
        errs.append("display.bl_active must be \"high\" (the backlight is on while BL is high: the module's "
                    "own switch, or the LEDs straight on the pin) or \"low\" (a PNP or P-MOSFET switching "
                    "3V3 to BL), got %s" % _show(disp["bl_active"]))
    if "rotation" in disp and disp["rotation"] not in ROTATIONS:
        errs.append("display.rotation must be 1 (landscape) or 3 (landscape turned 180 degrees, for a panel "
                    "mounted the other way up): the screens are laid out 320x240, got %s" % _show(disp["rotation"]))
    return block


def _check_seats(errs, uses, seats):
    if type(seats) is not list or not MIN_SEATS <= len(seats) <= MAX_SEATS:
        errs.append("seats must be a list of %d to %d seats, got %s" % (MIN_SEATS, MAX_SEATS, _show(seats)))
        return
    buttons = []
    for i in range(len(seats)):
        where = "seat %d" % (i + 1)
        seat = seats[i]
        if not _object(errs, where, seat):
            buttons.append(None)
            continue
        _keys(errs, where, seat, ("button", "led"), ("colour",))
        buttons.append(_button(errs, uses, where + " button", seat["button"]) if "button" in seat else None)
        if "led" in seat:
            _gpio(errs, uses, where + " LED", seat["led"], PWM)
        if "colour" in seat:
            errs.append("%s colour: the seats' colours are the firmware's (red, blue, green, yellow: "
                        "firmware/drawing/seat_rgb.py), buy the buttons in those; remove it" % where)
    if None not in buttons:
        for i in range(1, len(buttons)):
            if buttons[i] != buttons[0] + i:
                errs.append("seat buttons must be on consecutive GPIOs in seat order (seat 1 lowest), so "
                            "the firmware reads every seat with one shift of GPIO_IN; got %s" % _pins(buttons))
                break


def _check_unique(errs, uses):
    first = {}
    for gpio, label, kind in uses:
        if gpio in first:
            errs.append("GP%d is used twice: %s and %s" % (gpio, first[gpio], label))
        else:
            first[gpio] = label


def _check_pwm(errs, uses):
    outputs = []
    for use in uses:
        if use[2] == PWM and use[0] not in [o[0] for o in outputs]:
            outputs.append(use)
    for i in range(len(outputs)):
        gpio, label, kind = outputs[i]
        sl, ch = pwm_channel(gpio)
        for other, olabel, okind in outputs[i + 1:]:
            osl, och = pwm_channel(other)
            if (osl, och) == (sl, ch):
                errs.append("GP%d (%s) and GP%d (%s) are both PWM slice %d channel %s: one channel carries "
                            "one signal, so they could never differ; move one of them"
                            % (gpio, label, other, olabel, sl, ch))
            elif osl == sl and "piezo" in (label, olabel):
                piezo, mate, mate_label = (gpio, other, olabel) if label == "piezo" else (other, gpio, label)
                errs.append("piezo GP%d shares PWM slice %d with GP%d (%s): every tone changes the slice's "
                            "frequency, which would upset the other channel; give the piezo a slice of "
                            "its own" % (piezo, sl, mate, mate_label))


def _check_default_miso(errs, uses, block, disp):
    if block is None or disp.get("miso") is not None:
        return
    pin = DEFAULT_MISO[block]
    for gpio, label, kind in uses:
        if gpio == pin and kind in (OUT, PWM):
            errs.append("%s: GP%d is SPI%d's default MISO pin, which MicroPython's machine.SPI switches "
                        "to SPI mode when no MISO is given, so it cannot be an output; move %s (or wire "
                        "the display's MISO/SDO there and set display.miso)" % (label, gpio, block, label))


def validate(data):
    """Every reason ``data`` (a parsed pins.json) is not a usable Pico pin map; [] if it is."""
    if type(data) is not dict:
        return ["the pin map must be a JSON object {...}, got %s" % _show(data)]
    errs = []
    uses = []
    _keys(errs, "pin map", data, ("schema", "display", "seats", "console", "piezo"), ("notes",))
    if "schema" in data and (type(data["schema"]) is not int or data["schema"] != SCHEMA):
        errs.append("schema must be %d (this firmware's pin map format), got %s" % (SCHEMA, _show(data["schema"])))
    block = None
    disp = data.get("display")
    if "display" in data and _object(errs, "display", disp):
        block = _check_display(errs, uses, disp)
    if "seats" in data:
        _check_seats(errs, uses, data["seats"])
    console = data.get("console")
    if "console" in data and _object(errs, "console", console):
        _keys(errs, "console", console, KEYS)
        for name in KEYS:
            if name in console:
                _button(errs, uses, "console." + name, console[name])
    if "piezo" in data:
        _gpio(errs, uses, "piezo", data["piezo"], PWM)
    if "notes" in data and (type(data["notes"]) is not list or [n for n in data["notes"] if type(n) is not str]):
        errs.append("notes must be a list of strings")
    _check_unique(errs, uses)
    _check_pwm(errs, uses)
    if block is not None:
        _check_default_miso(errs, uses, block, disp)
    return errs


class Button:
    """An input that reads 0 while pressed (switch to GND)."""

    def __init__(self, name, gpio, pull):
        self.name = name
        self.gpio = gpio
        self.pull = pull  # "up": internal pull-up only; "external": a 4.7k is fitted too (enable both)


class Seat:
    def __init__(self, number, button, led):
        self.number = number  # 1-based, as printed on the box
        self.button = button  # Button
        self.led = led        # PWM GPIO


class Display:
    def __init__(self, d):
        self.driver = d["driver"]
        self.spi = d["spi"]
        self.sck = d["sck"]
        self.mosi = d["mosi"]
        self.miso = d.get("miso")
        self.cs = d["cs"]
        self.dc = d["dc"]
        self.rst = d["rst"]
        self.bl = d["bl"]
        self.bl_active_low = d.get("bl_active") == "low"
        self.baudrate = d["baudrate"]
        self.width = d["width"]
        self.height = d["height"]
        self.rotation = d["rotation"]


class PinMap:
    """A checked pin map; build it with ``load`` or ``from_dict``."""

    def __init__(self, data):
        self.display = Display(data["display"])
        self.seats = []
        for i in range(len(data["seats"])):
            s = data["seats"][i]
            b = s["button"]
            self.seats.append(Seat(i + 1, Button("seat%d" % (i + 1), b["gpio"], b["pull"]), s["led"]))
        self.console = {}
        for name in KEYS:
            b = data["console"][name]
            self.console[name] = Button(name, b["gpio"], b["pull"])
        self.piezo = data["piezo"]
        self.seat_button_base = self.seats[0].button.gpio

    def seat_button_mask(self):
        """GPIO_IN bits of the seat buttons; seat n is bit ``seat_button_base + n - 1``."""
        return ((1 << len(self.seats)) - 1) << self.seat_button_base

    def assignments(self):
        """[(gpio, label, kind)] for every GPIO the map uses, by GPIO number."""
        uses = []
        d = self.display
        for role in ("sck", "mosi", "miso"):
            if getattr(d, role) is not None:
                uses.append((getattr(d, role), "display." + role, SPI))
        for key in ("cs", "dc", "rst"):
            uses.append((getattr(d, key), "display." + key, OUT))
        uses.append((d.bl, "display.bl", PWM))
        for s in self.seats:
            uses.append((s.button.gpio, "seat %d button" % s.number, BUTTON))
            uses.append((s.led, "seat %d LED" % s.number, PWM))
        for name in KEYS:
            uses.append((self.console[name].gpio, "console." + name, BUTTON))
        uses.append((self.piezo, "piezo", PWM))
        uses.sort(key=lambda u: u[0])
        return uses


def from_dict(data, source="pin map"):
    errs = validate(data)
    if errs:
        raise ValueError("%s is not usable:\n  - %s" % (source, "\n  - ".join(errs)))
    return PinMap(data)


def load(path=PATH):
    """Read and check a pins.json; ValueError names the file and every problem found. A
    file that is too big, nested too deep, not text or not JSON is a ValueError too, never
    another error: the board then says so on the USB console and blinks (main.py)."""
    again = "; copy hw/pins.json there again (make flash does)"
    try:
        if os.stat(path)[6] > MOST_BYTES:
            raise ValueError("pin map %s is damaged: over %d bytes%s" % (path, MOST_BYTES, again))
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        raise ValueError("pin map %s cannot be read%s" % (path, again))
    if _deeper(data, DEEPEST):
        raise ValueError("pin map %s is damaged: nested deeper than a pin map%s" % (path, again))
    try:
        text = data.decode()
    except ValueError:  # UnicodeError
        raise ValueError("pin map %s is damaged: not text%s" % (path, again))
    data = None  # (its bytes go before the parse: the heap at power-up)
    try:
        data = json.loads(text)
    except (ValueError, RuntimeError, MemoryError) as e:
        raise ValueError("pin map %s is not valid JSON (%s)%s" % (path, e, again))
    return from_dict(data, "pin map " + path)


def _deeper(data, most):
    """Whether the JSON ``data`` (bytes) nests deeper than ``most`` (brackets in strings do
    not count): json.loads recurses on CPython, json.dumps on MicroPython."""
    depth = 0
    quoted = escaped = False
    for c in data:
        if quoted:
            if escaped:
                escaped = False
            elif c == 92:    # \
                escaped = True
            elif c == 34:    # "
                quoted = False
        elif c == 34:
            quoted = True
        elif c == 91 or c == 123:  # [ {
            depth += 1
            if depth > most:
                return True
        elif c == 93 or c == 125:  # ] }
            depth -= 1
    return False
