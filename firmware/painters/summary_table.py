"""The end of a game: who won, how long it took, and per seat played at (those dealt in and
a late arrival's who slapped in at a free seat; named as on its strip: YOU,
BOT or its colour) what happened (slaps won, false and late, fastest and average reaction,
cards won, each row named for what it counts) with the evening's score (games won since
power-on), and the two ways on said plainly: OK plays again (after a replay: watches it
again), Back goes to the menu. A game the party limit ended was won by the most cards held
then, not by the cards won in play: its headline says so ("You win: most cards!") and its
cards row is the cards each held at the end ("Cards held"; in Money the money cards too).
The rows for presses are in the game's own words (game_words.py: "Snaps won", "Wrong
claims", War's "Wars called"); a game without them (Beggar-my-neighbour, War without calls)
shows none, and Beggar, where a press only turns one's card, no reaction times either.
Reaction times are in the game's unit (game_words.py): ms, as a slap's verdict says them,
or in War s to the hundredth, as its tags say how long a press took ("Best s 0.85").

The counts are the engine's (slapstack.summary.Summary, fed from the game's events), the
evening's score the App's (``App.evening``). A column per seat under a chip in the seat's
colour with its name, a row per figure; text is at least 14 px high (scale 2). Where the
names are too wide for their columns (four seats, GREEN and YELLOW among them) the chips
stand on two lines, every other one on the second, each as wide as its name and centred
over its column, and the rows move down for them. Loaded when a game has ended and let go
with the game's code (UNLOAD_WITH = "game").
"""
from micropython import const

from drawing import colours
from drawing.text import number_width, seconds, text_width
from slapstack import events as E
from painters.layout import H, W
from painters.view import SEAT_TAGS

UNLOAD_WITH = "game"  # let go with the game (app/unload.py)

_HEAD = const(36)
_INFO_Y = const(_HEAD + 5)
_CHIP_Y = const(62)
_CHIP_H = const(20)
_ROWS_Y = const(_CHIP_Y + _CHIP_H + 6)
_TWO_Y = const(60)  # the chips on two lines: the first line's top, a chip's height
_TWO_H = const(17)
_TWO_ROWS_Y = const(_TWO_Y + 2 * _TWO_H + 1 + 3)  # and the rows under them
_ROW = const(17)
_LABEL_W = const(128)  # the figures' names, left of the seats' columns
_FOOT_Y = H - 22
_TEXT_H = const(16)    # a line of text at scale 2: font.HEIGHT (8) rows twice

PLAY_AGAIN = "OK: Play again   Back: Menu"
WATCH_AGAIN = "OK: Watch again   Back: Menu"  # after a replay watched


def headline(view, s):
    """"Red wins!", "Blue bot wins: most cards!", "A draw", "No winner"; to the one person
    playing bots, "You win!" (or "You win: most cards!")."""
    if s.winner >= 0:
        if s.winner == view.person():
            return "You win: most cards!" if s.end == E.END_PARTY else "You win!"
        return view.name[s.winner] + (" wins: most cards!" if s.end == E.END_PARTY else " wins!")
    if s.end == E.END_DRAW or s.end == E.END_PARTY:
        return "A draw"
    return "No winner"


