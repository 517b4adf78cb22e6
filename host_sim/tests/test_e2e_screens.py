"""The main screens against golden pictures, the shots command, and the sim window (its
faults as a command: test_command_line.py).

The goldens are what the firmware draws for host_sim/screens/demo_replay.json (a short
four-player game) and war_replay.json (War, a person and a bot, ended by a card limit) at
fixed moments, a person's Money choice in a live game, and the "Flash full" notice (made by
test_e2e_faults.py; the device stage holds the board's screen against it); they were looked
at by a person when made. After a
deliberate change of the drawing, regenerate them with

    .venv/bin/python -m pytest host_sim/tests/test_e2e_screens.py --update-golden

and look at every changed PNG before committing it.
"""
import json
import os
import shutil
import subprocess
import sys

import pytest
from PIL import Image, ImageChops

from host_sim import shots
from slapstack import events as E

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GOLDEN = os.path.join(ROOT, "host_sim", "golden")
DEMO = os.path.join(ROOT, "host_sim", "screens", "demo_replay.json")
MOMENTS = ("menu", "rules", "howto", "card:3", "false:1", "slap:1", "challenge:2", "winner", "summary")
WAR_MOMENTS = ("card:4", "war:1", "summary")
REPLAYS = {"demo": MOMENTS, "war": WAR_MOMENTS}   # replay (host_sim/screens/NAME_replay.json): moments


def load(name):
    with open(os.path.join(ROOT, "host_sim", "screens", name + "_replay.json")) as f:
        return json.load(f)


def demo():
    return load("demo")


@pytest.fixture(scope="module")
def pictures(tmp_path_factory):
    got = {}
    for name, moments in REPLAYS.items():
        out = tmp_path_factory.mktemp("shots-" + name)
        for moment, path in zip(moments, shots.take(load(name), moments, str(out))):
            got[name, moment] = path
    return got


def matches_golden(got, name, update_golden):
    """Compare the picture ``got`` with host_sim/golden/``name`` pixel for pixel."""
    golden = os.path.join(GOLDEN, name)
    if update_golden:
        os.makedirs(GOLDEN, exist_ok=True)
        shutil.copyfile(got, golden)
        return
    assert os.path.exists(golden), "no golden %s: run with --update-golden and look at it" % golden
    a, b = Image.open(got).convert("RGB"), Image.open(golden).convert("RGB")
    assert a.size == b.size == (320, 240)
    assert ImageChops.difference(a, b).getbbox() is None, \
        "%s differs from %s (if the change is wanted: --update-golden, then look at it)" % (got, golden)


@pytest.mark.parametrize("replay,moment", [(r, m) for r, ms in REPLAYS.items() for m in ms])
def test_screen_matches_its_golden(pictures, replay, moment, update_golden):
    got = pictures[replay, moment]
    name = os.path.basename(got)
    matches_golden(got, name if replay == "demo" else replay + "-" + name, update_golden)


def test_a_persons_money_choice_matches_its_golden(make_device, tmp_path, update_golden):
    # two people: the first choice (buying or giving change) opens in its panel, large
    dev = make_device(settings={"game": "money", "players": 2, "humans": 2, "tempo": "fast"})
    dev.keys("ok")
    dev.run_until_event(E.MONEY_CHOICE, 10 * 60 * 1000, step_ms=20)
    dev.run_for(20)
    got = str(tmp_path / "money-choice.png")
    dev.image().save(got)
    matches_golden(got, "money-choice.png", update_golden)


