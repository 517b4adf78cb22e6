"""Reads and checks hw/enclosure.json, the enclosure's one table of sizes, against hw/bom.csv.

    python3 hw/enclosure.py    exit 1, naming every problem, if enclosure.json is invalid

Standard library only, so the check runs without the CAD library; hw/box_model.py builds the model
from what ``load`` returns, and says what size each hole is through ``hole``.
"""
import csv
import json
import os
import sys

HW = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HW, "enclosure.json")
BOM = os.path.join(HW, "bom.csv")

SEAT_SIDES = {1: "front", 2: "left", 3: "back", 4: "right"}  # clockwise seen from above; seat 1 at the keys
SHELLS = ("box", "pod")


def read_bom(path=BOM):
    """{id: row} of hw/bom.csv."""
    with open(path, newline="", encoding="utf-8") as f:
        return {row["id"]: row for row in csv.DictReader(f)}


def display(src):
    """The chosen display's entry of ``displays``."""
    return src["displays"][src["display"]]


def window(src):
    """(width, height) of the display window where it meets the module: active area plus margin."""
    d = display(src)
    return d["active"][0] + 2 * d["margin"], d["active"][1] + 2 * d["margin"]


def usb_height(src):
    """Height of the Pico's USB port centre above the box's outside bottom (the floor's underside)."""
    return src["material"] + sum(src["pico_stack"].values())


def wall_height(src, shell):
    """A wall's height: the lid sits on the walls' top edges."""
    return src[shell]["height"] - src["material"]


def standoff_stack(src):
    """Length of one corner standoff stack, floor to lid."""
    s = src["parts"]["standoff_lid"]
    return s["length"] * s["count"]


def board_holes(src):
    """The main board's four mounting holes, (x, y) in mm from its top-left corner seen from the
    component side, the Pico's USB edge at the top: where the model's standoffs stand and where
    hw/perfboard.py draws them."""
    w, d, _ = src["parts"]["board"]["size"]
    inset = src["parts"]["board"]["hole inset"]
    return [(x, y) for y in (inset, d - inset) for x in (inset, w - inset)]


def hole(src, cut):
    """What a cut-out removes: ("circle", d) or ("rect", w, h, corner radius), from its part's size plus
    clearance; ("display", w, h) for the window; ("sound holes", d) for the piezo's ring."""
    if cut.get("shape") == "display":
        return ("display",) + window(src)
    if cut.get("shape") == "sound holes":
        return ("sound holes", cut["d"])
    part = src["parts"][cut["part"]]
    if "usb plug" in part:
        w, h = part["usb plug"]
        return ("rect", w + part["clearance"], h + part["clearance"], 1.5)
    fits = part["cap"] if "cap" in part else part["thread"]
    return ("circle", fits + part["clearance"])


def face_cutouts(src, face):
    """The cut-outs of one face kind ("lid", "wall", "usb wall", "pod lid", "pod wall") with y resolved;
    the usb wall carries a wall's cut-outs too."""
    cuts = src["faces"][face] + (src["faces"]["wall"] if face == "usb wall" else [])
    shell = "pod" if face.startswith("pod") else "box"
    usb_y = wall_height(src, shell) - usb_height(src)
    return [dict(c, y=usb_y) if c.get("level") == "pico_usb" else c for c in cuts]


def validate(src, bom):
    """Every problem with enclosure.json, as messages; [] when the model can be built."""
    errors = []
    t = src["material"]
    for shell in SHELLS:
        s = src[shell]
        if s["width"] != s["depth"]:
            errors.append("%s must be square: one wall design serves every seat" % shell)
        row = "enclosure_" + shell
        value = "%sx%sx%s mm" % (s["width"], s["depth"], s["height"])
        if row not in bom or bom[row]["value"] != value:
            errors.append("hw/bom.csv %s: value must be %r, the size enclosure.json gives" % (row, value))
        if standoff_stack(src) != s["height"] - 2 * t:
            errors.append("%s: the corner standoffs (%s mm) must span floor to lid, %s mm" % (
                shell, standoff_stack(src), s["height"] - 2 * t))
    if src["usb_wall_seat"] not in SEAT_SIDES:
        errors.append("usb_wall_seat: %r is not a seat 1-4" % src["usb_wall_seat"])
    if src["display"] not in src["displays"]:
        errors.append("display: %r is not one of %s" % (src["display"], ", ".join(sorted(src["displays"]))))
        return errors
    for name, d in src["displays"].items():
        if d["part"] not in bom:
            errors.append("displays %s: part %r is not a row of hw/bom.csv" % (name, d["part"]))
        if d["chamfer"] >= t:
            errors.append("displays %s: a chamfer of %s mm leaves no edge in %s mm material" % (name, d["chamfer"], t))
    for part in src["parts"]:
        if part not in bom:
            errors.append("parts: %r is not a row of hw/bom.csv" % part)
    for face in src["faces"]:
        for c in src["faces"][face]:
            if "part" in c and c["part"] not in src["parts"]:
                errors.append("%s, %s: part %r has no size under parts" % (face, c["name"], c["part"]))
    return errors


def load(path=SOURCE, bom=None):
    """enclosure.json as a dict; ValueError naming every problem."""
    with open(path, encoding="utf-8") as f:
        src = json.load(f)
    errors = validate(src, read_bom() if bom is None else bom)
    if errors:
        raise ValueError("%s:\n  %s" % (path, "\n  ".join(errors)))
    return src


def main():
    try:
        load()
    except ValueError as e:
        print(e, file=sys.stderr)
        return 1
    print("hw/enclosure.json is valid")
    return 0


if __name__ == "__main__":
    sys.exit(main())
