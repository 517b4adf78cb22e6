"""The screen of a board whose firmware cannot start (installed.py or an import says why):
drawn with MicroPython's built-ins and /pins.json alone, since the firmware's own code (the
panel drivers included) may be what is missing. Kept as source on the filesystem.

The panel gets the few MIPI-DCS commands every supported chip takes, in the orientation
st7789.py and ili9341.py use; the text is MicroPython's 8x8 font (framebuf), doubled.
"""
import framebuf
import json
import machine
import time

_W = 320
_H = 240
_MARGIN = 16
_COLUMNS = (_W - 2 * _MARGIN) // 8  # characters a line at the font's own size
_BG = b"\x00\x10"      # RGB565, big-endian as the panel takes it: navy
_TITLE = b"\xff\xe0"   # yellow
_TEXT = b"\xff\xff"    # white
# MADCTL for landscape (and turned over: display.rotation 3), per chip
_MADCTL = {"st7789": (0x60, 0xA0), "ili9341": (0x28, 0xE8)}


def show(reason, title="Firmware incomplete", advice="Connect it by USB and run make flash again."):
    """Say it on the USB console and on the panel; returns (main.py then ends at the REPL,
    where make flash finds the board)."""
    print("SlapStack: %s %s %s" % (title, reason, advice))
    try:
        _draw([(s, 2, _TITLE) for s in _wrap(title, _COLUMNS // 2)] + [None] +
              [(s, 2, _TEXT) for s in _wrap(advice, _COLUMNS // 2)] + [None] +
              [(s, 1, _TEXT) for s in _wrap(reason, _COLUMNS)])
    except Exception as e:  # no pin map, no panel: the console has said it
        print("(nothing shown on the screen: %r)" % (e,))


def _wrap(text, width):
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = (line + " " + word).strip()
    return lines + [line]


class _Panel:
    def __init__(self, d):
        pin = machine.Pin
        self.spi = machine.SPI(d["spi"], baudrate=min(d["baudrate"], 24_000_000), sck=pin(d["sck"]),
                               mosi=pin(d["mosi"]))
        self.dc = pin(d["dc"], pin.OUT, value=0)
        self.cs = pin(d["cs"], pin.OUT, value=1)
        if d.get("rst") is not None:
            rst = pin(d["rst"], pin.OUT, value=0)
            time.sleep_ms(10)
            rst.value(1)
            time.sleep_ms(120)
        madctl = _MADCTL.get(d["driver"], _MADCTL["st7789"])[d.get("rotation") == 3]
        self.command(0x01)  # software reset
        time.sleep_ms(150)
        self.command(0x11)  # out of sleep
        time.sleep_ms(120)
        if d["driver"] == "st7789":
            self.command(0x21)  # IPS glass: colours inverted unless INVON
        self.command(0x3A, b"\x55")  # RGB565
        self.command(0x36, bytes((madctl,)))
        self.command(0x29)  # on
        if d.get("bl") is not None:
            pin(d["bl"], pin.OUT, value=1)

    def command(self, cmd, data=None):
        self.cs.value(0)
        self.dc.value(0)
        self.spi.write(bytes((cmd,)))
        if data:
            self.dc.value(1)
            self.spi.write(data)
        self.cs.value(1)

    def rows(self, y, h, data):
        """Paint rows y to y+h-1 (full width) with ``data``."""
        self.command(0x2A, bytes((0, 0, (_W - 1) >> 8, (_W - 1) & 0xFF)))
        self.command(0x2B, bytes((y >> 8, y & 0xFF, (y + h - 1) >> 8, (y + h - 1) & 0xFF)))
        self.command(0x2C, data)


def _draw(lines):
    with open("/pins.json") as f:
        panel = _Panel(json.load(f)["display"])
    band = bytearray(_BG * (_W * 16))
    for y in range(0, _H, 16):
        panel.rows(y, 16, band)
    y = 24
    mono = bytearray(_W // 8 * 8)
    glyphs = framebuf.FrameBuffer(mono, _W, 8, framebuf.MONO_HLSB)
    for line in lines:
        if line is None:  # a gap between paragraphs
            y += 8
            continue
        text, scale, colour = line
        glyphs.fill(0)
        glyphs.text(text, 0, 0, 1)
        h = 8 * scale
        out = bytearray(_BG * (_W * h))
        for row in range(h):
            for x in range((_W - 2 * _MARGIN) // scale):
                if glyphs.pixel(x, row // scale):
                    for dx in range(scale):
                        i = 2 * (row * _W + _MARGIN + x * scale + dx)
                        out[i:i + 2] = colour
        panel.rows(y, h, out)
        y += h + 4
