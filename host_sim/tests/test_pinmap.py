"""hw/pins.json, its checker (firmware/hardware/pinmap.py), the BOM and the generated wiring diagram.

The RP2040 facts are checked against tables copied from the RP2040 datasheet's GPIO
function table (section 2.19.2) and the Pico pinout, not against pinmap's own formulas.
"""
import csv
import json
import pathlib
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings, strategies as st

ROOT = pathlib.Path(__file__).resolve().parents[2]
from hardware import pinmap
from hid.keys import KEYS
from hw import wiring

PINS = ROOT / "hw" / "pins.json"

# Datasheet function table, F1 (SPI) and F4 (PWM) columns, GPIO 0-29.
DATASHEET_SPI = ["SPI0 RX", "SPI0 CSn", "SPI0 SCK", "SPI0 TX"] * 2 + ["SPI1 RX", "SPI1 CSn", "SPI1 SCK", "SPI1 TX"] * 2
DATASHEET_SPI = DATASHEET_SPI + DATASHEET_SPI[:14]
DATASHEET_PWM = ("0A 0B 1A 1B 2A 2B 3A 3B 4A 4B 5A 5B 6A 6B 7A 7B "
                 "0A 0B 1A 1B 2A 2B 3A 3B 4A 4B 5A 5B 6A 6B").split()
# Pico datasheet pinout: GPIO -> header pin.
PICO_HEADER = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15, 12: 16,
               13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27, 22: 29,
               26: 31, 27: 32, 28: 34}
ROLE_OF = {"RX": "miso", "SCK": "sck", "TX": "mosi", "CSn": None}


def default():
    return json.loads(PINS.read_text())


def errors_after(change):
    d = default()
    change(d)
    return pinmap.validate(d)


def test_default_map_loads_with_the_documented_pins():
    pm = pinmap.load(str(PINS))
    d = pm.display
    assert (d.driver, d.spi, d.sck, d.mosi, d.miso, d.cs, d.dc, d.rst, d.bl) == ("st7789", 0, 18, 19, None, 17, 20, 22, 21)
    assert (d.baudrate, d.width, d.height, d.rotation) == (62_500_000, 320, 240, 1)
    assert [(s.number, s.button.gpio, s.button.pull, s.led) for s in pm.seats] == [
        (1, 2, "external", 6), (2, 3, "external", 7), (3, 4, "external", 8), (4, 5, "external", 9)]
    assert {n: (b.gpio, b.pull) for n, b in pm.console.items()} == {
        "up": (10, "up"), "down": (11, "up"), "ok": (12, "up"), "back": (13, "up")}
    assert pm.piezo == 15
    assert pm.seat_button_mask() == 0b111100
    assert pm.seat_button_base == 2


def test_seat_mask_gives_seat_n_bit_n_minus_1_after_the_shift():
    pm = pinmap.load(str(PINS))
    gpio_in = (1 << pm.seats[2].button.gpio) | (1 << 20)  # seat 3 line high, plus an unrelated pin
    assert (gpio_in & pm.seat_button_mask()) >> pm.seat_button_base == 0b0100


def test_spi_roles_match_the_datasheet_table():
    for gpio, cell in enumerate(DATASHEET_SPI):
        block, role = cell.split()
        assert pinmap.spi_function(gpio) == (int(block[3]), ROLE_OF[role]), gpio
    assert pinmap.spi_pins(0, "sck") == [2, 6, 18, 22]
    assert pinmap.spi_pins(0, "mosi") == [3, 7, 19]  # GP23 is SPI0 TX too, but the Pico reserves it
    assert pinmap.spi_pins(0, "miso") == [0, 4, 16, 20]
    assert pinmap.spi_pins(1, "sck") == [10, 14, 26]


def test_pwm_channels_match_the_datasheet_table():
    for gpio, cell in enumerate(DATASHEET_PWM):
        assert pinmap.pwm_channel(gpio) == (int(cell[0]), cell[1]), gpio


