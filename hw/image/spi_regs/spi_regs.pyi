"""spi_regs, built into the SlapStack image in C (spi_regs.c): the DMA and SPI register work of
firmware/drivers/spi_dma.py. This file gives the module's types to the type check
(tools/check.py).

``p`` is an array('i') of SpiDma's numbers: [DMA channel registers, SPI block, DC pin mask, CS
pin mask, channel control, panel width, panel height]; fill's ``q`` is [channel registers, the
address of the word its channel reads, channel control].
"""
from array import array

def wait(p: array) -> None:
    """Until the channel has copied its last byte and the SPI block has shifted it out."""

def start(p: array, buf: bytearray | memoryview, n: int) -> None:
    """Once the last transfer is over, start copying the first ``n`` bytes of ``buf`` to the
    SPI data register."""

def window(p: array, xy: int, wh: int) -> int:
    """End the last CS frame once its pixels are out, then open one for the rectangle at
    ``xy`` (x << 16 | y) of size ``wh`` (w << 16 | h): CASET, RASET and RAMWR with their
    parameters, DC low for each command and high after it, CS left low for the pixels.
    Returns 0, sending nothing, for a rectangle not wholly on the panel, else 1."""

def address(buf: bytearray | memoryview | array) -> int:
    """Where ``buf``'s bytes are in memory."""

def fill(q: array, buf: bytearray | memoryview, n: int, c: int) -> None:
    """Fill the first ``n`` bytes (whole pixels) of ``buf`` with colour ``c``, a word (two
    pixels) a transfer, and wait until it is done."""
