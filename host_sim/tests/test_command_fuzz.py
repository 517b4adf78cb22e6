"""Fuzzing the laptop command (issue 63): bad replay files and bad arguments are each one
line on stderr with exit status 2 (or, where the fuzz happens to make something valid, a
normal run), never a traceback or a hang, and no input file is changed. In-process through
cli.main; the simulated device is never started (shots' Device is replaced by a stand-in
that stops the run where the device would boot, which is what a valid set of arguments
reaches). A few cases also run the installed command as a subprocess.

Examples: 150 a test in the default profile (make test), 3,000 in ``deep`` (make test-deep)."""
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host_sim import cli, shots

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEMO = os.path.join(ROOT, "host_sim", "screens", "demo_replay.json")
DEMO_BYTES = open(DEMO, "rb").read()
DEMO_SPEC = json.loads(DEMO_BYTES)
SLAPSTACK = os.path.join(os.path.dirname(sys.executable), "slapstack")

DEEP = settings.default.max_examples >= 10000
FUZZ = settings(max_examples=3000 if DEEP else 150,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])


class Booted(BaseException):
    """The device would have started: every argument and the replay were taken."""


class NoDevice:
    def __init__(self, *a, **kw):
        raise Booted()


@pytest.fixture
def no_device(monkeypatch):
    monkeypatch.setattr(shots, "Device", NoDevice)


def run(capsys, argv):
    """(exit status or "booted", stdout, stderr) of ``slapstack argv`` in this process."""
    try:
        rc = cli.main([str(a) for a in argv])
    except SystemExit as e:
        rc = e.code
    except Booted:
        rc = "booted"
    out, err = capsys.readouterr()
    return rc, out, err


def check_outcome(rc, err):
    assert rc in (0, 2, "booted"), (rc, err)
    if rc == 2:
        assert len(err.splitlines()) == 1 and err.endswith("\n"), err
        assert "Traceback" not in err


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


# --- bad files ------------------------------------------------------------------------------

NUMBERS = st.sampled_from([0, -1, 1.5, 10 ** 400, -(10 ** 30), 4294967296, float("inf"), float("nan"),
                           1e308, True, None, "1", [], {}])
JSON_VALUES = st.recursive(st.none() | st.booleans() | NUMBERS | st.text(max_size=8),
                           lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=6), kids, max_size=4),
                           max_leaves=12)
FIELDS = ["game", "rules", "players", "seats", "people", "deal", "tempo_ms", "inputs", "comment"]


