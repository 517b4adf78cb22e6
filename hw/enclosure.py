"""Draws hw/enclosure.svg and hw/handheld.svg from hw/enclosure.json (sizes) and hw/pins.json (seats).

    python3 hw/enclosure.py           check enclosure.json, then rewrite both SVGs
    python3 hw/enclosure.py --check   exit 1 if enclosure.json is invalid or an SVG is out of date

enclosure.svg is the cutting drawing: every face with a cut-out, 1:1 in millimetres, so it can be
printed at 100 % as a drilling template or sent to a laser cutter. handheld.svg is the finished
table seen from above. Both come from the one file of sizes, so the picture, the drawing and the
BOM (whose rows the check names) cannot drift apart. The committed copies are checked by
host_sim/tests/test_enclosure.py. Standard library only.
"""
import csv
import json
import math
import os
import sys
from xml.sax.saxutils import escape

HW = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HW), "firmware"))  # the board's packages
from hardware import pinmap  # noqa: E402  (the seats and their colours, as the device loads them)

SOURCE = os.path.join(HW, "enclosure.json")
PINS = os.path.join(HW, "pins.json")
BOM = os.path.join(HW, "bom.csv")
DRAWING = os.path.join(HW, "enclosure.svg")
PICTURE = os.path.join(HW, "handheld.svg")

CUT = "#e00000"       # laser cutters cut thin red lines; everything else is information
INK = "#222222"
GREY = "#777777"
HIDDEN = "#3949ab"    # parts behind a panel, drawn dashed: not cut
FONT = 'font-family="DejaVu Sans, Arial, sans-serif"'
SHAPES = ("circle", "rect", "display", "sound holes")
SEAT_SIDES = {1: "bottom", 2: "left", 3: "top", 4: "right"}  # clockwise seen from above


def seat_frame(side, cx, cy, dist):
    """Point ``dist`` mm from the centre towards a side, and the unit vector pointing there."""
    ux, uy = {"bottom": (0, 1), "left": (-1, 0), "top": (0, -1), "right": (1, 0)}[side]
    return cx + ux * dist, cy + uy * dist, ux, uy


def mm(v):
    """A length as the drawing prints it: at most two decimals, no trailing zeros."""
    return ("%.2f" % v).rstrip("0").rstrip(".")


def read_bom(path=BOM):
    with open(path, newline="", encoding="utf-8") as f:
        return {row["id"]: row for row in csv.DictReader(f)}


def pico_usb_height(src):
    """Height of the Pico's USB port centre above the box's outside bottom."""
    return sum(src["pico_stack"].values())


def faces(src):
    """[(title, face key, width, height, [cut-out with x, y resolved])], in drawing order."""
    box, pod = src["box"], src["pod"]
    f = src["faces"]
    usb_y = box["height"] - pico_usb_height(src)

    def placed(cutouts):
        return [dict(c, y=usb_y) if c.get("level") == "pico_usb" else c for c in cutouts]

    return [("Top panel, seen from above", "top", box["width"], box["depth"], placed(f["top"])),
            ("Wall facing seat %d, seen from outside" % src["usb_wall_seat"], "usb wall", box["width"],
             box["height"], placed(f["wall"] + f["usb wall"])),
            ("Each other wall (x3), seen from outside", "wall", box["width"], box["height"], placed(f["wall"])),
            ("Pod top (x4)", "pod top", pod["width"], pod["depth"], placed(f["pod top"])),
            ("Pod wall facing the box (x4)", "pod wall", pod["width"], pod["height"], placed(f["pod wall"]))]


def extent(c):
    """Half width and half height of a cut-out (what it removes from the panel)."""
    if c["shape"] == "circle":
        return c["d"] / 2, c["d"] / 2
    if c["shape"] == "rect":
        return c["w"] / 2, c["h"] / 2
    if c["shape"] == "display":
        return window(c)[0] / 2, window(c)[1] / 2
    r = c["ring"] + c["d"] / 2
    return r, r


def window(c):
    """The display window: the active area plus the margin all round."""
    return c["active"][0] + 2 * c["margin"], c["active"][1] + 2 * c["margin"]


def size_text(c):
    if c["shape"] == "circle":
        return "ø" + mm(c["d"])
    if c["shape"] == "rect":
        return "%s × %s, r%s" % (mm(c["w"]), mm(c["h"]), mm(c["r"]))
    if c["shape"] == "display":
        return "%s × %s" % tuple(mm(v) for v in window(c))
    return "%d × ø%s on ø%s" % (c["count"] + 1, mm(c["d"]), mm(2 * c["ring"]))


