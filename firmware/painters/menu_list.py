"""A list menu (the main menu's, the statistics', the head starts'; the Rules menu is built on
it), driven by the console's four buttons: up, down, ok, back.

A menu is a list of entries and a cursor. OK on an action returns what the action opens (its
``key``: app/menu_screens.py's entries carry a function, the statistics' a method); on a
setting it changes the value in place: a switch toggles, a choice or a short number range
cycles, a long number range opens an edit where up/down step the value and ok or back
finish. The menus edit the settings dict itself (see settings.py); rule options are kept
only where they differ from the game's preset (rules_menu.py builds the Rules menu from
these entries), so a saved file stays small and "reset rules" is just clearing them.
"""
from micropython import const

from hid.keys import BACK, DOWN, OK, UP
from slapstack import games
from storage import settings

UNLOAD_WITH = "menus"  # let go when a game is dealt (app/unload.py)

CHANGED = "changed"

_CYCLE_MAX = const(8)  # number ranges with at most this many values cycle on ok
_STEPS = const(40)     # a long number range is walked in about this many steps

ACTION = const(0)
SWITCH = const(1)
CHOICE = const(2)
NUMBER = const(3)


def title(game):
    return games.TITLES.get(game, game)


def game_text(s, game):
    """The main menu's Game value: the short name, and under it what the game is (Egyptian
    Ruffle's plain game, its ruffles switched off in Rules, says so)."""
    if game == "ruffle" and not s["rules"].get(game, {}).get("slaps", True):
        return "Ruffle\nPlain: challenges only"
    return "%s\n%s" % games.short_name(game)


def nice_step(lo, hi):
    """1, 2, 5, 10, 20, 50... whichever first covers lo..hi in at most ``_STEPS`` steps."""
    step = 1
    while True:
        for k in (1, 2, 5):
            if (hi - lo) // (step * k) <= _STEPS:
                return step * k
        step *= 10


class Entry:
    def __init__(self, kind, label, target=None, key=None, default=None, allowed=None, show=None):
        self.kind = kind
        self.label = label
        self.target = target    # the dict holding the value
        self.key = key          # the value's key there (the action name for ACTION)
        self.default = default  # value when the key is absent (rule presets)
        self.allowed = allowed  # CHOICE: values; NUMBER: (lo, hi, step) or a function giving it
        self.show = show        # value -> text, or None

    def value(self):
        return self.target.get(self.key, self.default)

    def set(self, v):
        if v == self.default and self.default is not None:
            self.target.pop(self.key, None)  # back at the preset: no override kept
        else:
            self.target[self.key] = v

    def text(self, editing=False):
        if self.kind == ACTION:
            return self.label
        v = self.value()
        if self.show is not None:
            shown = self.show(v)
        elif self.kind == SWITCH:
            shown = "on" if v else "off"
        else:
            shown = str(v).replace("_", " ")
        if editing:
            shown = "< %s >" % shown
        return "%s: %s" % (self.label, shown)

    def _range(self):
        return self.allowed() if callable(self.allowed) else self.allowed

    def cycles(self):
        if self.kind != NUMBER:
            return True
        lo, hi, step = self._range()
        return (hi - lo) // step + 1 <= _CYCLE_MAX

    def bump(self, direction):
        v = self.value()
        if self.kind == SWITCH:
            self.set(not v)
        elif self.kind == CHOICE:
            values = self.allowed
            i = values.index(v) if v in values else 0
            self.set(values[(i + direction) % len(values)])
        else:
            lo, hi, step = self._range()
            n = v + direction * step
            if self.cycles():
                n = lo if n > hi else hi if n < lo else n
            else:
                n = lo if n < lo else hi if n > hi else n
            self.set(n)


class Menu:
    def __init__(self, title, entries, hint="OK: choose   Back: return"):
        self.title = title
        self.entries = entries
        self.hint = hint
        self.selected = 0
        self.editing = False

    def items(self):
        out = []
        for i in range(len(self.entries)):
            out.append(self.entries[i].text(self.editing and i == self.selected))
        return out

    def current_hint(self):
        return "Up/Down: change   OK: done" if self.editing else self.hint

    def point_at(self, key):
        """The cursor on the entry whose ``key`` is ``key`` (what an action opens)."""
        for i in range(len(self.entries)):
            if self.entries[i].key == key:
                self.selected = i

    def chosen(self):
        """The ``key`` of the entry under the cursor."""
        return self.entries[self.selected].key

    def key(self, name):
        """Act on one console key; returns what an action opens, CHANGED, BACK or None."""
        e = self.entries[self.selected]
        if self.editing:
            if name in (OK, BACK):
                self.editing = False
                return CHANGED
            e.bump(1 if name == UP else -1)
            return CHANGED
        if name == UP:
            self.selected = (self.selected - 1) % len(self.entries)
        elif name == DOWN:
            self.selected = (self.selected + 1) % len(self.entries)
        elif name == BACK:
            return BACK
        elif name == OK:
            if e.kind == ACTION:
                return e.key
            if e.cycles():
                e.bump(1)
            else:
                self.editing = True
            return CHANGED
        return None


def head_start_menu(s, seats, balanced):
    """The head starts: the evening balance's switch, then each seat's head start, in ms
    (``settings.HEAD_START``); with the balance on, the head starts it set for the next game
    (``balanced``, one a seat), to read, not to change."""
    from painters.view import SEAT_NAMES
    entries = [Entry(SWITCH, "Evening balance", s, "balance")]
    for p in range(seats):
        if balanced is None:
            entries.append(Entry(NUMBER, SEAT_NAMES[p], s["head_start"], str(p + 1), default=0,
                                 allowed=settings.HEAD_START, show=lambda v: "+%d ms" % v))
        else:
            entries.append(Entry(ACTION, "%s: +%d ms (balance)" % (SEAT_NAMES[p], balanced[p])))  # (to read)
    hint = "Set by games since power-up" if balanced is not None else "OK: change   Back: menu"
    return Menu("Head starts", entries, hint)
