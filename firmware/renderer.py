"""The game screen, drawn from a ``TableView`` by regions so a new card costs little.

Layout (320x240, a table seen from all four sides): each seat owns the strip along its edge
(0 bottom, 1 left, 2 top, 3 right) with its card count, colour, bot tag, challenge pips and
status, its text turned to face that seat. The middle shows the top four pile cards, the top
one whole and the older ones fanned out to its left so pairs and sandwiches show; a slap's
verdict covers the pile. Under the pile sit the pile size and a banner line.

``update`` compares the view with what was last drawn and repaints only regions whose content
changed, returning a bitmask of them (``PILE``, ``PILE_COUNT``, ``BANNER``, ``SEAT0 << i``),
the pile and its count first (``update_pile`` paints just those, so the front end can say
when a new card is on screen before the seat strips follow). Within the pile it repaints
only what can differ, in a few boxes:
- the fan keeps its number of cards (a card played on four): cards do not move, so only the
  index, big rank, big suit and seat bar boxes of the places whose card or seat changed (the
  rank alone or the suit alone when the other is the same), each drawing just that card;
- the fan grows or shrinks: every card moves, but the two pictures differ only in the rows
  of the indexes and big ranks, the seat bars' row, the bottom corners, the felt either
  side, the cards' edges and the two top cards' big suits;
- a verdict comes or goes over cards that stay: its box; with cards changing too, or a fan
  coming or going under it: its box and the fan's rows above and below it;
- a fan comes or goes (the pile won, the first card), a card turns face down or up, or a
  fan with a face-down card in it (a war) grows or shrinks: the box either fan covers.
Every box is painted by the pile's own painter clipped to it, so its pixels are exactly a
full repaint's (host_sim/tests/test_partial_repaint.py checks that, card by card). The boxes'
band views are made with the renderer (and again by the first table screen after ``rest``),
so no update allocates.
"""
from micropython import const

from colours import MENU_BG, WHITE
from gfx import Gfx, BAND_BYTES, text_width, number_width, wrap
from view import CARD_BACK, PILE_SHOWN

# Numbers are micropython.const: the compiler puts them into the code, so they take no
# room in the heap. Names with a leading underscore are not kept at all (no global, no
# interned name); the others are what other modules read. Colours are RGB565 (gfx.rgb of
# the 8-bit channels in the comment; host_sim/tests/test_display.py checks them).
_W = const(320)
_H = const(240)

_SEATS = const(4)  # seat i's strip runs along edge i of the screen:
_BOTTOM = const(0)
_LEFT = const(1)
_TOP = const(2)  # (3: the right)

PILE = const(1)
PILE_COUNT = const(2)
BANNER = const(4)
SEAT0 = const(8)  # seat i's strip is SEAT0 << i
ALL = const(PILE | PILE_COUNT | BANNER | SEAT0 * 15)

_FELT = const(0x1205)  # rgb(20, 64, 46): the table
_FELT_LINE = const(0x3BCB)  # rgb(60, 120, 90)
_BLACK = const(0x0000)  # rgb(0, 0, 0)
_CARD = const(0xFFDE)  # rgb(250, 250, 244)
_CARD_EDGE = const(0x422A)  # rgb(70, 70, 80)
_INK_RED = const(0xD0A4)  # rgb(215, 20, 35)
_INK_BLACK = const(0x10A3)  # rgb(20, 20, 28)
_INK_JOKER = const(0x7955)  # rgb(120, 40, 170): a joker has no suit colour
_BACK = const(0x4A0C)  # rgb(72, 64, 96): a face-down card's back, unlike any seat's colour
_OUT_GREY = const(0x39E8)  # rgb(60, 60, 66)
_TEXT_GREY = const(0x94B3)  # rgb(150, 150, 158)
_VALID = const(0x1C67)  # rgb(25, 140, 60)
_INVALID = const(0xB8C3)  # rgb(185, 25, 30)
_WARN = const(0xF542)  # rgb(240, 170, 20)

_STRIP = const(28)  # thickness of the top and bottom strips
_SIDE = const(36)  # thickness of the left and right strips
_MID_X = const(_SIDE)
_MID_W = const(_W - 2 * _SIDE)
_PILE_Y = const(_STRIP)
_PILE_H = const(156)
_INFO_Y = const(_PILE_Y + _PILE_H)
_INFO_H = const(_H - _STRIP - _INFO_Y)
_COUNT_W = const(64)

