"""Draws hw/wiring.svg from hw/pins.json (pins) and hw/bom.csv (part values).

    python3 hw/wiring.py           check the pin map, then rewrite hw/wiring.svg
    python3 hw/wiring.py --check   exit 1 if the map is invalid or the SVG is out of date

The SVG is generated so it can never disagree with the map the firmware loads; the
committed copy is checked by host_sim/tests/test_pinmap.py. Standard library only.
"""
import csv
import math
import os
import sys
from xml.sax.saxutils import escape

HW = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HW), "firmware"))  # the board's packages
from hardware import pinmap  # noqa: E402  (the device's own loader, so both agree on what is valid)
from drawing.seat_rgb import SEAT_RGB  # noqa: E402  (the seats' colours, as the screen shows them)
sys.path.insert(0, HW)
from nets import HEADER, circuit, physical_pin  # noqa: E402

PINS = os.path.join(HW, "pins.json")
BOM = os.path.join(HW, "bom.csv")
SVG = os.path.join(HW, "wiring.svg")
GX12_SVG = os.path.join(HW, "gx12.svg")

# The seat connector (GX12 4-pin, panel socket on the box, plug on the pod's cable): pin, signal,
# its twisted-pair partner, where it goes. The same numbers are moulded on socket and plug. The
# pins sit at the corners of a square, numbered round it, so LED+ (4) is diagonal to the button (2).
SEAT_CONNECTOR = (("1", "GND", "twisted with 2", "GND; the button's COM tab"),
                  ("2", "button", "twisted with 1", "pull-up, TVS, series R; the button's NO tab"),
                  ("3", "LED-", "twisted with 4", "transistor collector; the LED's - tab"),
                  ("4", "LED+", "twisted with 3", "VSYS through the seat's PTC fuse; the LED's + tab"))

# The SPI clock the firmware runs the RP2040 at (firmware/drivers/spi_clock.py), which sets SCK.
CPU_HZ = 200_000_000

# What each display signal is printed as on typical modules.
MODULE_PIN = {"sck": "CLK / SCL", "mosi": "DIN / SDA", "miso": "SDO", "cs": "CS",
              "dc": "DC / RS", "rst": "RST / RES", "bl": "BL / LED"}

INK = "#222222"
GREY = "#888888"
DISPLAY_INK = "#3949ab"
CONSOLE_INK = "#546e7a"
PIEZO_INK = "#8e24aa"
POWER_INK = "#c62828"

PITCH = 30
BODY_X = 560
BODY_W = 160
BODY_Y = 130
WIRE = 120      # length of the line from a pad to its label
WIDTH = 1280