def test_wiring_header_pins_match_the_pico_pinout():
    for gpio, pin in PICO_HEADER.items():
        assert wiring.physical_pin(gpio) == pin
    for gpio in (23, 24, 25, 29):
        with pytest.raises(ValueError):
            wiring.physical_pin(gpio)


def _set(path, value):
    def change(d):
        node = d
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return change


def _delete(path):
    def change(d):
        node = d
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]
    return change


def _both(*changes):
    def change(d):
        for c in changes:
            c(d)
    return change


REJECTED = [
    ("duplicate pin", _set(["console", "up", "gpio"], 6), ["GP6 is used twice", "seat 1 LED", "console.up"]),
    ("SCK off the SPI block", _set(["display", "sck"], 10),
     ["display.sck: GP10 cannot carry SPI0 SCK (SPI0 SCK is on GP2, GP6, GP18, GP22)"]),
    ("SCK of the other block", _set(["display", "spi"], 1), ["display.sck: GP18 cannot carry SPI1 SCK (SPI1 SCK is on GP10, GP14, GP26)"]),
    ("MOSI off the SPI block", _set(["display", "mosi"], 14), ["display.mosi: GP14 cannot carry SPI0 TX (MOSI) (SPI0 TX (MOSI) is on GP3, GP7, GP19)"]),
    ("MISO off the SPI block", _set(["display", "miso"], 1), ["display.miso: GP1 cannot carry SPI0 RX (MISO)"]),
    ("PWM clash", _both(_set(["display", "bl"], 22), _set(["display", "rst"], 21)),
     ["GP22 (display.bl) and GP6 (seat 1 LED) are both PWM slice 3 channel A"]),
    ("piezo shares its slice", _set(["seats", 0, "led"], 14),
     ["piezo GP15 shares PWM slice 7 with GP14 (seat 1 LED)", "slice of its own"]),
    ("SMPS pin", _set(["display", "cs"], 23), ["display.cs: GP23 is reserved on the Pico", "SMPS"]),
    ("VBUS sense pin", _set(["piezo"], 24), ["piezo: GP24 is reserved on the Pico", "VBUS"]),
    ("on-board LED pin", _set(["seats", 3, "led"], 25), ["seat 4 LED: GP25 is reserved on the Pico", "on-board LED"]),
    ("button on VSYS sense", _set(["console", "back", "gpio"], 29),
     ["console.back: GP29 is reserved on the Pico", "VSYS/3"]),
    ("not a GPIO", _set(["piezo"], 30), ["piezo: 30 is not a GPIO"]),
    ("pin as text", _set(["display", "dc"], "GP20"), ['display.dc must be a GPIO number like 5, got "GP20"']),
    ("pin as true", _set(["display", "dc"], True), ["display.dc must be a GPIO number like 5, got true"]),
    ("button pull none", _set(["seats", 1, "button", "pull"], "none"),
     ['seat 2 button GP3: pull "none" cannot work', "needs a pull-up"]),
    ("button pull down", _set(["console", "ok", "pull"], "down"), ['console.ok GP12: pull "down" cannot work']),
    ("missing field", _delete(["display", "dc"]), ["display: 'dc' is missing"]),
    ("missing seat LED", _delete(["seats", 2, "led"]), ["seat 3: 'led' is missing"]),
    ("missing console button", _delete(["console", "back"]), ["console: 'back' is missing"]),
    ("missing section", _delete(["piezo"]), ["pin map: 'piezo' is missing"]),
    ("typo in a key", _set(["display", "rts"], 26), ["display: unknown key 'rts'"]),
    ("seat buttons not contiguous", _set(["seats", 3, "button", "gpio"], 14),
     ["seat buttons must be on consecutive GPIOs in seat order", "GP2, GP3, GP4, GP14"]),
    ("seat buttons out of order",
     _both(_set(["seats", 0, "button", "gpio"], 3), _set(["seats", 1, "button", "gpio"], 2)),
     ["seat buttons must be on consecutive GPIOs in seat order", "GP3, GP2, GP4, GP5"]),
    ("one seat", _set(["seats"], default()["seats"][:1]), ["seats must be a list of 2 to 4"]),
    ("five seats", _set(["seats"], default()["seats"] + default()["seats"][:1]), ["seats must be a list of 2 to 4"]),
    ("output on the default MISO", _set(["display", "dc"], 16), ["display.dc: GP16 is SPI0's default MISO pin"]),
    ("unknown driver", _set(["display", "driver"], "ssd1306"), ["display.driver must be one of st7789, ili9341"]),
    ("too fast", _set(["display", "baudrate"], 80_000_000), ["display.baudrate must be a whole number from"]),
    ("portrait size", _set(["display", "width"], 240), ["display.width must be 320"]),
    ("bad rotation", _set(["display", "rotation"], 4), ["display.rotation must be 1 (landscape) or 3"]),
    ("portrait rotation", _set(["display", "rotation"], 0), ["display.rotation must be 1 (landscape) or 3", "got 0"]),
    ("upside-down portrait", _set(["display", "rotation"], 2), ["display.rotation must be 1 (landscape) or 3"]),
    ("backlight level", _set(["display", "bl_active"], 0), ['display.bl_active must be "high"', '"low" (a PNP']),
    ("a colour", _set(["seats", 0, "colour"], "#e53935"),
     ["seat 1 colour: the seats' colours are the firmware's (red, blue, green, yellow: "
      "firmware/drawing/seat_rgb.py), buy the buttons in those; remove it"]),
    ("wrong schema", _set(["schema"], 2), ["schema must be 1"]),
    ("display not an object", _set(["display"], [18, 19]), ["display must be an object"]),
]