_CARD_W = const(108)
_CARD_H = const(150)
_CARD_R = const(10)
_FAN = const(40)  # visible width of each older card
_INDEX_SCALE = const(4)
_INDEX_SUIT = const(22)
_RANK_SCALE = const(7)
_FACE_SUIT = const(56)

# What can differ between two cards in the same place: boxes (x, y, w, h from the card's
# top-left corner), one per bit of ``_changes``. The index's rank, one character at scale 4
# (20 x 28 at x 11), or two ("10", and a joker's "JK" at scale 3: up to 33 wide at x 4); the
# index's suit; the top card's big rank, one character at scale 7 (35 x 49 at x 53) or "10"
# (56 wide at x 43); its big suit; a joker's name across its face; the chip in the colour of
# the seat that put the card there, a bar under the index. Some are a little wider
# than their ink, to be as wide as another box or region (each width painted keeps a
# FrameBuffer). host_sim/tests/test_partial_repaint.py checks every card after every other
# in every place.
_BOXES = (b"\x0a\x07\x16\x1c"  # 10, 7, 22, 28: the index's rank, one character
          b"\x02\x07\x24\x1c"  # 2, 7, 36, 28: two
          b"\x0a\x28\x16\x16"  # 10, 40, 22, 22: the index's suit
          b"\x35\x0e\x24\x31"  # 53, 14, 36, 49: the top card's big rank, one character
          b"\x2b\x0e\x38\x31"  # 43, 14, 56, 49: "10"
          b"\x1a\x4e\x38\x38"  # 26, 78, 56, 56: its big suit
          b"\x00\x40\x6c\x15"  # 0, 64, 108, 21: a joker's name
          b"\x06\x40\x1c\x07")  # 6, 64, 28, 7: the seat chip
