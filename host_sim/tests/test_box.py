"""The enclosure model (hw/box_model.py, from hw/enclosure.json): its committed files are up to date,
every part is a valid closed solid, every hole clears its part, the panels meet exactly at their
joints, the parts inside have their own places, and the READMEs quote the BOM and the box as they are.
The model is built once for the module: building it takes a couple of seconds."""
import copy
import csv
import itertools
import pathlib
import re
import xml.etree.ElementTree as ET

import pytest
from build123d import Box, Cylinder, Pos, RectangleRounded, extrude
from OCP.BRep import BRep_Tool

from hw import box, box_model, enclosure

ROOT = pathlib.Path(__file__).resolve().parents[2]
SVG_NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def model():
    """The model, built once for the module's tests."""
    src = enclosure.load()
    return src, box_model.box(src), box_model.pod(src)


def test_committed_sheets_and_pictures_are_up_to_date(model):
    assert box.stale(*model) == [], "run make box"


def test_every_panel_and_part_is_one_valid_closed_solid(model):
    _, console, seat_pod = model
    for shell in (console, seat_pod):
        for name, panel in shell.panels.items():
            assert panel.solid.is_valid and len(panel.solid.solids()) == 1, name
            assert all(BRep_Tool.IsClosed_s(s.wrapped) for s in panel.solid.shells()), name
        for name, solid in shell.parts.items():
            assert solid.is_valid and solid.volume > 0, name


def overlaps(a, b):
    """Volume two solids share (0 when their boxes do not meet)."""
    ba, bb = a.bounding_box(), b.bounding_box()
    if any(lo_a >= hi_b or lo_b >= hi_a
           for lo_a, hi_a, lo_b, hi_b in zip(tuple(ba.min), tuple(ba.max), tuple(bb.min), tuple(bb.max))):
        return 0
    return (a & b).volume


def test_panels_meet_at_their_joints_without_overlap_or_gap(model):
    _, console, seat_pod = model
    for shell in (console, seat_pod):
        assert len(shell.joints) == 8  # four corners, four edges of the floor
        for a, b, region in shell.joints:
            pa, pb = shell.panels[a].solid, shell.panels[b].solid
            assert overlaps(pa, pb) == pytest.approx(0, abs=1e-6), (a, b)
            filled = (pa & region).volume + (pb & region).volume
            assert filled == pytest.approx(region.volume, rel=1e-9), (a, b)
            assert 0 < (pa & region).volume < region.volume  # fingers of both panels in it
        panels = list(shell.panels.values())
        for pa, pb in itertools.combinations(panels, 2):
            assert overlaps(pa.solid, pb.solid) == pytest.approx(0, abs=1e-6), (pa.name, pb.name)


def test_the_parts_inside_have_their_own_places(model):
    _, console, seat_pod = model
    for shell in (console, seat_pod):
        solids = {**{n: p.solid for n, p in shell.panels.items()}, **shell.parts}
        for (a, sa), (b, sb) in itertools.combinations(solids.items(), 2):
            assert overlaps(sa, sb) == pytest.approx(0, abs=1e-6), (a, b)


def probe(src, cut):
    """The space a cut-out's part needs, straight from the parts table: (width, height, corner radius);
    a round part's radius is half its width, a USB plug's moulding has 1.5 mm corners."""
    if cut.get("shape") == "display":
        d = enclosure.display(src)
        return d["active"][0] + 2 * d["margin"], d["active"][1] + 2 * d["margin"], 0
    part = src["parts"][cut["part"]]
    if "usb plug" in part:
        return part["usb plug"][0] + part["clearance"], part["usb plug"][1] + part["clearance"], 1.5
    d = (part["cap"] if "cap" in part else part["thread"]) + part["clearance"]
    return d, d, d / 2


def test_every_cut_out_clears_its_part_plus_clearance(model):
    src, console, seat_pod = model
    t = src["material"]
    checked = 0
    for shell, kind, faces in ((console, "box", {"lid": "lid", "back": "usb wall", "front": "wall", "left": "wall",
                                                 "right": "wall"}),
                               (seat_pod, "pod", {"lid": "pod lid", "back": "pod wall"})):
        size = src[kind]["width"]
        for side, face in faces.items():
            panel = shell.panels[side]
            for cut in enclosure.face_cutouts(src, face):
                if cut.get("shape") == "sound holes":
                    continue
                w, h, r = probe(src, cut)
                if side == "lid":
                    u, v = cut["x"] - size / 2, size / 2 - cut["y"]
                else:
                    u, v = cut["x"] - size / 2, enclosure.wall_height(src, kind) - cut["y"]
                if r == w / 2:
                    shape = Pos(0, 0, t / 2) * Cylinder(r - 1e-3, t)
                elif r:
                    shape = extrude(RectangleRounded(w - 2e-3, h - 2e-3, r), t)
                else:
                    shape = Pos(0, 0, t / 2) * Box(w - 2e-3, h - 2e-3, t)
                space = panel.plane * Pos(u, v) * shape
                assert overlaps(panel.solid, space) == pytest.approx(0, abs=1e-6), (kind, side, cut["name"])
                checked += 1
    assert checked == 16
    assert probe(src, src["faces"]["pod lid"][0])[0] == 24.5  # the 24 mm thread plus 0.5


