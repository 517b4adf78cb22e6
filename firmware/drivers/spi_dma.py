"""The RP2040's SPI block driven directly: a band of pixels goes out by DMA while the CPU
paints the next one, and a window's commands go out from machine code (panel.py, gfx.py).

``machine.SPI.write`` keeps the CPU waiting until the last byte has shifted out; at 50 MHz a
5 KB band is 0.8 ms the CPU could have spent painting. One DMA channel, claimed at power-up
and kept, copies the band byte by byte to the SPI data register, paced by the block's
transmit request. Each call here is one call into machine code that touches the registers
itself: on the chip (MicroPython 1.28, 200 MHz) ``rp2.DMA.config`` with its keywords took
60 us a band and an address window (three commands, their parameters, the DC and CS pins
between them) 0.24 ms of Python, against a card's boxes of 0.7 ms of SPI each.
``machine.SPI`` still sends the other commands, after ``wait``. A second channel, unpaced,
clears a band buffer before it is painted (``fill``), a word a bus cycle.
"""
from array import array

import micropython
import rp2
from micropython import const

_SPI_BASE = (0x4003C000, 0x40040000)  # SPI0, SPI1 (RP2040 datasheet 4.4.4)
_SSPDR = const(0x08)  # data register
_SSPSR = const(0x0C)  # status register
_BSY = const(0x10)  # still shifting a frame out
_DREQ_TX = (16, 18)  # DREQ_SPI0_TX, DREQ_SPI1_TX (datasheet 2.5.3.1)
_DMA_BASE = const(0x50000000)  # channel n's registers at + 0x40 n (datasheet 2.5.7):
_CH_STRIDE = const(0x40)  # READ_ADDR, WRITE_ADDR, TRANS_COUNT, then CTRL_TRIG, whose write starts it
_DMA_BUSY = const(1 << 24)  # CTRL_TRIG: the channel is still copying
_SIO_OUT_SET = const(0xD0000014)  # GPIO outputs to 1 / to 0
_SIO_OUT_CLR = const(0xD0000018)
_CASET = const(0x2A)  # the panel's address commands (MIPI DCS)
_RASET = const(0x2B)
_RAMWR = const(0x2C)


@micropython.viper
def _wait(p):
    """Until the channel has copied its last byte and the SPI block has shifted it out.
    p = [channel registers, SPI block, DC pin mask, CS pin mask, channel control]."""
    q = ptr32(p)
    ctrl = ptr32(q[0] + 12)
    status = ptr32(q[1] + _SSPSR)
    while ctrl[0] & _DMA_BUSY:
        pass
    while status[0] & _BSY:
        pass


@micropython.viper
def _start(p, buf, n: int):
    """Once the last transfer is over, start copying the first ``n`` bytes of ``buf`` to
    the SPI data register."""
    q = ptr32(p)
    ch = ptr32(q[0])
    while ch[3] & _DMA_BUSY:
        pass
    ch[0] = int(ptr8(buf))  # READ_ADDR
    ch[1] = q[1] + _SSPDR  # WRITE_ADDR
    ch[2] = n  # TRANS_COUNT
    ch[3] = q[4]  # CTRL_TRIG: go


@micropython.viper
def _window(p, xy: int, wh: int) -> int:
    """End the last CS frame once its pixels are out, then open one for the rectangle at
    ``xy`` (x << 16 | y) of size ``wh`` (w << 16 | h): CASET, RASET and RAMWR with their
    parameters, DC low for each command and high after it, CS left low for the pixels.
    Returns 0, sending nothing, for a rectangle not wholly on the panel (p[5] x p[6]; a
    negative coordinate packs as one), else 1."""
    q = ptr32(p)
    x = xy >> 16
    y = xy & 0xFFFF
    w = wh >> 16
    h = wh & 0xFFFF
    if x < 0 or w <= 0 or h <= 0 or x + w > int(q[5]) or y + h > int(q[6]):
        return 0
    ctrl = ptr32(q[0] + 12)
    status = ptr32(q[1] + _SSPSR)
    data = ptr32(q[1] + _SSPDR)
    dc = q[2]
    cs = q[3]
    out_set = ptr32(_SIO_OUT_SET)
    out_clr = ptr32(_SIO_OUT_CLR)
    while ctrl[0] & _DMA_BUSY:
        pass
    while status[0] & _BSY:
        pass
    out_set[0] = cs
    out_clr[0] = cs
    first = xy >> 16  # the columns, then the rows
    last = first + (wh >> 16) - 1
    cmd = _CASET
    while True:
        out_clr[0] = dc  # (the block is idle here: its last byte has shifted out)
        data[0] = cmd
        while status[0] & _BSY:
            pass
        out_set[0] = dc
        if cmd == _RAMWR:
            break
        data[0] = first >> 8  # four bytes fit the block's 8-deep FIFO
        data[0] = first & 0xFF
        data[0] = last >> 8
        data[0] = last & 0xFF
        while status[0] & _BSY:
            pass
        if cmd == _CASET:
            cmd = _RASET
            first = xy & 0xFFFF
            last = first + (wh & 0xFFFF) - 1
        else:
            cmd = _RAMWR
    return 1


@micropython.viper
def _address(buf) -> int:
    return int(ptr8(buf))


@micropython.viper
def _fill(p, buf, n: int, c: int):
    """Fill the first ``n`` bytes (whole pixels) of ``buf`` with colour ``c``, a word (two
    pixels) a transfer, and wait until it is done. p = [channel registers, the address of
    the word the channel reads, channel control]."""
    q = ptr32(p)
    ch = ptr32(q[0])
    ptr32(q[1])[0] = (c & 0xFFFF) | (c << 16)  # (a machine word here: no big int made)
    a = int(ptr8(buf))
    if n > 3:  # (a count of 0 leaves the emulated channel busy for good)
        ch[0] = q[1]  # READ_ADDR: the colour word, read again and again
        ch[1] = a  # WRITE_ADDR
        ch[2] = n >> 2  # TRANS_COUNT
        ch[3] = q[2]  # CTRL_TRIG: go
        while ch[3] & _DMA_BUSY:
            pass
    if n & 2:  # an odd pixel count: the last one
        ptr16(a + (n & ~3))[0] = ptr16(q[1])[0]


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
        self._q[1] = _address(self._colour)

    def start(self, buf, n):
        """Start sending the first ``n`` bytes of ``buf`` once the last transfer is over;
        ``buf`` must stay as it is until ``wait`` returns."""
        _start(self._p, buf, n)

    def window(self, x, y, w, h):
        """Once the last transfer is out, end its CS frame and address the rectangle (DC is
        left high and CS low for its pixels); a rectangle off the panel is refused."""
        if not _window(self._p, x << 16 | y, w << 16 | h):
            raise ValueError("window %d,%d %dx%d is outside the %dx%d panel" % (x, y, w, h, self._p[5], self._p[6]))

    def wait(self):
        """Until the last byte started has left the SPI block."""
        _wait(self._p)

    def fill(self, buf, n, colour):
        """The first ``n`` bytes of ``buf`` (a band buffer, word-aligned as the heap's blocks
        are) to ``colour`` (RGB565 as the buffer holds it), by the second channel; returns
        when it is done."""
        _fill(self._q, buf, n, colour)