def validate(src, bom):
    """Every problem with enclosure.json, as messages; [] when it can be drawn."""
    errors = []
    box, pod = src["box"], src["pod"]
    if box["width"] != box["depth"] or pod["width"] != pod["depth"]:
        errors.append("box and pod must be square: one wall design serves every seat")
    if src["usb_wall_seat"] not in SEAT_SIDES:
        errors.append("usb_wall_seat: %r is not a seat 1-4" % src["usb_wall_seat"])
    want = {"enclosure_box": "%sx%sx%s mm" % (box["width"], box["depth"], box["height"]),
            "enclosure_pod": "%sx%sx%s mm" % (pod["width"], pod["depth"], pod["height"])}
    for row, value in want.items():
        if row not in bom or bom[row]["value"] != value:
            errors.append("hw/bom.csv %s: value must be %r, the size enclosure.json draws" % (row, value))
    for title, key, w, h, cutouts in faces(src):
        for c in cutouts:
            name = "%s, %s" % (key, c["name"])
            if c["part"] not in bom:
                errors.append("%s: part %r is not a row of hw/bom.csv" % (name, c["part"]))
            if c["shape"] not in SHAPES:
                errors.append("%s: shape %r is not one of %s" % (name, c["shape"], ", ".join(SHAPES)))
                continue
            hw_, hh = extent(c)
            edge = src["material"]  # keeps a wall's thickness clear of every hole
            if c["x"] - hw_ < edge or c["x"] + hw_ > w - edge or c["y"] - hh < edge or c["y"] + hh > h - edge:
                errors.append("%s: reaches within %s mm of the face's edge" % (name, mm(edge)))
        for i, a in enumerate(cutouts):
            for b in cutouts[i + 1:]:
                if a["shape"] in SHAPES and b["shape"] in SHAPES:
                    (aw, ah), (bw, bh) = extent(a), extent(b)
                    if abs(a["x"] - b["x"]) < aw + bw + 2 and abs(a["y"] - b["y"]) < ah + bh + 2:
                        errors.append("%s: %s and %s are less than 2 mm apart" % (key, a["name"], b["name"]))
    return errors


def load(path=SOURCE, bom=None):
    """enclosure.json as a dict; ValueError naming every problem."""
    with open(path, encoding="utf-8") as f:
        src = json.load(f)
    errors = validate(src, read_bom() if bom is None else bom)
    if errors:
        raise ValueError("%s:\n  %s" % (path, "\n  ".join(errors)))
    return src


class Svg:
    """SVG elements in the drawing's units (mm for the drawing, px for the picture)."""

    def __init__(self):
        self.parts = []

    def add(self, s):
        self.parts.append(s)

    def text(self, x, y, s, size, anchor="start", fill=INK, weight="normal", rotate=False):
        turn = ' transform="rotate(-90 %s %s)"' % (mm(x), mm(y)) if rotate else ""
        self.add('<text x="%s" y="%s" font-size="%s" text-anchor="%s" fill="%s" font-weight="%s"%s>%s</text>'
                 % (mm(x), mm(y), mm(size), anchor, fill, weight, turn, escape(s)))

    def line(self, x1, y1, x2, y2, stroke=INK, width=0.25, dash=None):
        d = ' stroke-dasharray="%s"' % dash if dash else ""
        self.add('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s"%s/>'
                 % (mm(x1), mm(y1), mm(x2), mm(y2), stroke, mm(width), d))

    def rect(self, x, y, w, h, stroke=CUT, width=0.2, fill="none", rx=0, dash=None, extra=""):
        d = ' stroke-dasharray="%s"' % dash if dash else ""
        self.add('<rect x="%s" y="%s" width="%s" height="%s" rx="%s" stroke="%s" stroke-width="%s" fill="%s"%s%s/>'
                 % (mm(x), mm(y), mm(w), mm(h), mm(rx), stroke, mm(width), fill, d, extra))

    def circle(self, x, y, r, stroke=CUT, width=0.2, fill="none", dash=None, extra=""):
        d = ' stroke-dasharray="%s"' % dash if dash else ""
        self.add('<circle cx="%s" cy="%s" r="%s" stroke="%s" stroke-width="%s" fill="%s"%s%s/>'
                 % (mm(x), mm(y), mm(r), stroke, mm(width), fill, d, extra))

    def document(self, width, height, unit=""):
        head = ('<svg xmlns="http://www.w3.org/2000/svg" width="%s%s" height="%s%s" viewBox="0 0 %s %s" %s>'
                % (mm(width), unit, mm(height), unit, mm(width), mm(height), FONT))
        return "\n".join([head, '<rect width="100%" height="100%" fill="#ffffff"/>'] + self.parts + ["</svg>", ""])


