"""The colours (RGB565) both the table's renderer and the menus' screen draw with, and what
every screen does with a seat's colour; each screen keeps its own others."""
from micropython import const

WHITE = const(0xFFFF)    # rgb(255, 255, 255)
MENU_BG = const(0x10A4)  # rgb(16, 22, 36): menus and messages
_BLACK = const(0x0000)


def contrast(c):
    """Black or white, whichever reads better on ``c``."""
    lum = ((c >> 11) & 31) * 2 * 30 + ((c >> 5) & 63) * 59 + (c & 31) * 2 * 11
    return _BLACK if lum > 3700 else WHITE


def dim(c):
    """``c`` at about a third of its brightness: a seat strip when it is not that seat's
    turn, a Money bank."""
    return (((c >> 11) * 3 // 8) << 11) | ((((c >> 5) & 63) * 3 // 8) << 5) | ((c & 31) * 3 // 8)
