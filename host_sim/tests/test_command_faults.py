"""Issue 63: the laptop command never loses a file and never hangs. Each fault the tester
found is a one-line message on stderr (naming what is wrong: the replay, --out, --at,
--seed...) and exit status 2, with no input changed. Run in-process through cli.main for
speed; what would hang (a FIFO, /dev/zero) runs as a subprocess with a timeout."""
import hashlib
import json
import os
import shutil
import subprocess
import sys

import pytest

from host_sim import cli, files, shots

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEMO = os.path.join(ROOT, "host_sim", "screens", "demo_replay.json")
SLAPSTACK = os.path.join(os.path.dirname(sys.executable), "slapstack")


def command(capsys, *argv):
    """(exit status, stdout, stderr) of ``slapstack argv...`` run in this process."""
    try:
        rc = cli.main([str(a) for a in argv])
    except SystemExit as e:  # argparse's refusals
        rc = e.code
    out, err = capsys.readouterr()
    return rc, out, err


def refused(capsys, *argv):
    """The one line ``slapstack argv...`` refuses with (exit status 2, nothing on stdout)."""
    rc, out, err = command(capsys, *argv)
    assert rc == 2, (rc, out, err)
    assert out == "" and err.endswith("\n") and len(err.splitlines()) == 1, err
    assert "Traceback" not in err
    return err.strip()


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


@pytest.fixture
def demo(tmp_path):
    """A copy of the demo replay in a folder of the test's own."""
    path = tmp_path / "demo.json"
    shutil.copyfile(DEMO, path)
    return path


# --- no file lost ---------------------------------------------------------------------------

def test_shots_refuse_to_write_a_picture_over_the_replay(tmp_path, capsys, monkeypatch):
    replay = tmp_path / "menu.png"           # a replay named like the picture it would write
    shutil.copyfile(DEMO, replay)
    before = digest(replay)
    said = refused(capsys, "shots", replay, "--at", "menu", "--out", tmp_path)
    assert said.startswith("error: --out %s: the picture menu.png there would replace the replay file" % tmp_path)
    assert digest(replay) == before
    # the same file reached another way: a relative path, a link
    monkeypatch.chdir(tmp_path)
    refused(capsys, "shots", "menu.png", "--at", "menu", "--out", ".")
    (tmp_path / "out").mkdir()
    os.symlink(replay, tmp_path / "out" / "menu.png")
    refused(capsys, "shots", replay, "--at", "menu", "--out", tmp_path / "out")
    os.link(replay, tmp_path / "card-3.png")
    refused(capsys, "shots", replay, "--at", "card:3", "--out", tmp_path)
    assert digest(replay) == before


def test_a_picture_replaces_a_link_in_the_out_folder_and_never_writes_through_it(tmp_path, demo, capsys):
    other = tmp_path / "notes.txt"
    other.write_text("mine")
    (tmp_path / "out").mkdir()
    os.symlink(other, tmp_path / "out" / "menu.png")
    rc, out, err = command(capsys, "shots", demo, "--at", "menu", "--out", tmp_path / "out")
    assert rc == 0, err
    assert other.read_text() == "mine"
    assert not os.path.islink(tmp_path / "out" / "menu.png")
    assert os.listdir(tmp_path / "out") == ["menu.png"]       # no temporary file left


@pytest.mark.parametrize("where,words", [
    ("file", "not a folder"),
    ("under-file", "cannot make that folder: Not a directory"),
    ("/sys", "cannot write in that folder: Permission denied"),  # no one may write there, root included
])
def test_an_out_folder_that_cannot_be_used_is_named_as_the_problem(tmp_path, demo, capsys, where, words):
    out = {"file": demo, "under-file": os.path.join(demo, "shots")}.get(where, where)
    said = refused(capsys, "shots", demo, "--at", "menu", "--out", out)
    assert said == "error: --out %s: %s" % (out, words)


# --- no hang: what is not a replay file is refused before it is read --------------------------

def run_installed(tmp_path, *argv):
    return subprocess.run([SLAPSTACK] + [str(a) for a in argv], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120)