def test_shots_command_writes_pngs_and_refuses_unknown_moments(tmp_path):
    r = subprocess.run([sys.executable, "-m", "host_sim", "shots", DEMO, "--at", "card:3", "--out",
                        str(tmp_path), "--scale", "2"], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == [str(tmp_path / "card-3.png")]
    big = Image.open(tmp_path / "card-3.png").convert("RGB")
    assert big.size == (640, 480)
    small = Image.open(os.path.join(GOLDEN, "card-3.png")).convert("RGB")
    assert ImageChops.difference(big.resize((320, 240), Image.NEAREST), small).getbbox() is None
    r = subprocess.run([sys.executable, "-m", "host_sim", "shots", DEMO, "--at", "card:x", "--out",
                        str(tmp_path)], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 2 and "card:x" in r.stderr


def test_shots_of_a_replay_with_a_bad_card_give_the_replay_commands_error(tmp_path):
    bad = demo()
    bad["deal"] = {"hands": [["2C", "XX"], ["3D"]]}
    bad["players"] = 2
    bad["inputs"] = []
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    env = dict(os.environ, PYTHONPATH="src")
    outs = []
    for cmd in (["replay", str(path)], ["shots", str(path), "--at", "card:1", "--out", str(tmp_path)]):
        r = subprocess.run([sys.executable, "-m", "host_sim"] + cmd, capture_output=True, text=True, cwd=ROOT, env=env)
        assert r.returncode == 2, r.stderr
        outs.append(r.stderr)
    assert "deal.hands[0]: bad card 'XX'" in outs[0]
    assert outs[1] == outs[0] and "never reached" not in outs[1]


def test_a_replay_that_never_gets_there_is_an_error(tmp_path):
    with pytest.raises(ValueError, match="slap:5"):
        shots.take(demo(), ["slap:5"], str(tmp_path))


def test_sim_window_plays_from_the_keyboard(make_device, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import pygame
    from host_sim import window
    from slapstack import events as E
    pygame.display.init()
    pygame.font.init()
    try:
        dev = make_device()
        win = window.Window(dev, pygame, scale=2)
        now = [0.0]

        def wall():  # the wall clock of the run loop, moved 2 ms per look
            now[0] += 0.002
            return now[0]

        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
        window.run(dev, win, pygame, wall=wall, frames=3)
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN))
        window.run(dev, win, pygame, wall=wall, frames=120)     # 2 s of play
        assert dev.of(E.GAME_START) and dev.of(E.CARD)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1))
        window.run(dev, win, pygame, wall=wall, frames=2)
        assert dev.of(E.SLAP)[-1][2] == 0                        # key 1 is seat 1's button
        shown = pygame.image.tostring(win.surface, "RGB")
        frame = dev.image().resize((640, 480), Image.NEAREST).tobytes()
        assert shown[:640 * 480 * 3] == frame                   # the window shows the panel
        turn = dev.of(E.TURN)[-1][2]
        led_y = 480 + 24
        lit = win.surface.get_at((640 * (2 * turn + 1) // 8, led_y))
        dim = win.surface.get_at((640 * (2 * ((turn + 2) % 4) + 1) // 8, led_y))
        assert sum(lit[:3]) > sum(dim[:3])
    finally:
        pygame.quit()


def test_the_sim_window_fits_the_screen_it_opens_on(make_device, monkeypatch):
    # a 1366x768 laptop leaves some 700 px of height to a window (title bar, panels): the
    # window fits there whole, its labels under the LEDs included, the panel's pixels crisp
    # squares; a big screen gets it bigger, a small one smaller
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import pygame
    from host_sim import window
    for desktop, scale in (((1366, 768), 2), ((1920, 1080), 3), ((2560, 1440), 5), ((1024, 600), 1)):
        assert window.fit_scale(desktop) == scale, desktop
    pygame.display.init()
    pygame.font.init()
    try:
        assert pygame.display.get_desktop_sizes()[0] == (1024, 768)   # SDL's dummy screen
        dev = make_device()
        win = window.Window(dev, pygame)
        w, h = win.surface.get_size()
        assert (w, h) == (640, 480 + window.STRIP) and h <= 768 - 100
        dev.run_for(500)
        win.draw()
        shown = pygame.image.tostring(win.surface, "RGB")
        assert shown[:640 * 480 * 3] == dev.image().resize((640, 480), Image.NEAREST).tobytes()
        small = window.Window(dev, pygame, scale=1)          # the LEDs' labels do not run into each other
        small.draw()
        row = [small.surface.get_at((x, 240 + 52))[:3] for x in range(320)]
        lit = [x for x in range(320) if sum(row[x]) > 300]
        assert lit and all(any(x // 80 == q for x in lit) for q in range(4))
        gaps = [x for x in range(320) if x % 80 in (0, 79)]
        assert not any(sum(row[x]) > 300 for x in gaps)
    finally:
        pygame.quit()
