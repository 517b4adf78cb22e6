"""Drawing without a framebuffer: a region is painted band by band into one small buffer.

A 320x240 RGB565 frame is 150 KB, more than the Pico's whole heap. So a region (the pile, a
seat's strip) is painted in horizontal bands: ``paint`` clears a band, calls the painter,
which draws the whole region in screen coordinates (everything outside the band is clipped
away), and sends the band to the panel in one SPI write. Shapes are rows of spans computed
with integers and filled by ``framebuf`` in C, so painting a region whose width has been
painted before allocates nothing.
"""
from array import array

import framebuf
from micropython import const

from drawing.corners import CORNERS, RADIUS_MAX, isqrt
from drawing.font import DATA, FIRST, FONT, HEIGHT, LAST, STRIDE, WIDTHS
from drawing.text import encoded, forget, number_width, text_width

try:
    import gfx_native as _native  # the chip: the inner loops built into the SlapStack image, in C
except ImportError:  # no native code here (the host simulator, the WebAssembly VM): plain Python
    _native = None

BAND_BYTES = const(320 * 4 * 2)  # 2.5 KB in the menus: 4 full-width rows, or more rows of a
# narrower region (smaller buffers leave the heap to the menus' code)
GAME_BAND_BYTES = const(320 * 8 * 2)  # 5 KB, while a game is on the table (``bands``): every band
# runs its painter's Python whole, some 60 us a drawing call on the chip, so half as many bands
# redraw a table some 10 ms sooner; the menus, whose code the game lets go, keep the heap small
# Painting a region of a new width makes a FrameBuffer (~40 bytes kept), and a band of a
# new byte count a memoryview (~24 bytes): the table's regions and the pile's boxes (a card
# repaints only what changed, in boxes of a few fixed sizes) need about 20 and 40 of them,
# so a game, once each has been seen, allocates nothing. Beyond these, the caches start again.
_WIDTHS_MAX = const(24)
_VIEWS_MAX = const(48)


def _swap(c):
    # framebuf stores RGB565 little-endian; the panel wants the high byte first
    return ((c & 0xFF) << 8) | (c >> 8)


_FONT = FONT if _native else None  # gfx_native.text's font: the glyph widths, then their columns


def _index(code):
    if code < FIRST or code > LAST:
        code = 63  # '?'
    return code - FIRST