@pytest.mark.parametrize("change,fragments", [r[1:] for r in REJECTED], ids=[r[0] for r in REJECTED])
def test_bad_maps_are_refused_naming_pin_and_reason(change, fragments):
    errs = errors_after(change)
    assert errs, "map was accepted"
    text = "\n".join(errs)
    for fragment in fragments:
        assert fragment in text, text


def test_default_miso_pin_is_fine_once_the_display_uses_it():
    assert errors_after(_set(["display", "miso"], 16)) == []
    assert errors_after(_both(_set(["display", "miso"], 16), _set(["piezo"], 0))) == []


def test_a_button_may_sit_on_the_default_miso_pin():
    # Inputs read the pad whatever function the pin has, so only outputs are refused there.
    assert errors_after(_set(["console", "back", "gpio"], 16)) == []


def test_two_seats_and_adc_pins_are_accepted():
    def two_seats_on_adc(d):
        d["seats"] = d["seats"][:2]
        d["seats"][0]["button"]["gpio"] = 26
        d["seats"][1]["button"]["gpio"] = 27
    pm = pinmap.from_dict(_apply(two_seats_on_adc))
    assert pm.seat_button_mask() == 0b11 << 26


def _apply(change):
    d = default()
    change(d)
    return d


def test_every_problem_is_reported_at_once():
    errs = errors_after(_both(_set(["display", "sck"], 14), _set(["piezo"], 25), _delete(["console", "ok"])))
    assert len(errs) == 3


def test_load_refuses_missing_corrupt_and_invalid_files(tmp_path):
    missing = tmp_path / "nope.json"
    with pytest.raises(ValueError, match="nope.json cannot be read"):
        pinmap.load(str(missing))
    bad = tmp_path / "bad.json"
    bad.write_text('{"schema": 1, "display": ')
    with pytest.raises(ValueError, match="bad.json is not valid JSON"):
        pinmap.load(str(bad))
    bad.write_text("[1, 2]")
    with pytest.raises(ValueError, match="must be a JSON object"):
        pinmap.load(str(bad))
    d = default()
    d["piezo"] = 25
    bad.write_text(json.dumps(d))
    with pytest.raises(ValueError, match="(?s)bad.json is not usable.*piezo: GP25 is reserved"):
        pinmap.load(str(bad))


# --- Whatever a maker types, the checker answers with messages, never a crash. ---

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12)


