"""Ilitek ILI9341 (240x320 TN glass with a BGR colour filter, used as 320x240 landscape).

Its datasheet rates the serial write cycle at 100 ns (10 MHz); modules are commonly run at
40 MHz, which on a 125 MHz peripheral clock the RP2040 SPI rounds down to 31.25 MHz.
Gamma curves are left at the controller's power-on defaults.
"""
from micropython import const

from drivers.panel import Panel, SLPOUT, NORON, MADCTL_MV, MADCTL_MX, MADCTL_MY, MADCTL_BGR

_PWCTR1 = const(0xC0)
_PWCTR2 = const(0xC1)
_VMCTR1 = const(0xC5)
_VMCTR2 = const(0xC7)
_FRMCTR1 = const(0xB1)
_DFUNCTR = const(0xB6)


class ILI9341(Panel):
    SPI_HZ = 40_000_000
    INIT = (
        (_PWCTR1, b"\x23", 0),  # GVDD 4.6 V
        (_PWCTR2, b"\x10", 0),  # step-up factor
        (_VMCTR1, b"\x3e\x28", 0),  # VCOMH 4.25 V, VCOML -1.5 V
        (_VMCTR2, b"\x86", 0),  # VCOM offset
        (_FRMCTR1, b"\x00\x18", 0),  # 79 Hz frame rate
        (_DFUNCTR, b"\x08\x82\x27", 0),  # 320 lines, normally white scan
        (SLPOUT, None, 120),
        (NORON, None, 10),
    )
    # These modules wire the source lines right to left: upright portrait needs MX, so
    # landscape is MV alone. BGR matches the colour filter.
    MADCTL_LANDSCAPE = MADCTL_MV | MADCTL_BGR
    MADCTL_FLIPPED = MADCTL_MV | MADCTL_MX | MADCTL_MY | MADCTL_BGR
