"""The colours (RGB565) both the table's renderer and the menus' screen draw with; each
screen keeps its own others."""
from micropython import const

WHITE = const(0xFFFF)    # rgb(255, 255, 255)
MENU_BG = const(0x10A4)  # rgb(16, 22, 36): menus and messages