@pytest.mark.parametrize("command_", ["replay", "shots"])
def test_a_fifo_is_refused_at_once(tmp_path, command_):
    fifo = tmp_path / "replay.json"
    os.mkfifo(fifo)
    extra = ["--at", "menu", "--out", tmp_path / "out"] if command_ == "shots" else []
    r = run_installed(tmp_path, command_, fifo, *extra)   # (it waited for a writer for ever)
    assert r.returncode == 2 and r.stderr == "error: cannot read %s: a pipe (FIFO), not a file\n" % fifo


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_is_refused_at_once(tmp_path, device):
    r = run_installed(tmp_path, "replay", device)     # (it ended in a MemoryError's traceback)
    assert r.returncode == 2 and r.stderr == "error: cannot read %s: a device, not a file\n" % device


def test_a_folder_is_refused(tmp_path, capsys):
    assert refused(capsys, "replay", tmp_path) == "error: cannot read %s: a folder, not a file" % tmp_path


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path, capsys):
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(files.LIMIT + 1)   # sparse: nothing written
    said = refused(capsys, "replay", big)
    assert said == ("error: cannot read %s: %d bytes, over the 64 MB limit for a replay file "
                    "(a long game's is under 1 MB)" % (big, files.LIMIT + 1))


def test_a_long_valid_replay_is_read_whole(tmp_path, capsys):
    # an hour of a four-person game's presses: well under a megabyte, far under the limit
    spec = json.load(open(DEMO))
    t, inputs = 60000, []
    while t < 3600000:
        inputs += [{"t": t, "p": t % 4, "a": "press"}, {"t": t + 80, "p": t % 4, "a": "release"}]
        t += 251
    spec["inputs"] = spec["inputs"] + inputs
    path = tmp_path / "long.json"
    path.write_text(json.dumps(spec, indent=1))
    assert 500000 < os.path.getsize(path) < files.LIMIT
    rc, out, err = command(capsys, "replay", path)
    assert rc == 0, err
    assert json.loads(out.splitlines()[-1])["ev"] == "game_over"


# --- arguments: one line naming the argument -------------------------------------------------

@pytest.mark.parametrize("moment,words", [
    ("card:1e400", "'card:1e400': N must be a whole number from 1 to 999999999"),
    ("card:0", "'card:0': N must be a whole number from 1 to 999999999"),
    ("t:inf", "'t:inf': MS must be a time in ms from 0 to 86400000 (a day)"),
    ("t:nan", "'t:nan': MS must be a time in ms from 0 to 86400000 (a day)"),
    ("inf", "unknown moment 'inf': use menu,"),
])
def test_a_bad_moment_is_named_as_at(demo, tmp_path, capsys, moment, words):
    said = refused(capsys, "shots", demo, "--at", moment, "--out", tmp_path / "out")
    assert said.startswith("error: --at: " + words)
    assert not os.path.exists(tmp_path / "out")


def test_too_many_moments_are_refused_with_the_limit(demo, tmp_path, capsys):
    moments = ["card:%d" % n for n in range(1, 10001)]
    said = refused(capsys, "shots", demo, "--at", *moments, "--out", tmp_path / "out")
    assert said == "error: --at: 10000 moments: at most 100 in one run"


