"""The `slapstack` command as `make setup` installs it (`pip install -e .`), run as a user
runs it: the console script next to this Python, from a folder outside the checkout, with
no PYTHONPATH. Under pytest `src/` is on the path, so only a test run this way sees what
the packaging gives (issue 63: War and Money were missing from the simulator's games)."""
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.dirname(sys.executable)
SLAPSTACK = shutil.which("slapstack", path=BIN)
DEMO = os.path.join(ROOT, "host_sim", "screens", "demo_replay.json")


def user_env(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER")}
    (tmp_path / "tmp").mkdir(exist_ok=True)
    env["TMPDIR"] = str(tmp_path / "tmp")
    return env


def run(tmp_path, args):
    return subprocess.run(args, capture_output=True, text=True, cwd=tmp_path, env=user_env(tmp_path), timeout=300)


def slapstack(tmp_path, *args):
    assert SLAPSTACK is not None, "no slapstack command beside %s: run make setup" % sys.executable
    return run(tmp_path, [SLAPSTACK] + list(args))


def test_the_installed_command_is_found_outside_the_checkout(tmp_path):
    assert not str(tmp_path).startswith(ROOT)
    r = slapstack(tmp_path, "--help")
    assert r.returncode == 0 and r.stdout.startswith("usage: slapstack")


def test_replay(tmp_path):
    r = slapstack(tmp_path, "replay", DEMO)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout.splitlines()[-1])["ev"] == "game_over"


def test_bots(tmp_path):
    r = slapstack(tmp_path, "bots", "--game", "money", "--seed", "7")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout.splitlines()[-1])["ev"] == "game_over"


def test_tournament(tmp_path):
    r = slapstack(tmp_path, "tournament", "--game", "war", "--games", "2")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("war, 2 seats, 2 games:")


def test_shots(tmp_path):
    r = slapstack(tmp_path, "shots", DEMO, "--at", "menu", "--out", "out")
    assert r.returncode == 0, r.stderr
    assert os.listdir(tmp_path / "out") == ["menu.png"]


def test_the_simulated_device_offers_all_six_games(tmp_path):
    # the device's own Game entry (storage/settings.available_games) looks for each game's
    # module file on the path, as the board has it; the simulator the command runs must too
    r = run(tmp_path, [sys.executable, "-c", "from host_sim import fwpath; fwpath.use_firmware(); "
                       "from storage import settings; print(' '.join(settings.available_games()))"])
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["ratscrew", "egyptian_war", "ruffle", "beggar", "war", "money"]


def test_every_command_takes_a_game_by_its_id_or_its_name_on_the_device(tmp_path):
    # one set of names: the ids of replay files, and each game's full name as the device's
    # menus show it, however it is typed; anything else is refused with the list
    from slapstack.games import ALL, TITLES
    for typed, game in (("egyptian_ratscrew", "ratscrew"), ("Egyptian Ruffle", "ruffle"),
                        ("beggar-my-neighbour", "beggar"), ("EGYPTIAN_WAR", "egyptian_war")):
        r = slapstack(tmp_path, "tournament", "--game", typed, "--games", "1", "--bots", "normal", "normal")
        assert r.returncode == 0, r.stderr
        assert r.stdout.startswith(game + ", 2 seats, 1 games:")
    r = slapstack(tmp_path, "bots", "--game", "Egyptian Ratscrew", "--players", "2", "--seed", "3")
    assert r.returncode == 0, r.stderr
    assert r.stdout == slapstack(tmp_path, "bots", "--game", "ratscrew", "--players", "2", "--seed", "3").stdout
    r = slapstack(tmp_path, "tournament", "--game", "snap", "--games", "1")
    assert r.returncode == 2 and r.stdout == ""
    assert len(r.stderr.splitlines()) == 1 and "no game 'snap'" in r.stderr
    for game in ALL:
        assert "%s (%s)" % (game, TITLES[game]) in r.stderr
    r = slapstack(tmp_path, "bots", "--help")
    shown = " ".join(r.stdout.split()).replace("- ", "-")   # (argparse wraps lines at hyphens too)
    assert all("%s (%s)" % (game, TITLES[game]) in shown for game in ALL)