def length_text(ms):
    """A game's length as minutes:seconds."""
    sec = ms // 1000
    return "%d:%02d" % (sec // 60, sec % 60)


def _lines(rows, n, col, left, y):
    """The table laid out once: per row its text's top, label, label colour, the top of the
    line ruled above it (0: none) and per column (seat) where its figure goes and its text
    (a count, or a time as text; None: a dash, where the dash goes)."""
    out = []
    for label, values in rows:
        rule = 0
        if label == "Tonight":
            rule = y - 3
            y += 2
        cells = []  # type: list
        for p in range(n):
            x = left + p * col
            val = values[p]
            if type(val) is str:
                cells.append((x + (col - text_width(val, 2)) // 2, val.encode()))
            elif val < 0:
                cells.append((x + col // 2 - 5, None))
            else:
                cells.append((x + (col - number_width(val, 2)) // 2, str(val).encode()))
        out.append((y, label, colours.WHITE if rule else colours.GREY, rule, cells))
        y += _ROW
    return out


def rows(s, presses, unit, evening, held=None):
    """(label, values per seat played at) for the table; -1 shows as a dash. ``presses``: the
    labels of the rows of presses won, false and late (game_words.py), or None; ``unit``:
    the unit of the game's reaction times, "ms" or "s" (game_words.py), or None without
    them; ``held``: per seat the cards held at the end, for a game decided by them (the party
    limit), shown instead of the cards won in play."""
    out = []
    seats = s.seats_played()
    if presses:
        out.append((presses[0], [s.won[p] for p in seats]))
        out.append((presses[1], [s.false[p] for p in seats]))
        out.append((presses[2], [s.late[p] for p in seats]))
    if unit:
        best = [s.fastest(p) for p in seats]
        avg = [s.average_ms(p) for p in seats]
        if unit == "s":
            best = [seconds(ms) if ms >= 0 else -1 for ms in best]
            avg = [seconds(ms) if ms >= 0 else -1 for ms in avg]
        out.append(("Best " + unit, best))
        out.append(("Avg " + unit, avg))
    if held is None:
        out.append(("Cards won", [s.cards_won[p] for p in seats]))
    else:
        out.append(("Cards held", [held[p] for p in seats]))
    if evening is not None:
        out.append(("Tonight", [evening[p] for p in seats]))
    return out


class SummaryTable:
    def __init__(self, view, summary, presses, unit, evening, games_tonight, held=None):
        """``presses``: the labels of the rows of presses won, false and late, in the game's
        words, or None (Beggar-my-neighbour, War without calls); ``unit``: its reaction times' unit, "ms"
        or "s", or None for none (a game nobody presses in); ``evening``: games won per seat
        since power-on, this one included (None for a replay watched: it is no game of the
        evening); ``held``: per seat the cards held at the end, when the most of them won
        (the party limit)."""
        self.v = view
        self.s = summary
        self.title = headline(view, summary)
        self.info = "%s, %d cards" % (length_text(summary.length_ms), summary.cards_played)
        if evening is not None:
            self.info += ", game %d" % games_tonight  # (of the evening, as the Tonight row; with
            # "tonight" the line met both edges of the screen)
        self.rows = rows(summary, presses, unit, evening, held)
        self._paint = self.paint
        # measured once, not in each of the screen's 30 bands
        t = self.title
        self.title_scale = sc = 3 if text_width(t, 3) <= W - 12 else 2
        self.title_x = (W - text_width(t, sc)) // 2
        self.seats = seats = summary.seats_played()
        n = len(seats)
        # the labels' width; wider for a long label where the seats' columns have room
        # (Money's two: "Wrong claims")
        left = _LABEL_W
        for label, _ in self.rows:
            w = text_width(label, 2) + 16
            if w > left and (W - w - 4) // n >= 60:
                left = w
        self.left = left
        self.col = col = (W - left - 4) // n
        self.chips = []  # per column: its seat's name, as on its strip, where it goes, and its
        # chip's left, width, top and height
        you = view.person()
        labels = ["YOU" if p == you else "BOT" if view.is_bot[p] else SEAT_TAGS[p] for p in seats]
        two = False  # whether a name is too wide for its column: the chips on two lines
        for label in labels:
            two = two or text_width(label, 2) > col - 8
        for k in range(n):
            w = text_width(labels[k], 2)
            if two:
                cw = max(col - 4, w + 8)
                cx = min(max(left + k * col + (col - cw) // 2, 4), W - 4 - cw)  # (on the screen)
                y, h = _TWO_Y + k % 2 * (_TWO_H + 1), _TWO_H
            else:
                cw, cx, y, h = col - 4, left + k * col + 2, _CHIP_Y, _CHIP_H
            self.chips.append((labels[k], cx + (cw - w) // 2, cx, cw, y, h))
        self.info_x = (W - text_width(self.info, 2)) // 2
        self.foot = PLAY_AGAIN if evening is not None else WATCH_AGAIN
        self.foot_x = (W - text_width(self.foot, 2)) // 2
        self.lines = _lines(self.rows, n, col, left, _TWO_ROWS_Y if two else _ROWS_Y)

    def draw(self, g):
        g.paint(0, 0, W, H, colours.MENU_BG, self._paint)

    def paint(self, g):
        """One band: only what meets it is drawn, by plain comparisons (a call costs some
        10 us on the chip, and a whole screen is 30 bands: asking every row of every band
        took 20 ms of the screen's 47)."""
        top = g.top
        bottom = g.bottom
        v = self.v
        if top < _HEAD:
            head = v.colour[self.s.winner] if self.s.winner >= 0 else colours.DARK_GREY
            g.rect(0, 0, W, _HEAD, head)
            sc = self.title_scale
            g.text(self.title, self.title_x, (_HEAD - 7 * sc) // 2, sc, colours.contrast(head))
        if top < _INFO_Y + _TEXT_H and bottom > _INFO_Y:
            g.text(self.info, self.info_x, _INFO_Y, 2, colours.GREY)
        for k in range(len(self.seats)):
            label, x, cx, cw, y, h = self.chips[k]
            if top < y + h and bottom > y:
                c = v.colour[self.seats[k]]
                g.round_rect(cx, y, cw, h, 4, c)
                g.text(label, x, y + (h - 14) // 2, 2, colours.contrast(c))
        for y, label, ink, rule, cells in self.lines:
            if rule and top <= rule < bottom:
                g.rect(8, rule, W - 16, 1, colours.DARK_GREY)
            if y >= bottom:
                break
            if y + _TEXT_H <= top:
                continue
            g.text(label, 8, y, 2, ink)
            for x, digits in cells:
                if digits is None:
                    g.rect(x, y + 6, 10, 2, colours.GREY)
                else:
                    g.text(digits, x, y, 2, colours.WHITE)
        if bottom > _FOOT_Y + 4:
            g.text(self.foot, self.foot_x, _FOOT_Y + 4, 2, colours.WHITE)
