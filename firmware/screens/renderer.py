"""The game screen, drawn from a ``TableView`` by regions so a new card costs little.

Layout (320x240, a table seen from all four sides): each seat owns the strip along its edge
(0 bottom, 1 left, 2 top, 3 right) with its card count, colour, bot tag, challenge pips and
status, its text turned to face that seat. The middle shows the top four pile cards: the top
one whole, always in the same place (where it lies in a full fan), and the older ones fanned
out to its left so pairs and sandwiches show. A valid slap's verdict covers the pile (which
it ends); a false press's is a note low over it, under the cards' indexes and seat chips, so
every player still sees the cards to judge and whose each is. Under the pile sit the pile
size and a banner line.

``update`` compares the view with what was last drawn and repaints only regions whose content
changed, returning a bitmask of them (``PILE``, ``PILE_COUNT``, ``BANNER``, ``SEAT0 << i``),
the pile first (``update_pile`` paints just that and waits until it is on the panel, so a
new card or a verdict is on screen, and the front end can say when, before its count and the
seat strips follow). No card ever moves, so within the pile it repaints only what can differ, in a few
boxes (each paint costs about half a millisecond of Python on the chip, so few of them):
- a place whose face-up card changed: its index box (rank, suit and seat chip), and on the
  top card its big rank's box, big suit's box and, for a joker, its name's box; a place
  whose seat chip alone changed: the chip's box. These lie on the card's face, clear of its
  edges and of the card on it, so they are painted on the face's colour with just that
  card's face drawn (``paint_face``);
- a card that comes (the fan grows), or turns face down or up: all its place shows (its
  strip, and the corners of the card on it), by the pile's painter;
- cards going (the pile won), or changing under a verdict: the box the larger fan covers;
- a verdict coming or going: its box (its rounded corners show the felt, so no card is drawn
  under it; the rows of both boxes when a verdict replaces a note or the other way), and with
  cards changing, the fan's rows above and below it.
Its pixels are exactly a full repaint's (host_sim/tests/test_partial_repaint.py checks that,
card by card; the device stage checks a sample on the chip's own SPI stream). The boxes'
band views are made with the renderer (and again by the first table screen after ``rest``),
so no update allocates.
"""
from array import array

from micropython import const, heap_lock, heap_unlock

from drawing import colours
from drawing import suits
from drawing.gfx import Gfx, BAND_BYTES
from drawing.text import keep, pin, text_width, number_width, wrap
from screens import card_faces
from screens.layout import H, W
from screens.view import CARD_BACK, PILE_SHOWN, SEAT_TAGS

# Numbers are micropython.const: the compiler puts them into the code, so they take no
# room in the heap. Names with a leading underscore are not kept at all (no global, no
# interned name); the others are what other modules read: the table's regions War's and
# Money's panels draw in (duel_screen.py). The colours are the palette's (drawing/colours.py),
# the screen's size is screens.layout's: a const cannot be read from another module, so
# the regions that fill the screen are numbers here, which test_palette.py checks add up.

_SEATS = const(4)  # seat i's strip runs along edge i of the screen:
_BOTTOM = const(0)
_LEFT = const(1)
_TOP = const(2)  # (3: the right)

PILE = const(1)
PILE_COUNT = const(2)
BANNER = const(4)
SEAT0 = const(8)  # seat i's strip is SEAT0 << i
ALL = const(PILE | PILE_COUNT | BANNER | SEAT0 * 15)

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
_VERDICT_R = const(8)  # its corners' radius
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
_PIP_R = const(4)  # a challenge's chances left, as dots on the strip: their radius,
_PIP_STEP = const(11)  # and one's centre to the next (5 fit a side strip beside YELLOW)

_OTHER = const(0)  # which screen is up: decides whether update() must repaint everything
_TABLE = const(1)
_WINNER = const(2)