# --- The cutting drawing (mm) ---

def dimension(svg, x1, y1, x2, y2, offset):
    """A dimension line between two points on a horizontal or vertical edge, ``offset`` mm out."""
    horizontal = y1 == y2
    if horizontal:
        y = y1 + offset
        svg.line(x1, y1, x1, y + math.copysign(1.5, offset), GREY, 0.15)
        svg.line(x2, y2, x2, y + math.copysign(1.5, offset), GREY, 0.15)
        svg.line(x1, y, x2, y, GREY, 0.15)
        for x in (x1, x2):
            svg.line(x - 1, y + 1, x + 1, y - 1, INK, 0.3)
        svg.text((x1 + x2) / 2, y - 1, mm(x2 - x1), 3)
        svg.parts[-1] = svg.parts[-1].replace('text-anchor="start"', 'text-anchor="middle"')
    else:
        x = x1 + offset
        svg.line(x1, y1, x + math.copysign(1.5, offset), y1, GREY, 0.15)
        svg.line(x2, y2, x + math.copysign(1.5, offset), y2, GREY, 0.15)
        svg.line(x, y1, x, y2, GREY, 0.15)
        for y in (y1, y2):
            svg.line(x - 1, y + 1, x + 1, y - 1, INK, 0.3)
        svg.text(x - 1, (y1 + y2) / 2, mm(y2 - y1), 3, "middle", rotate=True)


def draw_cutout(svg, x0, y0, c):
    """One cut-out on the face whose top-left corner is (x0, y0), with its centre mark and size."""
    x, y = x0 + c["x"], y0 + c["y"]
    dash = "1.5 1" if c.get("optional") else None
    shape = c["shape"]
    if shape == "circle":
        svg.circle(x, y, c["d"] / 2, dash=dash)
        if "dome" in c:
            svg.circle(x, y, c["dome"] / 2, HIDDEN, 0.2, dash="2 1.5")
            svg.text(x, y + c["dome"] / 2 - 2.5, "%s mm dome" % mm(c["dome"]), 2.5, "middle", HIDDEN)
    elif shape == "rect":
        svg.rect(x - c["w"] / 2, y - c["h"] / 2, c["w"], c["h"], rx=c["r"], dash=dash)
    elif shape == "display":
        mw, mh = c["module"]
        svg.rect(x - mw / 2, y - mh / 2, mw, mh, HIDDEN, 0.2, dash="2 1.5")
        svg.text(x - mw / 2, y - mh / 2 - 1.5, "module %s × %s behind the panel" % (mm(mw), mm(mh)), 2.5, fill=HIDDEN)
        ww, wh = window(c)
        svg.rect(x - ww / 2, y - wh / 2, ww, wh)
        svg.text(x, y - 1, "window " + size_text(c), 3, "middle")
        svg.text(x, y + 3.5, "active area %s × %s" % tuple(mm(v) for v in c["active"]), 2.5, "middle", GREY)
        return
    else:  # sound holes: one in the middle, the rest on a ring
        svg.circle(x, y, c["d"] / 2)
        for i in range(c["count"]):
            a = 2 * math.pi * i / c["count"]
            svg.circle(x + c["ring"] * math.cos(a), y + c["ring"] * math.sin(a), c["d"] / 2)
        svg.text(x, y + c["ring"] + 6, c["name"], 3, "middle")
        svg.text(x, y + c["ring"] + 10, size_text(c), 3, "middle", GREY)
        return
    svg.line(x - 1.5, y, x + 1.5, y, GREY, 0.1)
    svg.line(x, y - 1.5, x, y + 1.5, GREY, 0.1)
    below = y + extent(c)[1] + 4
    label = c["name"].replace("key ", "") if c["part"] == "tact_console" else c["name"]
    if c["part"] != "standoff":
        svg.text(x, below, label, 3, "middle")
    svg.text(x, below + (4 if c["part"] != "standoff" else 0), size_text(c), 3, "middle", GREY)


