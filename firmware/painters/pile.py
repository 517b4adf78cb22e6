"""The middle of the table: the pile, repainted box by box so a new card costs little, the
pile's size and the status line under it; and the table's geometry (test_palette.py checks
that its regions fill the screen), which the renderer, the seat strips and War's and Money's
panels read, and the tests through ``card_box``, ``verdict_box`` and ``info_box``. A card
itself (its size, its face's boxes, its painting) is painters/card_faces.py's.

The top card lies in one place, where it lies in a full fan, the older ones fanned out to
its left, so no card ever moves and ``paint_changes`` repaints only what differs: a face-up
card's boxes (index, chip, big rank, big suit, a joker's name: card_faces.paint_boxes), all a
place shows when a card comes or turns over, the larger fan's box when cards go or change
under a verdict, a verdict's box (``painters.verdict`` paints it where this puts it) and
the fan's rows around it. Its pixels are exactly a full repaint's
(host_sim/tests/test_partial_repaint.py checks that, card by card). The boxes' band views
are made ahead (``prepare``), so no card allocates: ``Renderer.update_pile`` paints it with
the heap locked.
"""
from array import array

from micropython import const

from drawing import colours
from drawing.text import pin, text_width, number_width
from painters import card_faces
from painters.card_faces import CARD_H, CARD_R, CARD_W, CHANGED_ALL, CHANGED_CHIP, FAN, MARKED_H, PLACE_W, RANKS
from painters.card_faces import changes, changes_from_blank
from painters.view import CARD_BACK, PILE_SHOWN, SEAT_TAGS

# Names with a leading underscore and const() are not kept at all (no global, no interned
# name); the others are what other modules read (CARD_H, CARD_R, CARD_W and RANKS, the
# cards', among them), but for the four made from a card's size. The colours are the
# palette's (drawing/colours.py).

STRIP = const(28)  # thickness of the top and bottom strips
SIDE = const(36)  # thickness of the left and right strips
MID_X = const(SIDE)  # the middle column: the pile, and under it the count and the status line
MID_W = const(248)  # layout.W less the two side strips
PILE_Y = const(STRIP)
PILE_H = const(156)
_INFO_Y = const(PILE_Y + PILE_H)
_INFO_H = const(28)  # the count and the status line: down to the bottom strip (layout.H)
_COUNT_W = const(64)
STATUS_W = const(MID_W - _COUNT_W - 8)  # the widest status line (the banner) that fits

