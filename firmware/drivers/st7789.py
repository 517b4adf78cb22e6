"""Sitronix ST7789 (240x320 IPS glass, used here as 320x240 landscape).

Its serial write cycle is 16 ns minimum (datasheet tSCYCW), so SPI may run at 62.5 MHz; on
the RP2040 that needs the peripheral clock moved off 48 MHz first (see spi_clock.py).
"""
from drivers.panel import Panel, SLPOUT, NORON, INVON, MADCTL_MV, MADCTL_MX, MADCTL_MY


class ST7789(Panel):
    SPI_HZ = 62_500_000
    # IPS glass shows every colour inverted unless INVON is on.
    INIT = (
        (SLPOUT, None, 120),
        (INVON, None, 0),
        (NORON, None, 10),
    )
    # The glass scans 240 columns x 320 rows; MV makes the address space 320 wide and MX
    # turns the transpose into a rotation (MV alone would mirror the picture).
    MADCTL_LANDSCAPE = MADCTL_MV | MADCTL_MX
    MADCTL_FLIPPED = MADCTL_MV | MADCTL_MY
