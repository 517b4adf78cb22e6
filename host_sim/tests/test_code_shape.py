"""The code's shape, read from the source as the next engineer meets it (as
test_firmware_imports.py reads the imports): no module over 500 lines and no class over 300,
in the engine and the firmware and in the simulator and the tests too (host_sim/, tests/);
and in the engine and the firmware, outside a constructor no code sets another object's
attributes (``self.game.x = 1``, ``session.paused_at = t``): an object changes its own state
when asked through one of its methods, so each change has one place. An item of another's list
or bytearray (``view.count[p] = n``) is the data it holds, not its state, and is not counted."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CODE = ("src/slapstack", "firmware")
SHAPED = CODE + ("host_sim", "tests")  # read for their length only
MOST_LINES = 500
MOST_CLASS_LINES = 300


def _sources(folders=CODE):
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            yield path.relative_to(ROOT).as_posix(), path.read_text()


def too_long(name, text):
    """The module, if over MOST_LINES, and each class in it over MOST_CLASS_LINES, as written."""
    long = ["%s: %d lines" % (name, text.count("\n"))] if text.count("\n") > MOST_LINES else []
    return long + ["%s: class %s, %d lines" % (name, n.name, n.end_lineno - n.lineno + 1)
                   for n in ast.walk(ast.parse(text)) if isinstance(n, ast.ClassDef)
                   and n.end_lineno - n.lineno + 1 > MOST_CLASS_LINES]


def foreign_writes(tree):
    """The attributes of objects other than ``self`` assigned outside ``__init__``, as written."""
    found = []

    def visit(node, function):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, child.name)
                continue
            if isinstance(child, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and function != "__init__":
                targets = child.targets if isinstance(child, ast.Assign) else [child.target]
                for target in targets:
                    for t in target.elts if isinstance(target, ast.Tuple) else [target]:
                        if isinstance(t, ast.Attribute) and not (isinstance(t.value, ast.Name)
                                                                 and t.value.id in ("self", "cls")):
                            found.append("%d: %s" % (t.lineno, ast.unparse(t)))
            visit(child, function)

    visit(tree, None)
    return found


def test_no_module_of_the_engine_firmware_simulator_or_tests_is_over_500_lines_or_has_a_class_over_300():
    names = [name for name, _ in _sources(SHAPED)]
    assert "host_sim/fakes/board.py" in names and "tests/run.py" in names and "host_sim/tests/conftest.py" in names
    long = [found for name, text in _sources(SHAPED) for found in too_long(name, text)]
    assert not long, "\n".join(long)


def test_a_long_module_or_class_would_be_found():
    assert too_long("m.py", "x = 1\n" * 500) == []
    assert too_long("m.py", "x = 1\n" * 501) == ["m.py: 501 lines"]
    assert too_long("m.py", "class A:\n" + "    x = 1\n" * 300) == ["m.py: class A, 301 lines"]


def test_outside_a_constructor_no_code_sets_another_objects_attributes():
    writes = ["%s:%s" % (name, w) for name, text in _sources() for w in foreign_writes(ast.parse(text))]
    assert not writes, "\n".join(writes)


def test_a_write_into_another_object_would_be_found():
    tree = ast.parse("class A:\n    def __init__(self, b):\n        b.x = 1\n        self.y = 2\n"
                     "    def f(self, b):\n        b.z = 3\n        self.v.w += 1\n        self.y = 4\n"
                     "        b.u, self.t = 5, 6\n        b.items[0] = 7\n")
    assert [w.split(": ")[1] for w in foreign_writes(tree)] == ["b.z", "self.v.w", "b.u"]
