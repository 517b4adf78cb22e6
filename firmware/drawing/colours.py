"""The palette: every colour (RGB565) a screen draws with, defined once, and what every screen
does with a seat's colour. Screens name a colour by what it looks like or what it is
(``colours.GOLD``, ``colours.FELT``); host_sim/tests/test_palette.py fails on a colour
defined anywhere else."""
from micropython import const

from drawing.seat_rgb import SEAT_RGB

WHITE = const(0xFFFF)        # rgb(255, 255, 255)
BLACK = const(0x0000)        # rgb(0, 0, 0)
GREY = const(0x94B3)         # rgb(150, 150, 158): hints, quiet text
DARK_GREY = const(0x39E8)    # rgb(60, 60, 66): a seat that is out, the summary's rules
GOLD = const(0xF542)         # rgb(240, 170, 20): headings, warnings, WAR!, press now
GREEN = const(0x1C67)        # rgb(25, 140, 60): a valid slap, a press awaited
RED = const(0xB8C3)          # rgb(185, 25, 30): a false slap

MENU_BG = const(0x10A4)      # rgb(16, 22, 36): menus and messages
MENU_BAR = const(0x2AD9)     # rgb(40, 90, 200): the menus' title bar and cursor
SECOND_LINE = const(0xC638)  # rgb(192, 196, 192): a menu entry's second line
KEY_BG = const(0x3186)       # rgb(48, 48, 52): the hardware test's key not held
PASSED = const(0x7EEF)       # rgb(120, 220, 120): the hardware test's "passed"

FELT = const(0x1205)         # rgb(20, 64, 46): the table
FELT_LINE = const(0x3BCB)    # rgb(60, 120, 90): the pile's outline
FELT_DARK = const(0x08C3)    # rgb(10, 24, 24): behind War's and Money's panels' words
CARD = const(0xFFDE)         # rgb(250, 250, 244): a card's face
CARD_EDGE = const(0x422A)    # rgb(70, 70, 80)
FACE_DOWN = const(0x4A0C)    # rgb(72, 64, 96): a face-down card's back, unlike any seat's colour
INK_RED = const(0xD0A4)      # rgb(215, 20, 35): hearts and diamonds
INK_BLACK = const(0x10A3)    # rgb(20, 20, 28): clubs and spades, a money card's letter
INK_JOKER = const(0x7955)    # rgb(120, 40, 170): a joker has no suit colour

TEST_BARS = (WHITE, 0xFFE0, 0x07FF, 0x07E0, 0xF81F, 0xF800, 0x001F, BLACK)  # the hardware test's colour
# bars: white, each pure mix of full red, green and blue (yellow, cyan, green, magenta, red, blue), black

SEAT_COLOURS = tuple(((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3) for r, g, b in SEAT_RGB)  # seat i's
# strip and name (seat_rgb.py), in RGB565


def contrast(c):
    """Black or white, whichever reads better on ``c``."""
    lum = ((c >> 11) & 31) * 2 * 30 + ((c >> 5) & 63) * 59 + (c & 31) * 2 * 11
    return BLACK if lum > 3700 else WHITE


def dim(c):
    """``c`` at about a third of its brightness: a seat strip when it is not that seat's
    turn, a Money bank."""
    return (((c >> 11) * 3 // 8) << 11) | ((((c >> 5) & 63) * 3 // 8) << 5) | ((c & 31) * 3 // 8)
