"""Painting without a framebuffer: a region is painted band by band into one small buffer.

A 320x240 RGB565 frame is 150 KB, more than the Pico's whole heap. So a region (the pile, a
seat's strip) is painted in horizontal bands: ``paint`` clears a band, calls the painter,
which draws the whole region in screen coordinates (everything outside the band is clipped
away; drawing/gfx.py's calls), and sends the band to the panel in one SPI write. Painting a
region whose width has been painted before allocates nothing.
"""
from array import array

import framebuf
from micropython import const

from drawing.text import forget

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
_PARAMS = const(27)  # gfx_native's numbers (drawing/gfx.py says which is which)


class Bands:
    """A panel's band buffers and the painting of a region through them; drawing/gfx.py's
    Gfx draws into the band being painted."""

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
        # beforehand (Pile.prepare, painters/pile.py) makes them again when this has changed
        self._next = 0  # the buffer the next band is painted in
        self.buf = None  # the buffer of the band being painted, and its FrameBuffer
        self.fb = None
        # a gfx_native call's numbers: the band's width and rows (``paint`` sets them), then
        # the call's own (the Gfx's calls set them)
        self._params = array("i", [0] * _PARAMS)
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
        p = self._params
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

    def buffers(self):
        """The band buffers as made now (None once let go, until the next paint): what the
        heap holds for painting."""
        return self._bufs

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
