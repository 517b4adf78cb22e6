"""What the simulated panel shows, fast enough for a live window and for pixel tests.

``PanelModel.to_image()`` reads one pixel at a time (about 0.2 s a frame); this builds the
same image from the model's memory with whole-image PIL operations (a few ms), using the
model's own wiring facts (source mirroring, colour filter, IPS inversion). A test checks
that both agree pixel for pixel.
"""
from PIL import Image, ImageChops

from host_sim.panel_memory import COLS, ROWS, WIDTH, HEIGHT

_FIVE = [(v >> 3) << 3 | (v >> 3) >> 2 for v in range(256)]          # top 5 bits -> 8 bits
_LOW5 = [(v & 31) << 3 | (v & 31) >> 2 for v in range(256)]          # low 5 bits -> 8 bits
_G_HI = [(v & 7) << 3 for v in range(256)]
_G_LO = [v >> 5 for v in range(256)]
_SIX = [(v << 2 | v >> 4) if v < 64 else 255 for v in range(256)]   # 6 bits -> 8 bits
_INVERT = bytes(255 - v for v in range(256))


def image(model):
    """The landscape screen of ``model`` (a host_sim.panel_model panel) as a PIL RGB image."""
    if not model.showing:
        return Image.new("RGB", (WIDTH, HEIGHT))
    gram = bytes(model.gram)
    hi, lo = gram[0::2], gram[1::2]
    if model.inverted != model.IPS_INVERTED:
        hi, lo = hi.translate(_INVERT), lo.translate(_INVERT)
    size = (COLS, ROWS)
    H = Image.frombytes("L", size, hi)
    L = Image.frombytes("L", size, lo)
    first = H.point(_FIVE)
    green = ImageChops.add(H.point(_G_HI), L.point(_G_LO)).point(_SIX)
    last = L.point(_LOW5)
    swap = bool(model.madctl & 0x08) != model.BGR_FILTER
    portrait = Image.merge("RGB", (last, green, first) if swap else (first, green, last))
    # landscape (x, y) is portrait column 239 - y (239 - mirrored column), row x
    return portrait.transpose(Image.Transpose.TRANSPOSE if model.MIRROR_SOURCE else Image.Transpose.ROTATE_90)


def rgb565(rgb):
    """An (r, g, b) pixel of ``image`` back as the RGB565 value the firmware drew."""
    r, g, b = rgb
    return (r >> 3) << 11 | (g >> 2) << 5 | b >> 3