class Gfx:
    """Band painter for one panel; every drawing call takes screen coordinates."""

    def __init__(self, panel, band_bytes=BAND_BYTES):
        self.panel = panel
        # a panel that takes a region's bands in one address window (panel.py); a plain
        # ``blit`` panel (tests, benchmarks) gets one blit per band
        self._window = getattr(panel, "window", None)
        self._more = getattr(panel, "more", None)
        self._done = getattr(panel, "done", None)
        self._sync = getattr(panel, "sync", None)
        # a panel with a DMA clears a band buffer with it (spi_dma.SpiDma.fill), some ten
        # times quicker than framebuf's fill_rect; else framebuf
        self._clear = getattr(panel, "clear_band", None)
        # a panel whose ``more`` sends in the background (DMA) gets two band buffers: one
        # band is painted while the other is sent, and a region while the last one's end is
        self._count = 2 if getattr(panel, "overlap", False) else 1
        self.band_bytes = band_bytes
        self._bufs = None  # the band buffers (``prepare`` makes them)
        self._bands = {}  # region width -> a FrameBuffer over each buffer, as many rows as fit
        self._views = {}  # byte count -> a memoryview of the buffer's first bytes (one buffer:
        # a DMA panel, with two, takes a count instead)
        self.emptied = 0  # how often those two were let go: a painter that made its regions'
        # beforehand (Pile.prepare, screens/pile.py) makes them again when this has changed
        self._next = 0  # the buffer the next band is painted in
        self.buf = None  # the buffer of the band being painted, and its FrameBuffer
        self.fb = None
        # the inner loops as machine code on the chip (gfx_native), else None: plain Python,
        # which the host runs and the device stage compares them with
        self.native = _native
        # a gfx_native call's numbers: the band's width and rows (``paint`` sets them), the
        # font's (set here), and each call's own (13-26: a card's, screens/card_faces.py)
        self.params = array("i", [0, 0, 0, 0, 0, 0, 0, 0, FIRST, LAST - FIRST + 1, STRIDE, 0, 0, 0, 0, 0, 0, 0,
                                  0, 0, 0, 0, 0, 0, 0, 0, 0])
        self._digits = bytearray(10)  # a number's digits for gfx_native.text
        self.ox = 0  # screen x of the band's column 0
        self.right = 0  # screen x just right of the region (columns [ox, right) are painted)
        self.top = 0  # screen rows [top, bottom) held by the current band
        self.bottom = 0
        self.bg = 0  # the colour the region's bands are cleared to

    def paint(self, x, y, w, h, bg, painter):
        """Paint the region band by band: clear to ``bg``, ``painter(self)``, send. Its
        pixels may still be on their way when this returns (``sync``)."""
        fbs = self._bands.get(w)
        if fbs is None or self._count == 1:  # (a width painted before, with a DMA: nothing
            fbs = self.prepare(w, h)  # to make, and 40 us a region saved on the chip)
        bufs = self._bufs
        rows = self.band_bytes // (2 * w)
        k = self._next
        self.ox = x
        self.right = x + w
        self.bg = bg
        bgs = ((bg & 0xFF) << 8) | (bg >> 8)  # (_swap, written out)
        end = y + h
        top = y
        more = self._more
        clear = self._clear
        two = self._count == 2
        p = self.params
        opened = False
        try:
            while top < end:
                n = end - top
                if n > rows:
                    n = rows
                self.top = top
                self.bottom = top + n
                fb = fbs[k]
                self.fb = fb
                self.buf = bufs[k]
                p[0] = w
                p[1] = n
                if clear is not None:
                    clear(bufs[k], w * n * 2, bgs)
                else:
                    fb.fill_rect(0, 0, w, n, bgs)
                painter(self)
                if more is not None:
                    if not opened:  # after the first band is painted: the last region's
                        self._window(x, y, w, h)  # pixels went out meanwhile
                        opened = True
                    if two:
                        more(bufs[k], w * n * 2)
                    else:
                        more(self._head(w * n * 2))
                else:
                    self.panel.blit(self._head(w * n * 2), x, top, w, n)
                top += n
                k = (k + 1) % self._count
        finally:
            self._next = k
            if opened:
                self._done()

    def sync(self):
        """Until every pixel painted is out on the panel (a card counts as shown then)."""
        if self._sync is not None:
            self._sync()

    def prepare(self, w, h):
        """Make now what painting a ``w`` x ``h`` region makes the first time (the width's
        FrameBuffers, the views of its bands' byte counts), so that painting it then
        allocates nothing; returns the FrameBuffers."""
        if self._bufs is None:
            bufs = []
            try:
                for _ in range(self._count):
                    bufs.append(bytearray(self.band_bytes))
            except MemoryError:  # no room for larger bands: the small ones (or the error)
                if self.band_bytes == BAND_BYTES:
                    raise
                self.band_bytes = BAND_BYTES
                return self.prepare(w, h)
            self._bufs = tuple(bufs)
        rows = self.band_bytes // (2 * w)
        fbs = self._bands.get(w)
        if fbs is None:
            if len(self._bands) >= _WIDTHS_MAX:
                self._bands.clear()
                self.emptied += 1
            frames = []  # (a generator expression would keep this function's locals in
            for b in self._bufs:  # cells, allocated on every call, even those that make nothing)
                frames.append(framebuf.FrameBuffer(b, w, rows, framebuf.RGB565))
            fbs = tuple(frames)
            self._bands[w] = fbs
        if self._count == 1:
            self._head(w * (rows if rows < h else h) * 2)
            if h > rows and h % rows:
                self._head(w * (h % rows) * 2)
        return fbs

    def rest(self):
        """Let the band buffers and the FrameBuffers and views over them go while nothing
        is drawn, and the encoded texts but the pinned ones (``pin``); the next paint or
        ``prepare`` makes them again.
        Only after an error (App.crash), for room to save the game."""
        self._let_go()
        forget()

    def _let_go(self):
        """Once the pixels are out, the band buffers and what is made over them go (the next
        paint makes them again)."""
        self.sync()
        self._bufs = None
        self.buf = None
        self.fb = None
        self._bands.clear()
        self._views.clear()
        self.emptied += 1

    def bands(self, band_bytes):
        """Paint in bands of ``band_bytes`` from now on: the buffers and what is made over them
        go, and the next paint makes them at the new size (the smaller, should the heap have
        no room for the larger). A game's table takes GAME_BAND_BYTES, the menus BAND_BYTES."""
        if band_bytes != self.band_bytes:
            self._let_go()
            self.band_bytes = band_bytes

    def forget_texts(self):
        """Let the encoded texts go (the next screens have their own): at a game's end, so
        that the heap after it is the same whichever strings it drew."""
        forget()
        self.emptied += 1  # (a painter that encoded its strings beforehand does so again)

    def _head(self, n):
        """The first ``n`` bytes of the (one) band buffer: SPI writes take whole objects and
        slicing allocates, so views are kept per length."""
        buf = self._bufs[0]
        if n == self.band_bytes:
            return buf
        v = self._views.get(n)
        if v is None:
            if len(self._views) >= _VIEWS_MAX:
                self._views.clear()
                self.emptied += 1
            v = memoryview(buf)[:n]
            self._views[n] = v
        return v

    # -- shapes (all clipped to the current band) --------------------------------------

    def rect(self, x, y, w, h, c):
        # (_swap written out here and in round_rect: a call costs 12 us on the chip, and a
        # full table paints some 300 rectangles)
        if y < self.bottom and y + h > self.top:
            self.fb.fill_rect(x - self.ox, y - self.top, w, h, ((c & 0xFF) << 8) | (c >> 8))

    def frame(self, x, y, w, h, t, c):
        """Rectangle outline ``t`` pixels thick, inside the box."""
        self.rect(x, y, w, t, c)
        self.rect(x, y + h - t, w, t, c)
        self.rect(x, y + t, t, h - 2 * t, c)
        self.rect(x + w - t, y + t, t, h - 2 * t, c)

    def round_rect(self, x, y, w, h, r, c):
        """Filled rectangle with quarter-circle corners of radius ``r``."""
        top = self.top
        bottom = self.bottom
        ox = self.ox
        if y >= bottom or y + h <= top or x >= self.right or x + w <= ox:
            return
        s = ((c & 0xFF) << 8) | (c >> 8)
        if self.native is not None and r <= RADIUS_MAX:
            p = self.params
            p[2] = x - ox
            p[3] = y - top
            p[4] = w
            p[5] = h
            p[6] = r
            p[7] = s
            self.native.rounded(self.buf, CORNERS, p)
            return
        fb = self.fb
        fb.fill_rect(x - ox, y + r - top, w, h - 2 * r, s)
        if y + r <= top and y + h - r >= bottom:
            return  # the band holds no corner row
        # corner rows, only those in this band: row i from the top edge, then from the bottom
        t = CORNERS
        base = r * (r - 1) // 2
        i = top - y if top > y else 0
        end = bottom - y if bottom - y < r else r
        while i < end:
            if r <= RADIUS_MAX:
                inset = t[base + i]
            else:
                d = 2 * (r - i) - 1  # doubled distance from the corner centre to the row centre
                inset = r - (isqrt(4 * r * r - d * d) + 1) // 2
            fb.fill_rect(x + inset - ox, y + i - top, w - 2 * inset, 1, s)
            i += 1
        i = y + h - bottom if y + h > bottom else 0
        end = y + h - top if y + h - top < r else r
        while i < end:
            if r <= RADIUS_MAX:
                inset = t[base + i]
            else:
                d = 2 * (r - i) - 1
                inset = r - (isqrt(4 * r * r - d * d) + 1) // 2
            fb.fill_rect(x + inset - ox, y + h - 1 - i - top, w - 2 * inset, 1, s)
            i += 1

    def disc(self, cx, cy, r, c):
        """Filled circle of radius ``r`` around the pixel corner (cx, cy)."""
        j0 = -r
        if self.top - cy > j0:
            j0 = self.top - cy
        j1 = r
        if self.bottom - cy < j1:
            j1 = self.bottom - cy
        if j0 >= j1 or cx + r <= self.ox or cx - r >= self.right:
            return
        s = _swap(c)
        fb = self.fb
        rr = 4 * r * r
        d = 2 * j0 + 1
        h2 = isqrt(rr - d * d)  # doubled half-chord, then nudged row to row: no sqrt per row
        for j in range(j0, j1):
            d = 2 * j + 1
            q = rr - d * d
            while h2 * h2 > q:
                h2 -= 1
            while (h2 + 1) * (h2 + 1) <= q:
                h2 += 1
            half = (h2 + 1) // 2
            fb.fill_rect(cx - half - self.ox, cy + j - self.top, 2 * half, 1, s)

    def trapezoid(self, y0, y1, xl0, xr0, xl1, xr1, c):
        """Rows [y0, y1) spanning [xl, xr), edges moving linearly from row y0 to row y1."""
        n = y1 - y0
        k0 = 0
        if self.top - y0 > k0:
            k0 = self.top - y0
        k1 = n
        if self.bottom - y0 < k1:
            k1 = self.bottom - y0
        if (xr0 if xr0 > xr1 else xr1) <= self.ox or (xl0 if xl0 < xl1 else xl1) >= self.right:
            return  # the edges move linearly, so every row lies within these columns
        s = _swap(c)
        fb = self.fb
        n2 = 2 * n
        for k in range(k0, k1):
            t = 2 * k + 1
            xl = xl0 + (xl1 - xl0) * t // n2
            xr = xr0 + (xr1 - xr0) * t // n2
            fb.fill_rect(xl - self.ox, y0 + k - self.top, xr - xl, 1, s)

    def mask(self, runs, x, y, w, h, c):
        """A one-colour ``w`` x ``h`` picture kept as runs of pixels (``suits.runs``) at (x, y),
        in machine code (gfx_native.mask): a suit's."""
        p = self.params
        p[2] = x - self.ox
        p[3] = y - self.top
        p[4] = w
        p[5] = h
        p[6] = _swap(c)
        self.native.mask(self.buf, runs, p)

    # -- text ---------------------------------------------------------------------------

    def text(self, s, x, y, scale, c, rot=0):
        """Draw ``s`` with the top-left of its (rotated) box at (x, y).

        ``rot`` is the turn in degrees clockwise (0, 90, 180, 270) so each seat around the
        table can read its own edge: 90 reads from the left edge, 270 from the right.
        """
        if rot == 0 or rot == 180:  # the box's height is known: skip before measuring
            if y >= self.bottom or y + HEIGHT * scale <= self.top:
                return
            w = text_width(s, 1)
            s = encoded(s)
            if x >= self.right or x + w * scale <= self.ox:
                return
        else:
            if x >= self.right or x + HEIGHT * scale <= self.ox:
                return
            w = text_width(s, 1)
            s = encoded(s)
            if y >= self.bottom or y + w * scale <= self.top:
                return
        sc = _swap(c)
        if self.native is not None and type(s) is not str:
            self._native_text(s, 0, len(s), w, x, y, scale, sc, rot)
            return
        u = 0
        if type(s) is str:  # (no heap for its bytes)
            for ch in s:
                u = self._glyph(_index(ord(ch)), u, w, x, y, scale, sc, rot) + 1
            return
        for code in s:
            u = self._glyph(_index(code), u, w, x, y, scale, sc, rot) + 1

    def number(self, n, x, y, scale, c, rot=0):
        """Draw the decimal ``n`` (>= 0) like ``text(str(n))``, without building the string."""
        w = number_width(n, 1)
        if rot == 0 or rot == 180:
            bw = w
            bh = HEIGHT
        else:
            bw = HEIGHT
            bh = w
        if y >= self.bottom or y + bh * scale <= self.top or x >= self.right or x + bw * scale <= self.ox:
            return
        sc = _swap(c)
        if self.native is not None:
            digits = self._digits
            k = len(digits)
            while True:
                k -= 1
                digits[k] = 48 + n % 10
                n //= 10
                if n == 0:
                    break
            self._native_text(digits, k, len(digits) - k, w, x, y, scale, sc, rot)
            return
        u = w + 1
        while True:
            d = 48 + n % 10 - FIRST
            u -= WIDTHS[d] + 1
            self._glyph(d, u, w, x, y, scale, sc, rot)
            n //= 10
            if n == 0:
                return

    def _native_text(self, s, start, length, w, x, y, scale, sc, rot):
        """``length`` bytes of ``s`` from ``start``, ``w`` font columns, by gfx_native.text."""
        p = self.params
        p[2] = x - self.ox
        p[3] = y - self.top
        p[4] = scale
        p[5] = sc
        p[6] = rot
        p[7] = w
        p[11] = start
        p[12] = length
        self.native.text(self.buf, s, _FONT, p)

    def in_band(self, y, h):
        """Whether rows [y, y + h) meet the band being painted (a painter skips the rest)."""
        return y < self.bottom and y + h > self.top

    def in_box(self, x, y, w, h):
        """Whether the box meets the band being painted, its columns as well as its rows (a
        region may be a small part of what its painter draws)."""
        return y < self.bottom and y + h > self.top and x < self.right and x + w > self.ox

    def _glyph(self, gi, u, w, x, y, s, sc, rot):
        """Glyph ``gi`` at text column ``u`` of a ``w``-column line; returns the next column.
        Only what lies in the band is drawn: the glyph rows of upright text, the glyph
        columns of turned text."""
        fb = self.fb
        gx = x - self.ox
        gy = y - self.top
        n = self.bottom - self.top  # rows in the band
        H = HEIGHT
        base = gi * STRIDE
        gw = WIDTHS[gi]
        mask = 255
        if rot == 0 or rot == 180:
            a = -gy // s if gy < 0 else 0  # glyph rows a..b-1, from the top, meet the band
            b = (n - gy + s - 1) // s
            if rot == 180:  # bit v is row H - 1 - v from the top
                a, b = H - b, H - a
            if a < 0:
                a = 0
            if b > H:
                b = H
            if a >= b:
                return u + gw
            mask = ((1 << b) - 1) ^ ((1 << a) - 1)
        for col in range(gw):
            uu = u + col
            if rot == 90 or rot == 270:
                cy = gy + (uu if rot == 90 else w - 1 - uu) * s
                if cy >= n or cy + s <= 0:
                    continue
            bits = DATA[base + col] & mask
            v = 0
            while bits:
                if not bits & 1:
                    bits >>= 1
                    v += 1
                    continue
                run = 0
                while bits & 1:
                    bits >>= 1
                    run += 1
                if rot == 0:
                    fb.fill_rect(gx + uu * s, gy + v * s, s, run * s, sc)
                elif rot == 180:
                    fb.fill_rect(gx + (w - 1 - uu) * s, gy + (H - v - run) * s, s, run * s, sc)
                elif rot == 90:
                    fb.fill_rect(gx + (H - v - run) * s, gy + uu * s, run * s, s, sc)
                else:
                    fb.fill_rect(gx + v * s, gy + (w - 1 - uu) * s, run * s, s, sc)
                v += run
        return u + gw
