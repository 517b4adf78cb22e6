"""`make check`: the firmware type-checks against MicroPython's rp2 stubs, and the check
would catch a call the device does not have."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def check(*files):
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools", "check.py")] + list(files),
                          capture_output=True, text=True, cwd=ROOT, timeout=600)


def test_the_firmware_passes():
    r = check()
    assert r.returncode == 0, r.stdout + r.stderr
    assert "no issues found" in r.stdout


def test_calls_micropython_does_not_have_are_caught(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("import errno\nimport machine\nimport time\n\n\n"
                     "def f():\n"
                     "    machine.Pin(2).bogus()\n"
                     "    time.sleep_ms('soon')\n"
                     "    return errno.ENOSPC\n")
    r = check(str(probe))
    assert r.returncode == 1
    assert '"Pin" has no attribute "bogus"' in r.stdout
    assert 'incompatible type "str"' in r.stdout
    assert 'has no attribute "ENOSPC"' in r.stdout  # MicroPython's errno lacks it: use 28