@st.composite
def bad_replays(draw):
    """Bytes of a file given as a replay."""
    kind = draw(st.sampled_from(["bytes", "utf8", "nested", "field", "input", "truncated", "numbers"]))
    if kind == "bytes":
        return draw(st.binary(max_size=300))
    if kind == "utf8":   # valid JSON text broken by bytes that are not UTF-8
        cut = draw(st.integers(0, len(DEMO_BYTES)))
        return DEMO_BYTES[:cut] + draw(st.sampled_from([b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\xe2\x28\xa1"])) + DEMO_BYTES[cut:]
    if kind == "nested":
        depth = draw(st.integers(900, 60000))
        open_, close = draw(st.sampled_from([("[", "]"), ('{"a":', "}")]))
        inner = (open_ * depth + "1" + close * depth)
        return ('{"game": "ratscrew", "players": 2, "deal": {"seed": 1}, "comment": %s}' % inner).encode()
    spec = json.loads(DEMO_BYTES)
    if kind == "field":
        spec[draw(st.sampled_from(FIELDS))] = draw(JSON_VALUES)
    elif kind == "input":
        i = draw(st.integers(0, len(spec["inputs"]) - 1))
        spec["inputs"][i][draw(st.sampled_from(["t", "p", "a", "shown", "i", "x"]))] = draw(JSON_VALUES)
    elif kind == "numbers":
        text = json.dumps(spec)
        return text.replace('"players": 4', '"players": %s' % draw(
            st.sampled_from(["1e400", "-0", "4.0", "NaN", "Infinity", "9" * 5000, "1E2", "0x4"]))).encode()
    else:
        return DEMO_BYTES[:draw(st.integers(0, len(DEMO_BYTES) - 2))]
    return json.dumps(spec).encode()


@FUZZ
@given(data=bad_replays(), command=st.sampled_from(["replay", "shots"]))
def test_a_bad_replay_file_is_one_line_and_changes_nothing(capsys, no_device, data, command):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "menu.png")     # the name of a picture shots would write there
        with open(path, "wb") as f:
            f.write(data)
        argv = [command, path] + (["--at", "menu", "winner", "--out", d] if command == "shots" else [])
        rc, out, err = run(capsys, argv)
        check_outcome(rc, err)
        with open(path, "rb") as f:
            assert f.read() == data
        if command == "shots":
            assert os.listdir(d) == ["menu.png"]


# --- bad arguments --------------------------------------------------------------------------

TEXTS = st.one_of(
    st.sampled_from(["", "-1", "0", "1e400", "inf", "-inf", "nan", "NaN", "1.5", "1_0", " 7", "0x10", "9" * 30,
                     "9" * 5000, "-0", "+3", "٣", "𝟘", "1e-400", "\x00", "--", "-h"]),
    st.text(max_size=12),
    st.integers(-10 ** 25, 10 ** 25).map(str),
)
MOMENT = st.one_of(
    st.sampled_from(["menu", "rules", "howto", "winner", "summary", "card", "card:", ":", "t:", "t", "menu:1",
                     "summary:2", "winner:1", "t:1e400", "t:-0", "t:nan", "card:1e400", "card:-1", "war:1",
                     "choice:1", "card:999999999", "card:1000000000", "t:86400000", "t:86400000.5"]),
    st.builds(lambda k, n: "%s:%s" % (k, n), st.sampled_from(sorted(shots.KINDS) + ["t", "x"]), TEXTS),
)


@FUZZ
@given(at=st.lists(MOMENT, min_size=1, max_size=5) | st.lists(st.sampled_from(["card:1", "card:2"]), min_size=101, max_size=130),
       scale=TEXTS | st.sampled_from(["1", "16", "17", "300", "1000000000000000000000"]),
       out=st.sampled_from(["demo", "under-demo", "dir", "new/deeper", "/sys", "/dev/null", "/proc/self/x"]))
def test_bad_shots_arguments_are_one_line_and_change_nothing(capsys, no_device, at, scale, out):
    with tempfile.TemporaryDirectory() as d:
        replay = os.path.join(d, "demo.json")
        shutil.copyfile(DEMO, replay)
        before = digest(replay)
        folder = {"demo": replay, "under-demo": os.path.join(replay, "x"), "dir": d,
                  "new/deeper": os.path.join(d, "new", "deeper")}.get(out, out)
        rc, _, err = run(capsys, ["shots", replay, "--at"] + at + ["--out", folder, "--scale", scale])
        check_outcome(rc, err)
        assert rc != 0
        assert digest(replay) == before


@FUZZ
@given(seed=TEXTS | st.sampled_from(["4294967295", "4294967296"]), games=TEXTS | st.sampled_from(["100001"]),
       rules=st.one_of(TEXTS, JSON_VALUES.map(json.dumps), st.integers(900, 50000).map(lambda n: "[" * n + "]" * n),
                       st.sampled_from(['{"burn_count": 1e400}', '{"burn_count": NaN}', '{"decks": 99}',
                                        '{"x": 1}', "{", '{"burn_count": 1, "burn_count": 2}'])))
def test_bad_tournament_arguments_are_one_line(capsys, seed, games, rules):
    try:
        n = int(games)
    except ValueError:
        n = 0
    if 1 <= n <= 100000:   # a valid count plays that many games: one is enough
        games = "1"
    rc, out, err = run(capsys, ["tournament", "--game", "war", "--seed", seed, "--games", games, "--rules", rules])
    check_outcome(rc, err)


@FUZZ
@given(seed=TEXTS, players=TEXTS, tempo=TEXTS, level=st.sampled_from(["normal", "", "godlike"]))
def test_bad_bots_arguments_are_one_line(capsys, seed, players, tempo, level):
    rc, out, err = run(capsys, ["bots", "--game", "war", "--seed", seed, "--players", players,
                                "--tempo-ms", tempo, "--level", level])
    check_outcome(rc, err)


@FUZZ
@given(scale=TEXTS, flash=st.sampled_from(["demo", "under-demo", "/sys", "/dev/null"]))
def test_bad_sim_arguments_are_one_line_before_any_window(capsys, monkeypatch, scale, flash):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.setenv("SDL_VIDEODRIVER", "no-such-driver")   # should it get as far as a window
    with tempfile.TemporaryDirectory() as d:
        replay = os.path.join(d, "demo.json")
        shutil.copyfile(DEMO, replay)
        path = {"demo": replay, "under-demo": os.path.join(replay, "flash")}.get(flash, flash)
        rc, out, err = run(capsys, ["sim", "--flash", path, "--scale", scale, "--mute"])
        check_outcome(rc, err)
        assert rc == 2 and err.startswith(("error: --flash", "slapstack sim: error:")), err
        assert open(replay, "rb").read() == DEMO_BYTES


# --- a few as the user runs them ------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["replay", "/dev/zero"],
    ["replay", "{dir}"],
    ["shots", "{replay}", "--at", "card:1e400", "--out", "{dir}"],
    ["shots", "{replay}", "--at", "menu", "--out", "{dir}", "--scale", "1000000000000000000000"],
    ["shots", "{dir}/menu.png", "--at", "menu", "--out", "{dir}"],
    ["tournament", "--seed", "-1"],
    ["sim", "--scale", "100000"],
    ["sim", "--flash", "{replay}"],
], ids=lambda a: " ".join(a))
def test_the_installed_command_refuses_in_one_line(tmp_path, args):
    replay = tmp_path / "menu.png"
    shutil.copyfile(DEMO, replay)
    argv = [a.format(dir=tmp_path, replay=replay) for a in args]
    r = subprocess.run([SLAPSTACK] + argv, capture_output=True, text=True, cwd=tmp_path, timeout=120,
                       env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert r.returncode == 2 and r.stdout == "", r.stderr
    assert len(r.stderr.splitlines()) == 1 and "Traceback" not in r.stderr, r.stderr
    assert replay.read_bytes() == DEMO_BYTES
