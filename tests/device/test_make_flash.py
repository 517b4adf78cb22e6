"""make flash onto a blank Pico held in BOOTSEL: a second emulated Pico, nothing in its flash,
powered up with its BOOTSEL button held, as a new board that never ran MicroPython. make flash
finds it by its drive (no serial port answers), installs the SlapStack image, writes the code,
and the menu shows."""
import os
import struct

from PIL import Image

from conftest import differing, session_board_paused
from host_sim.pico_rig import BOOT_US, PicoRig

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MENU = os.path.join(ROOT, "host_sim", "golden", "menu.png")


def test_make_flash_finds_a_blank_pico_in_bootsel_by_its_drive_and_the_menu_shows():
    with session_board_paused():
        rig = PicoRig(firmware=None, bootsel=True)
        rig.start()
        try:
            assert rig.call("time")["bootsel"] and os.path.exists(rig.drive)
            out = rig.flash()
            rig.run_for(BOOT_US)
            menu = rig.screen().to_image()
            printed = rig.serial_text()
        finally:
            rig.stop()
    assert "copied onto %s" % rig.drive in out and "the SlapStack image is installed" in out
    assert "the code into the ROMFS partition" in out and "the board has been reset" in out
    assert differing(menu, Image.open(MENU)) == 0, printed[-3000:]


def test_make_flash_gives_a_board_on_another_build_of_the_image_this_one_and_keeps_its_files(tmp_path):
    """A board that ran an older SlapStack image (here hw/image's with its board name changed)
    gets hw/image's build: the code may need what only the new build has."""
    image = open(os.path.join(ROOT, "hw", "image", "slapstack-v1.28.0.uf2"), "rb").read()
    older = tmp_path / "older.uf2"
    older.write_bytes(_renamed(image, b"SlapStack (Raspberry Pi Pico)", b"SlapStack (Raspberry Pi PicO)"))
    with session_board_paused():
        rig = PicoRig(firmware=str(older))
        rig.start()
        try:
            rig.run_for(1_500_000)
            rig.mpremote("exec", "f = open('/notes.txt', 'w')\nf.write('seat 3 sticks')\nf.close()")
            out = rig.flash()
            rig.run_for(BOOT_US)
            board_name = rig.mpremote("exec", "import sys\nprint(sys.implementation._machine)").stdout
            notes = rig.read_file("/notes.txt")
        finally:
            rig.stop()
    assert "the board runs another build of the SlapStack image than hw/image/slapstack-v1.28.0.uf2" in out
    assert "the SlapStack image is installed" in out and "the board has been reset" in out
    assert "SlapStack (Raspberry Pi Pico)" in board_name
    assert notes == "seat 3 sticks"


def _renamed(uf2, old, new):
    """``uf2`` with the text ``old`` in its code replaced by ``new`` (as long): in the payload
    of its 512-byte blocks (256 bytes each, at offset 32, in address order), where a text may
    run from one block into the next."""
    blocks = [bytearray(uf2[i:i + 512]) for i in range(0, len(uf2), 512)]
    sizes = [struct.unpack_from("<I", b, 16)[0] for b in blocks]
    data = b"".join(bytes(b[32:32 + n]) for b, n in zip(blocks, sizes))
    assert data.count(old) == 1 and len(new) == len(old)
    data = data.replace(old, new)
    at = 0
    for b, n in zip(blocks, sizes):
        b[32:32 + n] = data[at:at + n]
        at += n
    return b"".join(blocks)
