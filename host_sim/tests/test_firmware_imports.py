"""The firmware's modules import each other without cycles and never up a layer, counting the
imports made inside functions (a module loaded when needed still depends on what it imports).

firmware/'s folders are its layers, bottom up (``LAYERS``): panel and bus drivers, the drawing
engine, the inputs and outputs, storage, the screens, the hardware's assembly, and at the top,
in firmware/ itself, the app and power-up. On the board they are one flat namespace."""
import ast
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"
LAYERS = ("drivers", "drawing", "io", "storage", "screens", "hardware", "")


def _modules():
    """{module: its layer's rank}, from the tree."""
    return {p.stem: LAYERS.index(str(p.parent.relative_to(FIRMWARE)).replace(".", ""))
            for p in FIRMWARE.rglob("*.py")}


def _imports():
    """{module: the firmware modules it imports}, from the source."""
    mods = _modules()
    graph = {}
    for path in FIRMWARE.rglob("*.py"):
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module)
        graph[path.stem] = sorted(m for m in found if m in mods and m != path.stem)
    return graph


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


def test_every_firmware_folder_is_a_layer_and_names_are_unique():
    folders = {str(p.relative_to(FIRMWARE)) for p in FIRMWARE.iterdir() if p.is_dir() and p.name[0] not in "._"}
    assert folders == set(LAYERS) - {""}
    paths = list(FIRMWARE.rglob("*.py"))
    assert len({p.stem for p in paths}) == len(paths)  # one namespace on the board


def test_the_firmware_has_no_import_cycles():
    graph = _imports()
    assert "app" in graph and "board" in graph["main"]  # the graph is the real one
    assert _cycle(graph) is None, " -> ".join(_cycle(graph))


def test_no_firmware_module_imports_up_a_layer():
    graph = _imports()
    assert "renderer" in graph["board_setup"] and "gfx" in graph["renderer"]  # the real graph
    assert _upward(graph, _modules()) == []


def test_a_cycle_or_an_upward_import_would_be_found():
    assert _cycle({"a": ["b"], "b": ["c"], "c": ["a"]}) == ["a", "b", "c", "a"]
    assert _upward({"panel": ["renderer"], "renderer": []}, {"panel": 0, "renderer": 4}) == ["panel -> renderer"]
