"""What the ST7789 and ILI9341 share: a MIPI-DCS panel on SPI, 320x240 landscape, RGB565.

The panel is reached through small interfaces only: an SPI bus (``write(buf)``), Pin-like
``dc``/``cs``/``rst`` outputs (``value(v)``), an optional backlight that is either a Pin
or a PWM (``duty_u16``), and an optional ``dma`` (spi_dma.py: ``start(buf, n)``, ``wait()``,
``window(x, y, w, h)``, ``fill(buf, n, colour)``) that sends a window's pixels in the
background: ``more`` then returns at once, and everything else the panel does first waits
for them (``sync``); it also clears the painter's band buffers (``clear_band``). The
same code therefore drives a real panel or the host simulator's panel model (no DMA there).
Pixels go out big-endian RGB565, which is what COLMOD 0x55 makes the panel take. Hot-path
calls (``set_window``, ``fill_rect``, ``blit``, ``window``/``more``/``done``) allocate nothing.
"""
import time

from micropython import const

_SWRESET = const(0x01)
SLPOUT = const(0x11)
NORON = const(0x13)
INVON = const(0x21)
_DISPON = const(0x29)
_CASET = const(0x2A)
_RASET = const(0x2B)
_RAMWR = const(0x2C)
_MADCTL = const(0x36)
_COLMOD = const(0x3A)

MADCTL_MY = const(0x80)  # flip the physical row order
MADCTL_MX = const(0x40)  # flip the physical column order
MADCTL_MV = const(0x20)  # exchange rows and columns: 320 columns wide, the landscape address space
MADCTL_BGR = const(0x08)  # the glass has a BGR colour filter

_COLMOD_RGB565 = const(0x55)
_FILL_BYTES = const(512)


