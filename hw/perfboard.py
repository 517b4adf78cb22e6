"""Draws hw/perfboard.svg: the main perfboard and the TVS adapter, laid out from the net list.

    python3 hw/perfboard.py           rewrite hw/perfboard.svg
    python3 hw/perfboard.py --check   exit 1 if hw/perfboard.svg is out of date

Every pad comes from a part of hw/nets.py's net list and every track joins pads of one net, so the
layout connects exactly what hw/wiring.svg connects. The board's size, pitch and mounting holes come
from hw/enclosure.json, the table the enclosure model reads. Standard library only.
"""
import math
import os
import sys
from xml.sax.saxutils import escape

HW = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HW)
import enclosure  # noqa: E402
import wiring  # noqa: E402  (first: it puts the firmware's packages on the path, which nets needs)
import nets  # noqa: E402
from wiring import GREY, INK, POWER_INK, Svg, pinmap  # noqa: E402

SVG = os.path.join(HW, "perfboard.svg")

EDGE = 2.0   # mm from the outermost holes' centres to the board's side edges
SCREW_CLEAR = 3.5  # mm round a mounting hole's centre left free of pads (the standoff's hex and screw head)
SCALE = 8    # px per mm
ORIGIN = (40, 110)  # px, the board's top-left corner

# Where each part's first pad sits on the grid, (column, row), and which way its pads run. The Pico's
# sockets sit in columns 9 and 16, rows 0-19, pin 1 at the top left (USB at the board's top edge).
# A seat's block repeats every SEAT_STEP columns from SEAT_BLOCK's origin, below the Pico.
RIGHT, DOWN = (1, 0), (0, 1)
PICO_COLUMNS = (9, 16)
SEAT_ORIGIN = (1, 21)
SEAT_STEP = 6
SEAT_BLOCK = {"RS": (0, 0, DOWN), "CF": (1, 0, DOWN), "RPU": (2, 0, DOWN), "RB": (4, 0, DOWN),
              "RPD": (1, 5, RIGHT), "Q": (3, 7, RIGHT), "F": (5, 9, DOWN), "J": (1, 13, RIGHT)}
PLACES = {"RPZ": (2, 3, RIGHT), "JP": (2, 6, RIGHT), "JK": (1, 9, DOWN), nets.TVS: (2, 16, DOWN),
          "C1": (21, 2, RIGHT), "D1": (20, 5, RIGHT), "JB": (25, 3, DOWN), "JD": (25, 7, DOWN),
          "QBL": (20, 13, RIGHT), "RBE": (20, 11, RIGHT), "RBL": (20, 17, RIGHT)}
# Grid steps between a two-pin part's pads by its hw/bom.csv row (resistors lie flat, 10.16 mm); parts
# not named here have their pads on neighbouring holes.
SPAN = {"c_btn_filter": 2, "ptc_led": 2, "d_vsys": 4}
RESISTOR_SPAN = 4
TVS_ROWS = 3  # the adapter's DIP-6: pads 1-3 down its left side, 4-6 up its right, 7.62 mm apart


