"""The menu's painter: a title bar, the list with its cursor, and a hint line.

An entry whose text has a second line ("Game: Ratscrew\nSlap pairs and sandwiches") takes
two rows, its second line in grey: the main menu says so what the chosen game is.

``Renderer.menu`` draws with a ``MenuPainter`` made when a menu first shows and let go when
another screen replaces it. Only the menus need this code, so it is let go with theirs when a
game is dealt (``UNLOAD_WITH = "menus"``); the next menu imports it again.
"""
from micropython import const

from drawing.text import text_width
from drawing import colours
from painters.layout import H, W

UNLOAD_WITH = "menus"  # let go when a game is dealt (app/unload.py)

_HEAD = const(36)  # the title bar
_FOOT = const(28)  # the hint line
_ROW = const(29)  # one entry
_ROWS = const(6)  # rows in view: (H - _HEAD - _FOOT) // _ROW
_LINE_GAP = const(8)  # between an entry's two lines
_BAR_R = const(302)  # the cursor's bar ends here: right of it, the gutter the scroll arrows are in
_ARROW_X = const(305)  # an arrow spans [_ARROW_X, _ARROW_X + 12)


def row_box(k, n=1):
    """(x, y, w, h) of the cursor's bar on the ``k``-th row in view, for an entry of ``n``
    rows (a second line takes two)."""
    return 8, _HEAD + 2 + k * _ROW, _BAR_R - 8, n * _ROW - 2


class MenuPainter:
    def __init__(self, gfx):
        self.g = gfx
        self.title = None
        self.items = None
        self.hint = None
        self.selected = -1
        self.lines = None  # each item as (first line, second line or None)
        self.first = 0     # the first item in view
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
            lines = []
            for text in items:
                cut = text.find("\n")
                lines.append((text, None) if cut < 0 else (text[:cut], text[cut + 1:]))
            self.lines = lines
            self.g.paint(0, 0, W, _HEAD, colours.MENU_BAR, self._paint_head)
            self.g.paint(0, H - _FOOT, W, _FOOT, colours.MENU_BG, self._paint_head)
        first = 0  # the selected item at the bottom at most, counting the rows of each
        while self._rows(first, selected) > _ROWS:
            first += 1
        self.first = first
        self.g.paint(0, _HEAD, W, H - _HEAD - _FOOT, colours.MENU_BG, self._paint_list)

    def _rows(self, first, last):
        """Rows that items ``first`` to ``last`` take."""
        n = 0
        for i in range(first, last + 1):
            n += 1 if self.lines[i][1] is None else 2
        return n

    def paint_head(self, g):
        t = self.title
        s = 3 if text_width(t, 3) <= W - 16 else 2
        g.text(t, (W - text_width(t, s)) // 2, (_HEAD - 7 * s) // 2, s, colours.WHITE)
        h = self.hint
        if h:
            s = 2 if text_width(h, 2) <= W - 16 else 1
            g.text(h, (W - text_width(h, s)) // 2, H - _FOOT + (_FOOT - 7 * s) // 2, s, colours.GREY)

    def paint_list(self, g):
        lines = self.lines
        sel = self.selected
        i = self.first
        k = 0  # the row the item starts on
        while i < len(lines):
            top, second = lines[i]
            n = 1 if second is None else 2
            if k + n > _ROWS:
                break
            y = _HEAD + 2 + k * _ROW
            h = n * _ROW - 2
            if g.in_band(y, h):
                if i == sel:
                    g.round_rect(8, y, _BAR_R - 8, h, 6, colours.MENU_BAR)
                ty = y + (h - 14 - (0 if second is None else 14 + _LINE_GAP)) // 2
                _line(g, top, ty, colours.WHITE)
                if second is not None:
                    _line(g, second, ty + 14 + _LINE_GAP, colours.SECOND_LINE)
            k += n
            i += 1
        if self.first > 0:  # more above / below: small arrows in the gutter right of the rows
            g.trapezoid(40, 48, _ARROW_X + 6, _ARROW_X + 6, _ARROW_X, _ARROW_X + 12, colours.GREY)
        if i < len(lines):
            g.trapezoid(H - 44, H - 36, _ARROW_X, _ARROW_X + 12, _ARROW_X + 6, _ARROW_X + 6, colours.GREY)


def _line(g, text, y, colour):
    """One line of an entry at the list's indent, at scale 2 if it fits, else 1 (centred in
    the scale-2 line's height)."""
    s = 2 if text_width(text, 2) <= W - 40 else 1
    g.text(text, 20, y + (14 - 7 * s) // 2, s, colour)
