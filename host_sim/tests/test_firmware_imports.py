"""The firmware's modules import each other as packages, without cycles and never up a layer,
counting the imports made inside functions (a module loaded when needed still depends on what
it imports). Read from the imports as written: what they name is what the board loads.

firmware/'s packages are its layers, bottom up (``LAYERS``): panel and bus drivers, the
drawing engine, the buttons, LEDs and sound, storage, the screens, the hardware's assembly,
the app, and at the top, in firmware/ itself, the power-up files."""
import ast
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"
LAYERS = ("drivers", "drawing", "hid", "storage", "painters", "hardware", "app", "")
# what else the firmware may import: the engine, MicroPython's modules, the image's C modules
OUTSIDE = {"slapstack", "array", "binascii", "errno", "framebuf", "gc", "gfx_native", "hashlib", "io", "json",
           "machine", "micropython", "os", "rp2", "seat_stamps", "spi_regs", "struct", "sys", "time", "traceback", "vfs"}
ROOT_FILES = {"boot", "main", "installed", "rescue"}  # source on the board's filesystem


def _name(path):
    """A file's module name on the board: drivers/panel.py is drivers.panel, a package's
    __init__.py the package."""
    parts = list(path.relative_to(FIRMWARE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules():
    """{module: its layer's rank}, from the tree."""
    return {_name(p): LAYERS.index(p.relative_to(FIRMWARE).parts[0] if len(p.parts) > len(FIRMWARE.parts) + 1
                                   else "") for p in FIRMWARE.rglob("*.py")}


def _imported(node, mods):
    """The modules an import statement names: ``from painters import menu`` names painters.menu,
    ``from painters.menu import KEYS`` painters.menu, ``import sys`` sys."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    assert not node.level, "relative import: %s" % ast.dump(node)
    subs = [node.module + "." + a.name for a in node.names if node.module + "." + a.name in mods]
    return subs or [node.module]


def _imports():
    """{module: every module it imports, firmware or not}, from the source."""
    mods = _modules()
    graph = {}
    for path in FIRMWARE.rglob("*.py"):
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                found.update(_imported(node, mods))
        graph[_name(path)] = sorted(found - {_name(path)})
    return graph


def _firmware_graph():
    mods = _modules()
    return {m: [n for n in found if n in mods] for m, found in _imports().items()}


def _cycle(graph):
    """One import cycle as a list of modules, or None."""
    state = {}

    def visit(m, path):
        state[m] = 1
        for n in graph[m]:
            if state.get(n) == 1:
                return path[path.index(n):] + [n]
            if n not in state:
                found = visit(n, path + [n])
                if found:
                    return found
        state[m] = 2
        return None

    for m in graph:
        if m not in state:
            found = visit(m, [m])
            if found:
                return found
    return None


def _upward(graph, rank):
    """Every import of a module in a higher layer, as "importer -> imported"."""
    return ["%s -> %s" % (m, n) for m in sorted(graph) for n in graph[m] if rank[n] > rank[m]]


def test_every_firmware_folder_is_a_package_and_a_layer_and_the_root_holds_the_power_up_only():
    folders = {p.name for p in FIRMWARE.iterdir() if p.is_dir() and p.name[0] not in "._"}
    assert folders == set(LAYERS) - {""}
    assert all((FIRMWARE / f / "__init__.py").exists() for f in folders)
    assert {p.stem for p in FIRMWARE.glob("*.py")} == ROOT_FILES


def test_every_import_names_a_firmware_module_by_its_package_or_something_outside_the_firmware():
    mods = _modules()
    wrong = ["%s imports %s" % (m, n) for m, found in sorted(_imports().items()) for n in found
             if n not in mods and n.split(".")[0] not in OUTSIDE]
    assert "hardware.board" in _imports()["main"]  # the graph is the real one
    assert wrong == []


def test_the_firmware_has_no_import_cycles():
    graph = _firmware_graph()
    assert "app.loop" in graph["main"] and "painters.renderer" in graph["hardware.board_setup"]  # the real graph
    assert _cycle(graph) is None, " -> ".join(_cycle(graph))


def test_no_firmware_module_imports_up_a_layer():
    graph = _firmware_graph()
    assert "drawing.gfx" in graph["painters.renderer"]  # the real graph
    assert _upward(graph, _modules()) == []


def test_a_flat_import_a_cycle_or_an_upward_import_would_be_found():
    mods = {"painters.menu": 4}
    assert _imported(ast.parse("from painters import menu").body[0], mods) == ["painters.menu"]
    assert _imported(ast.parse("import menu").body[0], mods) == ["menu"]  # not a module of the tree
    assert _cycle({"a": ["b"], "b": ["c"], "c": ["a"]}) == ["a", "b", "c", "a"]
    assert _upward({"drivers.panel": ["painters.renderer"], "painters.renderer": []},
                   {"drivers.panel": 0, "painters.renderer": 4}) == ["drivers.panel -> painters.renderer"]


# MicroPython's built-in modules that a file on sys.path may extend (MP_REGISTER_EXTENSIBLE_MODULE
# in MicroPython 1.28's and 1.29's sources): importing one not in sys.modules searches the flash
EXTENSIBLE = {"array", "binascii", "bluetooth", "collections", "cryptolib", "errno", "hashlib", "heapq", "io",
              "json", "machine", "os", "platform", "random", "re", "select", "socket", "string", "struct",
              "time", "websocket"}
ENGINE = FIRMWARE.parent / "src" / "slapstack"


def _registered_at_boot():
    """The modules boot.py puts in sys.modules (its ``for _name in (...)`` loop)."""
    for node in ast.walk(ast.parse((FIRMWARE / "boot.py").read_text())):
        if isinstance(node, ast.For) and isinstance(node.iter, ast.Tuple):
            return {e.value for e in node.iter.elts}
    return set()


def test_every_extensible_built_in_the_code_imports_is_in_sys_modules_from_boot():
    """Else each of its import statements searches every sys.path entry on the flash first
    (2.4 ms on the chip, a screen's opening pays it for each)."""
    used = set()
    for path in list(FIRMWARE.rglob("*.py")) + list(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                used.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level:
                used.add(node.module)
    assert {"time", "json", "machine"} <= used & EXTENSIBLE  # the real imports
    assert sorted(used & EXTENSIBLE) == sorted(_registered_at_boot())


def _private_reaches(source):
    """Every use of another object's or module's private name in ``source``: ``x._name``
    where ``x`` is not ``self`` or ``cls``, and ``from m import _name``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__") \
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
            found.append("%d: %s" % (node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.ImportFrom):
            found += ["%d: from %s import %s" % (node.lineno, node.module, a.name) for a in node.names
                      if a.name.startswith("_") and not a.name.startswith("__")]
    return found


def test_no_module_of_the_firmware_or_the_engine_uses_another_ones_private_names():
    """A module talks to another through its public names, so either can change inside."""
    assert sorted(_private_reaches("a._notice(1)\nself._x\nfrom m import _y, z\nt.__class__")) == \
        ["1: a._notice", "3: from m import _y"]
    found = ["%s:%s" % (path.relative_to(FIRMWARE.parent), use)
             for path in sorted(list(FIRMWARE.rglob("*.py")) + list(ENGINE.rglob("*.py")))
             for use in _private_reaches(path.read_text())]
    assert found == []


def test_no_test_uses_a_private_name_of_what_it_checks():
    """Tests look through the names a module offers (the pile's card_box, text.cached,
    Gfx.buffers...), so a module can change inside while its tests still say what a player
    or a maker would notice."""
    folders = (FIRMWARE.parent / "host_sim" / "tests", FIRMWARE.parent / "tests")
    found = ["%s:%s" % (path.relative_to(FIRMWARE.parent), use)
             for path in sorted(p for folder in folders for p in folder.rglob("*.py"))
             for use in _private_reaches(path.read_text())]
    assert found == []