_CARD_Y = const(_PILE_Y + (_PILE_H - _CARD_H) // 2)
_TOP_ROWS = const(63)  # a card's rows down to its index and big rank
_MID_ROWS = const(_CARD_H - _TOP_ROWS - _CARD_R)  # then down to its bottom corners
_MID_C = const(_MID_X + _MID_W // 2)  # the pile's cards and its verdict are centred on it
_VERDICT_X = const(_MID_X + 8)
_VERDICT_Y = const(_PILE_Y + 22)
_VERDICT_W = const(_MID_W - 16)
_VERDICT_H = const(_PILE_H - 44)
_VERDICT_R = const(8)  # its corners' radius: only there do the cards under it show
_NUM_X = const(_MID_X + 28)  # the pile count's number (3 digits at scale 2 at most)
_NUM_Y = const(_INFO_Y + 8)
_NUM_H = const(14)
_FACE_X = const((_CARD_W - _FACE_SUIT) // 2)  # the top card's big suit
_FACE_Y = const(_CARD_H - _FACE_SUIT - 16)
_CHIP = const(0x80)  # the seat chip's bit in _changes (the last of _BOXES)
_CHIP_X = const(6)
_CHIP_Y = const(64)  # under the index, above the big suit (a joker's name is drawn over it)
_CHIP_W = const(28)
_CHIP_H = const(7)

_OTHER = const(0)  # which screen is up: decides whether update() must repaint everything
_TABLE = const(1)
_WINNER = const(2)

RANKS = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _contrast(c):
    """Black or white, whichever reads better on ``c``."""
    lum = ((c >> 11) & 31) * 2 * 30 + ((c >> 5) & 63) * 59 + (c & 31) * 2 * 11
    return _BLACK if lum > 3700 else WHITE


def _dim(c):
    """``c`` at about a third of its brightness: a seat strip when it is not that seat's turn."""
    return (((c >> 11) * 3 // 8) << 11) | ((((c >> 5) & 63) * 3 // 8) << 5) | ((c & 31) * 3 // 8)


def _shown(pile):
    """How many places of the fan ``pile`` fills (the deepest card shown)."""
    n = 0
    for i in range(PILE_SHOWN):
        if pile[i]:
            n = i + 1
    return n


def _changes(a, b, top):
    """Which of a place's ``_BOXES`` differ when its card ``a`` becomes ``b``, as bits."""
    if a == b:
        return 0
    ra = a & 15
    rb = b & 15
    if ra == 14 or rb == 14:  # a joker: "JK" for an index, no suit, its name across the face
        return 0x76 if top else 0x06
    f = 0
    sa = a >> 4
    sb = b >> 4
    if ra != rb or (sa == 1 or sa == 2) != (sb == 1 or sb == 2):  # the rank or its ink
        f = (0x12 if top else 0x02) if ra == 10 or rb == 10 else (0x09 if top else 0x01)
    if sa != sb:
        f |= 0x24 if top else 0x04
    return f


def _stuck(v, i):
    for s in v.stuck:  # a list, searched without allocating
        if s == i:
            return True
    return False


def _fan_w(n):
    """Width of the fan of ``n`` cards (the empty pile's outline is a card's)."""
    return _CARD_W + (n - 1) * _FAN if n > 1 else _CARD_W


def _fan_x(n):
    return _MID_C - _fan_w(n) // 2


class _Edge:
    """A seat's strip: local (u along the reading direction, v from the table centre
    towards the seat) mapped to the screen, turned to face that seat."""

    def __init__(self, edge):
        if edge == _BOTTOM:
            self.x, self.y, self.w, self.h, self.rot = 0, _H - _STRIP, _W, _STRIP, 0
        elif edge == _TOP:
            self.x, self.y, self.w, self.h, self.rot = 0, 0, _W, _STRIP, 180
        elif edge == _LEFT:
            self.x, self.y, self.w, self.h, self.rot = 0, _STRIP, _SIDE, _H - 2 * _STRIP, 90
        else:
            self.x, self.y, self.w, self.h, self.rot = _W - _SIDE, _STRIP, _SIDE, _H - 2 * _STRIP, 270
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


class Renderer:
    """Draws the table, menus and messages on a panel (anything with ``blit``)."""

    def __init__(self, panel, band_bytes=BAND_BYTES):
        self.g = Gfx(panel, band_bytes)
        self.edges = [_Edge(i) for i in range(_SEATS)]
        self.view = None
        self._seat = 0
        self._sig = [-1] * _SEATS
        self._colour = [-1] * _SEATS
        self._pile = bytearray(PILE_SHOWN)
        self._seats = bytearray(PILE_SHOWN)  # the pile's seat chips as drawn (view.pile_seat)
        self._dirty = bytearray(PILE_SHOWN)  # each place's changed _BOXES while the pile repaints
        self._only = -1  # the pile painter draws only this card (a box on its face), or all
        self._verdict = None
        self._pile_count = -1
        self._banner = None
        self._banner_num = -1
        self._banner_seat = None
        self._cues = ["", "", "", ""]  # each seat's cue as drawn
        self._cue_colours = [0, 0, 0, 0]
        self._cover = None  # the panel drawn instead of the pile (view.cover), and its version
        self._cover_v = -1
        self._winner = None
        self._screen = _OTHER
        self._menus = None  # the MenuScreen while a menu is up (menu_screen.py)
        self._lines = None
        self._title = None
        self._prepared = False  # the boxes' band views are made (see rest)
        # bound methods allocate when taken, so take each painter once
        self._paint_seat = self.paint_seat
        self._paint_pile = self.paint_pile
        self._paint_count = self.paint_count
        self._paint_banner = self.paint_banner
        self._paint_winner = self.paint_winner
        self._paint_message = self.paint_message
        self._prepare()

    def _prepare(self):
        """Make the band views of every box a card may repaint (the first paint of each
        would allocate): no update allocates, even the first with a new shape."""
        self._prepared = True
        for s in RANKS:  # and the bytes of the strings a card draws (gfx._bytes)
            text_width(s)
        for s in ("OUT", "BOT", "TURN", "STUCK", "JK", "JOKER", " ms"):
            text_width(s)
        p = self.g.prepare
        b = _BOXES
        for i in range(0, len(b), 4):
            p(b[i + 2], b[i + 3])
        p(_MID_X + _COUNT_W - _NUM_X, _NUM_H)
        p(_FAN // 2 + 2, _MID_ROWS)  # a fan growing or shrinking by one card
        p(2, _MID_ROWS)
        p(_FACE_SUIT + _FAN // 2, _FACE_SUIT)
        p(_VERDICT_W, _VERDICT_H)
        for n in range(1, PILE_SHOWN + 1):
            w = _fan_w(n)
            p(w, _CARD_H)
            p(w, _VERDICT_Y - _CARD_Y)
            if n > 1:
                p(w, _TOP_ROWS)
                p(w, _CARD_R)
            p(w, _CHIP_H)

    # -- table -------------------------------------------------------------------------

    def full(self, view):
        """Draw the whole table screen."""
        self._screen = _OTHER
        return self.update(view)

    def update(self, view):
        """Repaint the regions whose content differs from the last drawing; returns them."""
        self.view = view
        if view.winner is not None:
            if self._screen == _WINNER and view.winner == self._winner and view.banner == self._banner:
                return 0
            self.winner(view)
            return ALL
        redraw = self._screen != _TABLE
        if redraw and not self._prepared:
            self._prepare()
        self._screen = _TABLE
        self._menus = None  # a menu after the table repaints in full
        mask = self._pile_update(view, redraw)  # the card first
        for i in range(_SEATS):
            sig = self._seat_sig(view, i)
            if redraw or sig != self._sig[i] or view.colour[i] != self._colour[i] or \
                    view.cue[i] != self._cues[i] or view.cue_colour[i] != self._cue_colours[i]:
                self._sig[i] = sig
                self._colour[i] = view.colour[i]
                self._cues[i] = view.cue[i]
                self._cue_colours[i] = view.cue_colour[i]
                self._seat = i
                e = self.edges[i]
                self.g.paint(e.x, e.y, e.w, e.h, _FELT, self._paint_seat)
                mask |= SEAT0 << i
        shown = view.banner if view.banner else view.game_name
        num = view.banner_num if view.banner else -1
        seat = view.banner_seat if view.banner else None
        if redraw or shown != self._banner or num != self._banner_num or seat != self._banner_seat:
            self._banner = shown
            self._banner_num = num
            self._banner_seat = seat
            self.g.paint(_MID_X + _COUNT_W, _INFO_Y, _MID_W - _COUNT_W, _INFO_H, _FELT, self._paint_banner)
            mask |= BANNER
        for pn in view.panels:  # over the empty seats' bare strips, so after them
            if redraw or pn.version != pn.drawn:
                pn.drawn = pn.version
                self.g.paint(pn.x, pn.y, pn.w, pn.h, _FELT, pn.painter)
                mask |= BANNER
        return mask

    def update_pile(self, view):
        """Repaint just the pile and its count if they changed (a new card: its pixels are out
        when this returns); ``update`` then paints the rest. Returns the regions painted."""
        if view.winner is not None or self._screen != _TABLE:
            return 0  # update() paints a whole screen
        self.view = view
        return self._pile_update(view, False)

    def _pile_update(self, view, redraw):
        cover = view.cover
        if cover is not None:  # a panel instead of the pile (its state stays as last drawn)
            mask = 0
            if redraw or cover is not self._cover or cover.version != self._cover_v:
                self._cover = cover
                self._cover_v = cover.version
                self.g.paint(cover.x, cover.y, cover.w, cover.h, _FELT, cover.painter)
                mask = PILE
        else:
            if self._cover is not None:  # the pile comes back: all of it
                self._cover = None
                redraw = True
            mask = PILE if self._repaint_pile(view, redraw) else 0
        if redraw or view.pile_count != self._pile_count:
            self._pile_count = view.pile_count
            if redraw:
                self.g.paint(_MID_X, _INFO_Y, _COUNT_W, _INFO_H, _FELT, self._paint_count)
            else:  # only its number changes
                self.g.paint(_NUM_X, _NUM_Y, _MID_X + _COUNT_W - _NUM_X, _NUM_H, _FELT, self._paint_count)
            mask |= PILE_COUNT
        return mask

    def _repaint_pile(self, view, redraw):
        """Take the view's pile and verdict as drawn and repaint what differs (everything on
        ``redraw``); returns whether anything was painted."""
        g = self.g
        paint = self._paint_pile
        p = self._pile
        d = self._dirty
        n0 = _shown(p)
        top0 = p[0] & 15
        had = self._verdict is not None
        verdict = view.verdict != self._verdict
        self._verdict = view.verdict
        vp = view.pile
        vs = view.pile_seat
        seats = self._seats
        chips = False  # a chip was or will be drawn: a moving fan repaints their row
        backs = False  # a face-down card in either fan: its back is no blank face to move over
        flip = False  # a place turns face down or up: all of its face differs, not boxes
        cards = False
        for i in range(PILE_SHOWN):
            c = vp[i] if i < len(vp) else 0
            s = vs[i] if c else 0
            down0 = p[i] == CARD_BACK
            down = c == CARD_BACK
            backs = backs or down0 or down
            flip = flip or down0 != down
            d[i] = _changes(p[i], c, i == 0) | (_CHIP if seats[i] != s else 0)
            cards = cards or d[i] != 0
            chips = chips or s != 0 or seats[i] != 0
            p[i] = c
            seats[i] = s
        n = _shown(p)
        if redraw:
            g.paint(_MID_X, _PILE_Y, _MID_W, _PILE_H, _FELT, paint)
        elif n != n0 or (verdict and cards) or flip:
            if n0 and n and not verdict and not backs and top0 != 14 and p[0] & 15 != 14:
                self._paint_move(n0, n, chips)
                return True
            w = _fan_w(n0)  # the box either fan covers, centred like both
            if _fan_w(n) > w:
                w = _fan_w(n)
            x = _MID_C - w // 2
            if verdict or had:  # its box, wider than any fan (the cards show at its rounded
                # corners), and the cards above and below it
                g.paint(_VERDICT_X, _VERDICT_Y, _VERDICT_W, _VERDICT_H, _FELT, paint)
                g.paint(x, _CARD_Y, w, _VERDICT_Y - _CARD_Y, _FELT, paint)
                g.paint(x, _VERDICT_Y + _VERDICT_H, w, _CARD_Y + _CARD_H - _VERDICT_Y - _VERDICT_H, _FELT, paint)
            else:
                g.paint(x, _CARD_Y, w, _CARD_H, _FELT, paint)
        elif verdict:  # over cards that stay where they are: its own box
            g.paint(_VERDICT_X, _VERDICT_Y, _VERDICT_W, _VERDICT_H, _FELT, paint)
        elif cards:  # the places whose card changed, each its own boxes
            b = _BOXES
            x = _fan_x(n) + (n - 1) * _FAN  # the top card
            for k in range(n):
                f = d[k]
                self._only = k  # each box lies on card k's face, away from its edges and the
                i = 0  # cards above it, so the cards under it do not show there: only k is drawn
                while f:
                    if f & 1:
                        g.paint(x + b[i], _CARD_Y + b[i + 1], b[i + 2], b[i + 3], _FELT, paint)
                    f >>= 1
                    i += 4
                x -= _FAN
            self._only = -1
        else:
            return False
        return True

    def _paint_move(self, n0, n, chips):
        """The fan of ``n0`` cards becomes one of ``n`` (both at least one, the verdict as it
        was, no joker on top): every card moves, but below the indexes and big ranks and
        above the bottom corners, where both fans cover the felt, the two pictures differ
        only at the cards' edges, the top cards' big suits and (``chips``) the seat chips."""
        g = self.g
        paint = self._paint_pile
        a = _fan_x(n0)
        b = _fan_x(n)
        ra = a + _fan_w(n0)
        rb = b + _fan_w(n)
        lo = a if a < b else b
        hi = ra if ra > rb else rb
        y = _CARD_Y + _TOP_ROWS
        g.paint(lo, _CARD_Y, hi - lo, _TOP_ROWS, _FELT, paint)  # corners, indexes, big ranks
        g.paint(lo, _CARD_Y + _CARD_H - _CARD_R, hi - lo, _CARD_R, _FELT, paint)  # bottom corners
        il = a if a > b else b  # both fans cover [il, ir): the felt either side, with the
        ir = ra if ra < rb else rb  # narrower fan's outer edges
        g.paint(lo, y, il + 2 - lo, _MID_ROWS, _FELT, paint)
        g.paint(ir - 2, y, hi - ir + 2, _MID_ROWS, _FELT, paint)
        for f in range(2):  # then each fan's cards' left edges and its top card's right edge
            x = a if f == 0 else b
            m = n0 if f == 0 else n
            for j in range(m + 1):
                e = x + j * _FAN if j < m else x + (m - 1) * _FAN + _CARD_W - 2
                if il + 2 <= e and e + 4 <= ir:
                    g.paint(e, y, 2, _MID_ROWS, _FELT, paint)
        a += (n0 - 1) * _FAN + _FACE_X  # and the two top cards' big suits
        b += (n - 1) * _FAN + _FACE_X
        if b < a:
            a, b = b, a
        g.paint(a, _CARD_Y + _FACE_Y, b - a + _FACE_SUIT, _FACE_SUIT, _FELT, paint)
        if chips:
            g.paint(lo, _CARD_Y + _CHIP_Y, hi - lo, _CHIP_H, _FELT, paint)

    def _seat_sig(self, v, i):
        """Everything a seat strip shows except its colour, packed in a small int."""
        if i >= v.seats:
            return 1 << 20
        chances = v.chances if v.challenged == i else 0
        return (min(v.count[i], 1023) | (1 << 10 if v.out[i] else 0) | (1 << 11 if v.is_bot[i] else 0)
                | (1 << 12 if v.turn == i else 0) | (1 << 13 if _stuck(v, i) else 0)
                | (min(chances, 7) << 14))

    def paint_seat(self, g):
        v = self.view
        i = self._seat
        e = self.edges[i]
        if i >= v.seats:
            return  # empty seat: bare felt
        colour = v.colour[i]
        turn = v.turn == i
        if v.out[i]:
            bg = _OUT_GREY
            fg = _TEXT_GREY
        elif turn:
            bg = colour
            fg = _contrast(colour)
        else:
            bg = _dim(colour)
            fg = WHITE
        e.rect(g, 0, 0, e.length, e.thick, bg)
        e.rect(g, 0, 0, e.length, 3, colour)  # inner edge keeps the seat colour visible
        big = (e.thick - 21) // 2 + 1
        small = (e.thick - 14) // 2 + 1
        u = 8
        if v.out[i]:
            e.text(g, "OUT", u, small, 2, fg)
            u += text_width("OUT", 2) + 10
        else:
            e.number(g, v.count[i], u, big, 3, fg)
            u += number_width(v.count[i], 3) + 10
        if v.is_bot[i]:
            e.text(g, "BOT", u, small, 2, fg)
            u += text_width("BOT", 2) + 10
        if v.challenged == i and v.chances > 0:
            for _ in range(v.chances):
                e.disc(g, u + 6, e.thick // 2 + 1, 5, fg)
                u += 14
        if _stuck(v, i):
            tw = text_width("STUCK", 2)
            e.rect(g, e.length - tw - 14, 5, tw + 8, e.thick - 7, _WARN)
            e.text(g, "STUCK", e.length - tw - 10, small, 2, _BLACK)
        elif v.cue[i]:
            cue = v.cue[i]
            tw = text_width(cue, 2)
            e.rect(g, e.length - tw - 14, 5, tw + 8, e.thick - 7, v.cue_colour[i])
            e.text(g, cue, e.length - tw - 10, small, 2, _contrast(v.cue_colour[i]))
        elif turn and not v.out[i]:
            tw = text_width("TURN", 2)
            e.text(g, "TURN", e.length - tw - 8, small, 2, fg)

    def paint_pile(self, g):
        n = _shown(self._pile)
        cy = _CARD_Y
        if self._verdict is not None and g.top >= _VERDICT_Y + _VERDICT_R and \
                g.bottom <= _VERDICT_Y + _VERDICT_H - _VERDICT_R and g.ox >= _VERDICT_X and \
                g.right <= _VERDICT_X + _VERDICT_W:
            n = -1  # the band lies under the verdict, clear of its round corners: no card shows
        if n < 0:
            pass
        elif n == 0:
            x = _MID_X + (_MID_W - _CARD_W) // 2
            g.round_rect(x, cy, _CARD_W, _CARD_H, _CARD_R, _FELT_LINE)
            g.round_rect(x + 2, cy + 2, _CARD_W - 4, _CARD_H - 4, _CARD_R - 2, _FELT)
        else:
            x0 = _MID_X + (_MID_W - _CARD_W - (n - 1) * _FAN) // 2
            only = self._only
            for k in range(n - 1, -1, -1):  # oldest first, the top card last and whole
                x = x0 + (n - 1 - k) * _FAN
                if (only < 0 or k == only) and g.in_box(x, cy, _CARD_W, _CARD_H):
                    self._card(g, self._pile[k], self._seats[k], x, cy, k == 0)  # (the box may be a small part)
        if self._verdict is not None:
            self._paint_verdict(g, self._verdict)

    def card(self, g, c, x, y):
        """A whole card (or its back) at x, y, 108 x 150 (duel_screen's War cards)."""
        self._card(g, c, 0, x, y, True)

    def _card(self, g, c, seat, x, y, whole):
        g.round_rect(x, y, _CARD_W, _CARD_H, _CARD_R, _CARD_EDGE)
        g.round_rect(x + 2, y + 2, _CARD_W - 4, _CARD_H - 4, _CARD_R - 2, _CARD)
        rank = c & 15
        suit = c >> 4
        back = c == CARD_BACK
        if back:
            g.round_rect(x + 6, y + 6, _CARD_W - 12, _CARD_H - 12, _CARD_R - 4, _BACK)
        if seat:  # whose card: the seat's colour (1 + seat; 0 not known)
            g.round_rect(x + _CHIP_X, y + _CHIP_Y, _CHIP_W, _CHIP_H, 3, self.view.colour[seat - 1])
        if back:
            return
        if rank == 14:
            g.text("JK", x + 2 + (_FAN - 2 - text_width("JK", 3)) // 2, y + 8, 3, _INK_JOKER)
            if whole:
                tw = text_width("JOKER", 3)
                g.text("JOKER", x + (_CARD_W - tw) // 2, y + (_CARD_H - 21) // 2, 3, _INK_JOKER)
            return
        ink = _INK_RED if suit == 1 or suit == 2 else _INK_BLACK
        text = RANKS[rank] if 1 <= rank <= 13 else "?"
        # the index, centred in the strip an older card still shows under the fan (the band
        # checks only save measuring text that lies outside the band being painted)
        if g.in_band(y + 7, 40 + _INDEX_SUIT - 7):
            g.text(text, x + 2 + (_FAN - 2 - text_width(text, _INDEX_SCALE)) // 2, y + 7, _INDEX_SCALE, ink)
            g.suit(suit, x + 2 + (_FAN - 2 - _INDEX_SUIT) // 2, y + 40, _INDEX_SUIT, ink)
        if not whole:
            return
        if g.in_band(y + 14, 8 * _RANK_SCALE):
            left = x + _FAN - 2  # right of the index, which the older cards also show
            room = _CARD_W - _FAN - 2
            scale = _RANK_SCALE
            while text_width(text, scale) > room:
                scale -= 1
            g.text(text, left + (room - text_width(text, scale)) // 2, y + 14, scale, ink)
        g.suit(suit, x + (_CARD_W - _FACE_SUIT) // 2, y + _CARD_H - _FACE_SUIT - 16, _FACE_SUIT, ink)

    def _paint_verdict(self, g, verdict):
        seat, valid, pattern, ms, result = verdict
        v = self.view
        bx = _VERDICT_X
        bw = _VERDICT_W
        by = _VERDICT_Y
        bh = _VERDICT_H
        edge = v.colour[seat] if seat is not None and 0 <= seat < _SEATS else WHITE
        g.round_rect(bx, by, bw, bh, _VERDICT_R, edge)
        g.round_rect(bx + 5, by + 5, bw - 10, bh - 10, 5, _VALID if valid else _INVALID)
        scale = 4  # never below 2 (14 px): the front end keeps its words short enough
        while scale > 2 and text_width(pattern, scale) > bw - 20:
            scale -= 1
        g.text(pattern, bx + (bw - text_width(pattern, scale)) // 2, by + 14, scale, WHITE)
        g.text(result, bx + (bw - text_width(result, 2)) // 2, by + 54, 2, WHITE)
        if ms is not None:
            tw = number_width(ms, 2) + text_width(" ms", 2)
            tx = bx + (bw - tw) // 2
            g.number(ms, tx, by + 80, 2, WHITE)
            g.text(" ms", tx + number_width(ms, 2), by + 80, 2, WHITE)

    def paint_count(self, g):
        x = _MID_X + 8
        y = _INFO_Y + 5
        g.round_rect(x, y, 14, 19, 3, _CARD_EDGE)
        g.round_rect(x + 1, y + 1, 12, 17, 2, _CARD)
        g.number(self._pile_count, x + 20, y + 3, 2, WHITE)

    def paint_banner(self, g):
        """The status line, 14 px high (the front end keeps it short enough to fit), white on
        the felt or in a pill of the seat's colour it is about."""
        s = self._banner
        if not s:
            return
        num = self._banner_num
        w = text_width(s, 2) + (number_width(num, 2) if num >= 0 else 0)
        x = _MID_X + _COUNT_W + (_MID_W - _COUNT_W - 8 - w) // 2
        y = _INFO_Y + (_INFO_H - 14) // 2
        fg = WHITE
        seat = self._banner_seat
        if seat is not None:
            c = self.view.colour[seat]
            fg = _contrast(c)
            g.round_rect(x - 6, y - 5, w + 12, 24, 6, c)
        g.text(s, x, y, 2, fg)
        if num >= 0:
            g.number(num, x + text_width(s, 2), y, 2, fg)

    def rest(self):
        """Let the band buffer, the boxes' band views (6.5 KB) and the encoded texts go while
        the screen stays as drawn: a game's end writes its replay meanwhile. The next drawing makes the buffer
        again, and the next table screen the views, so no card that follows allocates."""
        self.g.rest()
        self._prepared = False

    # -- winner, menus, messages ------------------------------------------------------------

    def winner(self, view):
        """Whole screen in the winner's colour, the name and the banner line."""
        self.view = view
        self._winner = view.winner
        self._banner = view.banner
        self._screen = _WINNER
        self._menus = None
        self.g.paint(0, 0, _W, _H, view.colour[view.winner], self._paint_winner)

    def paint_winner(self, g):
        v = self.view
        c = v.colour[v.winner]
        fg = _contrast(c)
        g.frame(6, 6, _W - 12, _H - 12, 4, fg)
        name = v.name[v.winner]
        for text, scale, y in (("WINNER", 6, 40), (name, 4, 112)):
            s = scale
            while s > 2 and text_width(text, s) > _W - 40:
                s -= 1
            g.text(text, (_W - text_width(text, s)) // 2, y, s, fg)
        if v.banner:
            g.text(v.banner, (_W - text_width(v.banner, 2)) // 2, 180, 2, fg)

    def other(self):
        """Another module paints the whole screen (the rules, how to play, a game's summary):
        the next table or menu is drawn afresh. Returns the Gfx to paint with."""
        self._screen = _OTHER
        self._menus = None
        return self.g

    def menu(self, title, items, selected, hint=""):
        """A list to choose from; only the list is repainted when just the selection moves.
        (menu_screen.py draws it: only the menus need that code.)"""
        self._screen = _OTHER
        if self._menus is None:
            from menu_screen import MenuScreen
            self._menus = MenuScreen(self.g)
        self._menus.draw(title, items, selected, hint)

    def message(self, title, lines):
        """A full-screen notice (no board, stuck button, bad input): a title and text lines."""
        self._screen = _OTHER
        self._menus = None
        self._title = title
        self._lines = _wrap(lines, 2, _W - 24)
        self.g.paint(0, 0, _W, _H, MENU_BG, self._paint_message)

    def paint_message(self, g):
        g.rect(0, 0, _W, 40, _WARN)
        t = self._title
        s = 3 if text_width(t, 3) <= _W - 16 else 2
        g.text(t, (_W - text_width(t, s)) // 2, (40 - 7 * s) // 2, s, _BLACK)
        y = 52
        for line in self._lines:
            if line:
                g.text(line, 12, y, 2, WHITE)
            y += 22


def _wrap(lines, scale, width):
    """Each line split at spaces to fit ``width`` pixels at ``scale``, a blank line between
    the given lines (messages only, so allocating here is fine)."""
    out = []
    for line in lines:
        if out:
            out.append("")
        out.extend(wrap(line, width, scale))
    return out
