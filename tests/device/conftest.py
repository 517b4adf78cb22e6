"""The device stage: SlapStack put with the real ``make flash`` onto the emulated Pico (an
emulated RP2040; boot.py sets 200 MHz) and played through its buttons. ``make test-device``
runs it; the rig is ``$PICO_RIG`` or ``../shared/pico`` (host_sim/pico_rig.py).

One board for each worker of the run (``make test-device`` runs two, each with its own core and
its files: ``-n 2 --dist loadgroup``, as ``WORKERS`` below splits them). The run's
first board is a maker's new Pico: the official stock MicroPython image on it and nothing else,
flashed once. make flash installs the SlapStack image (MicroPython 1.28 with the code in ROMFS)
through its BOOTSEL drive, then the code; its flash is then saved, and the other worker's board
starts from that flash (the same image, code and files, powered up), so every test runs on the
image and code that make flash installed, and the tests of make flash's output and of the menu
it leaves (test_device.py) see that one flash's. A file's tests run in its order and each leaves
the board at the main menu or reset; test_make_flash.py flashes other Picos (a blank one held in
BOOTSEL, one on another build of the image), with its worker's board paused: the worker that
runs it first has no board yet, and runs it while the other worker's make flash is under way.
"""
import contextlib
import fcntl
import json
import os
import re
import sys
import time

import pytest
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from host_sim.pico_rig import BOOT_US, PicoRig  # noqa: E402


_started = []  # the session's board, once started

# The device stage's two workers (``-n 2 --dist loadgroup``: each takes one group) and the files
# each runs, in this order, so that both end at about the same time (some 290-370 s each on a
# 2-core machine). The first begins with the run's one make flash onto a new board (30-120 s);
# the second with test_make_flash.py (80-190 s), which needs no session board, and then starts
# from the flash the first saved meanwhile.
WORKERS = {
    "flashes": ["test_device_faults.py", "test_stamps.py"],
    "starts from its flash": ["test_make_flash.py", "test_device.py", "test_saves.py", "test_hw_test.py"],
}


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(items):
    """Each file's tests in their group (WORKERS), the groups' files in WORKERS' order (a file
    not named there: a worker to itself, after the others), each file's tests in its order."""
    order = [name for files in WORKERS.values() for name in files]
    for item in items:
        name = item.path.name
        group = next((g for g, files in WORKERS.items() if name in files), name)
        item.add_marker(pytest.mark.xdist_group(group))
    items.sort(key=lambda item: order.index(item.path.name) if item.path.name in order else len(order))