class Layout:
    """Pads and tracks of the main board: ``pads`` {(ref, pin): (column, row)}, ``tracks`` [(net, a, b,
    bare)] where a and b are pads and bare says a bare wire on the solder side (else an insulated wire)."""

    def __init__(self, src, circuit):
        self.circuit = circuit
        w, d, _ = src["parts"]["board"]["size"]
        self.size = (w, d)
        self.pitch = src["parts"]["board"]["pitch"]
        self.pico_size = src["parts"]["pico"]["size"][:2]
        self.top = (self.pico_size[1] - 19 * self.pitch) / 2  # the Pico's pin 1 row, its USB end at the board's edge
        half = int((w / 2 - EDGE) / self.pitch - 0.5) + 1
        self.columns = 2 * half
        self.rows = int((d - EDGE - self.top) / self.pitch) + 1
        self.mounting = enclosure.board_holes(src)
        self.mounting_d = enclosure.hole(src, {"part": "screw_m3"})[1]
        self.pads = {}
        for ref, part in circuit.parts.items():
            self.place(part)
        self.tracks = []
        for net, pads in circuit.nets.items():
            self.route(net, pads)

    def xy(self, hole):
        """(x, y) in mm from the board's top-left corner of a grid hole (column, row)."""
        col, row = hole
        return self.size[0] / 2 + (col - (self.columns - 1) / 2) * self.pitch, self.top + row * self.pitch

    def usable(self, hole):
        """A hole a pad may take: on the board and clear of the mounting holes."""
        col, row = hole
        x, y = self.xy(hole)
        return 0 <= col < self.columns and 0 <= row < self.rows and \
            all(math.hypot(x - mx, y - my) >= SCREW_CLEAR for mx, my in self.mounting)

    def place(self, part):
        if part.ref == nets.PICO:
            for i, pin in enumerate(part.pins):
                self.pads[(part.ref, pin)] = (PICO_COLUMNS[0], i) if i < 20 else (PICO_COLUMNS[1], 39 - i)
            return
        if part.ref == nets.TVS:
            col, row, _ = PLACES[part.ref]
            for i, pin in enumerate(part.pins):
                self.pads[(part.ref, pin)] = (col, row + i) if i < TVS_ROWS else (col + 3, row + 5 - i)
            return
        col, row, (dx, dy) = self.origin(part.ref)
        step = SPAN.get(part.bom, RESISTOR_SPAN if part.bom.startswith("r_") else 1)
        for i, pin in enumerate(part.pins):
            self.pads[(part.ref, pin)] = (col + dx * step * i, row + dy * step * i)

    @staticmethod
    def origin(ref):
        """(column, row, direction) of a part's first pad."""
        if ref in PLACES:
            return PLACES[ref]
        prefix, seat = ref.rstrip("0123456789"), int(ref[len(ref.rstrip("0123456789")):])
        col, row, direction = SEAT_BLOCK[prefix]
        return SEAT_ORIGIN[0] + SEAT_STEP * (seat - 1) + col, SEAT_ORIGIN[1] + row, direction

    def route(self, net, pads):
        """Join a net's pads by the shortest tracks (a minimum spanning tree, nearest first). A track is a
        bare wire when it runs along a row or column over no other net's pad or bare wire."""
        holes = [self.pads[p] for p in pads]
        joined = [0]
        while len(joined) < len(pads):
            a, b = min(((a, b) for a in joined for b in range(len(pads)) if b not in joined),
                       key=lambda ab: (math.dist(holes[ab[0]], holes[ab[1]]), ab))
            joined.append(b)
            self.tracks.append((net, pads[a], pads[b], self.can_be_bare(net, holes[a], holes[b])))

    def can_be_bare(self, net, a, b):
        if a[0] != b[0] and a[1] != b[1]:
            return False
        if any(self.circuit.net_of(*p) != net and on_segment(h, a, b) for p, h in self.pads.items()):
            return False
        return not any(bare and other != net and segments_meet(a, b, self.pads[pa], self.pads[pb])
                       for other, pa, pb, bare in self.tracks)


