"""`make flash`: the compile step for real, the board side through a fake mpremote and a fake
Pico behind it (its BOOTSEL drive a folder, as on a desktop)."""
import hashlib
import json
import os
import subprocess
import sys

import pytest

import uf2  # tools/, on pytest's pythonpath

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FLASH = os.path.join(ROOT, "tools", "flash.py")
IMAGE = os.path.join(ROOT, "hw", "image", "slapstack-v1.28.0.uf2")
PORT_LINE = "/dev/ttyS0 None 0000:0000 None None\n/dev/ttyACM0 e6614104 2e8a:0005 MicroPython Board\n"
IMAGE_CODE = hashlib.sha256(uf2.flash_code(IMAGE)).hexdigest()      # what hw/image's .uf2 puts in flash
STOCK = ('micropython', (1, 28), 774, 'RPI_PICO', 0, '', '')            # the official image
SLAPSTACK = ('micropython', (1, 28), 774, 'SLAPSTACK', 262144, '', IMAGE_CODE)  # hw/image, its partition blank

# The board's side: its bootrom takes a .uf2 copied onto the drive, the drive goes, and the
# board runs ``after`` (``BOOTROM``, a process of its own while the board is in BOOTSEL, as the
# emulated Pico's is).
BOARD = r'''
import hashlib, json, os, shutil, subprocess, sys, time
STATE = %r
state = json.load(open(STATE))
def save():  # whole or not at all: the fake's processes read it at any moment
    new = STATE + '.' + str(os.getpid())
    with open(new, 'w') as f:
        json.dump(state, f)
    os.replace(new, STATE)
def bootrom():  # (picotool's process and the bootrom's may both get here: the first one wins)
    drive = state['drive']
    try:
        for name in os.listdir(drive) if state['bootsel'] and os.path.isdir(drive) else ():
            if name.endswith('.uf2'):
                state['installed'] = hashlib.sha256(open(os.path.join(drive, name), 'rb').read()).hexdigest()
                state.update(bootsel=False, answer=state['after'], listed=True)
                shutil.rmtree(drive)
                save()
    except FileNotFoundError:
        pass
def bootsel():
    state['bootsel'] = True
    save()
    subprocess.Popen([sys.executable, os.path.join(os.path.dirname(sys.argv[0]), 'bootrom')], start_new_session=True,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
def log(argv):
    with open(STATE + '.log', 'a') as f:
        f.write(repr(argv) + '\n')
'''
BOOTROM = r'''
for _ in range(200):                 # 10 s at most
    time.sleep(0.05)
    state = json.load(open(STATE))
    if not state['bootsel']:
        break
    bootrom()
'''
MPREMOTE = r'''
args = sys.argv[1:]
if args == ['connect', 'list']:
    sys.stdout.write(state['listing'] if state['listed'] and not state['bootsel'] else '')
elif args[2:3] == ['exec'] and len(args) == 4:              # the probe
    if state['bootsel'] or state['answer'] is None:
        sys.exit('mpremote: could not enter raw repl')
    print(state['answer'])
else:
    log(args)
    if args[2:] == ['bootloader'] and state['answer'].startswith("('micropython'"):
        if state['shows_drive']:
            os.makedirs(state['drive'])
            open(os.path.join(state['drive'], 'INFO_UF2.TXT'), 'w').write('Model: Raspberry Pi RP2\nBoard-ID: RPI-RP2\n')
        bootsel()
    sys.exit(state['session_fails'] and args[-1] == 'reset')
'''
PICOTOOL = r'''
log(['picotool'] + sys.argv[1:])
runs = sum(1 for line in open(STATE + '.log') if line.startswith("['picotool'"))
if runs > missed and state['bootsel'] and sys.argv[1:3] == ['load', '-x']:
    os.makedirs(state['drive'], exist_ok=True)
    part = os.path.join(state['drive'], 'image.part')  # whole before the bootrom's process sees it
    shutil.copy(sys.argv[3], part)
    os.replace(part, os.path.join(state['drive'], os.path.basename(sys.argv[3])))
    bootrom()
else:
    sys.exit('No accessible RP-series devices in BOOTSEL mode were found.')
'''


