"""`make flash`: the compile step for real, the board side through a fake mpremote."""
import hashlib
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FLASH = os.path.join(ROOT, "tools", "flash.py")


BOARD_1_29 = "('micropython', (1, 29), 774, 0, '')\n"   # what the probe prints on a stock Pico with 1.29


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
    sys.path.insert(0, os.path.join(ROOT, "tools"))
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


def test_compiles_every_module_to_mpy_for_lib_and_for_a_romfs_image_and_keeps_the_boot_files_as_source(tmp_path):
    r = run(tmp_path, "--dry-run")
    assert r.returncode == 0, r.stderr
    out = tmp_path / "build"
    engine = sorted(p for p in os.listdir(ROOT + "/src/slapstack") if p.endswith(".py"))
    for tree in (out / "lib", out / "rom" / "lib"):
        assert sorted(os.listdir(tree / "slapstack")) == [p[:-3] + ".mpy" for p in engine]
        lib = os.listdir(tree)
        assert "store.mpy" in lib and "flash.mpy" not in lib and "main.mpy" not in lib
        assert "installed.mpy" not in lib and "rescue.mpy" not in lib
    for name in ("main.py", "boot.py", "installed.py", "rescue.py", "pins.json"):
        assert (out / name).exists()
    head = (out / "lib" / "store.mpy").read_bytes()[:2]
    assert head == b"M\x06"  # .mpy v6: what MicroPython 1.29 and 1.28 load (test_device_build)
    image = (out / "slapstack.romfs").read_bytes()
    assert image.startswith(b"\xd2\xcd\x31") and b"cards.mpy" in image and b"store.mpy" in image
    assert "romfs deploy " in r.stdout and "cp " in r.stdout and r.stdout.rstrip().endswith("reset")
    # the same sources give the same image: an unchanged one is not written to the board again
    r = run(tmp_path, "--dry-run")
    assert (out / "slapstack.romfs").read_bytes() == image


def test_no_board_exits_non_zero_with_a_one_line_hint(tmp_path):
    fake, log = fake_mpremote(tmp_path, "")
    r = run(tmp_path, mpremote=fake)
    assert r.returncode == 2
    assert r.stderr.strip().count("\n") == 0
    assert "no board found" in r.stderr and "PORT=" in r.stderr
    assert not log.exists()


def sessions(log):
    return [eval(line) for line in log.read_text().splitlines()]


def copied(argv):
    return [argv[i + 2] for i in range(len(argv) - 2) if argv[i] == "cp"]


def manifest_written(argv):
    """The manifest the session's last exec writes, as lines."""
    code = [a for a in argv if a.startswith("f = open('/slapstack-files.txt', 'w')")][-1]
    return eval(code.split("f.write(", 1)[1].split(")\nf.close()")[0]).split()


def test_a_stock_pico_gets_the_code_in_lib_in_one_session_then_resets_and_is_told_of_the_image(tmp_path):
    fake, log = fake_mpremote(tmp_path, "/dev/ttyS0 None 0000:0000 None None\n"
                                        "/dev/ttyACM0 e6614104 2e8a:0005 MicroPython Board\n")
    r = run(tmp_path, mpremote=fake)
    assert r.returncode == 0, r.stderr
    argv, = sessions(log)
    assert argv[:2] == ["connect", "/dev/ttyACM0"]
    files = copied(argv)
    assert ":/lib/slapstack/slapgame.mpy" in files and ":/main.py" in files and ":/pins.json" in files
    assert ":/installed.py" in files and ":/rescue.py" in files
    assert "romfs" not in argv
    assert "-f" not in argv  # mpremote's hash check skips files already on the board
    assert argv[-1] == "reset"
    # the manifest goes first and comes back last, saying the code is in /lib
    assert argv.index("exec") == 2 and "os.remove(m)" in argv[3]
    lines = manifest_written(argv)
    assert lines[0] == "lib" and "/lib/slapstack/slapgame.mpy" in lines and "/main.py" in lines
    assert r.stdout.count("hw/image/slapstack-v1.28.0.uf2") == 1 and "BOOTSEL" in r.stdout


def _romfs_board(tmp_path, digest, size=262144):
    return "('micropython', (1, 28), 774, %d, %r)\n" % (size, digest)


