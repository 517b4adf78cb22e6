"""The RP2040's SPI block driven directly: a band of pixels goes out by DMA while the CPU
paints the next one, and a window's commands go out from machine code (panel.py, gfx.py).

``machine.SPI.write`` keeps the CPU waiting until the last byte has shifted out; at 50 MHz a
2.5 KB band is 0.4 ms the CPU could have spent painting. One DMA channel, claimed at power-up
and kept, copies the band byte by byte to the SPI data register, paced by the block's
transmit request. Each call is one call into machine code that touches the registers itself
(``spi_regs``, built into the SlapStack image, in C).
``machine.SPI`` still sends the other commands, after ``wait``. A second channel, unpaced,
clears a band buffer before it is painted (``fill``), a word a bus cycle.
"""
from array import array

import rp2
from micropython import const

from spi_regs import address, fill, start, wait, window

_SPI_BASE = (0x4003C000, 0x40040000)  # SPI0, SPI1 (RP2040 datasheet 4.4.4)
_DREQ_TX = (16, 18)  # DREQ_SPI0_TX, DREQ_SPI1_TX (datasheet 2.5.3.1)
_DMA_BASE = const(0x50000000)  # channel n's registers at + 0x40 n (datasheet 2.5.7): READ_ADDR,
_CH_STRIDE = const(0x40)  # WRITE_ADDR, TRANS_COUNT, then CTRL_TRIG, whose write starts it


class SpiDma:
    """Sends buffers to SPI block ``bus`` (0 or 1) in the background, and address windows
    on a ``width`` x ``height`` panel with its DC and CS pins (GPIO ``dc`` and ``cs``)."""

    def __init__(self, bus, dc, cs, width, height):
        self._dma = rp2.DMA()  # claimed, so nothing else takes the channel
        ctrl = self._dma.pack_ctrl(size=0, inc_read=True, inc_write=False, treq_sel=_DREQ_TX[bus])
        channel = self._dma.channel  # type: ignore[attr-defined]  # (rp2.DMA has it; the stubs lack it)
        self._p = array("i", (_DMA_BASE + _CH_STRIDE * channel, _SPI_BASE[bus], 1 << dc, 1 << cs, ctrl,
                              width, height))
        # a second channel clears band buffers: a word a bus cycle, where framebuf's
        # fill_rect takes some 10 CPU cycles a pixel (0.12 ms for an index box's band)
        self._fill_dma = rp2.DMA()
        self._colour = array("I", [0])
        fill_ctrl = self._fill_dma.pack_ctrl(size=2, inc_read=False, inc_write=True, treq_sel=0x3F)
        fill_channel = self._fill_dma.channel  # type: ignore[attr-defined]
        self._q = array("i", (_DMA_BASE + _CH_STRIDE * fill_channel, 0, fill_ctrl))
        self._q[1] = address(self._colour)

    def start(self, buf, n):
        """Start sending the first ``n`` bytes of ``buf`` once the last transfer is over;
        ``buf`` must stay as it is until ``wait`` returns."""
        start(self._p, buf, n)

    def window(self, x, y, w, h):
        """Once the last transfer is out, end its CS frame and address the rectangle (DC is
        left high and CS low for its pixels); a rectangle off the panel is refused."""
        if not window(self._p, x << 16 | y, w << 16 | h):
            raise ValueError("window %d,%d %dx%d is outside the %dx%d panel" % (x, y, w, h, self._p[5], self._p[6]))

    def wait(self):
        """Until the last byte started has left the SPI block."""
        wait(self._p)

    def fill(self, buf, n, colour):
        """The first ``n`` bytes of ``buf`` (a band buffer, word-aligned as the heap's blocks
        are) to ``colour`` (RGB565 as the buffer holds it), by the second channel; returns
        when it is done."""
        fill(self._q, buf, n, colour)