RANKS = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK_CHARS = b"??A 2 3 4 5 6 7 8 9 10J Q K "  # the same, two bytes a rank, for gfx_native.face


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
    """What differs when ``renderer.blank_card`` becomes card ``b``: every box its face
    paints (the "?" lies in the big suit's)."""
    rb = b & 15
    if not 1 <= rb <= 14:
        return _CHANGED_ALL
    if rb == 14:  # a joker: "JK" for an index, its name across the face, no big rank
        return _CHANGED_INDEX | _CHANGED_SUIT | _CHANGED_NAME
    return _CHANGED_INDEX | _CHANGED_SUIT | (_CHANGED_TEN if rb == 10 else _CHANGED_RANK)


def _stuck(v, i):
    for s in v.stuck:  # a list, searched without allocating
        if s == i:
            return True
    return False


def _fan_w(n):
    """Width of the fan of ``n`` cards (the empty pile's outline is a card's)."""
    return CARD_W + (n - 1) * _FAN if n > 1 else CARD_W


class _Edge:
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


class Renderer:
    """Draws the table, menus and messages on a panel (anything with ``blit``)."""

    def __init__(self, panel, band_bytes=BAND_BYTES):
        self.g = Gfx(panel, band_bytes)
        self.edges = [_Edge(i) for i in range(_SEATS)]
        self.view = None
        self._seat = 0
        self._you = -1  # the seat of the one person playing bots (TableView.person), "YOU" on its strip
        self._sig = [-1] * _SEATS
        self._colour = [-1] * _SEATS
        self._pile = bytearray(PILE_SHOWN)
        self._seats = bytearray(PILE_SHOWN)  # the pile's seat chips as drawn (view.pile_seat)
        self._dirty = bytearray(PILE_SHOWN)  # each place's _changes while the pile repaints
        self._box_card = self._box_seat = self._box_x = self._box_y = 0  # whose face's boxes
        self._box_whole = True  # paint_face paints, and where (_paint_boxes)
        self._art = None  # with machine code, what card_faces draws a face with
        self._fan = False  # whether card_faces.fan draws the pile's cards (machine code, all face up)
        self._chips = array("i", [-1] * PILE_SHOWN)  # their seat chips' colours, for it
        self._verdict = None
        self._laid = None  # the verdict whose lines' places these are:
        self._verdict_scale = self._verdict_x = self._result_x = self._ms_x = self._unit_x = 0
        self._pile_count = -1
        self._banner = None
        self._banner_num = -1
        self._banner_seat = None
        self._cues = ["", "", "", ""]  # each seat's cue as drawn
        self._cue_colours = [0, 0, 0, 0]
        self._cover = None  # the panel drawn instead of the pile (view.cover), and its version
        self._cover_v = -1
        self._overlay = None  # the panel over the pile's lower part (view.overlay), and its version
        self._overlay_v = -1
        self._winner = None
        self._screen = _OTHER
        self._menus = None  # the MenuScreen while a menu is up (menu_screen.py)
        self._lines = None
        self._title = None
        self._prepared = -1  # the Gfx's ``emptied`` when the boxes' band views were made
        self.heap_misses = 0  # pile paints that allocated after all, and were painted again (_repaint_pile)
        # bound methods allocate when taken, so take each painter once
        self._paint_seat = self.paint_seat
        self._paint_pile = self.paint_pile
        self._paint_face = self.paint_face
        self._paint_count = self.paint_count
        self._paint_banner = self.paint_banner
        self._paint_winner = self.paint_winner
        self._paint_message = self.paint_message
        self._prepare()

    def _prepare(self):
        """Make the band views of every box a card may repaint (the first paint of each
        would allocate): no update allocates, even the first with a new shape."""
        pin(RANKS + ("OUT", "BOT", "YOU", "TURN", "STUCK", "JK", "JOKER", " ms") + SEAT_TAGS)  # the bytes of the
        # strings a card and a seat strip draw (text.encoded), whatever else fills the cache
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
            self._prepared = self.g.emptied  # emptied meanwhile
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
            if self._prepared == self.g.emptied:
                return

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
        you = view.person()  # (a late arrival who slaps in makes two people: then colours)
        if redraw or you != self._you:
            self._you = you
            for i in range(_SEATS):
                self._sig[i] = -1  # every strip names its seat again
        if redraw and self._prepared != self.g.emptied:
            self._prepare()  # (after rest, or menus' regions that pushed the table's out)
        self._screen = _TABLE
        self._menus = None  # a menu after the table repaints in full
        mask = self._pile_update(view, redraw)  # the card first, then the pile's count
        mask |= self._count_update(view, redraw)
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
                if not _covered(view, e):
                    self.g.paint(e.x, e.y, e.w, e.h, _seat_bg(view, i), self._paint_seat)
                    mask |= SEAT0 << i
        shown = view.banner if view.banner else view.game_name
        num = view.banner_num if view.banner else -1
        seat = view.banner_seat if view.banner else None
        if redraw or shown != self._banner or num != self._banner_num or seat != self._banner_seat:
            self._banner = shown
            self._banner_num = num
            self._banner_seat = seat
            self.g.paint(MID_X + _COUNT_W, _INFO_Y, MID_W - _COUNT_W, _INFO_H, colours.FELT, self._paint_banner)
            mask |= BANNER
        for pn in view.panels:  # over the empty seats' bare strips, so after them
            if redraw or pn.version != pn.drawn:
                pn.drawn = pn.version
                pn.repaint(self, redraw)
                mask |= BANNER
        self.g.sync()  # all of it on the panel when this returns
        return mask

    def update_pile(self, view):
        """Repaint just the pile if it changed (a new card, a verdict: its pixels are out
        when this returns); ``update`` then paints the rest, the pile's count first. Returns
        the regions painted."""
        if view.winner is not None or self._screen != _TABLE:
            return 0  # update() paints a whole screen
        self.view = view
        mask = self._pile_update(view, False)
        self.g.sync()
        return mask

    def _pile_update(self, view, redraw):
        cover = view.cover
        if cover is not None:  # a panel instead of the pile (its state stays as last drawn)
            mask = 0
            self._overlay = None
            if redraw or cover is not self._cover or cover.version != self._cover_v:
                whole = redraw or cover is not self._cover
                self._cover = cover
                self._cover_v = cover.version
                cover.repaint(self, whole)
                mask = PILE
        else:
            if self._cover is not None:  # the pile comes back: all of it
                self._cover = None
                redraw = True
            ov = view.overlay
            old = self._overlay
            if ov is not None:
                ov.lay_out()
            self._overlay = ov  # (the pile's painters draw it over the cards, band by band)
            mask = PILE if self._repaint_pile(view, redraw) else 0
            if ov is not old or redraw and ov is not None:  # one comes or goes: its place,
                # the pile's cards around its corners and the overlay (a redraw drew them all)
                if not redraw:
                    pn = ov if ov is not None else old
                    self.g.paint(pn.x, pn.y, pn.w, pn.h, colours.FELT, self._paint_pile)
                if ov is not None:
                    ov.on_screen()
                mask = PILE
            elif ov is not None and ov.version != self._overlay_v:
                ov.repaint(self, False)  # what changed on it, inside its frame
                mask = PILE
            self._overlay_v = ov.version if ov is not None else -1
        return mask

    def _count_update(self, view, redraw):
        mask = 0
        if redraw or view.pile_count != self._pile_count:
            self._pile_count = view.pile_count
            if redraw:
                self.g.paint(MID_X, _INFO_Y, _COUNT_W, _INFO_H, colours.FELT, self._paint_count)
            else:  # only its number changes
                self.g.paint(_NUM_X, _NUM_Y, MID_X + _COUNT_W - _NUM_X, _NUM_H, colours.FELT, self._paint_count)
            mask |= PILE_COUNT
        return mask

    def _repaint_pile(self, view, redraw):
        """``_paint_pile_changes`` with the heap locked, which shows that a card's paint
        allocates nothing: the verdict's lines are encoded first, and the boxes' band views
        are made with the table, and again here if another screen's regions pushed them out.
        Should something allocate after all, or the C stack run out (8 KB on the rp2), the
        boxes' views are made again and the pile is painted again, whole, with the heap
        open, and ``heap_misses`` counts it (the device benchmark and the device stage
        report it). The calls' frames take no heap either way: the SlapStack image keeps
        them on its Python stack (hw/image/README.md)."""
        if self._prepared != self.g.emptied:
            self._prepare()
        v = view.verdict
        if v is not None and v is not self._laid:
            self._lay_out_verdict(v)
        heap_lock()
        try:
            painted = self._paint_pile_changes(view, redraw)
        except MemoryError:  # (one name a clause: a tuple of them would be made here, under the lock)
            painted = None
        except RuntimeError:  # maximum recursion depth exceeded
            painted = None
        finally:
            heap_unlock()
        if painted is None:
            self.heap_misses += 1
            self._prepare()
            painted = self._paint_pile_changes(view, True)
        return painted

    def _paint_pile_changes(self, view, redraw):
        """Take the view's pile and verdict as drawn and repaint what differs (everything on
        ``redraw``); returns whether anything was painted."""
        g = self.g
        paint = self._paint_pile
        p = self._pile
        d = self._dirty
        n0 = _shown(p)
        was = self._verdict
        verdict = view.verdict != was
        self._verdict = view.verdict
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
        elif verdict:  # the rows of the box going and of the box coming (each wider than any
            # fan; on the frame's colour when its box covers them all), and with cards
            # changing, the rows of either fan above and below them
            top = _CARD_Y + CARD_H
            bottom = _CARD_Y
            if was is not None:
                top = _VERDICT_Y if was[1] else _NOTE_Y
                bottom = top + (_VERDICT_H if was[1] else _NOTE_H)
            bg = colours.FELT
            v = self._verdict
            if v is not None:
                y = _VERDICT_Y if v[1] else _NOTE_Y
                h = _VERDICT_H if v[1] else _NOTE_H
                if y <= top and y + h >= bottom:
                    bg = self._verdict_edge()
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
        elif self._verdict is not None or n < n0:  # cards change under a verdict, or go
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

    def _seat_sig(self, v, i):
        """Everything a seat strip shows except its colour, packed in a small int."""
        if not v.present[i]:
            return 1 << 20
        chances = v.chances if v.challenged == i else 0
        return (min(v.count[i], 1023) | (1 << 10 if v.out[i] else 0) | (1 << 11 if v.is_bot[i] else 0)
                | (1 << 12 if v.turn == i else 0) | (1 << 13 if _stuck(v, i) else 0)
                | (min(chances, 7) << 14))

    def paint_seat(self, g):
        v = self.view
        i = self._seat
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
        # sits here, unless STUCK (a fault) needs the room
        if _stuck(v, i):
            tw = text_width("STUCK", 2)
            e.rect(g, e.length - tw - 14, 5, tw + 8, e.thick - 7, colours.GOLD)
            e.text(g, "STUCK", e.length - tw - 10, small, 2, colours.BLACK)
            return
        if v.cue[i]:
            cue = v.cue[i]
            tw = text_width(cue, 2)
            e.rect(g, e.length - tw - 14, 5, tw + 8, e.thick - 7, v.cue_colour[i])
            e.text(g, cue, e.length - tw - 10, small, 2, colours.contrast(v.cue_colour[i]))
        elif v.challenged == i and v.chances > 0:
            x = e.length - 8 - v.chances * _PIP_STEP + _PIP_STEP // 2
            for _ in range(v.chances):
                e.disc(g, x, e.thick // 2 + 1, _PIP_R, fg)
                x += _PIP_STEP
        elif turn and not v.out[i]:
            tw = text_width("TURN", 2)
            e.text(g, "TURN", e.length - tw - 8, small, 2, fg)
        e.text(g, "BOT" if v.is_bot[i] else "YOU" if i == self._you else SEAT_TAGS[i], u, small, 2, fg)

    def paint_pile(self, g):
        n = _shown(self._pile)
        cy = _CARD_Y
        v = self._verdict
        if v is not None:
            y = _VERDICT_Y if v[1] else _NOTE_Y
            if g.top >= y and g.bottom <= y + (_VERDICT_H if v[1] else _NOTE_H):
                n = -1  # the band's rows lie under the verdict, which is wider than any fan: no card shows
        if n < 0:
            pass
        elif n == 0:  # where the top card will lie
            g.round_rect(_TOP_X, cy, CARD_W, CARD_H, CARD_R, colours.FELT_LINE)
            g.round_rect(_TOP_X + 2, cy + 2, CARD_W - 4, CARD_H - 4, CARD_R - 2, colours.FELT)
        elif self._fan:  # in machine code, the same pixels as below
            card_faces.fan(g, self._art, _TOP_X, cy, n, self._pile, self._chips)
        else:
            # a band clear of the cards' corner rows: the fan's edges as one rectangle, then
            # each card's body (5 rectangles for 4 cards instead of 8 rounded ones); not with
            # a card face down under another, whose back reaches under the next card's edge
            plain = g.top >= cy + CARD_R and g.bottom <= cy + CARD_H - CARD_R and \
                not _back_under(self._pile, n)
            if plain:
                left = _TOP_X - (n - 1) * _FAN
                g.rect(left, cy, _TOP_X + CARD_W - left, CARD_H, colours.CARD_EDGE)
            for k in range(n - 1, -1, -1):  # oldest first, the top card last and whole
                x = _TOP_X - k * _FAN
                if not g.in_box(x, cy, CARD_W, CARD_H):  # (the region may be a small part)
                    continue
                if plain:  # (a card's body up to the next card's edge)
                    g.rect(x + 2, cy, CARD_W - 4 if k == 0 else _FAN - 2, CARD_H, colours.CARD)
                    self._front(g, self._pile[k], self._seats[k], x, cy, k == 0)
                else:
                    self._card(g, self._pile[k], self._seats[k], x, cy, k == 0)
        if v is not None:
            self._paint_verdict(g, v)
        ov = self._overlay
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
        ov = self._overlay  # (a box under it: the top card's big suit, a joker's name)
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

    def _lay_out_verdict(self, verdict):
        """Where the verdict's lines go, measured once, not for every band it is painted in."""
        self._laid = verdict
        seat, valid, pattern, ms, result = verdict
        last = ms if isinstance(ms, str) else ""  # a last line of text instead of a reaction time
        keep(pattern, result, last)  # (encoded together: its box is painted with the heap locked)
        bx = _VERDICT_X
        bw = _VERDICT_W
        scale = 4 if valid else 3  # never below 2 (14 px): the front end keeps its words short enough
        while scale > 2 and text_width(pattern, scale) > bw - 20:
            scale -= 1
        self._verdict_scale = scale
        self._verdict_x = bx + (bw - text_width(pattern, scale)) // 2
        self._result_x = bx + (bw - text_width(result, 2)) // 2
        if last:
            self._ms_x = bx + (bw - text_width(last, 2)) // 2
        elif ms is not None:
            self._ms_x = bx + (bw - number_width(ms, 2) - text_width(" ms", 2)) // 2
            self._unit_x = self._ms_x + number_width(ms, 2)

    def _verdict_edge(self):
        """The colour of the verdict's frame: the slapper's."""
        seat = self._verdict[0]
        return self.view.colour[seat] if seat is not None and 0 <= seat < _SEATS else colours.WHITE

    def _paint_verdict(self, g, verdict):
        """The verdict's box in band ``g`` (``_repaint_pile`` laid its lines out first): a
        valid press's over the pile (which it ends), its name big; a false press's, a note
        low over the pile, leaving the cards' indexes and seat chips in view, its lines
        closer."""
        seat, valid, pattern, ms, result = verdict
        bx = _VERDICT_X
        bw = _VERDICT_W
        if valid:
            by = _VERDICT_Y
            bh = _VERDICT_H
            y1 = by + 14  # its lines' tops
            y2 = by + 54
            y3 = by + 80
        else:
            by = _NOTE_Y
            bh = _NOTE_H
            y1 = by + 10
            y2 = by + 35
            y3 = by + 53
        edge = self._verdict_edge()
        if g.bg != edge or g.top < by + _VERDICT_R or g.bottom > by + bh - _VERDICT_R:
            g.rect(bx, by, bw, bh, colours.FELT)  # its round corners show the felt, not the cards:
            # its box is then all a verdict coming or going repaints, with no card to draw
            g.round_rect(bx, by, bw, bh, _VERDICT_R, edge)  # (a band of its box painted on its
            # edge's colour, clear of the corners, has it already)
        g.round_rect(bx + 5, by + 5, bw - 10, bh - 10, 5, colours.GREEN if valid else colours.RED)
        if g.in_band(y1, 8 * self._verdict_scale):
            g.text(pattern, self._verdict_x, y1, self._verdict_scale, colours.WHITE)
        if g.in_band(y2, 16):
            g.text(result, self._result_x, y2, 2, colours.WHITE)
        if ms is not None and g.in_band(y3, 16):
            if isinstance(ms, str):
                g.text(ms, self._ms_x, y3, 2, colours.WHITE)
            else:
                g.number(ms, self._ms_x, y3, 2, colours.WHITE)
                g.text(" ms", self._unit_x, y3, 2, colours.WHITE)

    def paint_count(self, g):
        x = MID_X + 8
        y = _INFO_Y + 5
        g.round_rect(x, y, 14, 19, 3, colours.CARD_EDGE)
        g.round_rect(x + 1, y + 1, 12, 17, 2, colours.CARD)
        g.number(self._pile_count, x + 20, y + 3, 2, colours.WHITE)

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

    def rest(self):
        """Let the band buffers, the boxes' band views (13 KB on the chip) and the encoded
        texts go while the screen stays as drawn: after an error, room to save the game in.
        The next drawing makes the buffers again, and the next table screen the views, so
        no card that follows allocates."""
        self.g.rest()

    def forget_texts(self):
        """At a game's end: the encoded texts it drew go (but those pinned, a card's and a
        seat strip's), the band buffers stay (Gfx.rest)."""
        self.g.forget_texts()

    # -- winner, menus, messages ------------------------------------------------------------

    def winner(self, view):
        """Whole screen in the winner's colour: who won, said to the one person playing
        bots as "YOU WIN!" or kindly as "GOOD GAME!" above the bot that won, and the
        banner line."""
        self.view = view
        self._winner = view.winner
        self._banner = view.banner
        self._screen = _WINNER
        self._menus = None
        you = view.person()
        name = view.name[view.winner]
        title = "WINNER" if you < 0 else "YOU WIN!" if you == view.winner else "GOOD GAME!"
        if you == view.winner:
            name = "Well played"
        elif you >= 0:
            name += " wins"
        lines = []  # (text, x, y, scale), measured once, not for every band
        for text, scale, y in ((title, 6, 40), (name, 4, 112), (view.banner, 2, 180)):
            while scale > 2 and text_width(text, scale) > W - 40:
                scale -= 1
            if text:
                lines.append((text, (W - text_width(text, scale)) // 2, y, scale))
        self._lines = lines
        self.g.paint(0, 0, W, H, view.colour[view.winner], self._paint_winner)
        self.g.sync()

    def paint_winner(self, g):
        v = self.view
        fg = colours.contrast(v.colour[v.winner])
        g.frame(6, 6, W - 12, H - 12, 4, fg)
        for text, x, y, scale in self._lines:
            if g.in_band(y, 8 * scale):
                g.text(text, x, y, scale, fg)

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
            from screens.menu_screen import MenuScreen
            self._menus = MenuScreen(self.g)
        self._menus.draw(title, items, selected, hint)

    def message(self, title, lines):
        """A full-screen notice (no board, stuck button, bad input): a title and text lines."""
        self._screen = _OTHER
        self._menus = None
        self._title = title
        self._lines = _wrap(lines, 2, W - 24)
        self.g.paint(0, 0, W, H, colours.MENU_BG, self._paint_message)

    def paint_message(self, g):
        g.rect(0, 0, W, 40, colours.GOLD)
        t = self._title
        s = 3 if text_width(t, 3) <= W - 16 else 2
        g.text(t, (W - text_width(t, s)) // 2, (40 - 7 * s) // 2, s, colours.BLACK)
        y = 52
        for line in self._lines:
            if line:
                g.text(line, 12, y, 2, colours.WHITE)
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