def test_a_moment_the_game_never_comes_to_is_refused_before_the_device_starts(demo, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(shots, "Device", None)    # (it would fail if it got that far)
    assert refused(capsys, "shots", demo, "--at", "card:300", "--out", tmp_path) == \
        "error: %s: card:300: the game has 55 cards" % demo
    assert refused(capsys, "shots", demo, "--at", "t:60000", "--out", tmp_path) == \
        "error: %s: t:60000: the game ends at 48912 ms" % demo


@pytest.mark.parametrize("field", ["players", "seats"])
def test_a_game_for_more_seats_than_the_board_has_is_refused_at_once(tmp_path, capsys, monkeypatch, field):
    monkeypatch.setattr(shots, "Device", None)
    path = tmp_path / "eight.json"
    spec = {"game": "ratscrew", "players": 8 if field == "players" else 2, "deal": {"seed": 1}}
    if field == "seats":
        spec["seats"] = 8
    path.write_text(json.dumps(spec))
    assert refused(capsys, "shots", path, "--at", "winner", "--out", tmp_path / "out") == \
        "error: %s: A game for 8 %s: this board seats 4." % (path, field)


@pytest.mark.parametrize("argv,words", [
    (["shots", DEMO, "--at", "menu", "--out", "o", "--scale", "1000000000000000000000"],
     "slapstack shots: error: argument --scale: '1000000000000000000000' is not a whole number from 1 to 16"),
    (["shots", DEMO, "--at", "menu", "--out", "o", "--scale", "300"],
     "slapstack shots: error: argument --scale: '300' is not a whole number from 1 to 16"),
    (["sim", "--scale", "100000"],
     "slapstack sim: error: argument --scale: '100000' is not a whole number from 1 to 8"),
    (["tournament", "--seed", "-1"],
     "slapstack tournament: error: argument --seed: '-1' is not a whole number from 0 to 4294967295"),
    (["bots", "--seed", "4294967296"],
     "slapstack bots: error: argument --seed: '4294967296' is not a whole number from 0 to 4294967295"),
    (["tournament", "--games", "0"],
     "slapstack tournament: error: argument --games: '0' is not a whole number from 1 to 100000"),
    (["tournament", "--seed", "4294967295", "--games", "2"],
     "error: --seed 4294967295 with --games 2: the last game's seed would be 4294967296, over 4294967295"),
    (["tournament", "--rules", "[" * 5000 + "]" * 5000], "error: --rules: nested too deep to read"),
    (["tournament", "--rules", '{"burn_count": 1e400}'],
     "error: --rules: rule 'burn_count' must be a whole number from 0 to 5, got inf"),
])
def test_a_bad_argument_is_one_line_naming_it(tmp_path, capsys, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    said = refused(capsys, *argv)
    assert said.startswith(words), said


@pytest.mark.parametrize("where,words", [
    ("file", "not a folder"),
    ("under-file", "cannot make that folder: Not a directory"),
    ("/sys", "cannot write in that folder: Permission denied"),
])
def test_a_flash_folder_that_cannot_be_used_is_refused_before_the_window(tmp_path, demo, capsys, where, words):
    flash = {"file": demo, "under-file": os.path.join(demo, "flash")}.get(where, where)
    assert refused(capsys, "sim", "--flash", flash) == "error: --flash %s: %s" % (flash, words)


def test_a_device_that_stops_in_the_sim_is_one_line(tmp_path, capsys, monkeypatch):
    # the firmware raising on damaged files (its own handling is the firmware's business):
    # the sim says so in one line, exit status 2
    from host_sim import device
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")

    def boot(dev, run_ms=50):
        try:
            raise ValueError("settings.json:\nnot JSON")
        except ValueError as e:
            raise device.FirmwareStopped("the firmware crashed") from e

    monkeypatch.setattr(device.Device, "boot", boot)
    flash = tmp_path / "flash"
    rc, out, err = command(capsys, "sim", "--flash", flash, "--mute")
    assert rc == 2 and out.startswith("flash folder: %s" % flash)
    assert err == "error: the simulated device stopped (flash folder %s): ValueError: settings.json: not JSON\n" % flash


def test_a_device_that_stops_while_shots_plays_a_replay_is_one_line(demo, tmp_path, capsys, monkeypatch):
    from host_sim import device

    def boot(dev, run_ms=50):
        try:
            raise ZeroDivisionError("division by zero")
        except ZeroDivisionError as e:
            raise device.FirmwareStopped("the firmware crashed") from e

    monkeypatch.setattr(device.Device, "boot", boot)
    rc, out, err = command(capsys, "shots", demo, "--at", "menu", "--out", tmp_path / "out")
    assert rc == 2 and out == ""
    assert err == "error: %s: the simulated device stopped playing it: ZeroDivisionError: division by zero\n" % demo