class FakePico:
    """A stand-in for mpremote and the Pico behind it: it answers the probe with ``answer``
    (None: nothing answers), goes to its bootloader when told, showing its drive, and runs
    ``after`` once a .uf2 is copied there. Every other mpremote session is logged."""

    def __init__(self, tmp_path, answer=SLAPSTACK, after=SLAPSTACK, listed=True, bootsel=False, shows_drive=True,
                 session_fails=False):
        self.tmp = tmp_path
        self.drive = str(tmp_path / "media" / "RPI-RP2")
        self.state = str(tmp_path / "board.json")
        with open(self.state, "w") as f:
            json.dump({"answer": None if answer is None else repr(answer) + "\n", "after": repr(after) + "\n",
                       "listing": PORT_LINE, "listed": listed, "bootsel": bootsel, "drive": self.drive,
                       "shows_drive": shows_drive, "session_fails": session_fails, "installed": None}, f)
        self.mpremote = self._script("mpremote", MPREMOTE)
        bootrom = self._script("bootrom", BOOTROM)
        if bootsel:
            os.makedirs(self.drive)
            with open(os.path.join(self.drive, "INFO_UF2.TXT"), "w") as f:
                f.write("UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\nBoard-ID: RPI-RP2\n")
            subprocess.Popen([bootrom], start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def _script(self, name, body):
        path = self.tmp / "bin" / name
        path.parent.mkdir(exist_ok=True)
        path.write_text("#!%s\n%s%s" % (sys.executable, BOARD % self.state, body))
        path.chmod(0o755)
        return str(path)

    def with_picotool(self, missed=0):
        """picotool installed; its first ``missed`` runs find no board (it is still enumerating)."""
        self._script("picotool", "missed = %d\n" % missed + PICOTOOL)
        return self

    def installed(self):
        """The SHA-256 of the .uf2 the board was given, or None."""
        with open(self.state) as f:
            return json.load(f)["installed"]

    def sessions(self):
        log = self.state + ".log"
        return [eval(line) for line in open(log).read().splitlines()] if os.path.exists(log) else []


def load_flash():
    import flash  # tools/, on pytest's pythonpath
    return flash


def load_probe():
    load_flash()
    return sys.modules["probe"]


def env_for(pico=None, port=None):
    env = dict(os.environ)
    for name in ("PORT", "DRIVE", "MPREMOTE"):
        env.pop(name, None)
    if pico:
        env["MPREMOTE"] = pico.mpremote
        env["PATH"] = os.path.dirname(pico.mpremote) + os.pathsep + env["PATH"]
    if port:
        env["PORT"] = port
    return env


def run(tmp_path, *args, pico=None, port=None):
    drive = ["--drive", pico.drive] if pico else []
    return subprocess.run([sys.executable, FLASH, "--build", str(tmp_path / "build")] + drive + list(args),
                          capture_output=True, text=True, env=env_for(pico, port), cwd=ROOT)


def run_here(flash, tmp_path, pico, monkeypatch, capsys):
    """flash.py in this process, for the tests that shorten its waits."""
    for name in ("PORT", "DRIVE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("MPREMOTE", pico.mpremote)
    monkeypatch.setenv("PATH", env_for(pico)["PATH"])
    code = flash.main(["--build", str(tmp_path / "build"), "--drive", pico.drive])
    out, err = capsys.readouterr()
    return code, out, err


def copied(argv):
    return [argv[i + 2] for i in range(len(argv) - 2) if argv[i] == "cp"]


def manifest_written(argv):
    """The manifest the session's last exec writes, as lines."""
    code = [a for a in argv if a.startswith("f = open('/slapstack-files.txt', 'w')")][-1]
    return eval(code.split("f.write(", 1)[1].split(")\nf.close()")[0]).split()


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


# --- the build -------------------------------------------------------------------------------

def test_compiles_the_engine_and_the_firmwares_packages_into_one_romfs_image_and_keeps_the_boot_files_as_source(
        tmp_path):
    r = run(tmp_path, "--dry-run")
    assert r.returncode == 0, r.stderr
    out = tmp_path / "build"
    assert sorted(os.listdir(out)) == ["rom", "slapstack.romfs"]          # no /lib tree for a stock image
    lib = out / "rom" / "lib"
    engine = sorted(p for p in os.listdir(ROOT + "/src/slapstack") if p.endswith(".py"))
    assert sorted(os.listdir(lib / "slapstack")) == [p[:-3] + ".mpy" for p in engine]
    for package in ("app", "drawing", "drivers", "hardware", "hid", "painters", "storage"):
        sources = sorted(p for p in os.listdir(os.path.join(ROOT, "firmware", package)) if p.endswith(".py"))
        assert sorted(os.listdir(lib / package)) == [p[:-3] + ".mpy" for p in sources], package
    top = sorted(p for p in os.listdir(lib) if p.endswith(".mpy"))
    assert top == []                                  # boot.py, main.py, installed.py, rescue.py stay source
    panel = (lib / "drivers" / "panel.mpy").read_bytes()
    assert panel[:2] == b"M\x06"  # .mpy v6: what MicroPython 1.29 and 1.28 load (test_device_build)
    assert b"/rom/lib/drivers/panel.mpy" in panel      # named by its path on the board: its __file__
    image = (out / "slapstack.romfs").read_bytes()
    assert image.startswith(b"\xd2\xcd\x31") and b"panel.mpy" in image and b"cards.mpy" in image
    assert "romfs deploy " in r.stdout and "cp " in r.stdout and r.stdout.rstrip().endswith("reset")
    # the same sources give the same image: an unchanged one is not written to the board again
    r = run(tmp_path, "--dry-run")
    assert (out / "slapstack.romfs").read_bytes() == image


def test_a_syntax_error_stops_before_touching_the_board(tmp_path):
    flash = load_flash()
    bad = tmp_path / "broken.py"
    bad.write_text("def f(:\n")
    with pytest.raises(flash.Stop) as e:
        flash.compile_all([(str(bad), "lib/broken.mpy")], str(tmp_path / "out"))
    assert "mpy-cross failed on" in str(e.value) and "SyntaxError" in str(e.value)


def test_scripts_given_with_go_into_the_romfs_image_beside_the_firmware(tmp_path):
    # make bench-device runs the device benchmarks from the ROMFS partition (WITH=): imported
    # from there, their bytecode is not in the heap they measure
    bench = os.path.join(ROOT, "tests", "heap_device.py")
    r = run(tmp_path, "--dry-run", "--with", bench)
    assert r.returncode == 0, r.stderr
    out = tmp_path / "build"
    assert (out / "rom" / "lib" / "heap_device.mpy").exists()
    assert b"heap_device.mpy" in (out / "slapstack.romfs").read_bytes()


@pytest.mark.parametrize("name", ["drivers", "slapstack", "main"])
def test_a_script_named_as_a_package_or_module_of_the_firmware_is_refused(tmp_path, name):
    script = tmp_path / (name + ".py")
    script.write_text("print(1)\n")
    r = run(tmp_path, "--dry-run", "--with", str(script))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and name + ".py" in r.stderr


# --- a board on the SlapStack image ----------------------------------------------------------

def test_a_pico_with_the_slapstack_image_gets_the_code_as_one_romfs_image_in_one_session(tmp_path):
    pico = FakePico(tmp_path)
    r = run(tmp_path, pico=pico)
    assert r.returncode == 0, r.stderr
    argv, = pico.sessions()
    assert argv[:2] == ["connect", "/dev/ttyACM0"]     # found by its Raspberry Pi vendor id
    i = argv.index("romfs")
    assert argv[i:i + 3] == ["romfs", "deploy", str(tmp_path / "build" / "slapstack.romfs")]
    assert argv.index("exec") == 2 and "os.remove(m)" in argv[3] and i > 3  # the manifest goes first
    files = copied(argv)
    assert sorted(files) == [":/boot.py", ":/installed.py", ":/main.py", ":/pins.json", ":/rescue.py"]
    assert "-f" not in argv  # mpremote's hash check skips files already on the board
    image = (tmp_path / "build" / "slapstack.romfs").read_bytes()
    lines = manifest_written(argv)                     # and comes back last
    assert lines[:3] == ["rom", hashlib.sha256(image).hexdigest(), str(len(image))]
    assert lines[3:] == ["/boot.py", "/main.py", "/installed.py", "/rescue.py", "/pins.json"]
    assert argv[-1] == "reset" and "done in" in r.stdout
    assert pico.installed() is None and "BOOTSEL" not in r.stdout + r.stderr


def test_an_unchanged_romfs_image_is_not_written_again(tmp_path):
    run(tmp_path, "--dry-run")
    digest = sha256(tmp_path / "build" / "slapstack.romfs")
    pico = FakePico(tmp_path, answer=SLAPSTACK[:5] + (digest, IMAGE_CODE))
    r = run(tmp_path, pico=pico, port="/dev/ttyUSB7")
    assert r.returncode == 0, r.stderr
    argv, = pico.sessions()
    assert argv[:2] == ["connect", "/dev/ttyUSB7"]     # PORT= skips detection
    assert "romfs" not in argv and "up to date" in r.stdout
    assert manifest_written(argv)[:2] == ["rom", digest]


def test_a_romfs_partition_too_small_for_the_code_is_refused_before_anything_is_written(tmp_path):
    pico = FakePico(tmp_path, answer=SLAPSTACK[:4] + (4096, "", IMAGE_CODE))
    r = run(tmp_path, pico=pico)
    assert r.returncode == 2 and "does not fit the board's ROMFS partition (4096 bytes)" in r.stderr
    assert r.stderr.count("\n") == 1 and pico.sessions() == []


def test_a_session_that_fails_says_the_board_will_say_it_is_incomplete(tmp_path):
    r = run(tmp_path, pico=FakePico(tmp_path, session_fails=True))
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert "mpremote failed" in r.stderr and "incomplete" in r.stderr


# --- a board on anything else gets the image first -------------------------------------------

@pytest.mark.parametrize("answer", [
    STOCK,                                                     # the official image
    ('micropython', (1, 22), 518, 'RPI_PICO', 0, '', ''),      # an old release
    ('micropython', (1, 28), 774, 'RPI_PICO', 262144, '', ''), # the official image with a ROMFS partition
    SLAPSTACK[:6] + ("0" * 64,),                               # another build of the SlapStack image
])
def test_a_pico_on_another_micropython_is_put_in_its_bootloader_given_the_image_then_the_code(tmp_path, answer):
    pico = FakePico(tmp_path, answer=answer)
    r = run(tmp_path, pico=pico)
    assert r.returncode == 0, r.stderr
    bootloader, argv = pico.sessions()
    assert bootloader == ["connect", "/dev/ttyACM0", "bootloader"]
    assert pico.installed() == sha256(IMAGE)                   # hw/image's .uf2, copied onto its drive
    assert not os.path.exists(pico.drive)
    assert "romfs" in argv and argv[-1] == "reset"             # then the code, as on the image
    assert "installing hw/image/slapstack-v1.28.0.uf2" in r.stdout and "the SlapStack image is installed" in r.stdout
    assert "done in" in r.stdout


def test_a_pico_on_an_older_slapstack_image_is_given_this_one_and_keeps_its_files(tmp_path):
    pico = FakePico(tmp_path, answer=SLAPSTACK[:6] + ("0" * 64,))
    r = run(tmp_path, pico=pico)
    assert r.returncode == 0, r.stderr
    assert pico.installed() == sha256(IMAGE)
    assert ("the board runs another build of the SlapStack image than hw/image/slapstack-v1.28.0.uf2: "
            "installing hw/image/slapstack-v1.28.0.uf2 (the files on its filesystem stay)") in r.stdout


def test_uf2_gives_the_bytes_the_image_writes_from_the_start_of_flash(tmp_path):
    code = uf2.flash_code(IMAGE)
    assert code[:4] != b"\xff" * 4 and len(code) % 256 == 0 and len(code) == os.path.getsize(IMAGE) // 2
    cut = tmp_path / "cut.uf2"
    cut.write_bytes(open(IMAGE, "rb").read()[:-100])
    with pytest.raises(uf2.NotAnImage, match="not a whole number of 512-byte blocks"):
        uf2.flash_code(str(cut))
    gap = bytearray(open(IMAGE, "rb").read())
    del gap[512:1024]                                        # the second block is missing
    cut.write_bytes(bytes(gap))
    with pytest.raises(uf2.NotAnImage, match="leaves a gap in flash at 0x10000100"):
        uf2.flash_code(str(cut))


def test_a_blank_pico_held_in_bootsel_is_found_by_its_drive_and_given_the_image_then_the_code(tmp_path):
    pico = FakePico(tmp_path, answer=None, listed=False, bootsel=True)
    r = run(tmp_path, pico=pico)
    assert r.returncode == 0, r.stderr
    assert pico.installed() == sha256(IMAGE)
    argv, = pico.sessions()                                    # no bootloader: it is there already
    assert argv[:2] == ["connect", "/dev/ttyACM0"] and "romfs" in argv and argv[-1] == "reset"


def test_a_pico_in_bootsel_behind_a_port_that_answers_nothing_is_given_the_image(tmp_path):
    pico = FakePico(tmp_path, answer=None, listed=False, bootsel=True)
    r = run(tmp_path, pico=pico, port="/tmp/ttyPICO")  # the emulated Pico's pty stays open in BOOTSEL
    assert r.returncode == 0, r.stderr
    assert pico.installed() == sha256(IMAGE) and pico.sessions()[0][:2] == ["connect", "/tmp/ttyPICO"]


def test_no_board_exits_non_zero_with_a_one_line_hint(tmp_path):
    pico = FakePico(tmp_path, answer=None, listed=False)
    r = run(tmp_path, pico=pico)
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert "no board found" in r.stderr and "PORT=" in r.stderr and "BOOTSEL" in r.stderr
    assert pico.sessions() == []


def test_a_port_that_answers_nothing_without_a_drive_is_said_to_be_busy(tmp_path):
    pico = FakePico(tmp_path, answer=None)
    r = run(tmp_path, pico=pico)
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert "cannot talk to /dev/ttyACM0" in r.stderr and "Thonny" in r.stderr
    assert pico.sessions() == []


def test_no_drive_after_the_bootloader_says_how_to_install_the_image_by_hand(tmp_path, monkeypatch, capsys):
    flash = load_flash()
    monkeypatch.setattr(flash, "DRIVE_WAIT_S", 0.5)
    pico = FakePico(tmp_path, answer=STOCK, shows_drive=False)
    code, out, err = run_here(flash, tmp_path, pico, monkeypatch, capsys)
    assert code == 2 and err.count("\n") == 1
    assert "no RPI-RP2 drive appeared" in err and "hold the Pico's BOOTSEL button while plugging it in" in err
    assert "copy hw/image/slapstack-v1.28.0.uf2 onto the RPI-RP2 drive" in err and "DRIVE=" in err
    assert [argv[2:] for argv in pico.sessions()] == [["bootloader"]]     # nothing written


def test_without_a_drive_picotool_writes_the_image_where_installed(tmp_path, monkeypatch, capsys):
    flash = load_flash()
    monkeypatch.setattr(flash.bootsel, "PICOTOOL_AFTER_S", 0.3)
    pico = FakePico(tmp_path, answer=STOCK, shows_drive=False).with_picotool()
    code, out, err = run_here(flash, tmp_path, pico, monkeypatch, capsys)
    assert code == 0, err
    assert ["picotool", "load", "-x", IMAGE] in pico.sessions() and pico.installed() == sha256(IMAGE)
    assert "written by picotool" in out


def test_picotool_is_tried_again_while_the_board_is_still_enumerating(tmp_path, monkeypatch, capsys):
    flash = load_flash()
    monkeypatch.setattr(flash.bootsel, "PICOTOOL_AFTER_S", 0.2)
    monkeypatch.setattr(flash.bootsel, "PICOTOOL_AGAIN_S", 0.2)
    monkeypatch.setattr(flash, "DRIVE_WAIT_S", 60)  # (only the time a loaded machine may need: a pass is ~1 s)
    pico = FakePico(tmp_path, answer=STOCK, shows_drive=False).with_picotool(missed=2)
    code, out, err = run_here(flash, tmp_path, pico, monkeypatch, capsys)
    assert code == 0, err
    tries = [s for s in pico.sessions() if s[0] == "picotool"]
    assert len(tries) == 3 and pico.installed() == sha256(IMAGE)     # two misses, then written
    assert "written by picotool" in out


def test_a_board_on_another_firmware_is_asked_to_be_plugged_in_with_bootsel_held(tmp_path, monkeypatch, capsys):
    flash = load_flash()
    monkeypatch.setattr(flash, "HAND_WAIT_S", 0.5)
    pico = FakePico(tmp_path, answer=('circuitpython', (9, 2), 774, '', 0, '', ''))
    code, out, err = run_here(flash, tmp_path, pico, monkeypatch, capsys)
    assert "the board runs circuitpython 9.2 (.mpy v6), not the SlapStack image" in out and "BOOTSEL" in out
    assert code == 2 and err.count("\n") == 1 and "no RPI-RP2 drive appeared within" in err


def test_a_board_that_does_not_run_the_image_after_it_was_installed_is_refused(tmp_path):
    pico = FakePico(tmp_path, answer=STOCK, after=STOCK)
    r = run(tmp_path, pico=pico)
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert "after hw/image/slapstack-v1.28.0.uf2 was installed the board runs MicroPython 1.28 (RPI_PICO, .mpy v6)" \
        in r.stderr
    assert [argv[2:] for argv in pico.sessions()] == [["bootloader"]]     # no code written


# --- on the real MicroPython VMs -------------------------------------------------------------

@pytest.mark.parametrize("release", ["1.29", "1.28"])
def test_the_probe_runs_on_both_real_micropython_vms(tmp_path, release):
    board = load_probe()
    probe = tmp_path / "probe.py"
    probe.write_text(board.probe_code(1000, 4096) + "\n")
    r = subprocess.run(["node", "tests/mpy_run.mjs", "--micropython", release, str(probe)],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    answer = board.read_probe(r.stdout)
    assert answer[:2] == ("micropython", tuple(int(v) for v in release.split(".")))
    assert answer[4:] == (0, "", "")  # (the WebAssembly port has no ROMFS partition, nor flash)
    assert not board.on_the_image(answer, 6)                   # nor is it the SlapStack image
    assert board.on_the_image(answer[:3] + ("SLAPSTACK",) + answer[4:], 6)
    assert not board.on_the_image(answer[:3] + ("SLAPSTACK",) + answer[4:], 7)


def test_a_reflash_removes_an_old_stock_flashs_lib_and_keeps_the_players_and_the_makers_files(tmp_path):
    """The board-side cleanup runs on the real MicroPython VM against its filesystem: a board
    flashed for the stock image (its code in /lib, flat) now gets its code in ROMFS."""
    flash = load_flash()
    argv = flash.session("PORT", "build", flash.modules(), b"", False)
    script = tmp_path / "board.py"
    script.write_text(
        "import os\n"
        "for d in ('/lib', '/lib/slapstack'):\n"
        "    try:\n        os.mkdir(d)\n    except OSError:\n        pass\n"
        "for p in ('/lib/recording.mpy', '/lib/slapstack/old.mpy', '/lib/app.mpy', '/lib/panel.mpy', '/main.py',\n"
        "          '/lib/mine.mpy', '/settings.json', '/last_replay.json'):\n"
        "    open(p, 'w').write('x')\n"
        "open('/slapstack-files.txt', 'w').write('lib\\n/lib/recording.mpy\\n/lib/app.mpy\\n/main.py')\n"
        + "exec(%r)\n" % argv[argv.index("exec") + 1] +
        "print(sorted(os.listdir('/')))\nprint(sorted(os.listdir('/lib')))\n")
    r = subprocess.run(["node", "tests/mpy_run.mjs", str(script)], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    top, lib = [eval(line) for line in r.stdout.strip().splitlines()[-2:]]
    # what its manifest listed, all of /lib/slapstack, and the firmware's module names unlisted
    # (/lib/panel.mpy: a stock flash cut short left it without a manifest)
    assert lib == ["mine.mpy"]                                      # the maker's own stays
    assert "settings.json" in top and "last_replay.json" in top    # the players' files stay
    assert "main.py" in top and "slapstack-files.txt" not in top    # written again at the end
