"""The main board's circuit as one net list: every part, and which of its pins each net joins.

Built from hw/pins.json (which GPIO does what) and hw/bom.csv (which part is which row). hw/wiring.py
labels the Pico's pins from it and hw/perfboard.py lays the boards out from it, so the wiring diagram
and the perfboard layout cannot disagree about what connects to what. Standard library only.
"""
from collections import namedtuple

from hid.keys import KEYS

# A part on the main board: its reference, its hw/bom.csv row and its pins' names in footprint order.
# Wire pads (ref J...) are where a wire leaves the board for a connector or a module.
Part = namedtuple("Part", "ref bom pins")


class Circuit:
    """The parts and nets of one build: ``nets`` is {net name: [(ref, pin)]}, in the order written."""

    def __init__(self):
        self.parts = {}
        self.nets = {}

    def part(self, ref, bom, pins):
        self.parts[ref] = Part(ref, bom, tuple(pins))

    def join(self, net, *pads):
        self.nets.setdefault(net, []).extend(pads)

    def net_of(self, ref, pin):
        """The net a pad is on, or None for a pad left free."""
        for name, pads in self.nets.items():
            if (ref, pin) in pads:
                return name
        return None

    def pico_pins(self):
        """{Pico header pin (1-40): net name} for every header pin the board wires."""
        return {int(pin): name for name, pads in self.nets.items() for ref, pin in pads if ref == PICO}


# Raspberry Pi Pico header, physical pins 1-40 (USB at the top; 1-20 down the left
# side, 21-40 up the right side), from the Pico datasheet pinout.
HEADER = ("GP0", "GP1", "GND", "GP2", "GP3", "GP4", "GP5", "GND", "GP6", "GP7",
          "GP8", "GP9", "GND", "GP10", "GP11", "GP12", "GP13", "GND", "GP14", "GP15",
          "GP16", "GP17", "GND", "GP18", "GP19", "GP20", "GP21", "GND", "GP22", "RUN",
          "GP26", "GP27", "AGND", "GP28", "ADC_VREF", "3V3(OUT)", "3V3_EN", "GND", "VSYS", "VBUS")


def physical_pin(gpio):
    """Header pin (1-40) of a GPIO; ValueError for GPIOs the Pico does not bring out."""
    name = "GP%d" % gpio
    if name not in HEADER:
        raise ValueError("GP%d is not on the Pico's header" % gpio)
    return HEADER.index(name) + 1


def pico(gpio):
    """The Pico pad a GPIO is on."""
    return PICO, str(physical_pin(gpio))


PICO = "U1"
TVS = "U2"
TVS_GND_PAD = "2"
TVS_LINE_PADS = ("1", "3", "4", "6")  # the SOT-23-5 array's four lines on the SOT-23-6 adapter's pads
TVS_EMPTY_PAD = "5"
DISPLAY_ROLES = ("sck", "mosi", "miso", "rst", "dc", "cs", "bl")  # the display header's pads after VCC, GND
TO92 = ("C", "B", "E")  # BC337 and BC327, flat face toward you, legs down
GND_PINS = (3, 23, 38)
PIN_3V3 = 36
PIN_VSYS = 39


def seat_nets(c, seat, tvs_pad):
    """One seat: its button line's protection (for an external pull-up) and its LED driver and fuse."""
    n = seat.number
    button, line = "Seat %d button" % n, "Seat %d line" % n
    c.part("J%d" % n, "conn_seat", ("1", "2", "3", "4"))  # the GX12 socket's pins, wired to these pads
    c.join("GND", ("J%d" % n, "1"))
    if seat.button.pull == "external":
        for ref, bom in (("RS%d" % n, "r_btn_series"), ("CF%d" % n, "c_btn_filter"), ("RPU%d" % n, "r_btn_pullup")):
            c.part(ref, bom, ("1", "2"))
        c.join(button, ("RS%d" % n, "1"), ("CF%d" % n, "1"))
        c.join("GND", ("CF%d" % n, "2"))
        c.join("3V3", ("RPU%d" % n, "1"))
        c.join(line, ("RS%d" % n, "2"), ("RPU%d" % n, "2"), (TVS, tvs_pad), ("J%d" % n, "2"))
    else:
        c.join(button, ("J%d" % n, "2"))
    c.part("RB%d" % n, "r_led_base", ("1", "2"))
    c.part("RPD%d" % n, "r_led_pulldown", ("1", "2"))
    c.part("Q%d" % n, "q_led", TO92)
    c.part("F%d" % n, "ptc_led", ("1", "2"))
    c.join("Seat %d LED" % n, ("RB%d" % n, "1"))
    c.join("Seat %d base" % n, ("RB%d" % n, "2"), ("RPD%d" % n, "2"), ("Q%d" % n, "B"))
    c.join("GND", ("RPD%d" % n, "1"), ("Q%d" % n, "E"))
    c.join("Seat %d LED-" % n, ("Q%d" % n, "C"), ("J%d" % n, "3"))
    c.join("VSYS", ("F%d" % n, "1"))
    c.join("Seat %d LED+" % n, ("F%d" % n, "2"), ("J%d" % n, "4"))


