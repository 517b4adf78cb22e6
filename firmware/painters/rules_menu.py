"""The Rules menu: a game's options in groups, in players' words (rule_words.py), only those
that apply given the others, a line explaining the selected one, and a reset that asks first.

``RulesMenu`` holds the entries (each made as it comes into view) and the cursor (the
values are menu_list.Entry's: a switch toggles, a choice or a short range cycles, a long range
opens an edit); ``draw`` paints it with text at least 14 px high (scale 2). Only changes
from the game's preset are kept in the settings. Only the menus use this module: a game
lets it go (UNLOAD_WITH = "menus").
"""
from micropython import const

from slapstack import games, options

from painters.layout import H, W as SCREEN_W
from hid.keys import BACK, DOWN, OK, UP
from painters import menu_list
from painters import rule_words as W
from drawing import colours
from drawing.text import text_width, wrap

UNLOAD_WITH = "menus"  # let go when a game is dealt (app/unload.py)

_HEAD = const(32)
_ROW = const(24)
_ROWS = const(6)
_LIST_Y = const(_HEAD + 2)
_EXPLAIN_Y = const(_LIST_Y + _ROWS * _ROW + 2)


def row_y(k):
    """The top y of the list's ``k``-th row in view (None for a row out of view)."""
    return _LIST_Y + k * _ROW if 0 <= k < _ROWS else None

_HINT_Y = H - 20
_TEXT_W = SCREEN_W - 36  # a row's text, right of its indent

_HEAD_ROW = const(0)
_OPTION_ROW = const(1)
_RESET_ROW = const(2)

CHANGED = menu_list.CHANGED
RESET = "reset"


class RulesMenu:
    def __init__(self, s, game):
        """The rules of ``game`` over the settings ``s`` (overrides in s["rules"][game])."""
        mod = games.game_module(game)
        self.game = game
        self.title = menu_list.title(game) + " rules"
        self.base = options.as_dict(mod.make_rules(game), mod.SCHEMA)
        overrides = s["rules"].get(game)
        if overrides is None:
            overrides = s["rules"][game] = {}
        self.overrides = overrides
        self.schema = mod.SCHEMA
        self._entries = {}  # name -> its menu_list.Entry, made when first needed (``entry``)
        self.editing = False
        self.confirming = False
        self.first = 0
        self.rows = []
        self._layout()
        self.selected = 1  # the first option, under its group's heading

    def entry(self, name):
        """Option ``name``'s menu_list.Entry, made the first time it is asked for: the rows in
        view, and the one a key changes (all of Ratscrew's 27 at the opening took 6 ms of
        its 13 on the chip)."""
        e = self._entries.get(name)
        if e is not None:
            return e
        allowed = self.schema[name][1]
        label = W.words(self.game, name)[0]
        show = _shower(self.game, name)
        if allowed is bool:
            e = menu_list.Entry(menu_list.SWITCH, label, self.overrides, name, self.base[name], show=show)
        elif isinstance(allowed[0], int):
            lo, hi = allowed
            e = menu_list.Entry(menu_list.NUMBER, label, self.overrides, name, self.base[name],
                           (lo, hi, menu_list.nice_step(lo, hi)), show)
        else:
            e = menu_list.Entry(menu_list.CHOICE, label, self.overrides, name, self.base[name], allowed, show)
        self._entries[name] = e
        return e

    def values(self):
        out = dict(self.base)
        out.update(self.overrides)
        return out

    def _layout(self, keep=None):
        """The rows shown: each group's heading and its options that apply, then the reset."""
        r = self.values()
        rows = []
        for heading, names in W.groups(self.game):
            shown = [n for n in names if n in self.schema and W.applies(n, r)]
            if shown:
                rows.append((_HEAD_ROW, heading))
                for n in shown:
                    rows.append((_OPTION_ROW, n))
        rows.append((_RESET_ROW, "Reset to %s rules" % games.short_name(self.game)[0]))
        self.rows = rows
        if keep is not None:
            self.selected = rows.index(keep) if keep in rows else 1

    def items(self):
        """Each row's text (headings too), as drawn."""
        return [self.row_text(i) for i in range(len(self.rows))]

    def row_text(self, i):
        """Row ``i``'s text, as drawn."""
        kind, what = self.rows[i]
        if kind == _OPTION_ROW:
            return self.entry(what).text(self.editing and i == self.selected)
        return what

    def scroll(self):
        """The rows in view moved so that the selected one is among them (with its group's
        heading when it is the group's first)."""
        if self.selected < self.first:
            above = self.selected - 1
            self.first = above if self.selected and self.rows[above][0] == _HEAD_ROW else self.selected
        elif self.selected >= self.first + _ROWS:
            self.first = self.selected - _ROWS + 1

    def current(self):
        """The selected option's name, or None on the reset row."""
        kind, what = self.rows[self.selected]
        return what if kind == _OPTION_ROW else None

    def explanation(self):
        name = self.current()
        if name is None:
            return "Every rule back to the game's own. Asks first."
        return W.words(self.game, name)[1]

    def hint(self):
        if self.editing:
            return "Up/Down: change  OK: done"
        return "OK: change   Back: done"

    def key(self, name):
        """One console key: BACK, CHANGED, RESET, "confirm" (the question is up), or None."""
        if self.confirming:
            self.confirming = False
            if name == OK:
                self.overrides.clear()
                self._layout(self.rows[self.selected])
                return RESET
            return None
        if self.editing:
            if name == OK or name == BACK:
                self.editing = False
            else:
                self.entry(self.current()).bump(1 if name == UP else -1)
            self._layout(self.rows[self.selected])
            return CHANGED
        if name == UP or name == DOWN:
            step = -1 if name == UP else 1
            i = self.selected
            while True:
                i = (i + step) % len(self.rows)
                if self.rows[i][0] != _HEAD_ROW:
                    break
            self.selected = i
        elif name == BACK:
            return BACK
        elif name == OK:
            what = self.current()
            if what is None:
                self.confirming = True
                return "confirm"
            e = self.entry(what)
            if e.cycles():
                e.bump(1)
            else:
                self.editing = True
            self._layout(self.rows[self.selected])
            return CHANGED
        return None

    def question(self):
        """The reset's question, as (title, lines) for Renderer.message."""
        return ("Reset the rules?", ["Every %s rule goes back to the game's own." % menu_list.title(self.game),
                                     "OK: reset   Back: keep them"])


