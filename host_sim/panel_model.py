"""Pixel-exact model of the SPI panel: decodes the command stream the way the glass would.

The firmware's driver talks to this exactly as to the real controller: bytes arrive through
``on_spi_write(data, dc_level)`` (DC low = command byte, DC high = parameter or pixel bytes)
while CS is low, and ``reset()`` is the RST pin's pulse. The model keeps the controller's
240x320 memory and state (window, address pointer, MADCTL, COLMOD, sleep, display on,
inversion) and shows what a person would see on the panel mounted in landscape: ``pixel(x,
y)`` and ``to_image()``. Whatever the panel would not take is recorded in ``errors``:
unknown commands, windows outside the address space, missing or extra parameters, pixel
data with no memory write open, RGB565 data while COLMOD is not 16-bit (it shows as
garbage), a half pixel left dangling, and (given a clock) commands inside the busy time
after a reset or SLPOUT.

Mounting: landscape image (x, y) is the glass's upright portrait column ``239 - y``, row
``x``; the ST7789 module scans columns left to right, the ILI9341 module right to left
(so it needs MADCTL MX for upright portrait) and has a BGR colour filter; the ST7789 IPS
glass inverts every colour unless INVON is on.
"""
import collections

COLS = 240  # physical columns (source lines)
ROWS = 320  # physical rows (gate lines)
WIDTH = 320  # landscape image
HEIGHT = 240

NOP, SWRESET, SLPIN, SLPOUT, NORON = 0x00, 0x01, 0x10, 0x11, 0x13
INVOFF, INVON, DISPOFF, DISPON = 0x20, 0x21, 0x28, 0x29
CASET, RASET, RAMWR, MADCTL, COLMOD, RAMWRC = 0x2A, 0x2B, 0x2C, 0x36, 0x3A, 0x3C
MY, MX, MV, BGR = 0x80, 0x40, 0x20, 0x08

# Commands both controllers take (MIPI DCS), with their parameter count (None: any).
_DCS = {
    0x00: ("NOP", 0), 0x01: ("SWRESET", 0), 0x10: ("SLPIN", 0), 0x11: ("SLPOUT", 0),
    0x12: ("PTLON", 0), 0x13: ("NORON", 0), 0x20: ("INVOFF", 0), 0x21: ("INVON", 0),
    0x26: ("GAMSET", 1), 0x28: ("DISPOFF", 0), 0x29: ("DISPON", 0), 0x2A: ("CASET", 4),
    0x2B: ("RASET", 4), 0x2C: ("RAMWR", None), 0x30: ("PTLAR", 4), 0x33: ("VSCRDEF", 6),
    0x34: ("TEOFF", 0), 0x35: ("TEON", 1), 0x36: ("MADCTL", 1), 0x37: ("VSCSAD", 2),
    0x38: ("IDMOFF", 0), 0x39: ("IDMON", 0), 0x3A: ("COLMOD", 1), 0x3C: ("RAMWRC", None),
    0x44: ("TESCAN", 2), 0x51: ("WRDISBV", 1), 0x53: ("WRCTRLD", 1), 0x55: ("WRCACE", 1),
    0x5E: ("WRCABCMB", 1),
}
_ST7789 = {**_DCS, **{
    0xB0: ("RAMCTRL", 2), 0xB1: ("RGBCTRL", 3), 0xB2: ("PORCTRL", 5), 0xB3: ("FRCTRL1", 3),
    0xB5: ("PARCTRL", 1), 0xB7: ("GCTRL", 1), 0xB8: ("GTADJ", 4), 0xBA: ("DGMEN", 1),
    0xBB: ("VCOMS", 1), 0xC0: ("LCMCTRL", 1), 0xC1: ("IDSET", 3), 0xC2: ("VDVVRHEN", None),
    0xC3: ("VRHS", 1), 0xC4: ("VDVS", 1), 0xC5: ("VCMOFSET", 1), 0xC6: ("FRCTRL2", 1),
    0xC7: ("CABCCTRL", 1), 0xC8: ("REGSEL1", 1), 0xCA: ("REGSEL2", 1), 0xCC: ("PWMFRSEL", 1),
    0xD0: ("PWCTRL1", 2), 0xD2: ("VAPVANEN", 1), 0xDF: ("CMD2EN", 4), 0xE0: ("PVGAMCTRL", 14),
    0xE1: ("NVGAMCTRL", 14), 0xE2: ("DGMLUTR", 64), 0xE3: ("DGMLUTB", 64), 0xE4: ("GATECTRL", 3),
    0xE7: ("SPI2EN", 1), 0xE8: ("PWCTRL2", 1), 0xE9: ("EQCTRL", 3), 0xEC: ("PROMCTRL", 1),
    0xFA: ("PROMEN", 4), 0xFC: ("NVMSET", 2), 0xFE: ("PROMACT", 2),
}}
_ILI9341 = {**_DCS, **{
    0x2D: ("RGBSET", 128), 0xB0: ("IFMODE", 1), 0xB1: ("FRMCTR1", 2), 0xB2: ("FRMCTR2", 2),
    0xB3: ("FRMCTR3", 2), 0xB4: ("INVTR", 1), 0xB5: ("PRCTR", 4), 0xB6: ("DISCTRL", None),
    0xB7: ("ETMOD", 1), 0xC0: ("PWCTR1", 1), 0xC1: ("PWCTR2", 1), 0xC5: ("VMCTR1", 2),
    0xC7: ("VMCTR2", 1), 0xCB: ("PWCTRA", 5), 0xCF: ("PWCTRB", 3), 0xD0: ("NVMWR", 2),
    0xD1: ("NVMPKEY", 3), 0xE0: ("PGAMCTRL", 15), 0xE1: ("NGAMCTRL", 15),
    0xE2: ("DGAMCTRL1", 16), 0xE3: ("DGAMCTRL2", 64), 0xE8: ("DTCTRLA", 3),
    0xEA: ("DTCTRLB", 2), 0xED: ("PWRSEQ", 4), 0xF2: ("EN3G", 1), 0xF6: ("IFCTL", 3),
    0xF7: ("PUMPRC", 1),
}}

