"""The seat strips along the table's four edges: each seat's card count, colour, who sits
there (BOT, YOU or its colour) and its head start, its turn, a challenge's chances as pips, War's cue, a stuck
button, all turned to face that seat.

Its own module so that only a table holds its code: the renderer imports it with its first
table and lets it go with the game (``Renderer.leave_table``: a menu never draws a strip).
The strips' thickness is the table's geometry
(``painters.pile``), read once as each strip is made.
"""
from micropython import const

from drawing import colours
from drawing.text import text_width, number_width
from painters.layout import H, W
from painters.pile import SIDE, STRIP
from painters.view import SEAT_TAGS
from hid.seats import MOST_SEATS  # seat i's strip runs along edge i of the screen:

UNLOAD_WITH = "game"  # let go with the game (app/unload.py)

_BOTTOM = const(0)
_LEFT = const(1)
_TOP = const(2)  # (3: the right)
_PIP_R = const(4)  # a challenge's chances left, as dots on the strip: their radius,
_PIP_STEP = const(11)  # and one's centre to the next (5 fit a side strip beside YELLOW)


def _covered(v, e):
    """Whether a panel lies over all of edge ``e``'s strip (Money's banks over the empty top
    seat's): the panel paints every pixel of it, so the strip's own paint would be wasted
    (a full-width strip is 17.9 KB, 2.8 ms on the chip)."""
    for pn in v.panels:
        if pn.x <= e.x and pn.y <= e.y and pn.x + pn.w >= e.x + e.w and pn.y + pn.h >= e.y + e.h:
            return True
    return False


def _seat_bg(v, i):
    """The colour of seat i's strip: grey when out, its colour on its turn, else dimmed
    (the felt for a seat nobody sits at)."""
    if not v.present[i]:
        return colours.FELT
    if v.out[i]:
        return colours.DARK_GREY
    return v.colour[i] if v.turn == i else colours.dim(v.colour[i])


def _stuck(v, i):
    for s in v.stuck:  # a list, searched without allocating
        if s == i:
            return True
    return False


def _seat_sig(v, i):
    """Everything a seat strip shows except its colour, packed in a small int."""
    if not v.present[i]:
        return 1 << 20
    chances = v.chances if v.challenged == i else 0
    return (min(v.count[i], 1023) | (1 << 10 if v.out[i] else 0) | (1 << 11 if v.is_bot[i] else 0)
            | (1 << 12 if v.turn == i else 0) | (1 << 13 if _stuck(v, i) else 0)
            | (min(chances, 7) << 14))


class Edge:
    """A seat's strip: local (u along the reading direction, v from the table centre
    towards the seat) mapped to the screen, turned to face that seat."""

    def __init__(self, edge):
        if edge == _BOTTOM:
            self.x, self.y, self.w, self.h, self.rot = 0, H - STRIP, W, STRIP, 0
        elif edge == _TOP:
            self.x, self.y, self.w, self.h, self.rot = 0, 0, W, STRIP, 180
        elif edge == _LEFT:
            self.x, self.y, self.w, self.h, self.rot = 0, STRIP, SIDE, H - 2 * STRIP, 90
        else:
            self.x, self.y, self.w, self.h, self.rot = W - SIDE, STRIP, SIDE, H - 2 * STRIP, 270
        side = self.rot == 90 or self.rot == 270
        self.length = self.h if side else self.w
        self.thick = self.w if side else self.h

    def rect(self, g, u, v, w, h, c):
        g.rect(self.sx(u, v, w, h), self.sy(u, v, w, h), self.sw(w, h), self.sh(w, h), c)

    def disc(self, g, u, v, r, c):
        g.disc(self.sx(u - r, v - r, 2 * r, 2 * r) + r, self.sy(u - r, v - r, 2 * r, 2 * r) + r, r, c)

    def text(self, g, s, u, v, scale, c):
        w = text_width(s, scale)
        g.text(s, self.sx(u, v, w, 8 * scale), self.sy(u, v, w, 8 * scale), scale, c, self.rot)

    def number(self, g, n, u, v, scale, c):
        w = number_width(n, scale)
        g.number(n, self.sx(u, v, w, 8 * scale), self.sy(u, v, w, 8 * scale), scale, c, self.rot)

    def sx(self, u, v, w, h):
        r = self.rot
        if r == 0:
            return self.x + u
        if r == 180:
            return self.x + self.length - u - w
        if r == 90:
            return self.x + self.thick - v - h
        return self.x + v

    def sy(self, u, v, w, h):
        r = self.rot
        if r == 0:
            return self.y + v
        if r == 180:
            return self.y + self.thick - v - h
        if r == 90:
            return self.y + u
        return self.y + self.length - u - w

    def sw(self, w, h):
        return w if self.rot == 0 or self.rot == 180 else h

    def sh(self, w, h):
        return h if self.rot == 0 or self.rot == 180 else w