def test_a_pico_with_the_slapstack_image_gets_the_code_as_one_romfs_image_and_nothing_in_lib(tmp_path):
    fake, log = fake_mpremote(tmp_path, "", board=_romfs_board(tmp_path, ""))
    r = run(tmp_path, mpremote=fake, port="/dev/ttyACM0")
    assert r.returncode == 0, r.stderr
    argv, = sessions(log)
    i = argv.index("romfs")
    assert argv[i:i + 3] == ["romfs", "deploy", str(tmp_path / "build" / "slapstack.romfs")]
    assert i > argv.index("exec")                       # after the manifest is gone
    files = copied(argv)
    assert not [f for f in files if f.endswith(".mpy")]  # no module in /lib
    assert sorted(files) == [":/boot.py", ":/installed.py", ":/main.py", ":/pins.json", ":/rescue.py"]
    image = (tmp_path / "build" / "slapstack.romfs").read_bytes()
    head = manifest_written(argv)[:3]
    assert head == ["rom", hashlib.sha256(image).hexdigest(), str(len(image))]
    assert "BOOTSEL" not in r.stdout and argv[-1] == "reset"


def test_an_unchanged_romfs_image_is_not_written_again(tmp_path):
    run(tmp_path, "--dry-run")
    digest = hashlib.sha256((tmp_path / "build" / "slapstack.romfs").read_bytes()).hexdigest()
    fake, log = fake_mpremote(tmp_path, "", board=_romfs_board(tmp_path, digest))
    r = run(tmp_path, mpremote=fake, port="/dev/ttyACM0")
    assert r.returncode == 0, r.stderr
    argv, = sessions(log)
    assert "romfs" not in argv and "up to date" in r.stdout
    assert manifest_written(argv)[:2] == ["rom", digest]


def test_a_romfs_partition_too_small_for_the_code_is_refused_before_anything_is_written(tmp_path):
    fake, log = fake_mpremote(tmp_path, "", board=_romfs_board(tmp_path, "", size=4096))
    r = run(tmp_path, mpremote=fake, port="/dev/ttyACM0")
    assert r.returncode == 2 and "does not fit the board's ROMFS partition (4096 bytes)" in r.stderr
    assert not log.exists()


def test_a_pico_on_1_28_is_flashed_too(tmp_path):
    fake, log = fake_mpremote(tmp_path, "", board="('micropython', (1, 28), 774, 0, '')\n")
    r = run(tmp_path, mpremote=fake, port="/dev/ttyACM0")
    assert r.returncode == 0, r.stderr
    assert sessions(log)[0][-1] == "reset"


@pytest.mark.parametrize("board, runs", [
    ("('micropython', (1, 22), 518, 0, '')\n", "the board runs MicroPython 1.22 (.mpy v6),"),
    ("('micropython', (1, 18), 5, 0, '')\n", "the board runs MicroPython 1.18 (.mpy v5),"),
    ("('circuitpython', (9, 2), 774, 0, '')\n", "the board runs circuitpython 9.2 (.mpy v6),"),
    (">>> \n", "the board runs an unknown firmware ?,"),
])
def test_a_board_on_another_firmware_is_told_which_micropython_to_flash(tmp_path, board, runs):
    fake, log = fake_mpremote(tmp_path, "", board=board)
    r = run(tmp_path, mpremote=fake, port="/dev/ttyACM0")
    assert r.returncode == 2
    assert r.stderr.startswith(runs) and r.stderr.count("\n") == 1
    assert "SlapStack needs MicroPython 1.29 or 1.28 (.mpy v6): install hw/image/slapstack-v1.28.0.uf2" in r.stderr
    assert "micropython.org/download/RPI_PICO" in r.stderr
    assert not log.exists()                                         # nothing copied


