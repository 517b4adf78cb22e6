"""make flash onto a blank Pico held in BOOTSEL: a second emulated Pico, nothing in its flash,
powered up with its BOOTSEL button held, as a new board that never ran MicroPython. make flash
finds it by its drive (no serial port answers), installs the SlapStack image, writes the code,
and the menu shows."""
import os

from PIL import Image

from conftest import differing, session_board_paused
from host_sim.pico_rig import PicoRig

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MENU = os.path.join(ROOT, "host_sim", "golden", "menu.png")


def test_make_flash_finds_a_blank_pico_in_bootsel_by_its_drive_and_the_menu_shows():
    with session_board_paused():
        rig = PicoRig(firmware=None, bootsel=True)
        rig.start()
        try:
            assert rig.call("time")["bootsel"] and os.path.exists(rig.drive)
            out = rig.flash()
            rig.run_for(2_500_000)  # boot.py, main.py, the menu drawn
            menu = rig.screen().to_image()
            printed = rig.serial_text()
        finally:
            rig.stop()
    assert "copied onto %s" % rig.drive in out and "the SlapStack image is installed" in out
    assert "the code into the ROMFS partition" in out and "the board has been reset" in out
    assert differing(menu, Image.open(MENU)) == 0, printed[-3000:]
