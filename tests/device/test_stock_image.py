"""``make flash`` onto a Pico on the official stock MicroPython image (no ROMFS partition): the
code goes to /lib as files, the maker is told once where the SlapStack image is, and every game
plays, with its code in the heap (its own emulated Pico, beside the device stage's)."""
import os
import re

from PIL import Image

from conftest import differing
from host_sim.pico_rig import ROOT, STOCK_IMAGE, PicoRig

GOLDEN = os.path.join(ROOT, "host_sim", "golden")
CARDS = 40


def test_make_flash_onto_the_stock_image_puts_the_code_in_lib_and_every_game_plays():
    rig = PicoRig(firmware=STOCK_IMAGE)
    rig.start()
    try:
        out = rig.flash()
        assert "the code into /lib" in out
        assert out.count("copy hw/image/slapstack-v1.28.0.uf2 onto the drive") == 1
        rig.run_for(2_500_000)
        assert differing(rig.screen().to_image(), Image.open(os.path.join(GOLDEN, "menu.png"))) == 0
        manifest = rig.read_file("/slapstack-files.txt").split()
        assert manifest[0] == "lib" and "/lib/slapstack/slapgame.mpy" in manifest
        script = os.path.join(rig.work, "heap.py")
        with open(os.path.join(ROOT, "tests", "heap_device.py")) as f:
            body = f.read()
        with open(script, "w") as f:
            f.write("CARDS = %d\n" % CARDS + body)
        code, printed, err = rig.mpremote_streamed("run", script, timeout=3600)
        assert code == 0, printed[-3000:] + err
        games = re.findall(r"HEAP RPI_PICO (\w+) (\d+) \d+ (\d+)", printed)
        assert [(g, int(c)) for g, _, c in games] == [("ratscrew", CARDS), ("war", CARDS), ("money", CARDS)], printed
    finally:
        rig.stop()
