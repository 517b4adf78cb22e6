"""Pixel-exact model of the SPI panel: decodes the command stream the way the glass would.

The firmware's driver talks to this exactly as to the real controller: bytes arrive through
``on_spi_write(data, dc_level)`` (DC low = command byte, DC high = parameter or pixel bytes)
while CS is low, and ``reset()`` is the RST pin's pulse. The model keeps the controller's
240x320 memory and state (window, address pointer, MADCTL, COLMOD, sleep, display on,
inversion) and shows what a person would see on the panel mounted in landscape: ``pixel(x,
y)`` and ``to_image()`` (the memory and the glass: panel_memory.py). Whatever the panel
would not take is recorded in ``errors``:
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

from host_sim.panel_memory import COLS, MV, ROWS, PanelMemory

NOP, SWRESET, SLPIN, SLPOUT, NORON = 0x00, 0x01, 0x10, 0x11, 0x13
INVOFF, INVON, DISPOFF, DISPON = 0x20, 0x21, 0x28, 0x29
CASET, RASET, RAMWR, MADCTL, COLMOD, RAMWRC = 0x2A, 0x2B, 0x2C, 0x36, 0x3A, 0x3C

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

RESET_BUSY_US = 5_000  # no command for 5 ms after a reset (both datasheets)
SLPOUT_AFTER_RESET_US = 120_000  # no SLPOUT until 120 ms after a reset
SLPOUT_BUSY_US = 5_000  # no command for 5 ms after SLPOUT


class PanelModel(PanelMemory):
    """One controller on its glass: the command stream it decodes; its memory and glass are
    PanelMemory's. Subclasses give the command set and the module's wiring."""

    NAME = "panel"
    COMMANDS = _DCS

    def __init__(self, now_us=None):
        """``now_us``: optional clock (microseconds) to check the datasheet busy times."""
        super().__init__()
        self.now_us = now_us
        self.history = collections.deque(maxlen=20000)  # (command, params) as executed
        self._cmd = None
        self._params = bytearray()
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
