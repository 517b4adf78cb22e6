"""The Pico's BOOTSEL drive (RPI-RP2): finding it and writing a .uf2 image through it.  (CPython;
tools/flash.py uses it.)

A Pico powered up with BOOTSEL held, or told to go there (``machine.bootloader()``), shows its
bootrom as a USB drive; a .uf2 copied onto it is written to flash and the board reboots into it.
Desktops mount the drive at MOUNTS; ``--drive``/``DRIVE=`` names another folder. A folder is that
drive when its INFO_UF2.TXT says ``Board-ID: RPI-RP2``. Where no drive is mounted (a machine
without a desktop), ``picotool load -x`` writes the image over USB when picotool is installed.
"""
import glob
import os
import shutil
import subprocess
import time

BOARD_ID = "Board-ID: RPI-RP2"
MOUNTS = ("/media/*/RPI-RP2", "/run/media/*/RPI-RP2", "/Volumes/RPI-RP2")
PICOTOOL_AFTER_S = 5   # no drive by then: try picotool, where installed
PICOTOOL_AGAIN_S = 2   # and again this often while none shows (the board may still be enumerating)
GONE_WAIT_S = 15       # for the drive to go once the image is on it: the board has rebooted
POLL_S = 0.2


def is_drive(folder):
    """Whether ``folder`` is a Pico's BOOTSEL drive."""
    try:
        with open(os.path.join(folder, "INFO_UF2.TXT")) as f:
            return BOARD_ID in f.read()
    except OSError:
        return False


def find_drive(named=None):
    """The BOOTSEL drive mounted now: ``named`` if given, else the first at a desktop's place."""
    places = [named] if named else [p for pattern in MOUNTS for p in sorted(glob.glob(pattern))]
    return next((p for p in places if is_drive(p)), None)


def copy_onto(image, drive):
    """Copy ``image`` onto the drive, synced to the device: the bootrom writes each block as it
    comes and reboots after the last. A drive that goes away as the copy closes took it all."""
    try:
        with open(image, "rb") as src, open(os.path.join(drive, os.path.basename(image)), "wb") as dst:
            shutil.copyfileobj(src, dst)
            dst.flush()
            os.fsync(dst.fileno())
    except OSError:
        if is_drive(drive):
            raise


def picotool_load(image):
    """Write ``image`` with picotool and start it; whether that worked (False without picotool)."""
    if shutil.which("picotool") is None:
        return False
    try:
        run = subprocess.run(["picotool", "load", "-x", image], capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return False
    return run.returncode == 0


def write_image(image, named, wait_s):
    """Wait up to ``wait_s`` for a board in BOOTSEL and write ``image`` to it: onto its drive
    (``named``, else where desktops mount it), else with picotool, tried every
    PICOTOOL_AGAIN_S from PICOTOOL_AFTER_S on (a board still enumerating is not there at the
    first try). Returns how it went ("copied onto DRIVE", "written by picotool"), or None when
    no board in BOOTSEL showed up. Raises OSError when the copy fails."""
    start = time.monotonic()
    picotool_at = min(PICOTOOL_AFTER_S, wait_s)
    while True:
        drive = find_drive(named)
        if drive:
            copy_onto(image, drive)
            gone_by = time.monotonic() + GONE_WAIT_S
            while is_drive(drive) and time.monotonic() < gone_by:
                time.sleep(POLL_S)
            return "copied onto %s" % drive
        waited = time.monotonic() - start
        if waited >= picotool_at:
            picotool_at = waited + PICOTOOL_AGAIN_S
            if picotool_load(image):
                return "written by picotool"
        if waited >= wait_s:
            return None
        time.sleep(POLL_S)
