"""What make flash puts on the board, run on the real MicroPython 1.28 VM: the .mpy build
loads, a card turned through the App's loop allocates nothing (heap_lock), and a game's
end writes its replay with code no game keeps loaded."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
import flash  # noqa: E402

sys.path.pop(0)


def test_the_compiled_firmware_turns_cards_without_allocating(tmp_path):
    flash.build(flash.plan(), str(tmp_path))
    r = subprocess.run(["node", "tests/mpy_run.mjs", "--mount", "%s:/lib" % (tmp_path / "lib"),
                        "tests/run.py", "mpy_app_hotpath"],
                       capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "mpy: 3 passed, 0 failed" in r.stdout