def on_segment(h, a, b):
    """Whether grid hole h lies on the straight run from a to b (ends included)."""
    return (b[0] - a[0]) * (h[1] - a[1]) == (b[1] - a[1]) * (h[0] - a[0]) and \
        min(a[0], b[0]) <= h[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= h[1] <= max(a[1], b[1])


def segments_meet(a, b, c, d):
    """Whether two runs along rows or columns share a hole."""
    return any(on_segment((x, y), c, d) for x in range(min(a[0], b[0]), max(a[0], b[0]) + 1)
               for y in range(min(a[1], b[1]), max(a[1], b[1]) + 1))


def net_colour(net, pm):
    """Each seat's nets in its colour, power in red, ground black, the rest grey-blue."""
    if net.startswith("Seat "):
        return wiring.seat_colour(pm.seats[int(net.split()[1]) - 1])
    return {"GND": INK, "3V3": POWER_INK, "VSYS": "#ef6c00", "Boost 5V": "#ef6c00"}.get(net, wiring.DISPLAY_INK)


class Drawing:
    """The layout in SVG, millimetres scaled to px."""

    def __init__(self, layout, pm, bom):
        self.layout, self.pm, self.bom = layout, pm, bom
        self.svg = Svg()

    def at(self, x, y):
        return ORIGIN[0] + x * SCALE, ORIGIN[1] + y * SCALE

    def hole(self, pad):
        return self.at(*self.layout.xy(self.layout.pads[pad]))

    def board(self):
        s, (w, d) = self.svg, self.layout.size
        x0, y0 = self.at(0, 0)
        step = self.layout.pitch * SCALE
        fx, fy = self.at(*self.layout.xy((0, 0)))
        s.add('<defs><pattern id="hole" patternUnits="userSpaceOnUse" x="%s" y="%s" width="%s" height="%s">'
              '<circle cx="%s" cy="%s" r="4" fill="#ffffff" stroke="#b0a070" stroke-width="1"/></pattern></defs>'
              % tuple(wiring.num(v) for v in (fx - step / 2, fy - step / 2, step, step, step / 2, step / 2)))
        s.rect(x0, y0, w * SCALE, d * SCALE, stroke="#8d7b3a", fill="#e9d9a6", width=2, rx=4)
        gx, gy = fx - step / 2, fy - step / 2
        s.add('<rect x="%s" y="%s" width="%s" height="%s" fill="url(#hole)"/>' % tuple(
            wiring.num(v) for v in (gx, gy, self.layout.columns * step, self.layout.rows * step)))
        for mx, my in self.layout.mounting:
            cx, cy = self.at(mx, my)
            s.circle(cx, cy, SCREW_CLEAR * SCALE, stroke="none", fill="#e9d9a6", width=0)
            s.circle(cx, cy, self.layout.mounting_d / 2 * SCALE, stroke=INK, fill="#ffffff", width=1.5)
        s.text(x0 + w * SCALE / 2, y0 - 8, "USB edge: this edge against the wall, behind the Pico's opening",
               11, "middle", GREY)

    def pico(self):
        s = self.svg
        pw, pl = self.layout.pico_size
        x0, y0 = self.at(self.layout.size[0] / 2 - pw / 2, 0)
        s.rect(x0, y0, pw * SCALE, pl * SCALE, stroke="#2e7d32", fill="#e8f5e9", width=1.5, rx=4)
        ux, _ = self.at(self.layout.size[0] / 2, 0)
        s.rect(ux - 4 * SCALE, y0, 8 * SCALE, 5 * SCALE, stroke=GREY, fill="#cfd8dc", width=1, rx=2)
        s.text(ux, y0 + 18 * SCALE, "Raspberry Pi Pico", 11, "middle", "#2e7d32", "bold")
        s.text(ux, y0 + 20 * SCALE, "on two 1x20", 10, "middle", GREY)
        s.text(ux, y0 + 22 * SCALE, "header sockets", 10, "middle", GREY)
        used = self.layout.circuit.pico_pins()
        for pin in range(1, 41):
            x, y = self.hole((nets.PICO, str(pin)))
            left = pin <= 20
            s.text(x + (9 if left else -9), y + 3, str(pin), 8, "start" if left else "end", GREY)
            if pin in used:
                s.text(x + (-9 if left else 9), y + 3, nets.HEADER[pin - 1], 8, "end" if left else "start", INK,
                       "bold")

    def part(self, part):
        """A part's body between its pads, named by its reference and value."""
        s, ref = self.svg, part.ref
        if ref == nets.PICO:
            return
        holes = [self.hole((ref, p)) for p in part.pins]
        xs, ys = [h[0] for h in holes], [h[1] for h in holes]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        along_x = max(xs) - min(xs) >= max(ys) - min(ys)
        value = self.bom[part.bom]["value"] if part.bom in self.bom else ""
        if ref == nets.TVS:
            s.rect(min(xs) - 10, min(ys) - 10, max(xs) - min(xs) + 20, max(ys) - min(ys) + 20, stroke=INK,
                   fill="#cfd8dc", width=1.5)
            s.text(cx, cy + 3, "TVS", 9, "middle", INK, "bold")
            return
        if ref.startswith("J"):
            for x, y in holes:
                s.rect(x - 7, y - 7, 14, 14, stroke=INK, fill="#ffffff", width=1)
            label = "%s %s" % (ref, WIRES[part.bom][0])
            if along_x:
                s.text(cx, max(ys) - 10, label, 8, "middle", INK, "bold")
            else:
                s.text(max(xs) + 9, min(ys) - 10, label, 8, "end", INK, "bold")
            return
        if part.bom in ("q_led", "q_bl"):  # TO-92, flat face toward the board's bottom edge
            s.path("M%s %s h%s a%s %s 0 0 0 %s 0 z" % tuple(wiring.num(v) for v in (
                min(xs) - 6, cy + 5, max(xs) - min(xs) + 12, (max(xs) - min(xs)) / 2 + 6, 12,
                -(max(xs) - min(xs) + 12))), stroke=INK, fill="#455a64", width=1)
            s.text(cx, cy + 16, "%s %s" % (ref, value), 8, "middle", INK, "bold")
            return
        if part.bom == "c_bulk":
            s.circle(cx, cy, 2.5 * SCALE, stroke=INK, fill="#1e3a8a", width=1)
            s.text(cx, cy - 2.5 * SCALE - 3, "%s %s, - right" % (ref, value), 8, "middle", INK, "bold")
            return
        thick = 2.5 * SCALE / 2
        if along_x:
            box = (min(xs) + 6, cy - thick, max(xs) - min(xs) - 12, 2 * thick)
        else:
            box = (cx - thick, min(ys) + 6, 2 * thick, max(ys) - min(ys) - 12)
        fill = {"c_btn_filter": "#ffcc80", "ptc_led": "#ffe082", "d_vsys": "#424242"}.get(part.bom, "#90caf9")
        s.rect(*box, stroke=INK, fill=fill, width=1, rx=3)
        label = "%s %s" % (ref, value.split(",")[0])
        if along_x:
            s.text(cx, box[1] - 3, label, 8, "middle", INK, "bold")
        else:
            s.add('<text x="%s" y="%s" font-size="8" text-anchor="middle" fill="%s" font-weight="bold" '
                  'transform="rotate(-90 %s %s)">%s</text>' % tuple(
                      [wiring.num(v) for v in (cx + 3, cy)] + [INK] + [wiring.num(v) for v in (cx + 3, cy)] +
                      [escape(label)]))

    def tracks(self):
        for net, a, b, bare in self.layout.tracks:
            (x1, y1), (x2, y2) = self.hole(a), self.hole(b)
            colour = net_colour(net, self.pm)
            if bare:
                self.svg.line(x1, y1, x2, y2, colour, 4)
            else:
                self.svg.line(x1, y1, x2, y2, colour, 1.5, dash="5 3")

    def pads(self):
        for pad in self.layout.pads:
            x, y = self.hole(pad)
            net = self.layout.circuit.net_of(*pad)
            self.svg.circle(x, y, 5, stroke=net_colour(net, self.pm) if net else GREY, fill="#d4a017", width=2)
        for ref, part in self.layout.circuit.parts.items():
            if ref.startswith("J") or ref == nets.TVS:
                for pin in part.pins:
                    x, y = self.hole((ref, pin))
                    self.svg.text(x, y + 3, pin if len(pin) < 3 else pin[:3], 6, "middle", INK)


# What each wire-pad group leads to, by its hw/bom.csv row.
# (on the board, in the parts list)
WIRES = {"conn_seat": ("GX12", "to the seat's GX12 socket, pad n to pin n"),
         "tact_console": ("keys", "to the key carrier's switches"),
         "piezo": ("piezo", "to the piezo"), "display_st7789": ("display", "to the display module's header"),
         "charger_boost": ("boost", "from the boost module's 5 V output (battery option)")}


def render(pm, bom, src):
    """hw/perfboard.svg for pin map ``pm``."""
    c = nets.circuit(pm)
    layout = Layout(src, c)
    draw = Drawing(layout, pm, bom)
    draw.svg.text(40, 40, "SlapStack main board on perfboard, component side", 22, weight="bold")
    draw.svg.text(40, 62, "Generated by hw/perfboard.py from hw/pins.json, hw/bom.csv and hw/enclosure.json "
                          "through the net list in hw/nets.py: edit those, not this file.", 12, fill=GREY)
    draw.svg.text(40, 78, "Solid lines: bare wire or solder trail on the solder side. Dashed: insulated wire. "
                          "Squares: wire pads. Each seat's parts in its colour.", 12, fill=GREY)
    draw.board()
    draw.tracks()
    draw.pico()
    for part in c.parts.values():
        draw.part(part)
    draw.pads()
    bottom = max(parts_list(draw.svg, c, bom, ORIGIN[0] + layout.size[0] * SCALE + 60, ORIGIN[1]),
                 ORIGIN[1] + layout.size[1] * SCALE)
    bottom = tvs_adapter(draw.svg, c, ORIGIN[0] + layout.size[0] * SCALE + 60, bottom + 40)
    return wiring.document(draw.svg, 1280, bottom + 40)


def parts_list(svg, c, bom, x0, top):
    """The main board's parts, one line per hw/bom.csv row, then its wire pads; returns the lowest y."""
    svg.text(x0, top, "Main board: parts", 14, weight="bold")
    rows = {}
    for part in c.parts.values():
        if not part.ref.startswith("J"):
            rows.setdefault(part.bom, []).append(part.ref)
    y = top + 4
    for row, refs in rows.items():
        y += 16
        b = bom[row]
        what = "%s on 2 x %s" % (b["item"].split(" with")[0], bom["pico_socket"]["item"]) if row == "pico" else \
            "%s, on its adapter" % b["example_part"].split(" (")[0] if row == "tvs_btn" else \
            "%s, %s" % (b["value"], b["item"])
        svg.text(x0, y, ", ".join(refs), 11, weight="bold")
        svg.text(x0 + 170, y, "%d x %s" % (len(refs), what), 11)
    y += 28
    svg.text(x0, y, "Wire pads", 14, weight="bold")
    for part in c.parts.values():
        if part.ref.startswith("J"):
            y += 16
            svg.text(x0, y, part.ref, 11, weight="bold")
            svg.text(x0 + 40, y, "%s: %s" % (WIRES[part.bom][1], " ".join(part.pins)), 11)
    y += 20
    svg.text(x0, y, "D1 and JB only for the battery option. GX12 pins: hw/gx12.svg.", 10, fill=GREY)
    return y


def tvs_adapter(svg, c, x0, top):
    """The TVS adapter enlarged: the SOT-23-5 chip on the SOT-23-6 land, and which DIP pad is which net."""
    svg.text(x0, top, "TVS adapter (SOT-23-6 to DIP-6), seen from the chip's side, 3:1", 14, weight="bold")
    mm = 3 * SCALE
    cx, cy = x0 + 230, top + 20 + 3.8 * mm  # the adapter's centre

    def at(x, y):
        return cx + x * mm, cy + y * mm

    x, y = at(-4.5, -3.8)
    svg.rect(x, y, 9 * mm, 7.6 * mm, stroke=INK, fill="#cfd8dc", width=1.5, rx=4)
    x, y = at(-0.8, -1.45)
    svg.rect(x, y, 1.6 * mm, 2.9 * mm, stroke=INK, fill="#212121", width=1)
    svg.circle(*at(-0.45, -1.1), 3, stroke="#ffffff", fill="#ffffff", width=1)
    for i, pin in enumerate(c.parts[nets.TVS].pins):
        side, row = (-1, i - 1) if i < TVS_ROWS else (1, 4 - i)
        px, py = at(side * 3.81, row * 2.54)
        lx, ly = at(side * 1.2, row * 0.95)
        net = c.net_of(nets.TVS, pin)
        svg.line(px, py, lx, ly, "#8d6e00", 3)
        svg.rect(lx - 0.35 * mm, ly - 0.3 * mm, 0.7 * mm, 0.6 * mm, stroke="#8d6e00",
                 fill="#ffd54f" if net else "#ffffff", width=1)
        svg.circle(px, py, 0.8 * mm, stroke=INK, fill="#d4a017", width=2)
        svg.text(px, py + 4, pin, 11, "middle", INK, "bold")
        label = net if net else "empty: the SOT-23-5 has no pin here"
        svg.text(px + side * (0.8 * mm + 8), py + 4, label, 11, "end" if side < 0 else "start")
    y = cy + 3.8 * mm + 24
    for line in ("Solder the SP0504BAHTG onto the adapter's land first, its dot at pin 1. Its pins 1-3",
                 "land on pads 1-3 and its pins 4 and 5 on pads 4 and 6: pad 5 stays empty. Then solder",
                 "the adapter's pins into the main board where U2 is drawn, pad 1 at the top left."):
        svg.text(x0, y, line, 11)
        y += 15
    return y


def main(argv):
    pm = pinmap.load(wiring.PINS)
    text = render(pm, wiring.read_bom(), enclosure.load())
    if wiring.write_or_check({SVG: text}, "--check" in argv[1:], "python3 hw/perfboard.py"):
        return 1
    print("hw/perfboard.svg is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
