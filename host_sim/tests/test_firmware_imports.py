"""The firmware's modules import each other without cycles, counting the imports made
inside functions (a module loaded when needed still depends on what it imports)."""
import ast
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"


def _imports():
    """{module: the firmware modules it imports}, from the source."""
    mods = {p.stem: p for p in FIRMWARE.glob("*.py")}
    graph = {}
    for name, path in mods.items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module)
        graph[name] = sorted(m for m in found if m in mods and m != name)
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


def test_the_firmware_has_no_import_cycles():
    graph = _imports()
    assert "app" in graph and "board" in graph["main"]  # the graph is the real one
    assert _cycle(graph) is None, " -> ".join(_cycle(graph))


def test_a_cycle_would_be_found():
    assert _cycle({"a": ["b"], "b": ["c"], "c": ["a"]}) == ["a", "b", "c", "a"]