_INVERT = bytes(255 - i for i in range(256))
RESET_BUSY_US = 5_000  # no command for 5 ms after a reset (both datasheets)
SLPOUT_AFTER_RESET_US = 120_000  # no SLPOUT until 120 ms after a reset
SLPOUT_BUSY_US = 5_000  # no command for 5 ms after SLPOUT


class PanelModel:
    """One controller on its glass; subclasses give the command set and the module's wiring."""

    NAME = "panel"
    COMMANDS = _DCS
    MIRROR_SOURCE = False  # columns wired right to left: upright portrait needs MX
    BGR_FILTER = False  # colour filter is B-G-R: correct colours need MADCTL BGR
    IPS_INVERTED = False  # glass shows colours inverted unless INVON

    def __init__(self, now_us=None):
        """``now_us``: optional clock (microseconds) to check the datasheet busy times."""
        self.now_us = now_us
        self.gram = bytearray(COLS * ROWS * 2)
        seed = 0x2545F491  # memory holds noise at power-up: an uncleared screen shows it
        for i in range(0, len(self.gram), 2):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            self.gram[i] = (seed >> 16) & 0xFF
            self.gram[i + 1] = (seed >> 8) & 0xFF
        self.errors = []
        self.history = collections.deque(maxlen=20000)  # (command, params) as executed
        self.bytes_in = 0
        self.pixels_in = 0
        self._written = bytearray(WIDTH * HEIGHT)
        self._cmd = None
        self._params = bytearray()
        self._part = bytearray()  # bytes of a pixel not yet complete
        self._reset_registers()
        # power came up long before the MCU booted: no busy time at construction
        self._busy_until = self._now()
        self._reset_at = self._now() - SLPOUT_AFTER_RESET_US

    # -- pins ----------------------------------------------------------------------

    def reset(self):
        """Hardware reset (RST pulse): registers to defaults, memory kept."""
        self._end_command()
        self._reset_registers()

    def _reset_registers(self):
        self.madctl = 0
        self.colmod = 0x66  # 18-bit after reset: 16-bit data shows as garbage
        self.sleeping = True
        self.display_on = False
        self.inverted = False
        self.xs, self.xe = 0, COLS - 1
        self.ys, self.ye = 0, ROWS - 1
        self.x = self.y = 0
        self._writing = False
        self._garbage_flagged = False
        t = self._now()
        self._reset_at = t
        self._busy_until = t + RESET_BUSY_US

    def _now(self):
        return self.now_us() if self.now_us is not None else 0

    # -- the SPI stream ----------------------------------------------------------------

    def on_spi_write(self, data, dc_level):
        """Bytes clocked in while CS was low, with the DC line's level."""
        self.bytes_in += len(data)
        if not dc_level:
            for b in data:
                self._command(b)
            return
        if self._writing:
            self._pixel_bytes(data)
            return
        if self._cmd is None:
            self._error("%d data byte(s) with no command taking parameters" % len(data))
            return
        if self._cmd < 0:  # parameters of an unknown command: already reported
            return
        self._params.extend(data)
        want = self.COMMANDS[self._cmd][1]
        if want is not None and len(self._params) > want:
            self._error("%s takes %d parameter byte(s), got %d"
                        % (self.COMMANDS[self._cmd][0], want, len(self._params)))
            del self._params[want:]
        if want is not None and len(self._params) == want:
            self._execute(self._cmd, bytes(self._params))
            self._cmd = None

    def end(self):
        """The stream is over (e.g. a test's last write): report anything left unfinished."""
        self._end_command()

    def _command(self, b):
        self._end_command()
        if self.now_us is not None and self._now() < self._busy_until:
            self._error("command 0x%02X %d us too early after reset/SLPOUT"
                        % (b, self._busy_until - self._now()))
        if b not in self.COMMANDS:
            self._error("unknown %s command 0x%02X" % (self.NAME, b))
            self._cmd = -1
            return
        name, want = self.COMMANDS[b]
        self._params = bytearray()
        if b in (RAMWR, RAMWRC):
            self.history.append((b, b""))
            self._start_write(b == RAMWR)
            self._cmd = b
        elif want == 0:
            self._execute(b, b"")
            self._cmd = None
        else:
            self._cmd = b

    def _end_command(self):
        if self._writing and self._part:
            self._error("memory write ended with %d byte(s) of a pixel left over" % len(self._part))
            self._part = bytearray()
        self._writing = False
        if self._cmd is not None and self._cmd >= 0 and self._cmd not in (RAMWR, RAMWRC):
            name, want = self.COMMANDS[self._cmd]
            if want is None:
                self._execute(self._cmd, bytes(self._params))
            else:
                self._error("%s takes %d parameter byte(s), got %d" % (name, want, len(self._params)))
        self._cmd = None

    def _execute(self, cmd, p):
        self.history.append((cmd, p))
        if cmd == SWRESET:
            self._reset_registers()
        elif cmd == SLPOUT:
            if self.now_us is not None and self._now() < self._reset_at + SLPOUT_AFTER_RESET_US:
                self._error("SLPOUT %d us after reset; the panel needs 120 ms"
                            % (self._now() - self._reset_at))
            self.sleeping = False
            self._busy_until = self._now() + SLPOUT_BUSY_US
        elif cmd == SLPIN:
            self.sleeping = True
        elif cmd == DISPON:
            self.display_on = True
        elif cmd == DISPOFF:
            self.display_on = False
        elif cmd == INVON:
            self.inverted = True
        elif cmd == INVOFF:
            self.inverted = False
        elif cmd == MADCTL:
            self.madctl = p[0]
        elif cmd == COLMOD:
            if p[0] & 7 not in (5, 6):
                self._error("COLMOD 0x%02X: only 16-bit (0x55) and 18-bit (0x66) are modelled" % p[0])
            else:
                self.colmod = p[0]
        elif cmd in (CASET, RASET):
            s = p[0] << 8 | p[1]
            e = p[2] << 8 | p[3]
            cols, rows = (ROWS, COLS) if self.madctl & MV else (COLS, ROWS)
            limit = cols if cmd == CASET else rows
            if s > e or e >= limit:
                self._error("%s %d..%d outside the %d-%s address space"
                            % ("CASET" if cmd == CASET else "RASET", s, e, limit,
                               "column" if cmd == CASET else "row"))
                return
            if cmd == CASET:
                self.xs, self.xe = s, e
            else:
                self.ys, self.ye = s, e

    # -- memory writes -------------------------------------------------------------------

    def _start_write(self, from_start):
        self._writing = True
        self._part = bytearray()
        self._garbage_flagged = False
        if from_start:
            self.x, self.y = self.xs, self.ys

    def _pixel_bytes(self, data):
        per = 2 if self.colmod & 7 == 5 else 3
        if per == 3 and not self._garbage_flagged:
            self._error("pixel data while COLMOD is 0x%02X (18-bit): RGB565 shows as garbage"
                        % self.colmod)
            self._garbage_flagged = True
        part = self._part
        i = 0
        n = len(data)
        if part:
            while len(part) < per and i < n:
                part.append(data[i])
                i += 1
            if len(part) < per:
                return
            self._store(part)
            part.clear()
        whole = i + (n - i) // per * per
        while i < whole:
            if per == 2:
                i += 2 * self._store_run(data, i, (whole - i) // 2)
            else:
                self._store(data[i:i + per])
                i += per
        part.extend(data[i:])

    def _store_run(self, data, i, count):
        """Store up to ``count`` RGB565 pixels from data[i:] along the current window row at
        once (extended-slice copies); exactly what ``_store`` does pixel by pixel. Returns how
        many it stored; a row that leaves the memory goes pixel by pixel."""
        k = min(count, self.xe - self.x + 1)
        if k < 2:
            self._store(data[i:i + 2])
            return 1
        first = self._gram_at(self.x, self.y)
        last = self._gram_at(self.x + k - 1, self.y)
        if first is None or last is None:
            self._store(data[i:i + 2])
            return 1
        (a0, b0), (a1, b1) = first, last
        g0, g1 = (b0 * COLS + a0) * 2, (b1 * COLS + a1) * 2
        step = (g1 - g0) // (k - 1)
        px = data[i:i + 2 * k]
        self.gram[_span(g0, g1, step)] = px[0::2]
        self.gram[_span(g0 + 1, g1 + 1, step)] = px[1::2]
        (x0, y0), (x1, y1) = self._landscape_of(a0, b0), self._landscape_of(a1, b1)
        w0, w1 = y0 * WIDTH + x0, y1 * WIDTH + x1
        self._written[_span(w0, w1, (w1 - w0) // (k - 1))] = b"\x01" * k
        self.pixels_in += k
        self.x += k
        if self.x > self.xe:
            self.x = self.xs
            self.y += 1
            if self.y > self.ye:
                self.y = self.ys
        return k

    def _gram_at(self, x, y):
        """Physical (column, row) the address (x, y) writes under MADCTL, or None if outside."""
        a, b = (y, x) if self.madctl & MV else (x, y)
        if self.madctl & MX:
            a = COLS - 1 - a
        if self.madctl & MY:
            b = ROWS - 1 - b
        return (a, b) if 0 <= a < COLS and 0 <= b < ROWS else None

    def _store(self, px):
        if len(px) == 2:
            hi, lo = px[0], px[1]
        else:  # 18-bit: 6 bits of each channel in the top of its byte
            r, g, b = px[0] >> 3, px[1] >> 2, px[2] >> 3
            v = r << 11 | g << 5 | b
            hi, lo = v >> 8, v & 0xFF
        a, b = (self.y, self.x) if self.madctl & MV else (self.x, self.y)
        if self.madctl & MX:
            a = COLS - 1 - a
        if self.madctl & MY:
            b = ROWS - 1 - b
        if 0 <= a < COLS and 0 <= b < ROWS:
            i = (b * COLS + a) * 2
            self.gram[i] = hi
            self.gram[i + 1] = lo
            x, y = self._landscape_of(a, b)
            self._written[y * WIDTH + x] = 1
        self.pixels_in += 1
        self.x += 1
        if self.x > self.xe:
            self.x = self.xs
            self.y += 1
            if self.y > self.ye:
                self.y = self.ys

    # -- what the glass shows --------------------------------------------------------------

    def _physical_of(self, x, y):
        col = COLS - 1 - y  # landscape (x, y) -> upright portrait (col, row)
        a = COLS - 1 - col if self.MIRROR_SOURCE else col
        return a, x

    def _landscape_of(self, a, b):
        col = COLS - 1 - a if self.MIRROR_SOURCE else a
        return b, COLS - 1 - col

    @property
    def showing(self):
        """True when the glass shows memory (awake and display on); else it is dark."""
        return self.display_on and not self.sleeping

    def pixel(self, x, y):
        """RGB565 colour a person sees at landscape (x, y); 0 while the display is dark."""
        if not (0 <= x < WIDTH and 0 <= y < HEIGHT):
            raise ValueError("(%d, %d) is outside the %dx%d screen" % (x, y, WIDTH, HEIGHT))
        if not self.showing:
            return 0
        a, b = self._physical_of(x, y)
        i = (b * COLS + a) * 2
        v = self.gram[i] << 8 | self.gram[i + 1]
        if bool(self.madctl & BGR) != self.BGR_FILTER:
            v = (v & 0x1F) << 11 | (v & 0x07E0) | v >> 11
        if self.inverted != self.IPS_INVERTED:
            v ^= 0xFFFF
        return v

    def to_image(self):
        """The landscape screen as a 320x240 RGB PIL image (what ``pixel`` shows, in bulk)."""
        from PIL import Image

        if not self.showing:
            return Image.new("RGB", (WIDTH, HEIGHT))
        data = bytes(self.gram)
        if self.inverted != self.IPS_INVERTED:
            data = data.translate(_INVERT)
        le = bytearray(len(data))  # PIL reads RGB565 little-endian; the panel's is big-endian
        le[0::2] = data[1::2]
        le[1::2] = data[0::2]
        im = Image.frombytes("RGB", (COLS, ROWS), bytes(le), "raw", "BGR;16")
        if bool(self.madctl & BGR) != self.BGR_FILTER:
            r, g, b = im.split()
            im = Image.merge("RGB", (b, g, r))
        if self.MIRROR_SOURCE:
            im = im.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
        return im.transpose(Image.Transpose.ROTATE_90)

    # -- measuring ---------------------------------------------------------------------------

    def mark(self):
        """Start counting afresh: bytes, pixels and the area written from now on."""
        self.bytes_in = 0
        self.pixels_in = 0
        self._written = bytearray(WIDTH * HEIGHT)

    def written_box(self):
        """(x0, y0, x1, y1) exclusive bounds of landscape pixels written since ``mark``, or None."""
        xs = [i % WIDTH for i in range(WIDTH * HEIGHT) if self._written[i]]
        if not xs:
            return None
        ys = [i // WIDTH for i in range(WIDTH * HEIGHT) if self._written[i]]
        return min(xs), min(ys), max(xs) + 1, max(ys) + 1

    def written_count(self):
        """Distinct landscape pixels written since ``mark``."""
        return sum(self._written)

    def _error(self, text):
        self.errors.append(text)


def _span(first, last, step):
    """The slice from index ``first`` to ``last`` inclusive, either direction."""
    stop = last + (1 if step > 0 else -1)
    return slice(first, stop if stop >= 0 else None, step)


def connect(hw, model, spi_bus, dc, cs, rst=None):
    """Wire ``model`` into the simulated board (host_sim.fakes): it hears SPI ``spi_bus``
    while GPIO ``cs`` is low, DC on GPIO ``dc``, is reset when GPIO ``rst`` falls, and
    checks busy times on the board's virtual clock."""
    model.now_us = lambda: hw.clock.now_us
    hw.spi(spi_bus).attach(model, dc=dc, cs=cs)
    if rst is None:
        return
    # the fakes have no watcher for output pins: follow the two calls that move a level
    for name in ("pin_write", "pin_configure"):
        inner = getattr(hw, name)

        def watched(gpio, *args, _inner=inner, **kwargs):
            before = hw.level(rst)
            out = _inner(gpio, *args, **kwargs)
            if gpio == rst and before and not hw.level(rst):
                model.reset()
            return out

        setattr(hw, name, watched)


class ST7789Model(PanelModel):
    NAME = "ST7789"
    COMMANDS = _ST7789
    IPS_INVERTED = True


class ILI9341Model(PanelModel):
    NAME = "ILI9341"
    COMMANDS = _ILI9341
    MIRROR_SOURCE = True
    BGR_FILTER = True


MODELS = {"st7789": ST7789Model, "ili9341": ILI9341Model}  # by the pin map's display.driver
KINDS = tuple(MODELS)  # the panels a test runs on, each in turn