class Panel:
    """Base driver; a subclass gives the panel's ``INIT`` sequence and landscape ``MADCTL``."""

    WIDTH = 320
    HEIGHT = 240
    SPI_HZ = 10_000_000  # overridden by each panel with its rated write clock
    INIT: tuple = ()  # (command, parameter bytes, delay ms) sent after reset, before MADCTL/COLMOD
    MADCTL_LANDSCAPE = MADCTL_MV
    MADCTL_FLIPPED = MADCTL_MV | MADCTL_MX | MADCTL_MY

    def __init__(self, spi, dc, cs, rst=None, backlight=None, flip=False, delay_ms=None, dma=None):
        """``flip`` turns the picture 180 degrees for a panel mounted the other way up."""
        self._write = spi.write
        self._dma = dma
        self.overlap = dma is not None  # ``more`` returns before its pixels are out
        if dma is not None:
            # a region's window and each band go straight to the DMA's machine code: the
            # Python in between cost some 80 us a region on the chip (MicroPython 1.28, 200
            # MHz), as much as a small box's pixels take on the SPI bus
            self.window = dma.window  # type: ignore[method-assign]
            self.more = dma.start  # type: ignore[method-assign]
        # with a DMA, band buffers are cleared by it too (``fill(buf, n, colour)``)
        self.clear_band = dma.fill if dma is not None else None
        self._closing = False  # CS goes high once the pixels in flight are out
        self._dc = dc.value
        self._cs = cs.value
        self._rst = rst
        self._bl = backlight
        self._delay = delay_ms if delay_ms is not None else time.sleep_ms
        self.madctl = self.MADCTL_FLIPPED if flip else self.MADCTL_LANDSCAPE
        self._cmd = bytearray(1)
        self._one = bytearray(1)
        self._arg = bytearray(4)
        self._fill = bytearray(_FILL_BYTES)
        self._fill_colour = -1
        self._cs(1)
        self.init()

    def init(self):
        """Reset, wake and configure the panel, clear it to black, then switch the display on."""
        if self._rst is not None:
            self._rst.value(1)
            self._delay(1)
            self._rst.value(0)
            self._delay(1)  # the datasheets ask for a reset pulse of at least 10 us
            self._rst.value(1)
        else:
            self.command(_SWRESET)
        self._delay(120)  # both panels ignore commands for up to 120 ms after a reset
        for cmd, params, wait in self.INIT:
            self.command(cmd, params)
            if wait:
                self._delay(wait)
        self._one[0] = self.madctl
        self.command(_MADCTL, self._one)
        self._one[0] = _COLMOD_RGB565
        self.command(_COLMOD, self._one)
        self.fill_rect(0, 0, self.WIDTH, self.HEIGHT, 0)  # memory holds noise after power-up
        self.command(_DISPON)
        self._delay(10)

    def command(self, cmd, params=None):
        """Send one command byte (DC low) and its parameter bytes (DC high) in one CS frame."""
        if self._dma is not None:
            self.sync()
        self._cmd[0] = cmd
        self._cs(0)
        self._dc(0)
        self._write(self._cmd)
        if params:
            self._dc(1)
            self._write(params)
        self._cs(1)

    def set_window(self, x, y, w, h):
        """Address the rectangle and start a memory write; pixel data follows with ``pixels``."""
        if w <= 0 or h <= 0 or x < 0 or y < 0 or x + w > self.WIDTH or y + h > self.HEIGHT:
            raise ValueError("window %d,%d %dx%d is outside the %dx%d panel"
                             % (x, y, w, h, self.WIDTH, self.HEIGHT))
        self._span(_CASET, x, x + w - 1)
        self._span(_RASET, y, y + h - 1)
        self.command(_RAMWR)

    def _span(self, cmd, first, last):
        a = self._arg
        a[0] = first >> 8
        a[1] = first & 0xFF
        a[2] = last >> 8
        a[3] = last & 0xFF
        self.command(cmd, a)

    def pixels(self, buf):
        """Continue the memory write with ``buf`` (RGB565, high byte first)."""
        self._cs(0)
        self._dc(1)
        self._write(buf)
        self._cs(1)

    def window(self, x, y, w, h):
        """Open a memory write of the rectangle and keep CS low: ``more`` sends its pixels in
        as many pieces as the caller likes (the bands of one region), ``done`` ends it. One
        address window per region instead of one per band. (With a DMA, this and ``more``
        are the DMA's own, set in ``__init__``: its ``window`` waits for the pixels in
        flight, ends their frame and refuses a rectangle off the panel as this does.)"""
        if w <= 0 or h <= 0 or x < 0 or y < 0 or x + w > self.WIDTH or y + h > self.HEIGHT:
            raise ValueError("window %d,%d %dx%d is outside the %dx%d panel"
                             % (x, y, w, h, self.WIDTH, self.HEIGHT))
        c = self._cmd
        write = self._write
        dc = self._dc
        self._cs(0)  # the three commands in one CS frame: half the pin toggles of set_window
        c[0] = _CASET
        dc(0)
        write(c)
        dc(1)
        write(self._pack(x, x + w - 1))
        c[0] = _RASET
        dc(0)
        write(c)
        dc(1)
        write(self._pack(y, y + h - 1))
        c[0] = _RAMWR
        dc(0)
        write(c)
        dc(1)

    def _pack(self, first, last):
        a = self._arg
        a[0] = first >> 8
        a[1] = first & 0xFF
        a[2] = last >> 8
        a[3] = last & 0xFF
        return a

    def more(self, buf):
        """Pixels for the window ``window`` opened (RGB565, high byte first). With a DMA,
        ``more(buf, n)`` sends the first ``n`` bytes of ``buf`` and returns at once: ``buf``
        must stay as it is until the next ``more`` or ``sync``."""
        self._write(buf)

    def done(self):
        """The window's last pixels have been given (with a DMA, CS goes high once they are
        out: at the next ``window``, or ``sync``, which is therefore called only after this)."""
        if self._dma is None:
            self._cs(1)
        else:
            self._closing = True

    def sync(self):
        """Wait until every pixel given is out and the window is closed."""
        if self._dma is not None:
            self._dma.wait()
            if self._closing:
                self._closing = False
                self._cs(1)

    def blit(self, buf, x, y, w, h):
        """Copy a w x h RGB565 image (exactly ``w*h*2`` bytes, rows top first) to (x, y)."""
        if len(buf) != w * h * 2:
            raise ValueError("blit of %dx%d needs %d bytes, got %d" % (w, h, w * h * 2, len(buf)))
        self.set_window(x, y, w, h)
        self.pixels(buf)

    def fill_rect(self, x, y, w, h, colour):
        """Fill a rectangle with one RGB565 colour from a small reused buffer.

        The last chunk may run past the window: the panel wraps back to the window's start
        and writes the same colour again, so no partial-buffer view is needed.
        """
        self.set_window(x, y, w, h)
        buf = self._fill
        if colour != self._fill_colour:
            hi = colour >> 8
            lo = colour & 0xFF
            for i in range(0, _FILL_BYTES, 2):
                buf[i] = hi
                buf[i + 1] = lo
            self._fill_colour = colour
        n = w * h * 2
        self._cs(0)  # (set_window waited for any pixels in flight)
        self._dc(1)
        while n > 0:
            self._write(buf)
            n -= _FILL_BYTES
        self._cs(1)

    def backlight(self, level):
        """Backlight 0-100 %: PWM duty if the backlight is a PWM, else on/off; no-op if wired on."""
        bl = self._bl
        if bl is None:
            return
        if hasattr(bl, "duty_u16"):
            bl.duty_u16(level * 65535 // 100 if level < 100 else 65535)
        else:
            bl.value(1 if level > 0 else 0)
