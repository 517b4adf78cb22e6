"""Asking a Pico what it runs, through mpremote.  (CPython; tools/flash.py uses it.)

``probe`` runs a few lines on the board (``probe_code``) that say which MicroPython it runs
(release, .mpy version, build name: the SlapStack image's is SLAPSTACK), which image exactly (the
SHA-256 of its code in flash, to compare with hw/image's) and what its ROMFS partition holds; a
board that answers something else is an unknown firmware, one that answers nothing gives None.
Set MPREMOTE to use another mpremote command (tests use a fake).
"""
import ast
import os
import shlex
import subprocess
import sys

from uf2 import FLASH_START

RPI_VENDOR = "2e8a"
SUPPORTED = ((1, 29), (1, 28))   # MicroPython releases SlapStack runs on, the newest first
IMAGE_BUILD = "SLAPSTACK"        # the SlapStack image's sys.implementation._build (hw/image/SLAPSTACK)
PROBE_TIMEOUT_S = 60


def mpremote_cmd():
    env = os.environ.get("MPREMOTE")
    return shlex.split(env) if env else [sys.executable, "-m", "mpremote"]


def find_port():
    """The first Raspberry Pi USB serial device mpremote lists, or None."""
    run = subprocess.run(mpremote_cmd() + ["connect", "list"], capture_output=True, text=True)
    if run.returncode != 0:
        return None
    for line in run.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[2].lower().startswith(RPI_VENDOR + ":"):
            return parts[0]
    return None


def probe_code(rom_bytes, code_bytes):
    """What the board runs to answer: (implementation name, version, .mpy version, build name,
    ROMFS partition size, SHA-256 of its first ``rom_bytes`` bytes, SHA-256 of the first
    ``code_bytes`` bytes of flash: the image's code)."""
    return ("import sys, hashlib, binascii\n"
            "size, digest, code = 0, '', ''\n"
            "try:\n"
            " import vfs\n"
            " if vfs.rom_ioctl(1) > 0:\n"
            "  rom = memoryview(vfs.rom_ioctl(2, 0))\n"
            "  size = len(rom)\n"
            "  if size >= %d:\n"
            "   digest = binascii.hexlify(hashlib.sha256(rom[:%d]).digest()).decode()\n"
            "except (ImportError, AttributeError, OSError, TypeError):\n"
            " pass\n"
            "i = sys.implementation\n"
            "if getattr(i, '_build', '') == %r:\n"  # an RP2040: flash is at FLASH_START
            " import uctypes\n"
            " code = binascii.hexlify(hashlib.sha256(uctypes.bytearray_at(0x%08x, %d)).digest()).decode()\n"
            "print(repr((i.name, tuple(i.version[:2]), getattr(i, '_mpy', 0), getattr(i, '_build', ''), "
            "size, digest, code)))") % (rom_bytes, rom_bytes, IMAGE_BUILD, FLASH_START, code_bytes)


def read_probe(output):
    """The probe's answer as a 7-tuple; an answer it cannot read as an unknown firmware's."""
    try:
        answer = ast.literal_eval(output.strip().splitlines()[-1])
        if isinstance(answer, tuple) and len(answer) == 7:
            return answer
    except (IndexError, ValueError, SyntaxError, TypeError):
        pass
    return ("an unknown firmware", (), 0, "", 0, "", "")


def probe(port, rom_bytes, code_bytes):
    """The board's answer on ``port``, or None when nothing answers there."""
    try:
        run = subprocess.run(mpremote_cmd() + ["connect", port, "exec", probe_code(rom_bytes, code_bytes)],
                             capture_output=True, text=True, timeout=PROBE_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None
    return read_probe(run.stdout) if run.returncode == 0 else None


def runs(answer):
    """What the board runs, in words: "MicroPython 1.28 (RPI_PICO, .mpy v6)"."""
    name, version, board_mpy, build_name = answer[:4]
    what = "MicroPython" if name == "micropython" else name
    if version:
        what += " " + ".".join(map(str, version))
    notes = ", ".join(n for n in (build_name, board_mpy and ".mpy v%d" % (board_mpy & 0xFF)) if n)
    return what + (" (%s)" % notes if notes else "")


def on_the_image(answer, mpy):
    """Whether the board runs a SlapStack image that loads this build's .mpy version."""
    name, version, board_mpy, build_name = answer[:4]
    return (name == "micropython" and build_name == IMAGE_BUILD and tuple(version) in SUPPORTED
            and board_mpy & 0xFF == mpy)


def bootloader(port):
    """Tell the board on ``port`` to go to its bootloader (MicroPython's machine.bootloader());
    whether it took the command."""
    try:
        return subprocess.run(mpremote_cmd() + ["connect", port, "bootloader"], capture_output=True,
                              timeout=PROBE_TIMEOUT_S).returncode == 0
    except subprocess.TimeoutExpired:
        return False