def draw_face(svg, x0, y0, title, key, w, h, cutouts):
    svg.text(x0, y0 - 4, title, 4, weight="bold")
    svg.rect(x0, y0, w, h)
    if key == "top":  # which edge faces which seat
        for number, side in SEAT_SIDES.items():
            x, y, ux, uy = seat_frame(side, x0 + w / 2, y0 + h / 2, w / 2 - 6)
            svg.text(x, y + 1, "seat %d side" % number, 3, "middle", GREY, rotate=ux != 0)
    for c in cutouts:
        draw_cutout(svg, x0, y0, c)
    dimension(svg, x0, y0 + h, x0 + w, y0 + h, 7)
    dimension(svg, x0, y0, x0, y0 + h, -7)


def draw_table(svg, x0, y0, src):
    """Every cut-out's size and centre, measured from its face's top-left corner."""
    svg.text(x0, y0, "Cut-outs: centre x, y from the face's top-left corner seen from outside (mm)", 3.5,
             weight="bold")
    cols = (0, 42, 82, 120, 142)
    y = y0 + 6
    for col, head in zip(cols, ("face", "cut-out", "size", "x, y", "BOM row")):
        svg.text(x0 + col, y, head, 3, fill=GREY)
    face_names = {"usb wall": "wall, seat %d" % src["usb_wall_seat"], "wall": "each wall"}
    for _title, key, _w, _h, cutouts in faces(src):
        for c in cutouts:
            y += 4.6
            name = c["name"] + (" (battery)" if c.get("optional") else "")
            for col, s in zip(cols, (face_names.get(key, key), name, size_text(c), "%s, %s" % (mm(c["x"]), mm(c["y"])), c["part"])):
                svg.text(x0 + col, y, s, 3)
    return y


def draw_scale(svg, x0, y0):
    """A 100 mm bar: measure it after printing to check the print is 1:1."""
    svg.line(x0, y0, x0 + 100, y0, INK, 0.4)
    svg.parts[-1] = svg.parts[-1].replace("<line ", '<line id="check-100mm" ')
    for i in range(11):
        svg.line(x0 + 10 * i, y0, x0 + 10 * i, y0 - (3 if i % 5 == 0 else 1.5), INK, 0.25)
    svg.text(x0 + 50, y0 + 5, "100 mm: measure this line after printing; it must be exactly 100 mm", 3, "middle")


def render_drawing(src):
    """enclosure.svg: the faces with cut-outs, 1:1 in millimetres."""
    svg = Svg()
    margin = 12
    svg.text(margin, 14, "SlapStack enclosure: every cut-out, 1:1 in millimetres", 6, weight="bold")
    box, pod = src["box"], src["pod"]
    svg.text(margin, 20.5, "Generated by hw/enclosure.py from hw/enclosure.json: edit that, not this file. Box %s × %s "
             "× %s mm, pods %s × %s × %s mm, %s mm material." % tuple(
                 mm(v) for v in (box["width"], box["depth"], box["height"], pod["width"], pod["depth"],
                                 pod["height"], src["material"])), 3, fill=GREY)
    svg.text(margin, 25, "Red lines are cuts (hairline, for a laser cutter); dashed red only for the battery option; "
             "blue dashed: parts behind the panel; grey: information.", 3, fill=GREY)
    layout = faces(src)
    ax, top = margin + 12, 40
    draw_face(svg, ax, top, *layout[0])
    w, h = layout[0][2:4]
    table_bottom = draw_table(svg, ax - 10, top + h + 20, src)
    bx = ax + w + 30
    y = top
    for face in layout[1:3]:
        draw_face(svg, bx, y, *face)
        y += face[3] + 22
    x = bx
    for face in layout[3:]:
        draw_face(svg, x, y, *face)
        x += face[2] + 25
    right = x - 25
    y += layout[3][3] + 24
    draw_scale(svg, bx, y)
    notes = ("Walls: the top edge meets the top panel. The USB openings' centres sit %s mm above the outside"
             % mm(pico_usb_height(src)),
             "bottom: %s." % " + ".join("%s %s" % (k, mm(v)) for k, v in src["pico_stack"].items()),
             "Measure your parts before cutting: dome buttons' threads and display modules differ between sellers.",
             "Floors: the pods' (%s × %s mm) are plain. The box's (%s × %s mm) takes the main board's four standoff"
             % (mm(pod["width"]), mm(pod["depth"]), mm(box["width"]), mm(box["depth"])),
             "holes, ø3.2, marked through the board's corner holes with the Pico's USB port flush behind its opening.",
             "Where and how: hw/README.md, Enclosure.")
    for i, s in enumerate(notes):
        svg.text(bx, y + 13 + 4.5 * i, s, 3, fill=GREY)
    width = max(right, bx + layout[1][2]) + margin + 8
    height = max(table_bottom, y + 13 + 4.5 * len(notes)) + margin
    return svg.document(width, height, "mm")