def sck_hz(baudrate):
    """The SCK an SPI baud rate request gets: the PL022 divides clk_peri (the CPU clock here) by an
    even number, and the Pico SDK picks the fastest division not above the request."""
    return CPU_HZ / (2 * -(-CPU_HZ // (2 * baudrate)))


def read_bom(path=BOM):
    """{id: row} of hw/bom.csv."""
    with open(path, newline="", encoding="utf-8") as f:
        return {row["id"]: row for row in csv.DictReader(f)}


def pad_xy(pin):
    """Centre of a header pad: 1-20 down the left edge, 21-40 up the right edge."""
    if pin <= 20:
        return BODY_X, BODY_Y + 30 + (pin - 1) * PITCH
    return BODY_X + BODY_W, BODY_Y + 30 + (40 - pin) * PITCH


def num(v):
    """A coordinate as SVG text: whole numbers bare, others to 0.01."""
    return "%d" % v if v == int(v) else ("%.2f" % v).rstrip("0").rstrip(".")


class Svg:
    def __init__(self):
        self.parts = []

    def add(self, s):
        self.parts.append(s)

    def text(self, x, y, s, size=12, anchor="start", fill=INK, weight="normal"):
        self.add('<text x="%s" y="%s" font-size="%s" text-anchor="%s" fill="%s" font-weight="%s">%s</text>'
                 % (num(x), num(y), num(size), anchor, fill, weight, escape(s)))

    def line(self, x1, y1, x2, y2, stroke=INK, width=2, dash=None):
        self.add('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s"%s/>'
                 % (num(x1), num(y1), num(x2), num(y2), stroke, num(width),
                    ' stroke-dasharray="%s"' % dash if dash else ""))

    def path(self, d, stroke=INK, width=2, fill="none"):
        self.add('<path d="%s" stroke="%s" stroke-width="%s" fill="%s"/>' % (d, stroke, num(width), fill))

    def rect(self, x, y, w, h, stroke=INK, fill="none", width=2, rx=0):
        self.add('<rect x="%s" y="%s" width="%s" height="%s" rx="%s" stroke="%s" stroke-width="%s" fill="%s"/>'
                 % (num(x), num(y), num(w), num(h), num(rx), stroke, num(width), fill))

    def circle(self, x, y, r, stroke=INK, fill="none", width=2):
        self.add('<circle cx="%s" cy="%s" r="%s" stroke="%s" stroke-width="%s" fill="%s"/>'
                 % (num(x), num(y), num(r), stroke, num(width), fill))

    # Schematic symbols, drawn left to right from (x, y) unless said otherwise.
    def resistor(self, x, y, value, vertical=False, label_left=False):
        """A 40 px resistor (rightwards, or downwards if vertical); returns the far end."""
        if vertical:
            self.line(x, y, x, y + 8)
            self.rect(x - 6, y + 8, 12, 24)
            self.line(x, y + 32, x, y + 40)
            if label_left:
                self.text(x - 10, y + 24, value, 11, "end")
            else:
                self.text(x + 10, y + 24, value, 11)
            return x, y + 40
        self.line(x, y, x + 8, y)
        self.rect(x + 8, y - 6, 24, 12)
        self.line(x + 32, y, x + 40, y)
        self.text(x + 20, y - 10, value, 11, "middle")
        return x + 40, y

    def capacitor_down(self, x, y, value):
        """From (x, y) down through a capacitor to ground."""
        self.line(x, y, x, y + 14)
        self.line(x - 10, y + 14, x + 10, y + 14)
        self.line(x - 10, y + 20, x + 10, y + 20)
        self.line(x, y + 20, x, y + 30)
        self.text(x - 14, y + 21, value, 11, "end")
        self.ground(x, y + 30)

    def transistor(self, x, y, pnp=False):
        """A bipolar transistor whose base wire starts at (x, y): the upper lead ends at (x + 25, y - 20),
        the lower at (x + 25, y + 20). NPN: collector up, emitter down; PNP: emitter up, collector down.
        The arrow on the emitter points out of an NPN and into a PNP."""
        self.circle(x + 15, y, 22)
        self.line(x, y, x + 6, y)
        self.line(x + 6, y - 12, x + 6, y + 12)
        self.line(x + 6, y - 6, x + 25, y - 20)
        self.line(x + 6, y + 6, x + 25, y + 20)
        if pnp:
            self.path("M%d %d l9 -1 l-5 -7 z" % (x + 8, y - 8), fill=INK, width=1)
        else:
            self.path("M%d %d l-9 -1 l5 -7 z" % (x + 25, y + 20), fill=INK, width=1)

    def ground(self, x, y):
        self.line(x - 10, y, x + 10, y)
        self.line(x - 6, y + 4, x + 6, y + 4)
        self.line(x - 2, y + 8, x + 2, y + 8)

    def dot(self, x, y):
        self.circle(x, y, 3, fill=INK, width=1)

    def switch(self, x, y):
        """A push switch from (x, y) to (x + 40, y)."""
        self.circle(x + 8, y, 3)
        self.circle(x + 32, y, 3)
        self.line(x, y, x + 5, y)
        self.line(x + 35, y, x + 40, y)
        self.line(x + 6, y - 10, x + 34, y - 10)
        self.line(x + 20, y - 10, x + 20, y - 18)
        return x + 40, y


def seat_colour(seat):
    """A seat's colour as the drawings write it ("#rrggbb"): the firmware's, the button's to buy."""
    return "#%02x%02x%02x" % SEAT_RGB[seat.number - 1]


def pin_labels(pm, bom):
    """{physical pin: (title, detail, colour)} for every header pin the main board's net list wires:
    the title is the pin's net."""
    v = {k: row["value"] for k, row in bom.items()}
    d = pm.display
    about = {"GND": ("display, keys, piezo, LED drivers, seat cables", GREY),
             "3V3": ("display VCC, seat pull-ups", POWER_INK),
             "VSYS": ("seat LED+ (a PTC fuse per seat), %s to GND; battery via %s" % (v["c_bulk"], v["d_vsys"]),
                      POWER_INK),
             "Piezo": ("%s in series, piezo to GND (PWM tones)" % v["r_piezo"], PIEZO_INK)}
    for role in ("sck", "mosi", "miso", "cs", "dc", "rst", "bl"):
        about["Display %s" % role.upper()] = ("display module pin %s" % MODULE_PIN[role], DISPLAY_INK)
    about["Display BL"] = (("%s to a %s's base, which switches 3V3 to BL" % (v["r_bl_base"], v["q_bl"]),
                            DISPLAY_INK) if d.bl_active_low else
                           ("display module pin BL (PWM; the module's own backlight transistor)", DISPLAY_INK))
    for s in pm.seats:
        about["Seat %d button" % s.number] = (button_detail(s.button, v), seat_colour(s))
        about["Seat %d LED" % s.number] = ("%s to %s base, LED between VSYS and collector" % (
            v["r_led_base"], v["q_led"]), seat_colour(s))
    for name in pm.console:
        about["Console %s" % name] = (button_detail(pm.console[name], v), CONSOLE_INK)
    return {pin: (net,) + about[net] for pin, net in circuit(pm).pico_pins().items()}


def button_detail(button, v):
    if button.pull == "external":
        return "%s series, %s to GND, %s pull-up, %s, switch to GND" % (
            v["r_btn_series"], v["c_btn_filter"], v["r_btn_pullup"], v["tvs_btn"])
    return "switch to GND, internal pull-up"


def draw_pico(svg, labels):
    svg.rect(BODY_X, BODY_Y, BODY_W, 20 * PITCH + 30, fill="#e8f5e9", rx=6)
    svg.rect(BODY_X + BODY_W // 2 - 22, BODY_Y - 16, 44, 22, fill="#cfd8dc", rx=3)
    svg.text(BODY_X + BODY_W // 2, BODY_Y - 22, "USB", 11, "middle", GREY)
    svg.text(BODY_X + BODY_W // 2, BODY_Y + 20 * PITCH + 22, "Raspberry Pi Pico (top view)", 11, "middle", GREY)
    for pin in range(1, 41):
        x, y = pad_xy(pin)
        name = HEADER[pin - 1]
        used = pin in labels
        svg.circle(x, y, 6, fill=INK if used else "#ffffff")
        left = pin <= 20
        inward = 12 if left else -12
        anchor = "start" if left else "end"
        svg.text(x + inward, y + 4, "%d" % pin, 10, anchor, GREY)
        svg.text(x + inward * 3, y + 4, name, 11, anchor, INK if used else GREY)
        if not used:
            continue
        title, detail, colour = labels[pin]
        end = x - WIRE if left else x + WIRE
        svg.line(x, y, end, y, colour, 3)
        tx = end - 8 if left else end + 8
        svg.text(tx, y - 2, title, 12, "end" if left else "start", INK, "bold")
        svg.text(tx, y + 11, detail, 10, "end" if left else "start", GREY)


def draw_button_circuit(svg, x0, top, v, pulls, seats):
    svg.text(x0, top, "Seat button (x%d), on a long cable" % seats, 13, weight="bold")
    y = top + 90
    svg.text(x0, y + 4, "GPn", 12)
    svg.line(x0 + 30, y, x0 + 50, y)
    svg.dot(x0 + 50, y)
    svg.capacitor_down(x0 + 50, y, v["c_btn_filter"])
    x, _ = svg.resistor(x0 + 50, y, v["r_btn_series"])
    if "external" in pulls:
        svg.line(x, y, x + 40, y)
        node = x + 20
        svg.dot(node, y)
        svg.resistor(node, y - 60, v["r_btn_pullup"], vertical=True)
        svg.line(node, y - 20, node, y)
        svg.text(node, y - 64, "3V3", 11, "middle", POWER_INK)
        svg.line(node, y, node, y + 14)
        svg.rect(node - 14, y + 14, 28, 16)
        svg.text(node, y + 26, "TVS", 10, "middle")
        svg.line(node, y + 30, node, y + 40)
        svg.ground(node, y + 40)
        x += 40
    svg.path("M%d %d h14 m6 0 h14 m6 0 h14 m6 0 h14" % (x, y), GREY)
    svg.text(x + 37, y - 8, "cable", 10, "middle", GREY)
    ex, _ = svg.switch(x + 74, y)
    svg.line(x + 72, y, x + 74, y)
    svg.line(ex, y, ex + 10, y)
    svg.ground(ex + 10, y)
    svg.text(x0, y + 70, "seat button pull: %s. Console buttons: switch from GPn" % ", ".join(pulls), 11, fill=GREY)
    svg.text(x0, y + 84, "to GND, internal pull-up, no other parts.", 11, fill=GREY)
    svg.text(x0, y + 98, "12 V LEDs (boost module): 10 kΩ and 1 nF instead.", 11, fill=GREY)


def draw_led_circuit(svg, x0, top, v, seats):
    svg.text(x0, top, "Seat LED (x%d)" % seats, 13, weight="bold")
    y = top + 100
    svg.text(x0, y + 4, "GPn", 12)
    x, _ = svg.resistor(x0 + 30, y, v["r_led_base"])
    b = x + 10
    svg.line(x, y, b, y)
    svg.dot(b, y)
    svg.resistor(b, y, v["r_led_pulldown"], vertical=True, label_left=True)
    svg.ground(b, y + 40)
    cx = b + 35
    svg.line(b, y, b + 20, y)
    svg.transistor(b + 20, y)
    svg.line(cx + 10, y + 20, cx + 10, y + 40)
    svg.ground(cx + 10, y + 40)
    svg.text(cx + 30, y + 16, v["q_led"], 12)
    svg.line(cx + 10, y - 20, cx + 10, y - 40)
    svg.path("M%d %d l-10 -16 h20 z" % (cx + 10, y - 40))
    svg.line(cx, y - 40, cx + 20, y - 40)
    svg.line(cx + 10, y - 56, cx + 10, y - 70)
    svg.line(cx, y - 70, cx + 10, y - 70)
    svg.resistor(cx - 40, y - 70, "PTC " + v["ptc_led"].split(",")[0])
    svg.line(cx - 34, y - 62, cx - 14, y - 78)  # the diagonal that marks a PTC
    svg.text(cx - 44, y - 66, "VSYS", 11, "end", POWER_INK)
    svg.text(cx + 28, y - 44, "button LED, 5 V type", 11)
    svg.text(cx + 28, y - 31, "(built-in resistor), in the pod", 11)
    lines = ("Bare LED: a resistor in series,",
             "150 Ω for red or yellow (seats 1, 4),",
             "100 Ω for blue or green (seats 2, 3).",
             "A %s can replace the transistors." % v["uln2003"])
    for i in range(len(lines)):
        svg.text(x0, y + 70 + 14 * i, lines[i], 11, fill=GREY)


def draw_piezo_circuit(svg, x0, top, v):
    svg.text(x0, top, "Piezo", 13, weight="bold")
    y = top + 50
    svg.text(x0, y + 4, "GPn", 12)
    x, _ = svg.resistor(x0 + 30, y, v["r_piezo"])
    svg.line(x, y, x + 6, y)
    svg.rect(x + 6, y - 12, 44, 24)
    svg.text(x + 28, y + 4, "piezo", 11, "middle")
    svg.line(x + 50, y, x + 60, y)
    svg.ground(x + 60, y)


def draw_power_notes(svg, x0, top, v):
    svg.text(x0, top, "Power", 13, weight="bold")
    lines = ("USB 5 V into the Pico's micro-USB;",
             "VBUS (pin 40) stays unwired.",
             "Battery (optional): LiPo -> charger/boost",
             "-> switch -> %s -> VSYS (pin 39)." % v["d_vsys"],
             "%s across VSYS-GND at the drivers." % v["c_bulk"])
    for i in range(len(lines)):
        svg.text(x0, top + 20 + 15 * i, lines[i], 11)


def draw_display_table(svg, x0, top, d):
    svg.text(x0, top, "Display: %s, SPI%d, SCK %.1f MHz" % (d.driver.upper(), d.spi, sck_hz(d.baudrate) / 1e6), 13,
             weight="bold")
    svg.text(x0, top + 16, "(%.1f MHz asked in pins.json; %d MHz CPU / %d)" % (
        d.baudrate / 1e6, CPU_HZ // 1_000_000, round(CPU_HZ / sck_hz(d.baudrate))), 11, fill=GREY)
    top += 16
    rows = [("VCC", "3V3(OUT)", 36), ("GND", "GND", 23)]
    for role in ("sck", "mosi", "miso", "cs", "dc", "rst", "bl"):
        gpio = getattr(d, role)
        if gpio is not None:
            rows.append((MODULE_PIN[role], "GP%d" % gpio, physical_pin(gpio)))
    y = top + 22
    svg.text(x0, y, "module pin", 11, fill=GREY)
    svg.text(x0 + 110, y, "Pico", 11, fill=GREY)
    svg.text(x0 + 190, y, "header pin", 11, fill=GREY)
    for mod, pico, pin in rows:
        y += 16
        svg.text(x0, y, mod, 12)
        svg.text(x0 + 110, y, pico, 12)
        svg.text(x0 + 190, y, "%d" % pin, 12)
    return y


def draw_seat_connector(svg, x0, top):
    svg.text(x0, top, "Seat connector: GX12 4-pin, socket on the box, plug on the pod's cable", 13, weight="bold")
    svg.text(x0, top + 16, "Pin numbers as moulded on the insert (check yours), the same on socket and plug. They go "
                           "round the square, so LED+ (4) is diagonal to the button (2).", 11, fill=GREY)
    svg.text(x0, top + 30, "Never plug or unplug a pod while the box is powered.", 11, fill=POWER_INK)
    return seat_connector_table(svg, x0, top + 50)


def seat_connector_table(svg, x0, y):
    """SEAT_CONNECTOR as a table from (x0, y); returns its last line's y."""
    cols = (0, 40, 110, 220)
    for col, head in zip(cols, ("pin", "signal", "cable", "box end; pod end")):
        svg.text(x0 + col, y, head, 11, fill=GREY)
    for row in SEAT_CONNECTOR:
        y += 16
        for col, s in zip(cols, row):
            svg.text(x0 + col, y, s, 12)
    return y


def draw_circuits(svg, pm, bom, top):
    """Small schematics of each kind of connection, under the pinout; returns the lowest y used."""
    v = {k: row["value"] for k, row in bom.items()}
    pulls = sorted(set(s.button.pull for s in pm.seats))
    draw_button_circuit(svg, 40, top, v, pulls, len(pm.seats))
    draw_led_circuit(svg, 380, top, v, len(pm.seats))
    draw_piezo_circuit(svg, 700, top, v)
    draw_power_notes(svg, 700, top + 110, v)
    table = draw_display_table(svg, 980, top, pm.display)
    bottom = max(draw_backlight_circuit(svg, 980, table + 40, v, pm.display), top + 190)
    return draw_seat_connector(svg, 40, bottom + 40)


def draw_backlight_circuit(svg, x0, top, v, d):
    """The PNP that switches 3V3 to the display's BL, for a module whose BL draws over 4 mA; says whether
    this map fits it (bl_active low). Returns the lowest y used."""
    svg.text(x0, top, "Backlight over 4 mA: PNP (q_bl)", 13, weight="bold")
    fitted = "fitted: bl_active low" if d.bl_active_low else "not in this map: bl_active high, BL to GP%d" % d.bl
    svg.text(x0, top + 16, fitted, 11, fill=GREY)
    y = top + 100
    svg.text(x0, y + 4, "GP%d" % d.bl, 12)
    x, _ = svg.resistor(x0 + 36, y, v["r_bl_base"])
    b = x + 10
    svg.line(x, y, b, y)
    svg.dot(b, y)
    svg.line(b, y, b + 20, y)
    svg.transistor(b + 20, y, pnp=True)
    e = b + 45
    svg.line(e, y - 20, e, y - 50)
    svg.line(b, y - 50, e + 20, y - 50)
    svg.resistor(b, y - 50, v["r_bl_off"], vertical=True, label_left=True)
    svg.line(b, y - 10, b, y)
    svg.text(e + 24, y - 46, "3V3", 11, fill=POWER_INK)
    svg.text(e + 14, y + 4, v["q_bl"], 12)
    svg.line(e, y + 20, e, y + 40)
    svg.text(e, y + 54, "display BL", 11, "middle")
    svg.text(x0, y + 76, "Lit while GP%d is low: the firmware inverts" % d.bl, 11, fill=GREY)
    svg.text(x0, y + 90, "the PWM, so Brightness still means brightness.", 11, fill=GREY)
    return y + 90


def render(pm, bom):
    """The wiring diagram of pin map ``pm`` as SVG text."""
    svg = Svg()
    svg.text(40, 40, "SlapStack wiring", 22, weight="bold")
    svg.text(40, 62, "Generated by hw/wiring.py from hw/pins.json and hw/bom.csv: edit those, not this file. "
                     "GPn = RP2040 GPIO, numbers at the pads = Pico header pins.", 12, fill=GREY)
    labels = pin_labels(pm, bom)
    draw_pico(svg, labels)
    bottom = draw_circuits(svg, pm, bom, BODY_Y + 20 * PITCH + 80)
    return document(svg, WIDTH, bottom + 40)


def document(svg, width, height):
    """The SVG text of drawing ``svg`` on a white page."""
    head = ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
            'font-family="DejaVu Sans, Arial, sans-serif">' % (width, height, width, height))
    return "\n".join([head, '<rect width="100%" height="100%" fill="#ffffff"/>'] + svg.parts + ["</svg>", ""])


# The GX12 socket's pins seen from its mating side, clockwise from the key (the notch at the top):
# at the corners of a square, so pin n is at 135 - 90 (n - 1) degrees.
GX12_PIN_RADIUS = 60  # px, centre to pin, in the face view
GX12_FACE_RADIUS = 120
GX12_FACE_Y = 270
GX12_FACES = ((220, "socket, mating side (outside the box)", False),
              (620, "socket, solder side (inside the box)", True))  # (centre x, title, mirrored)


def gx12_face(svg, cx, cy, title, mirrored):
    """One face of the GX12 socket: the insert with its key at the top and the pins with their signals;
    ``mirrored`` for the solder side, where the pins run anticlockwise."""
    svg.text(cx, cy - GX12_FACE_RADIUS - 30, title, 13, "middle", weight="bold")
    svg.circle(cx, cy, GX12_FACE_RADIUS, fill="#eceff1")
    svg.rect(cx - 10, cy - GX12_FACE_RADIUS - 6, 20, 18, fill="#ffffff", width=2)
    svg.text(cx, cy - GX12_FACE_RADIUS + 26, "key", 10, "middle", GREY)
    for pin, signal, pair, ends in SEAT_CONNECTOR:
        angle = math.radians(135 - 90 * (int(pin) - 1))
        x = cx + GX12_PIN_RADIUS * math.cos(angle) * (-1 if mirrored else 1)
        y = cy - GX12_PIN_RADIUS * math.sin(angle)
        svg.circle(round(x), round(y), 14, fill="#ffd54f")
        svg.text(round(x), round(y) + 5, pin, 14, "middle", weight="bold")
        right = x > cx
        svg.text(round(x) + (20 if right else -20), round(y) + 5, signal, 12, "start" if right else "end",
                 weight="bold")


def render_gx12():
    """hw/gx12.svg: the seat connector's face from the mating side and from the solder side, with the
    pinout table it is drawn from."""
    svg = Svg()
    svg.text(40, 40, "Seat connector: GX12 4-pin panel socket", 22, weight="bold")
    svg.text(40, 62, "Generated by hw/wiring.py: edit its SEAT_CONNECTOR table, not this file.", 12, fill=GREY)
    svg.text(40, 78, "The pin numbers are moulded on the insert: check yours before you solder.", 12, fill=GREY)
    for cx, title, mirrored in GX12_FACES:
        gx12_face(svg, cx, GX12_FACE_Y, title, mirrored)
    y = GX12_FACE_Y + GX12_FACE_RADIUS + 50
    svg.text(40, y, "The plug on the pod's cable carries the same numbers: its mating side is the socket's mating "
                    "side mirrored, its solder side", 11, fill=GREY)
    svg.text(40, y + 15, "the socket's mating side. LED+ (4) sits diagonal to the button (2). Never plug or unplug "
                         "a pod while the box is powered.", 11, fill=GREY)
    return document(svg, 860, seat_connector_table(svg, 40, y + 45) + 30)


def write_or_check(texts, check, command):
    """Write each {path: text} that changed, or with ``check`` only compare: 1 if a file is stale."""
    stale = []
    for path, text in texts.items():
        try:
            with open(path, encoding="utf-8") as f:
                current = f.read()
        except OSError:
            current = None
        if current != text:
            stale.append(path)
    for path in stale:
        if check:
            print("hw/%s is out of date: run %s" % (os.path.basename(path), command), file=sys.stderr)
        else:
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(texts[path])
            print("wrote hw/%s" % os.path.basename(path))
    return 1 if check and stale else 0


def main(argv):
    check = "--check" in argv[1:]
    try:
        pm = pinmap.load(PINS)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 1
    if write_or_check({SVG: render(pm, read_bom()), GX12_SVG: render_gx12()}, check, "python3 hw/wiring.py"):
        return 1
    print("hw/pins.json is valid; hw/wiring.svg and hw/gx12.svg are up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
