"""The menu screen: a title bar, the list with its cursor, and a hint line.

``Renderer.menu`` draws with a ``MenuScreen`` made when a menu first shows and let go when
another screen replaces it. Only the menus need this code, so app.py drops the module from
sys.modules with menu.py when a game starts; the next menu imports it again.
"""
from micropython import const

from gfx import text_width
from colours import MENU_BG, WHITE

_W = const(320)
_H = const(240)
_HEAD = const(36)  # the title bar
_FOOT = const(28)  # the hint line
_ROW = const(34)  # one entry
_TEXT_GREY = const(0x94B3)  # rgb(150, 150, 158), renderer's
_MENU_BAR = const(0x2AD9)  # rgb(40, 90, 200)


class MenuScreen:
    def __init__(self, gfx):
        self.g = gfx
        self.title = None
        self.items = None
        self.hint = None
        self.selected = -1
        # bound methods allocate when taken, so take each painter once
        self._paint_head = self.paint_head
        self._paint_list = self.paint_list

    def draw(self, title, items, selected, hint):
        """Paint the menu; only the list when just ``selected`` moved since the last call."""
        self.selected = selected
        if title != self.title or items != self.items or hint != self.hint:
            self.title = title
            self.items = items
            self.hint = hint
            self.g.paint(0, 0, _W, _HEAD, _MENU_BAR, self._paint_head)
            self.g.paint(0, _H - _FOOT, _W, _FOOT, MENU_BG, self._paint_head)
        self.g.paint(0, _HEAD, _W, _H - _HEAD - _FOOT, MENU_BG, self._paint_list)

    def paint_head(self, g):
        t = self.title
        s = 3 if text_width(t, 3) <= _W - 16 else 2
        g.text(t, (_W - text_width(t, s)) // 2, (_HEAD - 7 * s) // 2, s, WHITE)
        h = self.hint
        if h:
            s = 2 if text_width(h, 2) <= _W - 16 else 1
            g.text(h, (_W - text_width(h, s)) // 2, _H - _FOOT + (_FOOT - 7 * s) // 2, s, _TEXT_GREY)

    def paint_list(self, g):
        items = self.items
        sel = self.selected
        rows = (_H - _HEAD - _FOOT) // _ROW
        first = 0
        if sel >= rows:
            first = sel - rows + 1
        for k in range(rows):
            i = first + k
            if i >= len(items):
                break
            y = _HEAD + 2 + k * _ROW
            if not g.in_band(y, _ROW - 2):
                continue
            if i == sel:
                g.round_rect(8, y, _W - 16, _ROW - 2, 6, _MENU_BAR)
            s = 2 if text_width(items[i], 2) <= _W - 40 else 1
            g.text(items[i], 20, y + (_ROW - 2 - 7 * s) // 2, s, WHITE)
        if first > 0:  # more above / below: small arrows at the right
            g.trapezoid(40, 48, _W - 14, _W - 14, _W - 22, _W - 6, _TEXT_GREY)
        if first + rows < len(items):
            g.trapezoid(_H - 44, _H - 36, _W - 22, _W - 6, _W - 14, _W - 14, _TEXT_GREY)