# --- The picture of the finished table (px) ---

SCALE = 2.0           # px per mm
CABLE_GAP = 60        # mm drawn between box and pod; the real cable is 1.2 m


def shade(colour, k):
    """``colour`` darkened (k < 1) or lightened towards white (k > 1)."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    if k <= 1:
        rgb = [int(v * k) for v in rgb]
    else:
        rgb = [int(v + (255 - v) * (k - 1)) for v in rgb]
    return "#%02x%02x%02x" % tuple(rgb)


def draw_screen(svg, x, y, w, h, seats):
    """The display as in a game: seat strips on their sides, the felt and a pile of cards."""
    svg.rect(x, y, w, h, "#101418", 0.5, fill="#1b4d2b")
    strip = h * 0.14
    rects = {"bottom": (x, y + h - strip, w, strip), "top": (x, y, w, strip),
             "left": (x, y + strip, strip, h - 2 * strip), "right": (x + w - strip, y + strip, strip, h - 2 * strip)}
    for s in seats:
        rx, ry, rw, rh = rects[SEAT_SIDES[s.number]]
        svg.rect(rx, ry, rw, rh, shade(s.colour, 0.9), 0.6, fill=shade(s.colour, 0.45))
    cw, ch = w * 0.3, h * 0.56
    cx, cy = x + w / 2, y + h / 2
    for turn in (-14, 9):  # the cards underneath
        svg.rect(cx - cw / 2, cy - ch / 2, cw, ch, "#37474f", 0.6, fill="#e8e4d8", rx=2,
                 extra=' transform="rotate(%d %s %s)"' % (turn, mm(cx), mm(cy)))
    svg.rect(cx - cw / 2, cy - ch / 2, cw, ch, "#37474f", 0.6, fill="#fbfaf5", rx=2)
    svg.text(cx - cw / 2 + 2.5, cy - ch / 2 + 8.5, "9", 8, fill="#d32f2f", weight="bold")
    svg.text(cx + 1.5, cy + ch / 2 - 4, "♥", 17, "middle", "#d32f2f")


def draw_pod(svg, px, py, pod_mm, dome_mm, colour, lit):
    half = pod_mm * SCALE / 2
    svg.rect(px - half + 4, py - half + 5, 2 * half, 2 * half, "none", 0, fill="#000000", rx=10, extra=' fill-opacity="0.18"')
    svg.rect(px - half, py - half, 2 * half, 2 * half, "#11171a", 1, fill="#2e3b42", rx=10)
    r = dome_mm * SCALE / 2
    if lit:  # the seat whose turn it is
        svg.circle(px, py, r * 1.4, "none", 0, fill="url(#glow%s)" % colour[1:])
    svg.circle(px, py, r * 1.1, "#11171a", 1, fill="#1c2429")
    svg.circle(px, py, r, shade(colour, 0.6), 1.5, fill="url(#dome%s)" % colour[1:])


def render_picture(src, pm):
    """handheld.svg: the box and its seat pods on the table, drawn from the same sizes."""
    box, pod = src["box"], src["pod"]
    top = src["faces"]["top"]
    button = src["faces"]["pod top"][0]
    reach = box["width"] / 2 + CABLE_GAP + pod["width"]
    size = 2 * reach * SCALE + 90
    c = size / 2
    svg = Svg()
    defs = ["<defs>"]
    for s in pm.seats:
        defs.append('<radialGradient id="dome%s" cx="0.38" cy="0.35" r="0.7"><stop offset="0" stop-color="%s"/>'
                    '<stop offset="1" stop-color="%s"/></radialGradient>' % (s.colour[1:], shade(s.colour, 1.45),
                                                                             shade(s.colour, 0.8)))
        defs.append('<radialGradient id="glow%s"><stop offset="0.7" stop-color="%s" stop-opacity="0.6"/>'
                    '<stop offset="1" stop-color="%s" stop-opacity="0"/></radialGradient>'
                    % (s.colour[1:], s.colour, s.colour))
    svg.add("".join(defs) + "</defs>")
    svg.rect(0, 0, size, size, "none", 0, fill="#efe7da")
    half = box["width"] * SCALE / 2
    for s in pm.seats:
        side = SEAT_SIDES[s.number]
        wx, wy, ux, uy = seat_frame(side, c, c, half)
        pcx, pcy, _, _ = seat_frame(side, c, c, half + (CABLE_GAP + pod["width"] / 2) * SCALE)
        gland = (pcx - ux * pod["width"] * SCALE / 2, pcy - uy * pod["width"] * SCALE / 2)
        bend = 14 * (1 if s.number % 2 else -1)
        mx, my = (wx + gland[0]) / 2 + uy * bend, (wy + gland[1]) / 2 + ux * bend
        svg.add('<path d="M%s %s Q%s %s %s %s" stroke="#263238" stroke-width="6" fill="none" stroke-linecap="round"/>'
                % (mm(wx), mm(wy), mm(mx), mm(my), mm(gland[0]), mm(gland[1])))
        svg.rect(wx - 9 + ux * 12, wy - 9 + uy * 12, 18, 18, "#546e7a", 1, fill="#b0bec5", rx=3)
        draw_pod(svg, pcx, pcy, pod["width"], button["dome"], s.colour, s.number == 1)
        label_y = pcy + (pod["width"] / 2 * SCALE + 26) * (-1 if side == "top" else 1)
        svg.text(pcx, label_y, "Seat %d" % s.number, 16, "middle", INK, "bold")
    x0, y0 = c - half, c - half
    svg.rect(x0 + 6, y0 + 8, 2 * half, 2 * half, "none", 0, fill="#000000", rx=12, extra=' fill-opacity="0.2"')
    svg.rect(x0, y0, 2 * half, 2 * half, "#101418", 1.5, fill="#37474f", rx=12)
    for cut in top:
        x, y = x0 + cut["x"] * SCALE, y0 + cut["y"] * SCALE
        if cut["shape"] == "display":
            mw, mh = cut["module"]
            svg.rect(x - mw * SCALE / 2, y - mh * SCALE / 2, mw * SCALE, mh * SCALE, "none", 0, fill="#263238", rx=3)
            ww, wh = window(cut)
            draw_screen(svg, x - ww * SCALE / 2, y - wh * SCALE / 2, ww * SCALE, wh * SCALE, pm.seats)
        elif cut["shape"] == "sound holes":
            svg.circle(x, y, cut["d"] * SCALE / 2, "none", 0, fill="#101418")
            for i in range(cut["count"]):
                a = 2 * math.pi * i / cut["count"]
                svg.circle(x + cut["ring"] * SCALE * math.cos(a), y + cut["ring"] * SCALE * math.sin(a),
                           cut["d"] * SCALE / 2, "none", 0, fill="#101418")
        elif cut["part"] == "tact_console":
            svg.circle(x, y, cut["d"] * SCALE / 2, "none", 0, fill="#1c2429")
            svg.circle(x, y, cut["d"] * SCALE / 2 - 3, "#0d1114", 0.8, fill="#cfd8dc")
            svg.text(x, y + cut["d"] * SCALE / 2 + 12, cut["name"].replace("key ", ""), 9, "middle", "#eceff1")
    svg.text(size - 20, size - 16, "cables shortened: 1.2 m each in the build", 11, "end", GREY)
    return svg.document(size, size)


def render(src, pm):
    """{path: SVG text} of both drawings."""
    return {DRAWING: render_drawing(src), PICTURE: render_picture(src, pm)}


def main(argv):
    check = "--check" in argv[1:]
    try:
        src = load(SOURCE)
        pm = pinmap.load(PINS)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 1
    stale = []
    for path, text in render(src, pm).items():
        try:
            with open(path, encoding="utf-8") as f:
                current = f.read()
        except OSError:
            current = None
        if current == text:
            continue
        stale.append(os.path.basename(path))
        if not check:
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
    if check and stale:
        print("hw/%s out of date with hw/enclosure.json: run python3 hw/enclosure.py" % " and hw/".join(stale),
              file=sys.stderr)
        return 1
    print("hw/enclosure.json is valid; %s" % ("the drawings are up to date" if check or not stale
                                               else "wrote hw/" + " and hw/".join(stale)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
