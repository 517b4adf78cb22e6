"""The presenters and the screens they drive talk to other objects through their methods: none
sets another object's attributes outside a constructor, and no class is over 300 lines.
Read from the source as written (as test_firmware_imports.py reads the imports).

What is still set from outside is listed here with the object that has no method for it yet,
so that the list can only shrink: the session's state, which a presenter reports
(``Presenter.changed``, ``card_turned``, ``ended``), and the pile's parts
that the renderer hands it (``Renderer.update``, ``leave_table``)."""
import ast
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"
MODULES = ("app/presenter.py", "app/slap_presenter.py", "app/duel_presenter.py", "screens/view.py",
           "screens/renderer.py", "screens/duel_screen.py", "screens/choice_words.py",
           "screens/rules_screen.py", "screens/hw_test.py")
STILL_SET = {
    "app/presenter.py": {"self.s.dirty", "s.card_shown", "s.shown_at", "self.s.end"},  # the Session's
    "screens/renderer.py": {"self.pile.box", "pile.overlay", "pile.view", "pile.verdict", "pile.box"},  # the Pile's
}


def _foreign_writes(tree):
    """The attributes of objects other than ``self`` assigned outside ``__init__``, as written
    (an item of another's list or bytearray, ``view.count[p]``, is the data it holds)."""
    found = set()

    def visit(node, function):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, child.name)
                continue
            if isinstance(child, (ast.Assign, ast.AugAssign)) and function != "__init__":
                targets = child.targets if isinstance(child, ast.Assign) else [child.target]
                for target in targets:
                    for t in target.elts if isinstance(target, ast.Tuple) else [target]:
                        if isinstance(t, ast.Attribute) and not (isinstance(t.value, ast.Name)
                                                                 and t.value.id == "self"):
                            found.add(ast.unparse(t))
            visit(child, function)

    visit(tree, None)
    return found


def test_presenters_and_panels_set_no_other_objects_attributes():
    for module in MODULES:
        writes = _foreign_writes(ast.parse((FIRMWARE / module).read_text()))
        assert writes <= STILL_SET.get(module, set()), "%s sets %s" % (module, sorted(writes))


def test_no_presenter_or_screen_class_is_over_300_lines():
    for module in MODULES:
        for node in ast.walk(ast.parse((FIRMWARE / module).read_text())):
            if isinstance(node, ast.ClassDef):
                assert node.end_lineno - node.lineno < 300, "%s: %s" % (module, node.name)


def test_the_foreign_writes_are_found():
    tree = ast.parse("class A:\n    def __init__(self, b):\n        b.x = 1\n        self.y = 2\n"
                     "    def f(self, b):\n        b.z = 3\n        self.v.w += 1\n        self.y = 4\n"
                     "        b.u, self.t = 5, 6\n        b.items[0] = 7\n")
    assert _foreign_writes(tree) == {"b.z", "self.v.w", "b.u"}
