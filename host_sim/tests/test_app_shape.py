"""The App's modules change another object only through its methods: no assignment to another
object's attribute outside a constructor (``a.session = ...``, ``view.verdict = None``), so a
reader finds what may change an object in the object's own class. The presenters are another
matter (issue 65): they are left out here until they follow."""
import ast
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"


def _foreign_writes(source):
    """[line numbers] of assignments to an attribute of anything but ``self`` outside ``__init__``."""
    found = []

    def visit(node, function):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            function = node.name
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AugAssign) else []
        for target in targets:
            for t in ast.walk(target) if isinstance(target, ast.Tuple) else [target]:
                if isinstance(t, ast.Attribute) and function != "__init__" and \
                        not (isinstance(t.value, ast.Name) and t.value.id == "self"):
                    found.append(t.lineno)
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(ast.parse(source), None)
    return found


def test_the_apps_modules_set_no_other_objects_attributes():
    files = [p for p in sorted((FIRMWARE / "app").glob("*.py")) if "presenter" not in p.name]
    files += [FIRMWARE / "screens" / name for name in ("menu_list.py", "menu_painter.py", "view.py")]
    assert len(files) > 12
    writes = {p.name: _foreign_writes(p.read_text()) for p in files}
    assert {name: lines for name, lines in writes.items() if lines} == {}


def test_a_write_into_another_object_would_be_found():
    assert _foreign_writes("def f(a):\n    a.session = None\n    a.x, b = 1, 2\n    a.n += 1\n") == [2, 3, 4]
    assert _foreign_writes("class C:\n    def __init__(self, a):\n        a.x = 1\n    def f(self):\n"
                           "        self.y = 2\n        self.v[0] = 3\n") == []