@pytest.fixture(scope="session")
def pico(tmp_path_factory, worker_id):
    """The worker's board: the run's first one a new Pico on stock MicroPython with the real
    make flash onto it (its output, the screen it leaves, its flash saved for the other
    workers), the others started from that flash. ``flash_output``, ``flash_drive`` (the
    BOOTSEL drive it was given) and ``screen_after_flash`` are that make flash's, whichever
    board it made."""
    run = tmp_path_factory.getbasetemp()
    if worker_id != "master":
        run = run.parent  # the run's folder, shared by its workers (one per worker below it)
    saved = {"flash": run / "pico-flash.bin", "made": run / "pico-flash-made.json",
             "screen": run / "pico-screen-after-flash.png"}
    rig = None
    try:
        with open(run / "pico.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # (until the file closes) a make flash under way ends first
            if saved["flash"].exists():
                rig = PicoRig(flash_image=str(saved["flash"]))
                rig.start()
                _started.append(rig)
                made = json.loads(saved["made"].read_text())
                rig.flash_output, rig.flash_drive = made["output"], made["drive"]
                rig.screen_after_flash = Image.open(saved["screen"]).convert("RGB")
                rig.run_for(BOOT_US)
            else:
                rig = PicoRig()  # the stock image
                rig.start()
                _started.append(rig)
                rig.flash_output, rig.flash_drive = rig.flash(), rig.drive
                rig.run_for(BOOT_US)
                rig.screen_after_flash = rig.screen().to_image()  # before any test changes the board
                rig.screen_after_flash.save(saved["screen"])
                saved["made"].write_text(json.dumps({"output": rig.flash_output, "drive": rig.drive}))
                rig.save_flash(str(saved["flash"]))  # last: the others start from it once it is there
        yield rig
    finally:
        if rig is not None:
            if rig in _started:
                _started.remove(rig)
            rig.stop()


@contextlib.contextmanager
def session_board_paused():
    """The session's board, if started, paused meanwhile: one emulated Pico at a time runs
    at full speed (each takes a core)."""
    for rig in _started:
        rig.call("pause")
    try:
        yield
    finally:
        for rig in _started:
            rig.call("resume")


def rgb565(image):
    """An RGB image as RGB565 triples, to compare screens whatever the 8-bit rounding."""
    return bytes(v for px in image.convert("RGB").getdata() for v in (px[0] >> 3, px[1] >> 2, px[2] >> 3))


def from_start(events, start):
    """A game's events (kind, t, p, a, b, c) with t as us since ``start`` (ticks wrap at
    2**30), to hold a game on the board against its replay."""
    return [(k, (t - start) % (1 << 30), p, a, b, c) for k, t, p, a, b, c in events]


def differing(a, b, box=None):
    """How many pixels differ between two 320x240 images (within ``box`` if given)."""
    if box is not None:
        a, b = a.crop(box), b.crop(box)
    x, y = rgb565(a), rgb565(b)
    return sum(1 for i in range(0, len(x), 3) if x[i:i + 3] != y[i:i + 3])


class Board:
    """What the tests do with the board: run a script beside the firmware, follow its
    events, write and read its files."""

    def __init__(self, rig):
        self.rig = rig

    def stop_firmware(self):
        """Ctrl-C, as mpremote does: the firmware ends at the REPL."""
        self.rig.mpremote("exec", "pass")

    def put_file(self, path, text):
        self.rig.mpremote("exec", "f = open(%r, 'w')\nf.write(%r)\nf.close()" % (path, text))

    def remove(self, *paths):
        code = "import os\nfor p in %r:\n try:\n  os.remove(p)\n except OSError:\n  pass" % (list(paths),)
        self.rig.mpremote("exec", code)

    def read_json(self, path):
        text = self.rig.read_file(path)
        return None if text is None else json.loads(text)

    def boot(self, run_us=BOOT_US):
        """Reset with the RUN pin (flash kept): main.py starts the firmware."""
        self.rig.reset()
        time.sleep(0.5)
        self.rig.run_for(run_us)

    def run_script(self, code):
        """Start ``code`` on the board and leave it running (its output goes to the serial
        log); returns the mark it prints first."""
        script = os.path.join(self.rig.work, "script.py")
        mark = "RUN-%d" % int(time.time() * 1000)
        with open(script, "w") as f:
            f.write("print(%r)\n" % mark + code)
        self.rig.mpremote("run", "--no-follow", script)
        return mark

    def drive(self, seed, settings, deal=None):
        """Start the firmware's App with a chosen deal (drive_game.py): the seed's, or
        ``deal`` given as a replay file gives it; returns the mark after which its printed
        events come."""
        return self._drive("SEED = %d\nSETTINGS = %r\nDEAL = %r\n" % (seed, settings, deal))

    def watch_last(self):
        """Start the firmware's App watching the last game saved (drive_game.py); returns
        the mark after which its printed events come."""
        return self._drive("WATCH = True\n")

    def _drive(self, head):
        with open(os.path.join(HERE, "drive_game.py")) as f:
            body = f.read()
        mark = self.run_script(head + body)
        self.rig.wait_serial(r"STARTED (-?\d+)", since=mark)
        return mark

    def events_since(self, mark):
        """Every ``EV`` line the board printed after ``mark``: (kind, t, p, a, b, c) tuples."""
        text = self.rig.serial_text()
        if mark in text:
            text = text[text.rindex(mark):]
        return [tuple(int(x) for x in m.groups())
                for m in re.finditer(r"EV (-?\d+) (-?\d+) (-?\d+) (-?\d+) (-?\d+) (-?\d+)\r?\n", text)]


@pytest.fixture
def board(pico):
    return Board(pico)
