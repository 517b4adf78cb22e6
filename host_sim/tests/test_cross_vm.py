"""One seed, one game: seeded bot games (slap games, War and Money) give identical event logs on CPython and on the
real MicroPython VM (the official WebAssembly build, run by `node tests/mpy_run.mjs`)."""
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def _run(cmd):
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "src"))
    out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout


def test_seeded_games_log_identically_on_cpython_and_micropython():
    cpython = _run([sys.executable, "tests/log_games.py"])
    micropython = _run(["node", "tests/mpy_run.mjs", "tests/log_games.py"])
    assert cpython.count("#") == 24
    for game in ("war", "money"):            # War and Money bots too
        assert "# %s players=2 seed=2" % game in cpython
    assert "# egyptian_war players=4 seed=2 masher" in cpython and "# money players=2 seed=1 masher" in cpython
    assert "# ruffle players=4 seed=2 match" in cpython
    assert len(cpython.splitlines()) > 2000
    assert micropython == cpython