def test_the_usb_port_sits_at_its_opening(model):
    src, console, _ = model
    pico_top = console.parts["Pico on its header sockets"].bounding_box().max.Z
    assert pico_top + src["pico_stack"]["port centre above the Pico"] == pytest.approx(enclosure.usb_height(src))
    charger_top = console.parts["charger"].bounding_box().max.Z
    port = src["parts"]["charger_boost"]["port centre above the board"]
    assert charger_top + port == pytest.approx(enclosure.usb_height(src))


def test_the_boards_standoffs_stand_under_the_perfboard_layouts_holes(model):
    """hw/perfboard.py draws the mounting holes and the Pico where the model puts the standoffs and the
    Pico: holes at the board's corners, the Pico centred across the board, its USB end at the board's edge."""
    from hw import perfboard
    from hw.wiring import pinmap
    src, console, _ = model
    layout = perfboard.Layout(src, perfboard.nets.circuit(pinmap.load(str(ROOT / "hw" / "pins.json"))))
    board = console.parts["main board"].bounding_box()
    centre = board.center()
    posts = sorted((round(s.center().X - centre.X, 3), round(s.center().Y - centre.Y, 3))
                   for s in console.parts["board standoffs"].solids())
    w, d = layout.size
    holes = [(x - w / 2, y - d / 2) for x, y in layout.mounting]
    along_x = board.size.X > board.size.Y  # the board's long side runs inward from the USB wall
    assert posts == sorted((round(b if along_x else a, 3), round(a if along_x else b, 3)) for a, b in holes)
    pico = console.parts["Pico on its header sockets"].bounding_box()
    pico_w, pico_l, _ = src["parts"]["pico"]["size"]
    assert layout.top == pytest.approx((pico_l - 19 * layout.pitch) / 2)  # pin 1's row from the USB edge
    across, inward = ("Y", "X") if along_x else ("X", "Y")
    assert getattr(pico.center(), across) == pytest.approx(getattr(centre, across))
    board_ends = (getattr(board.min, inward), getattr(board.max, inward))
    assert getattr(pico.min, inward) == pytest.approx(board_ends[0]) or \
        getattr(pico.max, inward) == pytest.approx(board_ends[1])


def test_the_small_display_gets_its_own_window():
    src = dict(enclosure.load(), display="2.0")
    lid = box_model.box(src).panels["lid"]
    w, h = enclosure.window(src)
    assert (w, h) == pytest.approx((42.8, 32.6))
    assert overlaps(lid.solid, lid.plane * Pos(0, 10, 1.5) * Box(w - 0.01, h - 0.01, 3)) == 0
    assert overlaps(lid.solid, lid.plane * Pos(0, 10, 1.5) * Box(w + 1, h + 1, 3)) > 0


def test_the_laser_sheets_cut_in_red_hairline_and_mark_the_options_apart():
    for name in ("laser-box.svg", "laser-pod.svg"):
        root = ET.fromstring((ROOT / "hw" / "box" / name).read_text(encoding="utf-8"))
        assert root.get("width").endswith("mm")
        strokes = {(g.get("id"), g.get("stroke"), g.get("stroke-width")) for g in root.iter(SVG_NS + "g")
                   if g.get("stroke")}
        assert ("cut", "#ff0000", "0.01") in strokes
        assert {s[1] for s in strokes} <= {"#ff0000", "#00ff00", "#0000ff"}
        assert not any(e.get("stroke-dasharray") for e in root.iter())
    text = (ROOT / "hw" / "box" / "laser-box.svg").read_text(encoding="utf-8")
    assert 'stroke="#00ff00"' in text  # the battery option's holes, on their own colour


def test_the_check_refuses_what_no_part_would_fit():
    bom = enclosure.read_bom()
    source = enclosure.load()
    assert enclosure.validate(source, bom) == []

    def errors(change):
        src = copy.deepcopy(source)
        change(src)
        return enclosure.validate(src, bom)

    assert errors(lambda s: s["faces"]["lid"][1].update(part="buzzer")) == \
        ["lid, piezo: part 'buzzer' has no size under parts"]
    assert errors(lambda s: s.update(display="3.5")) == ["display: '3.5' is not one of 2.0, 2.8"]
    assert errors(lambda s: s["parts"]["standoff_lid"].update(length=25)) == [
        "box: the corner standoffs (50 mm) must span floor to lid, 60 mm",
        "pod: the corner standoffs (50 mm) must span floor to lid, 60 mm"]
    assert errors(lambda s: s["box"].update(height=70)) == [
        "hw/bom.csv enclosure_box: value must be '180x180x70 mm', the size enclosure.json gives",
        "box: the corner standoffs (60 mm) must span floor to lid, 64 mm"]


def test_the_readmes_quote_the_boms_totals_the_box_and_the_usb_height():
    with open(ROOT / "hw" / "bom.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    required = sum(int(r["qty"]) * float(r["unit_usd"]) for r in rows if r["need"] == "required")
    battery = sum(int(r["qty"]) * float(r["unit_usd"]) for r in rows
                  if r["id"] in ("lipo", "charger_boost", "d_vsys", "sw_power"))
    hw_readme = (ROOT / "hw" / "README.md").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "about $%d for the required parts" % round(required) in hw_readme.lower()
    assert "about $%d for the battery option" % round(battery) in hw_readme.lower()
    assert "about $%d for a four-seat" % round(required) in readme
    src = enclosure.load()
    b = src["box"]
    size = "%d × %d × %d mm" % (b["width"], b["depth"], b["height"])
    assert size in hw_readme and size in readme
    assert "%.1f mm" % enclosure.usb_height(src) in hw_readme
    assert not re.search(r"enclosure\.svg|handheld\.svg", hw_readme + readme)
