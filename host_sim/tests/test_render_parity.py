"""The simulator draws byte-for-byte what the device draws."""
import os
import shutil
import subprocess

from host_sim.tests import render_digest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VM = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")


def test_cpython_and_micropython_send_the_same_pixels():
    assert shutil.which("node") and os.path.isdir(VM), "MicroPython VM not installed: run make setup"
    out = subprocess.run(
        ["node", "tests/mpy_run.mjs", "--mount", "firmware:/fw",
         "host_sim/tests/render_digest.py"],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    line = [ln for ln in out.stdout.splitlines() if ln.startswith("digest ")]
    assert line, out.stdout
    assert line[0].split()[1] == render_digest.digest()