class SeatStrips:
    """The four strips as last drawn: ``update`` repaints those whose content changed."""

    def __init__(self):
        self.edges = [Edge(i) for i in range(MOST_SEATS)]
        self.view = None
        self.seat = 0  # the strip paint_seat paints
        self.you = -1  # the seat of the one person playing bots (TableView.person), "YOU" on its strip
        self._sig = [-1] * MOST_SEATS
        self._colour = [-1] * MOST_SEATS
        self._cues = ["", "", "", ""]  # each seat's cue as drawn
        self._cue_colours = [0, 0, 0, 0]
        self._paint_seat = self.paint_seat  # (a bound method allocates when taken: once)

    def update(self, g, view, redraw):
        """Repaint each strip whose content differs from the last drawing (every one on
        ``redraw``) in band painter ``g``; returns them, seat i's as bit ``1 << i``."""
        self.view = view
        you = view.person()  # (a late arrival who slaps in makes two people: then colours)
        if redraw or you != self.you:
            self.you = you
            for i in range(MOST_SEATS):
                self._sig[i] = -1  # every strip names its seat again
        painted = 0
        for i in range(MOST_SEATS):
            sig = _seat_sig(view, i)
            if redraw or sig != self._sig[i] or view.colour[i] != self._colour[i] or \
                    view.cue[i] != self._cues[i] or view.cue_colour[i] != self._cue_colours[i]:
                self._sig[i] = sig
                self._colour[i] = view.colour[i]
                self._cues[i] = view.cue[i]
                self._cue_colours[i] = view.cue_colour[i]
                self.seat = i
                e = self.edges[i]
                if not _covered(view, e):
                    g.paint(e.x, e.y, e.w, e.h, _seat_bg(view, i), self._paint_seat)
                    painted |= 1 << i
        return painted

    def paint_seat(self, g):
        v = self.view
        i = self.seat
        e = self.edges[i]
        if not v.present[i]:
            return  # empty seat: bare felt
        colour = v.colour[i]
        turn = v.turn == i  # (the strip's bands are cleared to its colour, _seat_bg)
        if v.out[i]:
            fg = colours.GREY
        elif turn:
            fg = colours.contrast(colour)
        else:
            fg = colours.WHITE
        e.rect(g, 0, 0, e.length, 3, colour)  # inner edge keeps the seat colour visible
        big = (e.thick - 21) // 2 + 1
        small = (e.thick - 14) // 2 + 1
        u = 8
        if v.out[i]:
            e.text(g, "OUT", u, small, 2, fg)
            u += text_width("OUT", 2) + 6
        else:
            e.number(g, v.count[i], u, big, 3, fg)
            u += number_width(v.count[i], 3) + 6
        # at the far end one thing: STUCK, War's cue, the chances left in a challenge (as
        # many dots, in place of TURN: a side strip has no room for both) or TURN; then who
        # sits here and its head start, unless STUCK (a fault) needs the room
        if _stuck(v, i):
            tw = text_width("STUCK", 2)
            e.rect(g, e.length - tw - 14, 5, tw + 8, e.thick - 7, colours.GOLD)
            e.text(g, "STUCK", e.length - tw - 10, small, 2, colours.BLACK)
            return
        end = e.length  # where the far end's item begins
        if v.cue[i]:
            cue = v.cue[i]
            tw = text_width(cue, 2)
            end = e.length - tw - 14
            e.rect(g, end, 5, tw + 8, e.thick - 7, v.cue_colour[i])
            e.text(g, cue, e.length - tw - 10, small, 2, colours.contrast(v.cue_colour[i]))
        elif v.challenged == i and v.chances > 0:
            x = e.length - 8 - v.chances * _PIP_STEP + _PIP_STEP // 2
            end = x - _PIP_R
            for _ in range(v.chances):
                e.disc(g, x, e.thick // 2 + 1, _PIP_R, fg)
                x += _PIP_STEP
        elif turn and not v.out[i]:
            tw = text_width("TURN", 2)
            end = e.length - tw - 8
            e.text(g, "TURN", end, small, 2, fg)
        tag = "BOT" if v.is_bot[i] else "YOU" if i == self.you else SEAT_TAGS[i]
        e.text(g, tag, u, small, 2, fg)
        if v.head_start[i]:
            self._head_start(g, e, v.head_start[i], u + text_width(tag, 2) + 6, end - 6, small, fg)

    def _head_start(self, g, e, ms, u, end, v, fg):
        """The seat's head start after its tag, "+120" (ms), from ``u`` to before ``end``:
        in the tag's type, or smaller where the far end's item leaves too little room."""
        for scale in (2, 1):
            plus = text_width("+", scale) + scale
            if u + plus + number_width(ms, scale) <= end:
                top = v if scale == 2 else (e.thick - 8) // 2 + 1
                e.text(g, "+", u, top, scale, fg)
                e.number(g, ms, u + plus, top, scale, fg)
                return
