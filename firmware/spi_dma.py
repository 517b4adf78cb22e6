"""The RP2040's SPI block driven directly: a band of pixels goes out by DMA while the CPU
paints the next one, and a window's commands go out from machine code (panel.py, gfx.py).

``machine.SPI.write`` keeps the CPU waiting until the last byte has shifted out; at 50 MHz a
5 KB band is 0.8 ms the CPU could have spent painting. One DMA channel, claimed at power-up
and kept, copies the band byte by byte to the SPI data register, paced by the block's
transmit request. An address window (three commands, their parameters, the DC pin between
them) took 0.2 ms of Python calls; ``frame`` writes it in one call. ``machine.SPI`` still
sends the other commands (it drains what the block received meanwhile), after ``wait``.
"""
import micropython
import rp2
from machine import mem32
from micropython import const

_SPI_BASE = (0x4003C000, 0x40040000)  # SPI0, SPI1 (RP2040 datasheet 4.4.4)
_SSPDR = const(0x08)  # data register
_SSPSR = const(0x0C)  # status register
_BSY = const(0x10)  # still shifting a frame out
_DREQ_TX = (16, 18)  # DREQ_SPI0_TX, DREQ_SPI1_TX (datasheet 2.5.3.1)


_SIO_OUT_SET = const(0xD0000014)  # GPIO outputs to 1 / to 0
_SIO_OUT_CLR = const(0xD0000018)


@micropython.viper
def _frame(base: int, dc: int, seq, commands: int):
    """Write the bytes of ``seq`` to the SPI block at ``base``, byte i a command (DC low,
    pin mask ``dc``) when bit i of ``commands`` is set, a parameter otherwise (DC high);
    returns with the last byte out and DC high, for the data that follows."""
    data = ptr32(base + _SSPDR)
    status = ptr32(base + _SSPSR)
    out_set = ptr32(_SIO_OUT_SET)
    out_clr = ptr32(_SIO_OUT_CLR)
    b = ptr8(seq)
    n = int(len(seq))
    low = 0  # DC as driven: 1 while low
    i = 0
    while i < n:
        want = (commands >> i) & 1
        if want != low:  # DC changes only once what is in the FIFO has shifted out
            while status[0] & _BSY:
                pass
            if want:
                out_clr[0] = dc
            else:
                out_set[0] = dc
            low = want
        while not (status[0] & 2):  # TNF: room in the transmit FIFO
            pass
        data[0] = b[i]
        i += 1
    while status[0] & _BSY:
        pass
    out_set[0] = dc


class SpiDma:
    """Sends buffers to SPI block ``bus`` (0 or 1) in the background, and command frames
    with the panel's DC pin (GPIO ``dc``)."""

    def __init__(self, bus, dc):
        self._dma = rp2.DMA()
        self._base = _SPI_BASE[bus]
        self._dc = 1 << dc
        self._data = _SPI_BASE[bus] + _SSPDR
        self._status = _SPI_BASE[bus] + _SSPSR
        self._ctrl = self._dma.pack_ctrl(size=0, inc_read=True, inc_write=False, treq_sel=_DREQ_TX[bus])

    def start(self, buf, n):
        """Start sending the first ``n`` bytes of ``buf`` (the last transfer must be over: ``wait``)."""
        self._dma.config(read=buf, write=self._data, count=n, ctrl=self._ctrl, trigger=True)

    def frame(self, seq, commands):
        """Send ``seq``, byte i a command when bit i of ``commands`` is set (the last
        transfer must be over: ``wait``); DC is left high."""
        _frame(self._base, self._dc, seq, commands)

    def wait(self):
        """Until the last byte started has left the SPI block."""
        dma = self._dma
        while dma.active():
            pass
        status = self._status
        while mem32[status] & _BSY:
            pass