def display_nets(c, d):
    """The display header's pads and, for a backlight that bl_active says is driven low, the PNP that
    switches 3V3 to BL."""
    roles = [r for r in DISPLAY_ROLES if getattr(d, r) is not None]
    c.part("JD", "display_st7789", ["VCC", "GND"] + [r.upper() for r in roles])
    c.join("3V3", ("JD", "VCC"))
    c.join("GND", ("JD", "GND"))
    for role in roles:
        c.join("Display %s" % role.upper(), pico(getattr(d, role)))
    for role in roles[:-1] if d.bl_active_low else roles:
        c.join("Display %s" % role.upper(), ("JD", role.upper()))
    if d.bl_active_low:
        c.part("QBL", "q_bl", TO92)
        c.part("RBL", "r_bl_base", ("1", "2"))
        c.part("RBE", "r_bl_off", ("1", "2"))
        c.join("Display BL", ("RBL", "1"))
        c.join("Backlight base", ("RBL", "2"), ("RBE", "1"), ("QBL", "B"))
        c.join("3V3", ("RBE", "2"), ("QBL", "E"))
        c.join("Backlight supply", ("QBL", "C"), ("JD", "BL"))


def circuit(pm):
    """The main board's Circuit for pin map ``pm``."""
    c = Circuit()
    c.part(PICO, "pico", [str(p) for p in range(1, len(HEADER) + 1)])
    if any(s.button.pull == "external" for s in pm.seats):
        c.part(TVS, "tvs_btn", [str(p) for p in range(1, 7)])
        c.join("GND", (TVS, TVS_GND_PAD))
    for seat, tvs_pad in zip(pm.seats, TVS_LINE_PADS):
        seat_nets(c, seat, tvs_pad)
        c.join("Seat %d button" % seat.number, pico(seat.button.gpio))
        c.join("Seat %d LED" % seat.number, pico(seat.led))
    c.part("JK", "tact_console", [k.upper() for k in KEYS] + ["GND"])  # wires to the key carrier
    for name in KEYS:
        c.join("Console %s" % name, pico(pm.console[name].gpio), ("JK", name.upper()))
    c.join("GND", ("JK", "GND"))
    c.part("RPZ", "r_piezo", ("1", "2"))
    c.part("JP", "piezo", ("+", "-"))
    c.join("Piezo", pico(pm.piezo), ("RPZ", "1"))
    c.join("Piezo drive", ("RPZ", "2"), ("JP", "+"))
    c.join("GND", ("JP", "-"))
    display_nets(c, pm.display)
    c.part("C1", "c_bulk", ("+", "-"))
    c.part("D1", "d_vsys", ("A", "K"))
    c.part("JB", "charger_boost", ("5V", "GND"))  # the battery option's wires from the boost module
    c.join("VSYS", (PICO, str(PIN_VSYS)), ("C1", "+"), ("D1", "K"))
    c.join("Boost 5V", ("D1", "A"), ("JB", "5V"))
    c.join("GND", ("C1", "-"), ("JB", "GND"))
    c.join("3V3", (PICO, str(PIN_3V3)))
    c.join("GND", *[(PICO, str(p)) for p in GND_PINS])
    return c
