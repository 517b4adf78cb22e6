"""What make flash puts on the board, run on the real MicroPython VMs of both supported
releases (1.29 and 1.28): the .mpy build loads, a card turned through the App's loop
allocates nothing (heap_lock), and a game's end writes its replay with code no game keeps
loaded."""
import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import flash  # tools/, on pytest's pythonpath
RELEASES = ("1.29", "1.28")


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    out = tmp_path_factory.mktemp("flash")
    flash.build(str(out))
    return out


@pytest.mark.parametrize("release", RELEASES)
def test_the_compiled_firmware_turns_cards_without_allocating(build, release):
    r = subprocess.run(["node", "tests/mpy_run.mjs", "--micropython", release, "--mount",
                        "%s:/lib" % (build / "rom" / "lib"), "tests/run.py", "mpy_app_hotpath"],
                       capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "mpy %s.0: 3 passed, 0 failed" % release in r.stdout


@pytest.mark.parametrize("release", RELEASES)
def test_every_mpy_file_has_the_version_the_vm_loads(build, release):
    """Each header's .mpy version is the VM's own (sys.implementation._mpy, low byte), and its
    small-int width fits a 32-bit port's: the rule MicroPython loads bytecode by."""
    probe = build / "probe.py"
    probe.write_text("import sys\nprint(sys.implementation._mpy, sys.implementation.version[:2])\n")
    r = subprocess.run(["node", "tests/mpy_run.mjs", "--micropython", release, str(probe)],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    vm_mpy, version = r.stdout.split(" ", 1)
    assert version.strip() == "(%s)" % release.replace(".", ", ")
    files = [os.path.join(d, f) for d, _, fs in os.walk(build) for f in fs if f.endswith(".mpy")]
    assert len(files) > 40
    for path in files:
        with open(path, "rb") as f:
            head = f.read(4)
        assert head[0:1] == b"M" and head[1] == int(vm_mpy) & 0xFF and head[3] <= 31, path
