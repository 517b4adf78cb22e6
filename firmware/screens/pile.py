"""The middle of the table: the pile, repainted box by box so a new card costs little, the
pile's size and the status line under it; and the table's geometry.

Why together: a micropython.const is folded into the code only in its own module, and a
card's paint, the hot path, uses the cards', the pile's and the verdict box's numbers, all
derived from the table's regions. So those are numbers here (test_palette.py checks that
they fill the screen), and the renderer, the seat strips and War's and Money's panels read
the public ones at run time, out of the hot path.

The top card lies in one place, where it lies in a full fan, the older ones fanned out to
its left, so no card ever moves and ``paint_changes`` repaints only what differs: a face-up
card's boxes (index, chip, big rank, big suit, a joker's name: ``_paint_boxes``), all a
place shows when a card comes or turns over, the larger fan's box when cards go or change
under a verdict, a verdict's box (``screens.verdict`` paints it where this puts it) and
the fan's rows around it. Its pixels are exactly a full repaint's
(host_sim/tests/test_partial_repaint.py checks that, card by card). The boxes' band views
are made ahead (``prepare``), so no card allocates: ``Renderer.update_pile`` paints it with
the heap locked.
"""
from array import array

from micropython import const

from drawing import colours
from drawing import suits
from drawing.text import pin, text_width, number_width
from screens import card_faces
from screens.view import CARD_BACK, PILE_SHOWN, SEAT_TAGS
from slapstack.cards import RANK_TEXT as RANKS  # (the replay format's, "" for no rank)

# Names with a leading underscore are not kept at all (no global, no interned name); the
# others are what other modules read. The colours are the palette's (drawing/colours.py).

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

CARD_W = const(108)
CARD_H = const(150)
CARD_R = const(10)
_FAN = const(40)  # visible width of each older card
_INDEX_SCALE = const(4)
_INDEX_SUIT = const(22)
_RANK_SCALE = const(7)
_FACE_SUIT = const(56)

