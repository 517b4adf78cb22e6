"""The `slapstack` command as a newcomer runs it: the console script `pip install -e .`
made (next to this Python), started as a subprocess from outside the repository with no
PYTHONPATH, and its faults: a display that cannot open, Ctrl+C, a reader that stops early,
temporary folders, sound card chatter, numbers out of range."""
import json
import os
import shlex
import signal
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SLAPSTACK = os.path.join(os.path.dirname(sys.executable), "slapstack")
DEMO = os.path.join(ROOT, "host_sim", "screens", "demo_replay.json")


def newcomer_env(tmp_path, **extra):
    """The environment of a fresh shell: no PYTHONPATH, no display, temporary files in a
    folder of the test's own (to see what is left there)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER")}
    (tmp_path / "tmp").mkdir(exist_ok=True)
    env.update(TMPDIR=str(tmp_path / "tmp"), **extra)
    return env


def slapstack(tmp_path, *args, **extra):
    return subprocess.run([SLAPSTACK] + list(args), capture_output=True, text=True, cwd=tmp_path,
                          env=newcomer_env(tmp_path, **extra), timeout=300)


def test_replay_prints_the_games_events_as_json_lines(tmp_path):
    r = slapstack(tmp_path, "replay", DEMO)
    assert r.returncode == 0, r.stderr
    events = [json.loads(line) for line in r.stdout.splitlines()]
    assert events[0]["ev"] == "game_start" and events[-1]["ev"] == "game_over"
    assert sum(e["ev"] == "card" for e in events) > 20
    module = subprocess.run([sys.executable, "-m", "host_sim", "replay", DEMO], capture_output=True,
                            text=True, cwd=tmp_path, env=newcomer_env(tmp_path))
    assert module.returncode == 0 and module.stdout == r.stdout     # python -m host_sim still works


def test_a_reader_that_stops_early_ends_the_replay_quietly(tmp_path):
    # four packs of Beggar-my-neighbour: far more events than a pipe holds, so the command is
    # still writing when the reader (`| head -1`) goes away
    path = tmp_path / "long.json"
    path.write_text(json.dumps({"game": "beggar", "players": 2, "rules": {"decks": 4}, "deal": {"seed": 1}}))
    p = subprocess.Popen([SLAPSTACK, "replay", str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         cwd=tmp_path, env=newcomer_env(tmp_path))
    assert json.loads(p.stdout.readline())["ev"] == "game_start"
    p.stdout.close()
    assert p.wait(timeout=300) == 0
    assert p.stderr.read() == b""
    p.stderr.close()


@pytest.mark.parametrize("command", ["replay", "bots", "shots", "sim", "devbench"])
def test_every_command_explains_itself(tmp_path, command):
    r = slapstack(tmp_path, command, "--help")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("usage: slapstack %s" % command)


def test_a_player_count_the_game_cannot_take_names_the_ones_it_can(tmp_path):
    r = slapstack(tmp_path, "bots", "--game", "war", "--players", "3")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip() == "error: --players 3: war is for exactly 2 players"
    r = slapstack(tmp_path, "bots", "--game", "ratscrew", "--players", "9")
    assert r.returncode == 2 and "ratscrew is for 2 to 8 players" in r.stderr
    r = slapstack(tmp_path, "bots", "--game", "war", "--players", "2", "--seed", "3")
    assert r.returncode == 0 and json.loads(r.stdout.splitlines()[-1])["ev"] == "game_over"


def test_a_scale_below_one_is_refused_with_the_range(tmp_path):
    r = slapstack(tmp_path, "shots", DEMO, "--at", "menu", "--out", "out", "--scale", "0")
    assert r.returncode == 2 and "'0' is not a whole number from 1 to 16" in r.stderr


def test_shots_leave_no_temporary_flash_behind(tmp_path):
    r = slapstack(tmp_path, "shots", DEMO, "--at", "menu", "card:3", "--out", "out")
    assert r.returncode == 0, r.stderr
    assert sorted(os.listdir(tmp_path / "out")) == ["card-3.png", "menu.png"]
    assert os.listdir(tmp_path / "tmp") == []


def test_a_display_that_cannot_open_is_an_error_whose_hint_runs_as_printed(tmp_path):
    r = slapstack(tmp_path, "sim", DISPLAY=":7391")      # no X server there
    assert r.returncode == 2 and r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1
    assert r.stderr.startswith("cannot open a window") and "DISPLAY=:7391" in r.stderr
    hint = r.stderr.split("e.g. the demo game: ", 1)[1].split(" (")[0]
    done = subprocess.run(shlex.split(hint), capture_output=True, text=True, cwd=tmp_path,
                          env=newcomer_env(tmp_path), timeout=300)
    assert done.returncode == 0, done.stderr
    assert sorted(os.listdir(tmp_path / "shots")) == ["card-3.png", "menu.png", "winner.png"]


def test_no_display_at_all_points_to_the_headless_mode(tmp_path):
    r = slapstack(tmp_path, "sim")
    assert r.returncode == 2
    assert r.stderr.startswith("no screen") and " shots " in r.stderr and "demo_replay.json" in r.stderr
    assert "SDL_VIDEODRIVER=dummy" in r.stderr


def _ctrl_c_as_in_a_terminal():
    """Ctrl+C's signal as a terminal's foreground job has it. A suite started in the
    background (``make test &``, ``nohup``) has SIGINT ignored, which its children
    inherit, and a Python started so never raises KeyboardInterrupt: the sim would run on."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start_sim(tmp_path, **extra):
    """The window on SDL's off-screen driver; returns the process and its flash folder once
    it says where that is."""
    p = subprocess.Popen([SLAPSTACK, "sim"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         cwd=tmp_path, env=newcomer_env(tmp_path, SDL_VIDEODRIVER="dummy", **extra),
                         preexec_fn=_ctrl_c_as_in_a_terminal)
    line = p.stdout.readline()
    assert line.startswith("flash folder: "), line + p.stderr.read()
    return p, line.split()[2]


def test_ctrl_c_ends_the_sim_quietly_and_removes_its_temporary_flash(tmp_path):
    p, flash = start_sim(tmp_path, SDL_AUDIODRIVER="dummy")
    assert os.path.isdir(flash) and flash.startswith(str(tmp_path / "tmp"))
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130
    assert err == "" and out == ""
    assert not os.path.exists(flash) and os.listdir(tmp_path / "tmp") == []


def test_a_missing_sound_card_is_one_line_without_alsas_chatter(tmp_path):
    p, _ = start_sim(tmp_path, SDL_AUDIODRIVER="alsa", AUDIODEV="slapstack-no-such-device")
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=60)
    assert p.returncode == 130
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("no audio device ("), err
    assert "ALSA lib" not in err


def test_the_readmes_shots_examples_write_where_git_ignores():
    # fault 8 of issue 49: `--out shots` left an untracked shots/ in the checkout
    outs = []
    for doc in ("README.md", os.path.join("host_sim", "README.md")):
        for line in open(os.path.join(ROOT, doc)).read().splitlines():
            words = shlex.split(line.split("#")[0]) if "shots" in line and "--out" in line else []
            if "--out" in words:
                outs.append(words[words.index("--out") + 1])
    assert "build/shots" in outs
    for out in outs:
        if os.path.isabs(out) or out == "host_sim/screens":  # outside, or the screenshots kept
            continue
        ignored = subprocess.run(["git", "check-ignore", "-q", os.path.join(out, "menu.png")], cwd=ROOT)
        assert ignored.returncode == 0, out + " would be left untracked in the checkout"
