"""One palette and one layout: every colour is drawing/colours.py's, the screen's size
painters/layout.py's, the table's regions painters/pile.py's and a card's size
painters/card_faces.py's, and none is defined twice; the table's regions fill the screen
exactly, and a card fits the pile. Read from the firmware's source: a colour or size
a module defines for itself is what a new screen would copy next."""
import ast
import re
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"
PALETTE = FIRMWARE / "drawing" / "colours.py"
LAYOUT = FIRMWARE / "painters" / "layout.py"
TABLE = FIRMWARE / "painters" / "pile.py"  # (the pile's paint folds them: a const is its module's)
# the table's regions the others read (the renderer, the seat strips, War's and Money's panels)
TABLE_REGIONS = ("STRIP", "SIDE", "MID_X", "MID_W", "PILE_Y", "PILE_H")
CARD = FIRMWARE / "painters" / "card_faces.py"
CARD_SIZE = ("CARD_W", "CARD_H", "CARD_R")  # a card's, which the pile and War's panels draw
_COLOUR = re.compile(r"\b0x[0-9A-Fa-f]{4}\b")  # an RGB565 literal
DRAWN_BY = ("painters", "drawing", "app")  # the packages that draw (the others hold registers' values)


def _consts(path):
    """{name: value} of the module-level ``NAME = const(...)`` in ``path``, worked out in
    order as the compiler folds them (another module's names, imported, count too)."""
    values = {}
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.ImportFrom) and node.module == "painters.layout":
            values.update({a.asname or a.name: _consts(LAYOUT)[a.name] for a in node.names})
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and isinstance(node.value, ast.Call) and getattr(node.value.func, "id", "") == "const":
            try:
                values[node.targets[0].id] = eval(compile(ast.Expression(node.value.args[0]), str(path), "eval"),
                                                  {}, dict(values))
            except NameError:
                pass
    return values


def _defined(path):
    """Every name ``path`` assigns at module level."""
    names = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def _colour_literals(path, text=None):
    """Each RGB565-looking literal in ``path``'s code (comments aside), as "file:line: literal"."""
    rel = str(path.relative_to(FIRMWARE))
    found = []
    for n, line in enumerate((text if text is not None else path.read_text()).split("\n"), 1):
        code = line.split("#")[0]
        found += ["%s:%d: %s" % (rel, n, lit) for lit in _COLOUR.findall(code)]
    return found


def _modules(packages=None):
    """The firmware's modules in its packages (or in ``packages``). The power-up files in
    firmware/ itself are left out: rescue.py draws with MicroPython's built-ins alone, since
    the packages may be what is missing."""
    return sorted(p for p in FIRMWARE.rglob("*.py") if p.parent != FIRMWARE
                  and (packages is None or p.relative_to(FIRMWARE).parts[0] in packages))


def test_every_colour_is_the_palettes():
    assert _colour_literals(FIRMWARE / "painters" / "x.py", "_FELT = const(0x1205)  # rgb(20, 64, 46)") == \
        ["painters/x.py:1: 0x1205"]  # a colour of a screen's own would be found
    found = [lit for p in _modules(DRAWN_BY) if p != PALETTE for lit in _colour_literals(p)]
    assert found == []


def test_no_colour_is_in_the_palette_twice():
    palette = {name: value for name, value in _consts(PALETTE).items() if not name.startswith("_")}
    assert palette["GOLD"] == 0xF542 and palette["FELT"] == 0x1205  # the real palette
    by_value = {}
    for name, value in palette.items():
        by_value.setdefault(value, []).append(name)
    assert [names for names in by_value.values() if len(names) > 1] == []


def test_the_screen_size_and_the_tables_regions_are_defined_once():
    shared = set(_consts(LAYOUT)) | set(TABLE_REGIONS) | set(CARD_SIZE)
    assert {"W", "H"} <= shared and TABLE_REGIONS[0] in _defined(TABLE) and CARD_SIZE[0] in _defined(CARD)
    again = ["%s: %s" % (p.relative_to(FIRMWARE), name) for p in _modules() if p not in (LAYOUT, TABLE, CARD)
             for name in sorted(_defined(p)) if name.lstrip("_") in shared]
    assert again == []


def test_the_tables_regions_fill_the_screen():
    """The table's regions are numbers of pile.py's own (a const cannot read another module's):
    the strips, the middle column and its rows add up to the screen's size."""
    screen = _consts(LAYOUT)
    r = _consts(TABLE)
    assert 2 * r["SIDE"] + r["MID_W"] == screen["W"]
    assert r["MID_X"] == r["SIDE"] and r["PILE_Y"] == r["STRIP"]
    assert r["PILE_Y"] + r["PILE_H"] + r["_INFO_H"] + r["STRIP"] == screen["H"]
    card = _consts(CARD)
    assert card["CARD_H"] <= r["PILE_H"] and card["CARD_W"] <= r["MID_W"]