_CARD_Y = const(PILE_Y + (PILE_H - CARD_H) // 2)
_MID_C = const(MID_X + MID_W // 2)  # a full fan and the verdict are centred on it
# The top card has one place, where it lies in a full fan: the card to judge never moves,
# and a card played moves no other card, so only what changed on each card is repainted.
# Place k (0 the top card) is _FAN to the left of place k - 1.
_TOP_X = const(_MID_C - (CARD_W + 3 * _FAN) // 2 + 3 * _FAN)  # (view.PILE_SHOWN: 4 places)
_PLACE_W = const(_FAN + CARD_R)  # what a card under the top one shows: its strip and what
# the rounded corners of the card on it show of it
_UNDER_W = const(_FAN + 2 * CARD_R)  # so a card under another is drawn this wide: its own right
# corners then lie under the card on it (half the pixels to fill)
# Boxes on a card's face (x, y, w, h from its top-left corner) that hold all that differs
# between two face-up cards: the index (its rank, its suit and the seat chip), the chip
# alone, and on the top card the big rank (one character, or "10"), the big suit and a
# joker's name. Few boxes, as each paint costs about half a millisecond of Python on the
# chip whatever its size; host_sim/tests/test_partial_repaint.py checks every card after
# every other in every place against a full repaint.
_INDEX_X = const(2)
_INDEX_Y = const(7)
_INDEX_W = const(_FAN - 4)
_INDEX_H = const(64)
_RANK_X = const(53)
_RANK_W = const(36)
_TEN_X = const(43)
_TEN_W = const(56)
_RANK_Y = const(14)
_RANK_H = const(49)
_NAME_X = const(8)
_NAME_Y = const(64)
_NAME_W = const(92)
_NAME_H = const(24)
_VERDICT_X = const(MID_X + 8)
_VERDICT_Y = const(PILE_Y + 22)
_VERDICT_W = const(MID_W - 16)
_VERDICT_H = const(PILE_H - 44)
_NUM_X = const(MID_X + 28)  # the pile count's number (3 digits at scale 2 at most)
_NUM_Y = const(_INFO_Y + 8)
_NUM_H = const(14)
_FACE_X = const((CARD_W - _FACE_SUIT) // 2)  # the top card's big suit
_FACE_Y = const(CARD_H - _FACE_SUIT - 16)
_CHANGED_INDEX = const(1)  # what _changes says differs between two cards in one place
_CHANGED_RANK = const(2)
_CHANGED_TEN = const(4)  # (the big rank's box as wide as "10")
_CHANGED_SUIT = const(8)
_CHANGED_NAME = const(16)
_CHANGED_CHIP = const(32)
_CHANGED_ALL = const(0xFF)  # a card comes or goes or turns over: all the place shows
_CHIP_X = const(6)
_CHIP_Y = const(64)  # under the index, above the big suit (a joker's name is drawn over it)
_CHIP_W = const(28)
_CHIP_H = const(7)
# A false press's verdict (valid False: NO SLAP, TOO EARLY, WRONG CLAIM) is a note low over
# the pile instead, below the cards' indexes and seat chips, so every player still sees the
# cards to judge and whose each is; it is as wide as the verdict, so no card shows in its rows
_NOTE_Y = const(_CARD_Y + _CHIP_Y + _CHIP_H + 3)
_NOTE_H = const(PILE_Y + PILE_H - 2 - _NOTE_Y)  # (to below the cards' bottom edge)

_RANK_CHARS = ("??" + "".join((r + " ")[:2] for r in RANKS[1:])).encode()  # two bytes a rank, for gfx_native.face


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


def _changes(a, b):
    """What differs when card ``a`` becomes ``b`` in a place, as ``_CHANGED_*`` bits."""
    if a == b:
        return 0
    ra = a & 15
    rb = b & 15
    if not (1 <= ra <= 14 and 1 <= rb <= 14):  # no card, or its back
        return _CHANGED_ALL
    f = _CHANGED_INDEX
    if ra == 14 or rb == 14:  # a joker: "JK" for an index, no suit, its name across the face
        return f | _CHANGED_RANK | (_CHANGED_TEN if ra == 10 or rb == 10 else 0) | _CHANGED_SUIT | _CHANGED_NAME
    sa = a >> 4
    sb = b >> 4
    if ra != rb or (sa == 1 or sa == 2) != (sb == 1 or sb == 2):  # the rank or its ink
        f |= _CHANGED_RANK | (_CHANGED_TEN if ra == 10 or rb == 10 else 0)
    if sa != sb:
        f |= _CHANGED_SUIT
    return f


def _changes_from_blank(b):
    """What differs when ``blank_card`` becomes card ``b``: every box its face
    paints (the "?" lies in the big suit's)."""
    rb = b & 15
    if not 1 <= rb <= 14:
        return _CHANGED_ALL
    if rb == 14:  # a joker: "JK" for an index, its name across the face, no big rank
        return _CHANGED_INDEX | _CHANGED_SUIT | _CHANGED_NAME
    return _CHANGED_INDEX | _CHANGED_SUIT | (_CHANGED_TEN if rb == 10 else _CHANGED_RANK)


def _fan_w(n):
    """Width of the fan of ``n`` cards (the empty pile's outline is a card's)."""
    return CARD_W + (n - 1) * _FAN if n > 1 else CARD_W


class Pile:
    """The pile as last drawn, and its painters: the renderer's table (``Renderer.update``)
    and War's cards (``card``, ``blank_card``, ``replace_card``) paint through it."""

    def __init__(self, g):
        self.g = g
        self.view = None
        self.cards = bytearray(PILE_SHOWN)  # the pile's cards as drawn (view.pile)
        self._seats = bytearray(PILE_SHOWN)  # the pile's seat chips as drawn (view.pile_seat)
        self._dirty = bytearray(PILE_SHOWN)  # each place's _changes while the pile repaints
        self._box_card = self._box_seat = self._box_x = self._box_y = 0  # whose face's boxes
        self._box_whole = True  # paint_face paints, and where (_paint_boxes)
        self._art = None  # with machine code, what card_faces draws a face with
        self._fan = False  # whether card_faces.fan draws the pile's cards (machine code, all face up)
        self._chips = array("i", [-1] * PILE_SHOWN)  # their seat chips' colours, for it
        self.verdict = None  # and its verdict (view.verdict)
        self.box = None  # the VerdictBox (screens.verdict): the renderer's first table makes it
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

    def prepare(self):
        """Make the band views of every box a card may repaint (the first paint of each
        would allocate): no update allocates, even the first with a new shape."""
        pin(RANKS + ("OUT", "BOT", "YOU", "TURN", "STUCK", "JK", "JOKER", " ms") + SEAT_TAGS)  # the bytes of the
        # strings a card, a verdict and a seat strip (seat_strip.py) draw (text.encoded), whatever else fills the cache
        if self.g.native is not None:  # a card's face in machine code (_face), with the suits' pictures
            self._art = card_faces.art(self.g, array("i", (
                2, _FAN - 2, 7, _INDEX_SCALE,  # the index's rank: left, room, top, scale
                2 + (_FAN - 2 - _INDEX_SUIT) // 2, 40, _INDEX_SUIT,  # its suit: left, top, size
                _FAN - 2, CARD_W - _FAN - 2, 14, _RANK_SCALE,  # the big rank (that scale fits any)
                (CARD_W - _FACE_SUIT) // 2, CARD_H - _FACE_SUIT - 16, _FACE_SUIT,  # the big suit
                _CHIP_X, _CHIP_Y, _CHIP_W, _CHIP_H, 3,  # the seat chip: left, top, width, height, radius
                CARD_W, CARD_H, CARD_R, _FAN, _UNDER_W,  # a fan's cards (gfx_native.fan)
                colours.CARD_EDGE, colours.CARD, _INDEX_Y, _INDEX_H, colours.INK_RED, colours.INK_BLACK)),
                _RANK_CHARS, _INDEX_SUIT, _FACE_SUIT)
        p = self.g.prepare
        for _ in range(2):  # again if the caches, full of another screen's regions, were
            self.prepared = self.g.emptied  # emptied meanwhile
            p(_INDEX_W, _INDEX_H)
            p(_CHIP_W, _CHIP_H)
            p(_RANK_W, _RANK_H)
            p(_TEN_W, _RANK_H)
            p(_NAME_W, _NAME_H)
            p(_FACE_SUIT, _FACE_SUIT)
            p(_PLACE_W, CARD_H)
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
            d[i] = _changes(p[i], c)
            if seats[i] != s and d[i] == 0:
                d[i] = _CHANGED_CHIP
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
                if f == _CHANGED_ALL:
                    g.paint(_TOP_X - k * _FAN, _CARD_Y, _PLACE_W if k else CARD_W, CARD_H, colours.FELT, paint)
                elif f:
                    self._paint_boxes(_TOP_X - k * _FAN, _CARD_Y, p[k], seats[k], k == 0, f)
        return True

    def _paint_boxes(self, x, y, c, seat, whole, f):
        """The boxes on the face of card ``c`` at (x, y) that hold what ``_changes`` found
        differing (``f``); they lie clear of its edges and of a card on it, so each is
        painted on the face's colour with what the card draws there (``whole``: the top
        card, which shows its big rank and suit, not only its index strip)."""
        g = self.g
        face = self._paint_face
        self._box_card = c
        self._box_seat = seat
        self._box_x = x
        self._box_y = y
        self._box_whole = whole
        if f & _CHANGED_INDEX:
            g.paint(x + _INDEX_X, y + _INDEX_Y, _INDEX_W, _INDEX_H, colours.CARD, face)
        elif f & _CHANGED_CHIP:
            g.paint(x + _CHIP_X, y + _CHIP_Y, _CHIP_W, _CHIP_H, colours.CARD, face)
        if not whole:
            return
        if f & _CHANGED_TEN:
            g.paint(x + _TEN_X, y + _RANK_Y, _TEN_W, _RANK_H, colours.CARD, face)
        elif f & _CHANGED_RANK:
            g.paint(x + _RANK_X, y + _RANK_Y, _RANK_W, _RANK_H, colours.CARD, face)
        if f & _CHANGED_SUIT:
            g.paint(x + _FACE_X, y + _FACE_Y, _FACE_SUIT, _FACE_SUIT, colours.CARD, face)
        if f & _CHANGED_NAME:
            g.paint(x + _NAME_X, y + _NAME_Y, _NAME_W, _NAME_H, colours.CARD, face)

    def replace_card(self, x, y, old, new):
        """The whole card at (x, y) (drawn by ``card``, or by ``blank_card`` for ``old`` 0)
        shows face ``new`` instead of face ``old``: only the boxes on it that differ are
        painted (a War battle's two cards: some 8 KB of pixels each instead of 32 KB). A card
        that comes, goes or turns over is the caller's to paint whole."""
        f = _changes(old, new) if old else _changes_from_blank(new)
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
            card_faces.fan(g, self._art, _TOP_X, cy, n, self.cards, self._chips)
        else:
            # a band clear of the cards' corner rows: the fan's edges as one rectangle, then
            # each card's body (5 rectangles for 4 cards instead of 8 rounded ones); not with
            # a card face down under another, whose back reaches under the next card's edge
            plain = g.top >= cy + CARD_R and g.bottom <= cy + CARD_H - CARD_R and \
                not _back_under(self.cards, n)
            if plain:
                left = _TOP_X - (n - 1) * _FAN
                g.rect(left, cy, _TOP_X + CARD_W - left, CARD_H, colours.CARD_EDGE)
            for k in range(n - 1, -1, -1):  # oldest first, the top card last and whole
                x = _TOP_X - k * _FAN
                if not g.in_box(x, cy, CARD_W, CARD_H):  # (the region may be a small part)
                    continue
                if plain:  # (a card's body up to the next card's edge)
                    g.rect(x + 2, cy, CARD_W - 4 if k == 0 else _FAN - 2, CARD_H, colours.CARD)
                    self._front(g, self.cards[k], self._seats[k], x, cy, k == 0)
                else:
                    self._card(g, self.cards[k], self._seats[k], x, cy, k == 0)
        if v is not None:
            self.box.paint(g, v, self.view, _VERDICT_X, vy, _VERDICT_W, vh)
        ov = self.overlay
        if ov is not None and g.top < ov.y + ov.h and g.bottom > ov.y:
            ov.paint(g)

    def card(self, g, c, x, y):
        """A whole card (or its back) at x, y, 108 x 150 (duel_screen's War cards)."""
        self._card(g, c, 0, x, y, True)

    def blank_card(self, g, x, y):
        """A card at x, y whose face is still to come (War's places before the first
        battle): its body, and a grey "?" inside the big suit's box. A face then paints its
        boxes only (``replace_card`` from 0), some 15 KB a card, where two whole cards on the
        felt were 65 KB: the first battle of a deal was War's slowest (15-16 ms on the chip)."""
        g.round_rect(x, y, CARD_W, CARD_H, CARD_R, colours.CARD_EDGE)
        g.round_rect(x + 2, y + 2, CARD_W - 4, CARD_H - 4, CARD_R - 2, colours.CARD)
        if g.in_band(y + _FACE_Y, _FACE_SUIT):
            g.text("?", x + _FACE_X + (_FACE_SUIT - text_width("?", _RANK_SCALE)) // 2,
                   y + _FACE_Y + (_FACE_SUIT - 7 * _RANK_SCALE) // 2, _RANK_SCALE, colours.GREY)

    def paint_face(self, g):
        """A box on a card's face (``_paint_boxes``), on the face's colour."""
        self._face(g, self._box_card, self._box_seat, self._box_x, self._box_y, self._box_whole)
        ov = self.overlay  # (a box under it: the top card's big suit, a joker's name)
        if ov is not None and g.top < ov.y + ov.h and g.bottom > ov.y:
            ov.paint(g)

    def _card(self, g, c, seat, x, y, whole):
        w = CARD_W if whole else _UNDER_W
        g.round_rect(x, y, w, CARD_H, CARD_R, colours.CARD_EDGE)
        g.round_rect(x + 2, y + 2, w - 4, CARD_H - 4, CARD_R - 2, colours.CARD)
        self._front(g, c, seat, x, y, whole)

    def _front(self, g, c, seat, x, y, whole):
        """The face (or back) on a card's body: a face-up card under another shows nothing
        but its index box, so it is not drawn in bands that miss it (a face drawn in a band
        it misses costs 0.2 ms on the chip all the same)."""
        if whole or c == CARD_BACK or g.in_band(y + _INDEX_Y, _INDEX_H):
            self._face(g, c, seat, x, y, whole)

    def _face(self, g, c, seat, x, y, whole):
        """What a card at (x, y) shows on its face: its back, chip, index, big rank and suit
        (``whole``: the top card; a card under it shows its index only)."""
        rank = c & 15
        if self._art is not None and 1 <= rank <= 13:  # in one call, the same pixels as below
            card_faces.face(g, self._art, x, y, rank, c >> 4,
                            colours.INK_RED if c >> 4 == 1 or c >> 4 == 2 else colours.INK_BLACK,
                            self.view.colour[seat - 1] if seat else -1, whole)
            return
        suit = c >> 4
        back = c == CARD_BACK
        if back:
            g.round_rect(x + 6, y + 6, CARD_W - 12, CARD_H - 12, CARD_R - 4, colours.FACE_DOWN)
        if seat:  # whose card: the seat's colour (1 + seat; 0 not known)
            g.round_rect(x + _CHIP_X, y + _CHIP_Y, _CHIP_W, _CHIP_H, 3, self.view.colour[seat - 1])
        if back:
            return
        if rank == 14:
            g.text("JK", x + 2 + (_FAN - 2 - text_width("JK", 3)) // 2, y + 8, 3, colours.INK_JOKER)
            if whole:
                tw = text_width("JOKER", 3)
                g.text("JOKER", x + (CARD_W - tw) // 2, y + (CARD_H - 21) // 2, 3, colours.INK_JOKER)
            return
        ink = colours.INK_RED if suit == 1 or suit == 2 else colours.INK_BLACK
        text = RANKS[rank] if 1 <= rank <= 13 else "?"
        # the index, centred in the strip an older card still shows under the fan (the band
        # checks only save measuring text that lies outside the band being painted)
        if g.in_band(y + 7, 40 + _INDEX_SUIT - 7):
            g.text(text, x + 2 + (_FAN - 2 - text_width(text, _INDEX_SCALE)) // 2, y + 7, _INDEX_SCALE, ink)
            suits.draw(g, suit, x + 2 + (_FAN - 2 - _INDEX_SUIT) // 2, y + 40, _INDEX_SUIT, ink)
        if not whole:
            return
        if g.in_band(y + 14, 8 * _RANK_SCALE):
            left = x + _FAN - 2  # right of the index, which the older cards also show
            room = CARD_W - _FAN - 2
            scale = _RANK_SCALE
            while text_width(text, scale) > room:
                scale -= 1
            g.text(text, left + (room - text_width(text, scale)) // 2, y + 14, scale, ink)
        suits.draw(g, suit, x + (CARD_W - _FACE_SUIT) // 2, y + CARD_H - _FACE_SUIT - 16, _FACE_SUIT, ink)

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