_MID_C = const(MID_X + MID_W // 2)  # a full fan and the verdict are centred on it
# The top card has one place, where it lies in a full fan: the card to judge never moves,
# and a card played moves no other card, so only what changed on each card is repainted.
# Place k (0 the top card) is FAN to the left of place k - 1 (view.PILE_SHOWN: 4 places).
_CARD_Y = PILE_Y + (PILE_H - CARD_H) // 2
_TOP_X = _MID_C - (CARD_W + 3 * FAN) // 2 + 3 * FAN
_VERDICT_X = const(MID_X + 8)
_VERDICT_Y = const(PILE_Y + 22)
_VERDICT_W = const(MID_W - 16)
_VERDICT_H = const(PILE_H - 44)
_NUM_X = const(MID_X + 28)  # the pile count's number (3 digits at scale 2 at most)
_NUM_Y = const(_INFO_Y + 8)
_NUM_H = const(14)
# A false press's verdict (valid False: NO SLAP, TOO EARLY, WRONG CLAIM) is a note low over
# the pile instead, below the cards' indexes and seat chips, so every player still sees the
# cards to judge and whose each is; it is as wide as the verdict, so no card shows in its rows
_NOTE_Y = _CARD_Y + MARKED_H + 3
_NOTE_H = PILE_Y + PILE_H - 2 - _NOTE_Y  # (to below the cards' bottom edge)


def card_box(k):
    """(x, y, w, h) of place ``k``'s card in the fan (0 the top card, lying where it lies in
    a full fan; each older one FAN to the left, under it)."""
    return _TOP_X - k * FAN, _CARD_Y, CARD_W, CARD_H


def verdict_box(valid):
    """(x, y, w, h) of a verdict over the pile: a valid press's, or (``valid`` False) a
    false press's note, low over the cards."""
    if valid:
        return _VERDICT_X, _VERDICT_Y, _VERDICT_W, _VERDICT_H
    return _VERDICT_X, _NOTE_Y, _VERDICT_W, _NOTE_H


def info_box(status):
    """(x, y, w, h) of the line under the pile: the pile's count, or (``status``) the
    status line right of it."""
    if status:
        return MID_X + _COUNT_W, _INFO_Y, MID_W - _COUNT_W, _INFO_H
    return MID_X, _INFO_Y, _COUNT_W, _INFO_H


def _shown(pile):
    """How many places of the fan ``pile`` fills (the deepest card shown)."""
    n = 0
    for i in range(PILE_SHOWN):
        if pile[i]:
            n = i + 1
    return n


def _back_under(pile, n):
    """Whether a card lies face down under another among the first ``n`` (without a slice,
    which allocates)."""
    for k in range(1, n):
        if pile[k] == CARD_BACK:
            return True
    return False


def _faces_up(pile, n):
    """Whether the first ``n`` cards are all face up with a rank (no back, no joker)."""
    for k in range(n):
        r = pile[k] & 15
        if r < 1 or r > 13:
            return False
    return True


def _fan_w(n):
    """Width of the fan of ``n`` cards (the empty pile's outline is a card's)."""
    return CARD_W + (n - 1) * FAN if n > 1 else CARD_W


class Pile:
    """The pile as last drawn, and its painters: the renderer's table (``Renderer.update``)
    and War's cards (``card``, ``blank_card``, ``replace_card``) paint through it."""

    def __init__(self, g):
        self.g = g
        self.view = None
        self.cards = bytearray(PILE_SHOWN)  # the pile's cards as drawn (view.pile)
        self._seats = bytearray(PILE_SHOWN)  # the pile's seat chips as drawn (view.pile_seat)
        self._dirty = bytearray(PILE_SHOWN)  # each place's card_faces.changes while the pile repaints
        self._box_card = self._box_seat = self._box_x = self._box_y = 0  # whose face's boxes
        self._box_whole = True  # paint_face paints, and where (_paint_boxes)
        self._art = None  # with machine code, what Gfx.face draws a face with (card_faces.art)
        self._fan = False  # whether Gfx.fan draws the pile's cards (machine code, all face up)
        self._chips = array("i", [-1] * PILE_SHOWN)  # their seat chips' colours, for it
        self.verdict = None  # and its verdict (view.verdict)
        self.box = None  # the VerdictBox (painters.verdict): the renderer's first table makes it
        self._pile_count = -1
        self._banner = None
        self._banner_num = -1
        self._banner_seat = None
        self.overlay = None  # the panel over the pile's lower part (view.overlay), which paint_pile paints over it
        self.prepared = -1  # the Gfx's ``emptied`` when the boxes' band views were made
        # bound methods allocate when taken, so take each painter once
        self.painter = self.paint_pile
        self._paint_face = self.paint_face
        self._paint_count = self.paint_count
        self._paint_banner = self.paint_banner
        self.prepare()


    def use_box(self, box):
        """The verdict box (painters.verdict) the renderer's first table makes."""
        self.box = box

    def cover_with(self, overlay):
        """The panel over the pile's lower part (view.overlay), or None: the pile's painters
        draw it over the cards, band by band."""
        self.overlay = overlay

    def leave_table(self):
        """The game's objects go (Renderer.leave_table): the next table is drawn whole."""
        self.view = self.overlay = self.verdict = self.box = None

    def prepare(self):
        """Make the band views of every box a card may repaint (the first paint of each
        would allocate): no update allocates, even the first with a new shape."""
        pin(RANKS + ("OUT", "BOT", "YOU", "TURN", "STUCK", "JK", "JOKER", " ms") + SEAT_TAGS)  # the bytes of the
        # strings a card, a verdict and a seat strip (seat_strip.py) draw (text.encoded), whatever else fills the cache
        if self.g.native is not None:  # a card's face in machine code (Gfx.face), with the suits' pictures
            self._art = card_faces.art(self.g)
        p = self.g.prepare
        for _ in range(2):  # again if the caches, full of another screen's regions, were
            self.prepared = self.g.emptied  # emptied meanwhile
            card_faces.prepare_boxes(self.g)
            p(PLACE_W, CARD_H)
            p(MID_X + _COUNT_W - _NUM_X, _NUM_H)
            p(_VERDICT_W, _VERDICT_H)
            p(_VERDICT_W, _NOTE_H)
            p(_VERDICT_W, _NOTE_Y + _NOTE_H - _VERDICT_Y)  # a verdict and a note, one for the other
            p(MID_W, PILE_H)  # the whole pile, a table's first drawing
            for n in range(1, PILE_SHOWN + 1):
                w = _fan_w(n)
                p(w, CARD_H)
                p(w, _VERDICT_Y - _CARD_Y)  # the fan's rows above and below a verdict,
                p(w, _CARD_Y + CARD_H - _VERDICT_Y - _VERDICT_H)
                p(w, _NOTE_Y - _CARD_Y)  # and above a note (none show below it)
            if self.prepared == self.g.emptied:
                return

    def lay_out(self, verdict):
        """The view's verdict ``verdict`` laid out, its texts encoded, before the pile is
        painted with it (with the heap locked): once a verdict, not for every band."""
        if verdict is not self.box.laid:
            self.box.lay_out(verdict, _VERDICT_X, _VERDICT_W)

    def paint_changes(self, view, redraw):
        """Take the view's pile and verdict as drawn and repaint what differs (everything on
        ``redraw``); returns whether anything was painted. Allocates nothing once ``prepare``
        made the boxes' views and ``lay_out`` the verdict's lines (``Renderer.update_pile``
        runs it with the heap locked)."""
        self.view = view
        g = self.g
        paint = self.painter
        p = self.cards
        d = self._dirty
        n0 = _shown(p)
        was = self.verdict
        new_verdict = view.verdict != was
        self.verdict = view.verdict
        vp = view.pile
        vs = view.pile_seat
        seats = self._seats
        cards = False
        for i in range(PILE_SHOWN):
            c = vp[i] if i < len(vp) else 0
            s = vs[i] if c else 0
            d[i] = changes(p[i], c)
            if seats[i] != s and d[i] == 0:
                d[i] = CHANGED_CHIP
            cards = cards or d[i] != 0
            p[i] = c
            seats[i] = s
        n = _shown(p)
        self._fan = self._art is not None and _faces_up(p, n)
        if self._fan:
            for k in range(n):
                self._chips[k] = view.colour[seats[k] - 1] if seats[k] else -1
        if redraw:
            g.paint(MID_X, PILE_Y, MID_W, PILE_H, colours.FELT, paint)
        elif new_verdict:  # the rows of the box going and of the box coming (each wider than any
            # fan; on the frame's colour when its box covers them all), and with cards
            # changing, the rows of either fan above and below them
            top = _CARD_Y + CARD_H
            bottom = _CARD_Y
            if was is not None:
                top = _VERDICT_Y if was[1] else _NOTE_Y
                bottom = top + (_VERDICT_H if was[1] else _NOTE_H)
            bg = colours.FELT
            v = self.verdict
            if v is not None:
                y = _VERDICT_Y if v[1] else _NOTE_Y
                h = _VERDICT_H if v[1] else _NOTE_H
                if y <= top and y + h >= bottom:
                    bg = self.box.edge(view, v)
                if y < top:
                    top = y
                if y + h > bottom:
                    bottom = y + h
            g.paint(_VERDICT_X, top, _VERDICT_W, bottom - top, bg, paint)
            if cards:
                w = _fan_w(n0 if n0 > n else n)
                x = _TOP_X + CARD_W - w
                g.paint(x, _CARD_Y, w, top - _CARD_Y, colours.FELT, paint)
                if bottom < _CARD_Y + CARD_H:
                    g.paint(x, bottom, w, _CARD_Y + CARD_H - bottom, colours.FELT, paint)
        elif not cards:
            return False
        elif self.verdict is not None or n < n0:  # cards change under a verdict, or go
            w = _fan_w(n0 if n0 > n else n)
            g.paint(_TOP_X + CARD_W - w, _CARD_Y, w, CARD_H, colours.FELT, paint)
        else:  # each place whose card changed: what differs on its face, or all it shows
            for k in range(n):
                f = d[k]
                if f == CHANGED_ALL:
                    g.paint(_TOP_X - k * FAN, _CARD_Y, PLACE_W if k else CARD_W, CARD_H, colours.FELT, paint)
                elif f:
                    self._paint_boxes(_TOP_X - k * FAN, _CARD_Y, p[k], seats[k], k == 0, f)
        return True

    def _paint_boxes(self, x, y, c, seat, whole, f):
        """The boxes on the face of card ``c`` at (x, y) that hold what differs (``f``:
        card_faces.changes), each painted with what the card draws there."""
        self._box_card = c
        self._box_seat = seat
        self._box_x = x
        self._box_y = y
        self._box_whole = whole
        card_faces.paint_boxes(self.g, x, y, whole, f, self._paint_face)

    def replace_card(self, x, y, old, new):
        """The whole card at (x, y) (drawn by ``card``, or by ``blank_card`` for ``old`` 0)
        shows face ``new`` instead of face ``old``: only the boxes on it that differ are
        painted (a War battle's two cards: some 8 KB of pixels each instead of 32 KB). A card
        that comes, goes or turns over is the caller's to paint whole."""
        f = changes(old, new) if old else changes_from_blank(new)
        if f:
            self._paint_boxes(x, y, new, 0, True, f)

    def paint_pile(self, g):
        n = _shown(self.cards)
        cy = _CARD_Y
        v = self.verdict
        vy = vh = 0
        if v is not None:
            vy = _VERDICT_Y if v[1] else _NOTE_Y
            vh = _VERDICT_H if v[1] else _NOTE_H
            if g.top >= vy and g.bottom <= vy + vh:
                n = -1  # the band's rows lie under the verdict, which is wider than any fan: no card shows
        if n < 0:
            pass
        elif n == 0:  # where the top card will lie
            g.round_rect(_TOP_X, cy, CARD_W, CARD_H, CARD_R, colours.FELT_LINE)
            g.round_rect(_TOP_X + 2, cy + 2, CARD_W - 4, CARD_H - 4, CARD_R - 2, colours.FELT)
        elif self._fan:  # in machine code, the same pixels as below
            g.fan(self._art, _TOP_X, cy, n, self.cards, self._chips)
        else:
            # a band clear of the cards' corner rows: the fan's edges as one rectangle, then
            # each card's body (5 rectangles for 4 cards instead of 8 rounded ones); not with
            # a card face down under another, whose back reaches under the next card's edge
            plain = g.top >= cy + CARD_R and g.bottom <= cy + CARD_H - CARD_R and \
                not _back_under(self.cards, n)
            if plain:
                left = _TOP_X - (n - 1) * FAN
                g.rect(left, cy, _TOP_X + CARD_W - left, CARD_H, colours.CARD_EDGE)
            for k in range(n - 1, -1, -1):  # oldest first, the top card last and whole
                x = _TOP_X - k * FAN
                if not g.in_box(x, cy, CARD_W, CARD_H):  # (the region may be a small part)
                    continue
                if plain:  # (a card's body up to the next card's edge)
                    g.rect(x + 2, cy, CARD_W - 4 if k == 0 else FAN - 2, CARD_H, colours.CARD)
                    card_faces.front(g, self._art, self.cards[k], self._chip(self._seats[k]), x, cy, k == 0)
                else:
                    card_faces.card(g, self._art, self.cards[k], self._chip(self._seats[k]), x, cy, k == 0)
        if v is not None:
            self.box.paint(g, v, self.view, _VERDICT_X, vy, _VERDICT_W, vh)
        ov = self.overlay
        if ov is not None and g.top < ov.y + ov.h and g.bottom > ov.y:
            ov.paint(g)

    def card(self, g, c, x, y):
        """A whole card (or its back) at x, y, 108 x 150 (duel_panels's War cards)."""
        card_faces.card(g, self._art, c, -1, x, y, True)

    def blank_card(self, g, x, y):
        """A card at x, y whose face is still to come (card_faces.blank)."""
        card_faces.blank(g, x, y)

    def paint_face(self, g):
        """A box on a card's face (``_paint_boxes``), on the face's colour."""
        card_faces.face(g, self._art, self._box_card, self._chip(self._box_seat), self._box_x, self._box_y,
                        self._box_whole)
        ov = self.overlay  # (a box under it: the top card's big suit, a joker's name)
        if ov is not None and g.top < ov.y + ov.h and g.bottom > ov.y:
            ov.paint(g)

    def _chip(self, seat):
        """The colour of seat ``seat``'s chip on a card (1 + seat; 0 not known: -1, none)."""
        return self.view.colour[seat - 1] if seat else -1

    def update_count(self, view, redraw):
        """Repaint the pile's size if it changed (all its place on ``redraw``, else just
        its number); returns whether it did."""
        if redraw or view.pile_count != self._pile_count:
            self._pile_count = view.pile_count
            if redraw:
                self.g.paint(MID_X, _INFO_Y, _COUNT_W, _INFO_H, colours.FELT, self._paint_count)
            else:  # only its number changes
                self.g.paint(_NUM_X, _NUM_Y, MID_X + _COUNT_W - _NUM_X, _NUM_H, colours.FELT, self._paint_count)
            return True
        return False

    def paint_count(self, g):
        x = MID_X + 8
        y = _INFO_Y + 5
        g.round_rect(x, y, 14, 19, 3, colours.CARD_EDGE)
        g.round_rect(x + 1, y + 1, 12, 17, 2, colours.CARD)
        g.number(self._pile_count, x + 20, y + 3, 2, colours.WHITE)

    def update_banner(self, view, redraw):
        """Repaint the status line if it changed: the banner, or else the game's name;
        returns whether it did."""
        shown = view.banner if view.banner else view.game_name
        num = view.banner_num if view.banner else -1
        seat = view.banner_seat if view.banner else None
        if redraw or shown != self._banner or num != self._banner_num or seat != self._banner_seat:
            self.view = view
            self._banner = shown
            self._banner_num = num
            self._banner_seat = seat
            self.g.paint(MID_X + _COUNT_W, _INFO_Y, MID_W - _COUNT_W, _INFO_H, colours.FELT, self._paint_banner)
            return True
        return False

    def paint_banner(self, g):
        """The status line, 14 px high (the front end keeps it short enough to fit), white on
        the felt or in a pill of the seat's colour it is about."""
        s = self._banner
        if not s:
            return
        num = self._banner_num
        w = text_width(s, 2) + (number_width(num, 2) if num >= 0 else 0)
        x = MID_X + _COUNT_W + (STATUS_W - w) // 2
        y = _INFO_Y + (_INFO_H - 14) // 2
        fg = colours.WHITE
        seat = self._banner_seat
        if seat is not None:
            c = self.view.colour[seat]
            fg = colours.contrast(c)
            g.round_rect(x - 6, y - 5, w + 12, 24, 6, c)
        g.text(s, x, y, 2, fg)
        if num >= 0:
            g.number(num, x + text_width(s, 2), y, 2, fg)