def _shower(game, name):
    return lambda v: W.value_text(name, v, game)


class RulesPainter:
    """Paints a RulesMenu: title bar, the rows (headings in gold), the explanation, the hint."""

    def __init__(self, m):
        self.m = m
        self.items = []  # the texts of the rows in view as last drawn (``draw`` makes them: all
        # of Ratscrew's 30 rows took 6 ms on the chip, in the menu's opening)
        self._first = self._selected = self._count = -1  # the first row in view, the highlight
        # and how many rows there were, as last drawn
        self.explained = []  # the explanation's lines and the hint, as ``draw`` last painted them
        self.hint = ""
        self.hint_x = 0
        self._paint_head = self.paint_head
        self._paint_list = self.paint_list
        self._paint_foot = self.paint_foot

    def draw(self, g, whole=True):
        """The menu (``whole``: its title too); with the same rows in view as last time, only
        the rows whose text or highlight changed, and the explanation (the whole list was
        60 ms on the chip, above a screen's 50)."""
        m = self.m
        m.scroll()
        was = self.items
        self.items = items = [m.row_text(i) for i in range(m.first, min(m.first + _ROWS, len(m.rows)))]
        self.explained = wrap(m.explanation(), SCREEN_W - 16)  # (once, not in each band)
        self.hint = m.hint()
        self.hint_x = (SCREEN_W - text_width(self.hint, 2)) // 2
        if whole:
            g.paint(0, 0, SCREEN_W, _HEAD, colours.MENU_BAR, self._paint_head)
        if whole or m.first != self._first or len(m.rows) != self._count:
            g.paint(0, _HEAD, SCREEN_W, _EXPLAIN_Y - _HEAD, colours.MENU_BG, self._paint_list)
        else:
            for k in range(len(items)):
                i = m.first + k
                if items[k] != was[k] or (i == m.selected) != (i == self._selected):
                    g.paint(0, _LIST_Y + k * _ROW, SCREEN_W, _ROW, colours.MENU_BG, self._paint_list)
        self._first = m.first
        self._selected = m.selected
        self._count = len(m.rows)
        g.paint(0, _EXPLAIN_Y, SCREEN_W, H - _EXPLAIN_Y, colours.MENU_BG, self._paint_foot)

    def paint_head(self, g):
        t = self.m.title
        s = 2
        g.text(t, (SCREEN_W - text_width(t, s)) // 2, (_HEAD - 7 * s) // 2, s, colours.WHITE)

    def paint_list(self, g):
        """One band of the list: only the rows it meets (the list whole is 37 bands)."""
        m = self.m
        k = (g.top - _LIST_Y) // _ROW
        if k < 0:
            k = 0
        end = (g.bottom - _LIST_Y + _ROW - 1) // _ROW
        if end > len(self.items):
            end = len(self.items)
        while k < end:
            i = m.first + k
            y = _LIST_Y + k * _ROW
            if m.rows[i][0] == _HEAD_ROW:
                g.text(self.items[k], 10, y + 5, 2, colours.GOLD)
            else:
                if i == m.selected:
                    g.round_rect(14, y + 1, SCREEN_W - 22, _ROW - 2, 5, colours.MENU_BAR)
                g.text(self.items[k], 24, y + 5, 2, colours.WHITE)
            k += 1
        if m.first > 0:
            g.trapezoid(_LIST_Y, _LIST_Y + 6, SCREEN_W - 8, SCREEN_W - 8, SCREEN_W - 14, SCREEN_W - 2, colours.GREY)
        if m.first + _ROWS < len(m.rows):
            y = _EXPLAIN_Y - 10
            g.trapezoid(y, y + 6, SCREEN_W - 14, SCREEN_W - 2, SCREEN_W - 8, SCREEN_W - 8, colours.GREY)

    def paint_foot(self, g):
        """One band of the explanation and the hint (their lines that meet it)."""
        top = g.top
        bottom = g.bottom
        g.rect(8, _EXPLAIN_Y, SCREEN_W - 16, 1, colours.GREY)
        y = _EXPLAIN_Y + 5
        for line in self.explained:
            if y >= bottom:
                break
            if y + 16 > top:
                g.text(line, 8, y, 2, colours.WHITE)
            y += 18
        if bottom > _HINT_Y + 3 and top < _HINT_Y + 19:
            g.text(self.hint, self.hint_x, _HINT_Y + 3, 2, colours.GREY)
