"""hw/enclosure.json, the drawings hw/enclosure.py makes from it, and the BOM totals the READMEs quote."""
import copy
import csv
import json
import pathlib
import re
import xml.etree.ElementTree as ET

from hardware import pinmap
from hw import enclosure

ROOT = pathlib.Path(__file__).resolve().parents[2]
SVG_NS = "{http://www.w3.org/2000/svg}"


def source():
    return json.loads((ROOT / "hw" / "enclosure.json").read_text(encoding="utf-8"))


def test_committed_drawings_are_up_to_date_with_enclosure_json():
    drawings = enclosure.render(enclosure.load(), pinmap.load(str(ROOT / "hw" / "pins.json")))
    for path, text in drawings.items():
        assert pathlib.Path(path).read_text(encoding="utf-8") == text, \
            "%s is stale: run python3 hw/enclosure.py" % path
    assert enclosure.main(["enclosure.py", "--check"]) == 0


def test_the_cutting_drawing_is_one_to_one_in_millimetres():
    root = ET.fromstring((ROOT / "hw" / "enclosure.svg").read_text(encoding="utf-8"))
    width, height = root.get("width"), root.get("height")
    assert width.endswith("mm") and height.endswith("mm")
    assert root.get("viewBox") == "0 0 %s %s" % (width[:-2], height[:-2])  # one unit is one millimetre
    check = [e for e in root.iter(SVG_NS + "line") if e.get("id") == "check-100mm"]
    assert len(check) == 1 and float(check[0].get("x2")) - float(check[0].get("x1")) == 100


def test_every_cut_out_is_drawn_at_its_size_and_named_in_the_table():
    root = ET.fromstring((ROOT / "hw" / "enclosure.svg").read_text(encoding="utf-8"))
    radii = {float(e.get("r")) for e in root.iter(SVG_NS + "circle")}
    texts = [t.text for t in root.iter(SVG_NS + "text")]
    for _title, _key, _w, _h, cutouts in enclosure.faces(source()):
        for c in cutouts:
            assert c["part"] in texts and enclosure.size_text(c) in texts, c
            if c["shape"] == "circle":
                assert c["d"] / 2 in radii, c


def test_the_check_refuses_what_no_part_would_fit():
    bom = enclosure.read_bom()
    assert enclosure.validate(source(), bom) == []

    def errors(change):
        src = copy.deepcopy(source())
        change(src)
        return enclosure.validate(src, bom)

    assert errors(lambda s: s["faces"]["top"][0].update(part="lcd")) == \
        ["top, display window: part 'lcd' is not a row of hw/bom.csv"]
    assert errors(lambda s: s["faces"]["pod top"][0].update(d=88)) == \
        ["pod top, seat button: reaches within 3 mm of the face's edge"]
    assert errors(lambda s: s["faces"]["top"][3].update(x=68)) == \
        ["top: key back and key up are less than 2 mm apart"]
    assert errors(lambda s: s["box"].update(height=70)) == \
        ["hw/bom.csv enclosure_box: value must be '180x180x70 mm', the size enclosure.json draws"]


def test_the_picture_has_a_pod_in_each_seats_colour():
    svg = (ROOT / "hw" / "handheld.svg").read_text(encoding="utf-8")
    for seat in pinmap.load(str(ROOT / "hw" / "pins.json")).seats:
        assert 'id="dome%s"' % seat.colour[1:] in svg and "Seat %d" % seat.number in svg


def test_the_readmes_quote_the_boms_totals_and_the_box_size():
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
    box = source()["box"]
    size = "%d × %d × %d mm" % (box["width"], box["depth"], box["height"])
    assert size in hw_readme and size in readme
    assert not re.search(r"20 × 20 cm|250x250", hw_readme + readme)