@pytest.mark.parametrize("release", ["1.29", "1.28"])
def test_the_probe_runs_on_both_real_micropython_vms(tmp_path, release):
    flash = load_flash()
    probe = tmp_path / "probe.py"
    probe.write_text(flash.probe_code(1000) + "\n")
    r = subprocess.run(["node", "tests/mpy_run.mjs", "--micropython", release, str(probe)],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    answer = flash.read_probe(r.stdout)
    assert answer[:2] == ("micropython", tuple(int(v) for v in release.split(".")))
    assert answer[3:] == (0, "")  # (the WebAssembly port has no ROMFS partition)
    assert flash.board_problem(answer, 6) is None
    assert "install hw/image/slapstack-v1.28.0.uf2" in flash.board_problem(answer, 7)


def test_port_from_the_environment_skips_detection(tmp_path):
    fake, log = fake_mpremote(tmp_path, "")
    r = run(tmp_path, mpremote=fake, port="/dev/ttyUSB7")
    assert r.returncode == 0, r.stderr
    assert sessions(log)[0][:2] == ["connect", "/dev/ttyUSB7"]


def test_a_syntax_error_stops_before_touching_the_board(tmp_path):
    flash = load_flash()
    bad = tmp_path / "broken.py"
    bad.write_text("def f(:\n")
    with pytest.raises(SystemExit) as e:
        flash.compile_all([(str(bad), "lib/broken.mpy")], str(tmp_path / "out"))
    assert "mpy-cross failed on" in str(e.value)


def test_a_reflash_into_romfs_removes_the_old_lib_and_keeps_the_players_files(tmp_path):
    """The board-side cleanup runs on the real MicroPython VM against its filesystem: a board
    flashed before, its code in /lib and its manifest there, now gets its code in ROMFS."""
    flash = load_flash()
    keep = ["/" + dest for _, dest in flash.filesystem_files()]
    script = tmp_path / "board.py"
    script.write_text(
        "import os\n"
        "for d in ('/lib', '/lib/slapstack'):\n"
        "    try:\n        os.mkdir(d)\n    except OSError:\n        pass\n"
        "for p in ('/lib/recording.mpy', '/lib/slapstack/old.mpy', '/lib/app.mpy', '/main.py',\n"
        "          '/settings.json', '/last_replay.json'):\n"
        "    open(p, 'w').write('x')\n"
        "open('/lib/slapstack-files.txt', 'w').write('/lib/recording.mpy\\n/lib/app.mpy\\n/main.py')\n"
        + "exec(%r)\n" % flash.cleanup_code(keep) +
        "print(sorted(os.listdir('/')))\n")
    r = subprocess.run(["node", "tests/mpy_run.mjs", str(script)], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    top = eval(r.stdout.strip().splitlines()[-1])
    assert "lib" not in top                                         # old code, old manifest, empty folders
    assert "settings.json" in top and "last_replay.json" in top    # the players' files stay
    assert "main.py" in top


def test_a_reflash_into_lib_removes_what_an_old_build_left_and_keeps_the_makers_files(tmp_path):
    flash = load_flash()
    keep = ["/lib/app.mpy", "/lib/slapstack/table.mpy", "/main.py"]
    script = tmp_path / "board.py"
    script.write_text(
        "import os\n"
        "for d in ('/lib', '/lib/slapstack'):\n"
        "    try:\n        os.mkdir(d)\n    except OSError:\n        pass\n"
        "for p in ('/lib/recording.mpy', '/lib/slapstack/old.mpy', '/lib/app.py', '/lib/app.mpy',\n"
        "          '/lib/slapstack/table.mpy', '/lib/mine.mpy', '/settings.json'):\n"
        "    open(p, 'w').write('x')\n"
        "open('/slapstack-files.txt', 'w').write('lib\\n/lib/recording.mpy\\n/lib/app.mpy')\n"
        + "exec(%r)\n" % flash.cleanup_code(keep) +
        "print(sorted(os.listdir('/lib')))\nprint(sorted(os.listdir('/lib/slapstack')))\n"
        "print(sorted(os.listdir('/')))\n")
    r = subprocess.run(["node", "tests/mpy_run.mjs", str(script)], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    lib, pkg, top = [eval(line) for line in r.stdout.strip().splitlines()[-3:]]
    assert "recording.mpy" not in lib and "app.py" not in lib      # gone from an old build, a twin
    assert "app.mpy" in lib and "mine.mpy" in lib                  # this build's, and the maker's own
    assert pkg == ["table.mpy"]
    assert "settings.json" in top and "slapstack-files.txt" not in top  # written again at the end


def test_scripts_given_with_go_into_the_romfs_image_beside_the_firmware(tmp_path):
    # make bench-device runs the device benchmarks from the ROMFS partition (WITH=): imported
    # from there, their bytecode is not in the heap they measure
    bench = os.path.join(ROOT, "tests", "heap_device.py")
    r = run(tmp_path, "--dry-run", "--with", bench)
    assert r.returncode == 0, r.stderr
    out = tmp_path / "build"
    assert (out / "rom" / "lib" / "heap_device.mpy").exists()
    assert b"heap_device.mpy" in (out / "slapstack.romfs").read_bytes()
    r = run(tmp_path, "--dry-run", "--with", os.path.join(ROOT, "firmware", "io", "leds.py"))
    assert r.returncode != 0 and "leds.py" in r.stderr  # a firmware module's name is refused
