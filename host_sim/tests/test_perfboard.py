"""The perfboard layout (hw/perfboard.py) from the net list (hw/nets.py): the committed drawing is up to
date, every GPIO sits at its Pico pin, the layout joins exactly the nets the wiring diagram labels, and
its pads and bare wires never touch another net."""
import copy
import json
import pathlib
import xml.etree.ElementTree as ET

import pytest

from hw import enclosure, perfboard, wiring
from hw.wiring import pinmap

ROOT = pathlib.Path(__file__).resolve().parents[2]
PINS = ROOT / "hw" / "pins.json"
SVG_NS = "{http://www.w3.org/2000/svg}"


def default_map():
    return json.loads(PINS.read_text(encoding="utf-8"))


def two_seats_internal_pulls_miso():
    d = default_map()
    d["seats"] = d["seats"][:2]
    for s in d["seats"]:
        s["button"]["pull"] = "up"
    d["display"]["miso"] = 16
    d["piezo"] = 14
    return d


def backlight_low():
    d = default_map()
    d["display"]["bl_active"] = "low"
    return d


MAPS = {"default": default_map, "two seats, internal pulls, MISO": two_seats_internal_pulls_miso,
        "backlight low": backlight_low}


def layout_of(data):
    pm = pinmap.from_dict(copy.deepcopy(data))
    return pm, perfboard.Layout(enclosure.load(), perfboard.nets.circuit(pm))


def test_committed_layout_is_up_to_date():
    expected = perfboard.render(pinmap.load(str(PINS)), wiring.read_bom(), enclosure.load())
    assert (ROOT / "hw" / "perfboard.svg").read_text(encoding="utf-8") == expected, "run python3 hw/perfboard.py"
    assert perfboard.main(["perfboard.py", "--check"]) == 0


@pytest.mark.parametrize("name", MAPS)
def test_every_gpio_sits_at_its_pico_pin(name):
    pm, layout = layout_of(MAPS[name]())
    c = layout.circuit
    for pin in range(1, 41):  # the Pico's sockets: pin 1 top left, 1-20 down, 21-40 up, 17.78 mm apart
        x, y = layout.xy(layout.pads[("U1", str(pin))])
        assert x == pytest.approx(layout.size[0] / 2 + (-8.89 if pin <= 20 else 8.89))
        assert y == pytest.approx(layout.top + 2.54 * ((pin - 1) if pin <= 20 else (40 - pin)))
    for gpio, label, kind in pm.assignments():
        pad = ("U1", str(wiring.physical_pin(gpio)))
        net = c.net_of(*pad)
        assert net is not None and len(c.nets[net]) >= 2, (gpio, label)
        assert any(pad in (a, b) for n, a, b, _ in layout.tracks if n == net), (gpio, label)
    wired = {int(pin) for net, pads in c.nets.items() for ref, pin in pads if ref == "U1"}
    assert wired == {wiring.physical_pin(g) for g, _, _ in pm.assignments()} | set(perfboard.nets.GND_PINS) | \
        {perfboard.nets.PIN_3V3, perfboard.nets.PIN_VSYS}


def test_the_drawing_names_each_gpio_at_its_pin_and_every_part():
    root = ET.fromstring((ROOT / "hw" / "perfboard.svg").read_text(encoding="utf-8"))
    texts = [t.text for t in root.iter(SVG_NS + "text")]
    pm, layout = layout_of(default_map())
    for gpio, _, _ in pm.assignments():
        assert "GP%d" % gpio in texts
    listed = " ".join(texts)
    for ref in layout.circuit.parts:
        assert ref in listed, ref
    assert "4 x 4.7 kΩ, resistor 1/4 W" in texts and "4 x 50 mA hold, 100 mA trip, PTC resettable fuse, radial, 60 V" \
        in texts  # values from the BOM


@pytest.mark.parametrize("name", MAPS)
def test_layout_joins_what_the_wiring_diagram_labels(name):
    pm, layout = layout_of(MAPS[name]())
    labels = wiring.pin_labels(pm, wiring.read_bom())
    assert {pin: title for pin, (title, _, _) in labels.items()} == layout.circuit.pico_pins()
    parent = {pad: pad for pad in layout.pads}

    def root(p):
        while parent[p] != p:
            p = parent[p]
        return p

    for net, a, b, _ in layout.tracks:
        assert layout.circuit.net_of(*a) == net == layout.circuit.net_of(*b)
        parent[root(a)] = root(b)
    for net, pads in layout.circuit.nets.items():
        assert len({root(p) for p in pads}) == 1, net
    groups = {}
    for pad in layout.pads:
        groups.setdefault(root(pad), set()).add(layout.circuit.net_of(*pad))
    assert all(len(nets) == 1 for nets in groups.values())  # no track joins two nets


@pytest.mark.parametrize("name", MAPS)
def test_pads_and_bare_wires_touch_no_other_net(name):
    _, layout = layout_of(MAPS[name]())
    holes = list(layout.pads.values())
    assert len(holes) == len(set(holes)), "two pads in one hole"
    assert all(layout.usable(h) for h in holes), "a pad off the grid or on a mounting hole"
    bare = [(net, layout.pads[a], layout.pads[b]) for net, a, b, is_bare in layout.tracks if is_bare]
    assert bare
    for net, a, b in bare:
        assert a[0] == b[0] or a[1] == b[1]
        for pad, h in layout.pads.items():
            if perfboard.on_segment(h, a, b):
                assert layout.circuit.net_of(*pad) == net
        for other, c, d in bare:
            if other != net:
                assert not perfboard.segments_meet(a, b, c, d), (net, other)


def test_mounting_holes_are_the_enclosure_tables():
    src = enclosure.load()
    _, layout = layout_of(default_map())
    w, d, _ = src["parts"]["board"]["size"]
    inset = src["parts"]["board"]["hole inset"]
    assert sorted(layout.mounting) == sorted([(inset, inset), (w - inset, inset), (inset, d - inset),
                                              (w - inset, d - inset)])
    assert layout.size == (w, d)
    xs = [layout.xy((col, 0))[0] for col in range(layout.columns)]
    assert min(xs) >= perfboard.EDGE and max(xs) <= w - perfboard.EDGE
    assert layout.xy((0, layout.rows - 1))[1] <= d - perfboard.EDGE


def test_a_backlight_driven_low_gets_its_pnp_on_the_board():
    _, layout = layout_of(backlight_low())
    c = layout.circuit
    assert {c.parts[r].bom for r in ("QBL", "RBL", "RBE")} == {"q_bl", "r_bl_base", "r_bl_off"}
    assert c.net_of("QBL", "E") == c.net_of("RBE", "2") == "3V3"
    assert c.net_of("QBL", "C") == c.net_of("JD", "BL") == "Backlight supply"
    assert c.net_of("RBL", "1") == c.net_of("U1", "27") == "Display BL"
    _, default = layout_of(default_map())
    assert "QBL" not in default.circuit.parts and default.circuit.net_of("JD", "BL") == "Display BL"