def _leaf_paths(node, path=()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _leaf_paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _leaf_paths(v, path + (i,))
    yield path


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_any_edit_gets_messages_or_a_working_map(data):
    d = default()
    paths = [p for p in _leaf_paths(d) if p]
    path = data.draw(st.sampled_from(paths))
    _set(list(path), data.draw(json_values))(d)
    errs = pinmap.validate(d)
    assert isinstance(errs, list) and all(isinstance(e, str) and e for e in errs)
    if not errs:
        pinmap.from_dict(d).assignments()


@settings(max_examples=100, deadline=None)
@given(json_values)
def test_any_json_value_gets_messages(value):
    errs = pinmap.validate(value)
    assert errs and all(isinstance(e, str) for e in errs)


# --- Accepted maps really are safe: an independent check from the datasheet tables. ---

def independent_problems(d):
    """The rules restated from the tables above: returns a set of problem kinds."""
    disp = d["display"]
    uses = [(disp[k], k, "spi") for k in ("sck", "mosi")] + [(disp[k], k, "out") for k in ("cs", "dc", "rst")]
    uses.append((disp["bl"], "bl", "pwm"))
    for i, s in enumerate(d["seats"]):
        uses += [(s["button"]["gpio"], "seat%d" % i, "in"), (s["led"], "led%d" % i, "pwm")]
    uses += [(d["console"][n]["gpio"], n, "in") for n in KEYS]
    uses.append((d["piezo"], "piezo", "pwm"))
    problems = set()
    gpios = [u[0] for u in uses]
    if len(set(gpios)) != len(gpios):
        problems.add("duplicate")
    if set(gpios) - set(PICO_HEADER):
        problems.add("not on header")
    block = "SPI%d" % disp["spi"]
    if DATASHEET_SPI[disp["sck"]] != block + " SCK" or DATASHEET_SPI[disp["mosi"]] != block + " TX":
        problems.add("spi")
    pwm = {}
    for gpio, name, kind in uses:
        if kind == "pwm":
            pwm.setdefault(DATASHEET_PWM[gpio], set()).add(gpio)
    if any(len(g) > 1 for g in pwm.values()):
        problems.add("pwm")
    piezo_slice = DATASHEET_PWM[d["piezo"]][0]
    if any(cell[0] == piezo_slice and cell != DATASHEET_PWM[d["piezo"]] for cell in pwm):
        problems.add("piezo slice")
    default_miso = 16 if disp["spi"] == 0 else 8
    if any(g == default_miso and kind in ("out", "pwm") for g, name, kind in uses):
        problems.add("default miso")
    seat_buttons = [s["button"]["gpio"] for s in d["seats"]]
    if seat_buttons != list(range(seat_buttons[0], seat_buttons[0] + len(seat_buttons))):
        problems.add("seats")
    return problems


def random_map(data):
    """A random map whose pins are mostly distinct, header-only and on the right SPI pins, so
    that a fair share of draws are valid and each rule is broken now and then."""
    def rarely():
        return data.draw(st.integers(0, 7)) == 0

    d = default()
    disp = d["display"]
    block = data.draw(st.sampled_from([0, 1]))
    disp["spi"] = block
    for role, fn in (("sck", "SCK"), ("mosi", "TX")):
        right = [g for g in PICO_HEADER if DATASHEET_SPI[g] == "SPI%d %s" % (block, fn)]
        disp[role] = data.draw(st.integers(0, 29) if rarely() else st.sampled_from(right))
    free = [g for g in PICO_HEADER if g not in (disp["sck"], disp["mosi"])]
    runs = [g for g in free if all(g + i in free for i in range(4))]
    base = data.draw(st.integers(0, 26) if rarely() else st.sampled_from(runs))
    seat_buttons = [base, base + 1, base + 2, base + 3]
    if rarely():
        seat_buttons[3] = data.draw(st.integers(0, 29))
    pool = sorted(PICO_HEADER) + ([23, 24, 25, 29] if rarely() else [])
    pool = [g for g in data.draw(st.permutations(pool)) if g not in seat_buttons + [disp["sck"], disp["mosi"]]]
    for key in ("cs", "dc", "rst", "bl"):
        disp[key] = pool.pop()
    for i, seat in enumerate(d["seats"]):
        seat["button"]["gpio"] = seat_buttons[i]
        seat["led"] = pool.pop()
    for name in KEYS:
        d["console"][name]["gpio"] = pool.pop()
    d["piezo"] = disp["cs"] if rarely() else pool.pop()
    return d


@settings(max_examples=500, deadline=None)
@given(st.data())
def test_checker_accepts_exactly_the_maps_the_datasheet_allows(data):
    d = random_map(data)
    errs = pinmap.validate(d)
    assert (errs == []) == (independent_problems(d) == set()), (errs, independent_problems(d))


# --- Wiring diagram and BOM ---

def test_committed_wiring_svg_is_up_to_date_with_pins_json():
    expected = wiring.render(pinmap.load(str(PINS)), wiring.read_bom())
    assert (ROOT / "hw" / "wiring.svg").read_text(encoding="utf-8") == expected, \
        "hw/wiring.svg is stale: run python3 hw/wiring.py"
    assert wiring.main(["wiring.py", "--check"]) == 0


def test_wiring_svg_is_well_formed_and_labels_every_used_pin():
    svg = (ROOT / "hw" / "wiring.svg").read_text(encoding="utf-8")
    root = ET.fromstring(svg)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    pm = pinmap.load(str(PINS))
    for gpio, label, kind in pm.assignments():
        assert "GP%d" % gpio in texts
        assert str(wiring.physical_pin(gpio)) in texts
    for title in ["Seat %d button" % n for n in range(1, 5)] + ["Seat %d LED" % n for n in range(1, 5)] + \
            ["Console up", "Console down", "Console ok", "Console back", "Piezo", "Display SCK", "Display BL"]:
        assert title in texts
    assert "1 kΩ" in texts and "4.7 kΩ" in texts and "100 Ω" in texts  # resistor values from the BOM


def test_wiring_follows_the_map():
    bom = wiring.read_bom()
    moved = pinmap.from_dict(_apply(_set(["piezo"], 14)))
    labels = wiring.pin_labels(moved, bom)
    assert labels[19][0] == "Piezo" and 20 not in labels
    internal = pinmap.from_dict(_apply(lambda d: [s["button"].update(pull="up") for s in d["seats"]]))
    assert "internal pull-up" in wiring.pin_labels(internal, bom)[4][1]
    assert wiring.render(moved, bom) != wiring.render(pinmap.load(str(PINS)), bom)


def test_wiring_names_the_sck_the_firmware_gets_and_the_seat_connectors_pins():
    from host_sim import fakes
    fakes.install()
    try:
        import machine
        from drivers import spi_clock
        spi_clock.peripheral_clock_to_cpu()
        for asked in (62_500_000, 40_000_000, 25_000_000):
            bus = machine.SPI(0, baudrate=asked, sck=machine.Pin(18), mosi=machine.Pin(19))
            assert round(wiring.sck_hz(asked)) == bus.sck_hz, asked
    finally:
        fakes.uninstall()
    texts = [t.text for t in ET.fromstring((ROOT / "hw" / "wiring.svg").read_text(encoding="utf-8")).iter(
        "{http://www.w3.org/2000/svg}text")]
    assert "Display: ST7789, SPI0, SCK 50.0 MHz" in texts
    assert [row[:2] for row in wiring.SEAT_CONNECTOR] == [("1", "GND"), ("2", "button"), ("3", "LED-"), ("4", "LED+")]
    assert all(row[1] in texts for row in wiring.SEAT_CONNECTOR)


def test_wiring_refuses_an_invalid_map(tmp_path, monkeypatch, capsys):
    bad = tmp_path / "pins.json"
    bad.write_text(json.dumps(_apply(_set(["display", "sck"], 10))))
    monkeypatch.setattr(wiring, "PINS", str(bad))
    monkeypatch.setattr(wiring, "SVG", str(tmp_path / "wiring.svg"))
    assert wiring.main(["wiring.py"]) == 1
    assert "GP10 cannot carry SPI0 SCK" in capsys.readouterr().err
    assert not (tmp_path / "wiring.svg").exists()


def test_bom_buys_what_the_default_map_wires():
    with open(ROOT / "hw" / "bom.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    ids = [r["id"] for r in rows]
    assert len(ids) == len(set(ids))
    for r in rows:
        assert int(r["qty"]) >= 1 and float(r["unit_usd"]) >= 0 and r["item"], r
        assert r["need"] in ("required", "optional", "alternative"), r
    qty = {r["id"]: int(r["qty"]) for r in rows}
    pm = pinmap.load(str(PINS))
    seats = len(pm.seats)
    external = sum(1 for s in pm.seats if s.button.pull == "external")
    assert qty["btn_arcade"] == seats and qty["cable_seat"] == seats and qty["conn_seat"] == seats
    assert qty["q_led"] == qty["r_led_base"] == qty["r_led_pulldown"] == seats
    assert qty["r_btn_series"] == qty["c_btn_filter"] == seats
    assert qty["r_btn_pullup"] == external
    assert qty["tact_console"] == len(pm.console)
    assert qty["crimp_arcade"] == 4 * seats  # COM and NO of the switch + two LED tabs per button
    assert qty["ptc_led"] == qty["gland_pod"] == qty["enclosure_pod"] == seats
    assert {"pico", "display_st7789", "display_ili9341", "piezo", "lipo", "charger_boost"} <= set(ids)


def test_gx12_face_view_is_drawn_from_the_seat_connector_table():
    """hw/gx12.svg: both faces carry every pin of SEAT_CONNECTOR, the solder side mirrors the mating side,
    and LED+ sits diagonal to the button line."""
    svg = (ROOT / "hw" / "gx12.svg").read_text(encoding="utf-8")
    assert svg == wiring.render_gx12(), "hw/gx12.svg is stale: run python3 hw/wiring.py"
    texts = [t for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")]
    numbers = [(t.text, float(t.get("x")), float(t.get("y"))) for t in texts if t.get("font-size") == "14"]
    assert [n for n, _, _ in numbers] == [row[0] for row in wiring.SEAT_CONNECTOR] * 2
    (mating_x, _, mirrored), (solder_x, _, _) = wiring.GX12_FACES
    assert not mirrored
    mating, solder = numbers[:4], numbers[4:]
    for (pin, mx, my), (_, sx, sy) in zip(mating, solder):
        assert (mx - mating_x, my) == (-(sx - solder_x), sy), pin
    pin = {n: (x, y) for n, x, y in mating}
    assert [a + b for a, b in zip(pin["2"], pin["4"])] == [a + b for a, b in zip(pin["1"], pin["3"])]  # diagonals
    assert pin["2"][0] + pin["4"][0] == 2 * mating_x
    signals = [t.text for t in texts if t.get("font-weight") == "bold"]
    for row in wiring.SEAT_CONNECTOR:
        assert signals.count(row[1]) == 2, row


def test_wiring_draws_the_backlight_pnp_with_the_boms_values_and_says_whether_the_map_fits_it():
    bom = wiring.read_bom()

    def texts(pm):
        return [t.text for t in ET.fromstring(wiring.render(pm, bom)).iter("{http://www.w3.org/2000/svg}text")]

    high = texts(pinmap.load(str(PINS)))
    low_map = pinmap.from_dict(_apply(_set(["display", "bl_active"], "low")))
    low = texts(low_map)
    for drawn in (high, low):
        assert "Backlight over 4 mA: PNP (q_bl)" in drawn
        assert {bom["r_bl_base"]["value"], bom["r_bl_off"]["value"], bom["q_bl"]["value"], "3V3", "display BL"} <= \
            set(drawn)
    assert "not in this map: bl_active high, BL to GP21" in high and "fitted: bl_active low" in low
    bl = wiring.physical_pin(low_map.display.bl)
    assert wiring.pin_labels(low_map, bom)[bl][1] == "1 kΩ to a BC327's base, which switches 3V3 to BL"
    assert "module's own backlight transistor" in wiring.pin_labels(pinmap.load(str(PINS)), bom)[bl][1]
