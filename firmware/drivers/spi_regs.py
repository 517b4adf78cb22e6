"""The register work of spi_dma.py, each a single call into machine code (viper): on the chip
(MicroPython 1.28, 200 MHz) ``rp2.DMA.config`` with its keywords took 60 us a band, and an
address window's three commands, their parameters and the DC and CS pins between them 0.24
ms of Python.

The SlapStack image has this module built in, in C (hw/image/spi_regs): a built-in module is
found before this file, and its code stays in flash, where this viper module's machine code
is copied into the heap when it is imported (2.6 KB on MicroPython 1.28). The stock image
loads this one.

Each takes ``p``, an array('i') of SpiDma's numbers: [DMA channel registers, SPI block, DC
pin mask, CS pin mask, channel control, panel width, panel height] (``fill``'s: [channel
registers, the address of the word the channel reads, channel control]).
"""
import micropython
from micropython import const

_SSPDR = const(0x08)  # SPI data register
_SSPSR = const(0x0C)  # status register
_BSY = const(0x10)  # still shifting a frame out
_DMA_BUSY = const(1 << 24)  # CTRL_TRIG: the channel is still copying
_SIO_OUT_SET = const(0xD0000014)  # GPIO outputs to 1 / to 0
_SIO_OUT_CLR = const(0xD0000018)
_CASET = const(0x2A)  # the panel's address commands (MIPI DCS)
_RASET = const(0x2B)
_RAMWR = const(0x2C)


@micropython.viper
def wait(p):
    """Until the channel has copied its last byte and the SPI block has shifted it out."""
    q = ptr32(p)
    ctrl = ptr32(q[0] + 12)
    status = ptr32(q[1] + _SSPSR)
    while ctrl[0] & _DMA_BUSY:
        pass
    while status[0] & _BSY:
        pass


@micropython.viper
def start(p, buf, n: int):
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
def window(p, xy: int, wh: int) -> int:
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
def address(buf) -> int:
    """Where ``buf``'s bytes are in memory."""
    return int(ptr8(buf))


@micropython.viper
def fill(p, buf, n: int, c: int):
    """Fill the first ``n`` bytes (whole pixels) of ``buf`` with colour ``c``, a word (two
    pixels) a transfer, and wait until it is done."""
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
