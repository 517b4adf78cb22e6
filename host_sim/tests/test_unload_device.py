"""The unloading benchmark (tests/unload_device.py) on the simulated board: it measures every
group of modules the firmware lets go, and lets each go again, so that its figures on the
Pico say what unloading gives back."""
import ast
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _unload_calls_in_firmware():
    """[(file, what the call lets go: a tuple's names, or the name of a list)] for every call
    of ``unload`` in the firmware."""
    calls = []
    for folder, _, files in os.walk(os.path.join(ROOT, "firmware")):
        for f in files:
            if not f.endswith(".py"):
                continue
            tree = ast.parse(open(os.path.join(folder, f)).read())
            for node in ast.walk(tree):
                func = getattr(node, "func", None)
                if isinstance(node, ast.Call) and "unload" in (getattr(func, "id", ""), getattr(func, "attr", "")):
                    arg = node.args[0]
                    what = (tuple(e.value for e in arg.elts) if isinstance(arg, ast.Tuple)
                            else getattr(getattr(arg, "func", arg), "id", ast.dump(arg)))
                    calls.append((f, what))
    return calls


def test_every_module_the_firmware_lets_go_is_measured(bench_on_board):
    _, bench, _, _ = bench_on_board("unload_device")
    groups = dict(bench.groups())
    measured = {name for modules in groups.values() for name in modules}
    calls = _unload_calls_in_firmware()
    assert len(calls) >= 4      # the menus', the game's, the test's, the power-up's
    for f, what in calls:
        if isinstance(what, tuple):
            assert set(what) <= measured, (f, what)
        else:   # a group the modules name (UNLOAD_WITH), or what the main menu loads ahead
            assert what in ("imported_with", "ahead"), (f, what)
    # each group as its modules say: a menu screen with the menus, a presenter with the game
    assert {"app.menu_screens", "storage.settings", "painters.rules_menu"} <= set(groups["menus"])
    assert {"app.session", "app.slap_presenter", "painters.summary_table"} <= set(groups["game"])
    assert groups["hw_test"] == ("painters.hw_test",)
    assert not set(groups["menus"]) & set(groups["game"])
    assert set(groups["menus_ahead"]) <= set(groups["menus"])   # (let go at a deal too)


def test_only_the_named_groups_are_written(bench_on_board):
    """A module that names a group nobody lets go would never leave the heap."""
    _, bench, _, _ = bench_on_board("unload_device")
    assert set(bench.firmware_groups()) == {"menus", "game", "test", "ahead"}


def test_each_group_is_imported_counted_and_let_go_again(bench_on_board, monkeypatch, capsys):
    import gc
    _, bench, _, _ = bench_on_board("unload_device")
    # the "heap": a kilobyte a module imported, so a group's figure counts what it brought in
    monkeypatch.setattr(gc, "mem_alloc", lambda: 1024 * len(sys.modules), raising=False)
    bench.main()
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("UNLOADS DONE on ")
    rows = {}
    for line in lines[:-1]:
        _, _, group, held, left, brought = line.split(" ")
        rows[group] = (int(held), int(left), brought)
    assert list(rows) == [group for group, _ in bench.GROUPS]
    for group, modules in bench.groups():
        held, left, brought = rows[group]
        assert held >= 1024 * len(modules), group     # every module of the group was imported
        assert left == 0, group                       # and every one it brought in let go again
        for name in modules:
            assert name not in sys.modules
