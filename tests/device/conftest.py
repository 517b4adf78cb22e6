"""The device stage: SlapStack put with the real ``make flash`` onto the emulated Pico (an
emulated RP2040; boot.py sets 200 MHz) and played through its buttons. ``make test-device``
runs it; the rig is ``$PICO_RIG`` or ``../shared/pico`` (host_sim/pico_rig.py).

One board for each worker of the run (``make test-device`` runs two, each with its own core and
its files: ``-n 2 --dist loadfile``), as a maker's new Pico: the official stock MicroPython
image on it and nothing else, flashed once. make flash installs the SlapStack image
(MicroPython 1.28 with the code in ROMFS) through its BOOTSEL drive, then the code, so every
test runs on the image make flash installed. A file's tests run in its order and each leaves
the board at the main menu or reset; test_make_flash.py flashes another, blank Pico held in
BOOTSEL, with its worker's board paused.
"""
import contextlib
import json
import os
import re
import sys
import time

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from host_sim.pico_rig import BOOT_US, PicoRig  # noqa: E402


_started = []  # the session's board, once started


@pytest.fixture(scope="session")
def pico():
    rig = PicoRig()  # the stock image
    rig.start()
    _started.append(rig)
    try:
        rig.flash_output = rig.flash()
        rig.run_for(BOOT_US)
        rig.screen_after_flash = rig.screen().to_image()  # before any test changes the board
        yield rig
    finally:
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
