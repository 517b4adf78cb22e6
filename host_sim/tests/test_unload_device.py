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
                            else getattr(arg, "id", ast.dump(arg)))
                    calls.append((f, what))
    return calls


def test_every_module_the_firmware_lets_go_is_measured(bench_on_board):
    _, bench, _, _ = bench_on_board("unload_device")
    measured = {name for _, modules in bench.GROUPS for name in modules}
    calls = _unload_calls_in_firmware()
    assert len(calls) >= 3      # the menus', the game's, the power-up's
    for f, what in calls:
        if isinstance(what, tuple):
            assert set(what) <= measured, (f, what)
        else:
            assert what in ("MENU_ONLY", "GAME_ONLY", "TEST_ONLY", "AHEAD"), (f, what)   # app.unload's measured lists


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
    for group, modules in bench.GROUPS:
        held, left, brought = rows[group]
        assert held >= 1024 * len(modules), group     # every module of the group was imported
        assert left == 0, group                       # and every one it brought in let go again
        for name in modules:
            assert name not in sys.modules
