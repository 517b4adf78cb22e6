"""A card as the table shows it: its size, where its face holds what (index, seat chip, big
rank and suit, a joker's name), what differs between two cards (``changes``: the boxes a
card repaints when another takes its place), and its painting, either in the chip's machine
code (``art``, then Gfx.face and Gfx.fan: a face in one call instead of a dozen of the
drawing's) or shape by shape (``face``, ``card``, ``blank``), the same pixels (the device
stage compares them). The pile (painters/pile.py) lays cards out; War's cards are drawn here.

Names with a leading underscore are micropython.consts folded into this module's code (no
global, no interned name); the others are what the pile and the tests read.
"""
from array import array

from micropython import const

from drawing import colours
from drawing import suits
from drawing.corners import CORNERS
from drawing.text import text_width
from painters.view import CARD_BACK
from slapstack.cards import RANK_TEXT as RANKS  # (the replay format's, "" for no rank)

CARD_W = const(108)
CARD_H = const(150)
CARD_R = const(10)
FAN = const(40)  # visible width of each card under another in the pile's fan
PLACE_W = const(FAN + CARD_R)  # what a card under the top one shows: its strip and what the
# rounded corners of the card on it show of it
_UNDER_W = const(FAN + 2 * CARD_R)  # so a card under another is drawn this wide: its own right
# corners then lie under the card on it (half the pixels to fill)
_INDEX_SCALE = const(4)
_INDEX_SUIT = const(22)
_RANK_SCALE = const(7)
_FACE_SUIT = const(56)
# Boxes on a card's face (x, y, w, h from its top-left corner) that hold all that differs
# between two face-up cards: the index (its rank, its suit and the seat chip), the chip
# alone, and on the top card the big rank (one character, or "10"), the big suit and a
# joker's name. Few boxes, as each paint costs about half a millisecond of Python on the
# chip whatever its size; host_sim/tests/test_partial_repaint.py checks every card after
# every other in every place against a full repaint.
_INDEX_X = const(2)
_INDEX_Y = const(7)
_INDEX_W = const(FAN - 4)
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
_FACE_X = const((CARD_W - _FACE_SUIT) // 2)  # the top card's big suit
_FACE_Y = const(CARD_H - _FACE_SUIT - 16)
_CHIP_X = const(6)
_CHIP_Y = const(64)  # under the index, above the big suit (a joker's name is drawn over it)
_CHIP_W = const(28)
_CHIP_H = const(7)
MARKED_H = const(_CHIP_Y + _CHIP_H)  # the rows from a card's top that show its index and chip
_CHANGED_INDEX = const(1)  # what ``changes`` says differs between two cards in one place
_CHANGED_RANK = const(2)
_CHANGED_TEN = const(4)  # (the big rank's box as wide as "10")
_CHANGED_SUIT = const(8)
_CHANGED_NAME = const(16)
CHANGED_CHIP = const(32)
CHANGED_ALL = const(0xFF)  # a card comes or goes or turns over: all the place shows



def index_box():
    """(x, y, w, h) of a card's index (its rank, suit and seat chip) from its top-left."""
    return _INDEX_X, _INDEX_Y, _INDEX_W, _INDEX_H


def chip_box():
    """(x, y, w, h) of a card's seat chip from its top-left."""
    return _CHIP_X, _CHIP_Y, _CHIP_W, _CHIP_H


def suit_box():
    """(x, y, w, h) of a whole card's big suit from its top-left."""
    return _FACE_X, _FACE_Y, _FACE_SUIT, _FACE_SUIT


def changes(a, b):
    """What differs when card ``a`` becomes ``b`` in a place, as ``_CHANGED_*`` bits."""
    if a == b:
        return 0
    ra = a & 15
    rb = b & 15
    if not (1 <= ra <= 14 and 1 <= rb <= 14):  # no card, or its back
        return CHANGED_ALL
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


def changes_from_blank(b):
    """What differs when ``blank`` becomes card ``b``: every box its face paints (the "?"
    lies in the big suit's)."""
    rb = b & 15
    if not 1 <= rb <= 14:
        return CHANGED_ALL
    if rb == 14:  # a joker: "JK" for an index, its name across the face, no big rank
        return _CHANGED_INDEX | _CHANGED_SUIT | _CHANGED_NAME
    return _CHANGED_INDEX | _CHANGED_SUIT | (_CHANGED_TEN if rb == 10 else _CHANGED_RANK)


def paint_boxes(g, x, y, whole, f, painter):
    """Paint with ``painter`` the boxes on the face of the card at (x, y) that hold what
    ``changes`` found differing (``f``), each on the face's colour; they lie clear of its
    edges and of a card on it (``whole``: the top card, which shows its big rank and suit,
    not only its index strip)."""
    if f & _CHANGED_INDEX:
        g.paint(x + _INDEX_X, y + _INDEX_Y, _INDEX_W, _INDEX_H, colours.CARD, painter)
    elif f & CHANGED_CHIP:
        g.paint(x + _CHIP_X, y + _CHIP_Y, _CHIP_W, _CHIP_H, colours.CARD, painter)
    if not whole:
        return
    if f & _CHANGED_TEN:
        g.paint(x + _TEN_X, y + _RANK_Y, _TEN_W, _RANK_H, colours.CARD, painter)
    elif f & _CHANGED_RANK:
        g.paint(x + _RANK_X, y + _RANK_Y, _RANK_W, _RANK_H, colours.CARD, painter)
    if f & _CHANGED_SUIT:
        g.paint(x + _FACE_X, y + _FACE_Y, _FACE_SUIT, _FACE_SUIT, colours.CARD, painter)
    if f & _CHANGED_NAME:
        g.paint(x + _NAME_X, y + _NAME_Y, _NAME_W, _NAME_H, colours.CARD, painter)


def prepare_boxes(g):
    """Make the band views of every box ``paint_boxes`` paints (Gfx.prepare)."""
    p = g.prepare
    p(_INDEX_W, _INDEX_H)
    p(_CHIP_W, _CHIP_H)
    p(_RANK_W, _RANK_H)
    p(_TEN_W, _RANK_H)
    p(_NAME_W, _NAME_H)
    p(_FACE_SUIT, _FACE_SUIT)


def art(g):
    """What Gfx.face and Gfx.fan draw a card with (see gfx_native.face): the card's layout
    (an array('i')), the ranks' characters (two bytes a rank), the corner table and the
    suits' pictures at the index's and the big size (``suits.runs``)."""
    chars = bytearray(b"??")
    for r in RANKS[1:]:
        chars += (r + " ")[:2].encode()
    made = [array("i", (
        2, FAN - 2, 7, _INDEX_SCALE,  # the index's rank: left, room, top, scale
        2 + (FAN - 2 - _INDEX_SUIT) // 2, 40, _INDEX_SUIT,  # its suit: left, top, size
        FAN - 2, CARD_W - FAN - 2, 14, _RANK_SCALE,  # the big rank (that scale fits any)
        _FACE_X, _FACE_Y, _FACE_SUIT,  # the big suit
        _CHIP_X, _CHIP_Y, _CHIP_W, _CHIP_H, 3,  # the seat chip: left, top, width, height, radius
        CARD_W, CARD_H, CARD_R, FAN, _UNDER_W,  # a fan's cards (gfx_native.fan)
        colours.CARD_EDGE, colours.CARD, _INDEX_Y, _INDEX_H, colours.INK_RED, colours.INK_BLACK)),
        bytes(chars), CORNERS]
    for size in (_INDEX_SUIT, _FACE_SUIT):
        for suit in range(4):
            made.append(suits.runs(g, suit, size))
    return tuple(made)


def blank(g, x, y):
    """A card at x, y whose face is still to come (War's places before the first battle):
    its body, and a grey "?" inside the big suit's box. A face then paints its boxes only
    (``changes_from_blank``), some 15 KB a card, where two whole cards on the felt were
    65 KB: the first battle of a deal was War's slowest (15-16 ms on the chip)."""
    g.round_rect(x, y, CARD_W, CARD_H, CARD_R, colours.CARD_EDGE)
    g.round_rect(x + 2, y + 2, CARD_W - 4, CARD_H - 4, CARD_R - 2, colours.CARD)
    if g.in_band(y + _FACE_Y, _FACE_SUIT):
        g.text("?", x + _FACE_X + (_FACE_SUIT - text_width("?", _RANK_SCALE)) // 2,
               y + _FACE_Y + (_FACE_SUIT - 7 * _RANK_SCALE) // 2, _RANK_SCALE, colours.GREY)


def card(g, art, c, chip, x, y, whole):
    """Card ``c`` (or its back) at (x, y), with its seat chip (colour ``chip``, or -1):
    ``whole``, the top card, else the strip a card under another shows."""
    w = CARD_W if whole else _UNDER_W
    g.round_rect(x, y, w, CARD_H, CARD_R, colours.CARD_EDGE)
    g.round_rect(x + 2, y + 2, w - 4, CARD_H - 4, CARD_R - 2, colours.CARD)
    front(g, art, c, chip, x, y, whole)


def front(g, art, c, chip, x, y, whole):
    """The face (or back) on a card's body: a face-up card under another shows nothing
    but its index box, so it is not drawn in bands that miss it (a face drawn in a band
    it misses costs 0.2 ms on the chip all the same)."""
    if whole or c == CARD_BACK or g.in_band(y + _INDEX_Y, _INDEX_H):
        face(g, art, c, chip, x, y, whole)


def face(g, art, c, chip, x, y, whole):
    """What a card at (x, y) shows on its face: its back, chip, index, big rank and suit
    (``whole``: the top card; a card under it shows its index only); in machine code
    where there is ``art``."""
    rank = c & 15
    suit = c >> 4
    if art is not None and 1 <= rank <= 13:  # in one call, the same pixels as below
        g.face(art, x, y, rank, suit, colours.INK_RED if suit == 1 or suit == 2 else colours.INK_BLACK,
               chip, whole)
        return
    back = c == CARD_BACK
    if back:
        g.round_rect(x + 6, y + 6, CARD_W - 12, CARD_H - 12, CARD_R - 4, colours.FACE_DOWN)
    if chip >= 0:  # whose card: the seat's colour
        g.round_rect(x + _CHIP_X, y + _CHIP_Y, _CHIP_W, _CHIP_H, 3, chip)
    if back:
        return
    if rank == 14:
        g.text("JK", x + 2 + (FAN - 2 - text_width("JK", 3)) // 2, y + 8, 3, colours.INK_JOKER)
        if whole:
            tw = text_width("JOKER", 3)
            g.text("JOKER", x + (CARD_W - tw) // 2, y + (CARD_H - 21) // 2, 3, colours.INK_JOKER)
        return
    ink = colours.INK_RED if suit == 1 or suit == 2 else colours.INK_BLACK
    text = RANKS[rank] if 1 <= rank <= 13 else "?"
    # the index, centred in the strip an older card still shows under the fan (the band
    # checks only save measuring text that lies outside the band being painted)
    if g.in_band(y + 7, 40 + _INDEX_SUIT - 7):
        g.text(text, x + 2 + (FAN - 2 - text_width(text, _INDEX_SCALE)) // 2, y + 7, _INDEX_SCALE, ink)
        suits.draw(g, suit, x + 2 + (FAN - 2 - _INDEX_SUIT) // 2, y + 40, _INDEX_SUIT, ink)
    if not whole:
        return
    if g.in_band(y + 14, 8 * _RANK_SCALE):
        left = x + FAN - 2  # right of the index, which the older cards also show
        room = CARD_W - FAN - 2
        scale = _RANK_SCALE
        while text_width(text, scale) > room:
            scale -= 1
        g.text(text, left + (room - text_width(text, scale)) // 2, y + 14, scale, ink)
    suits.draw(g, suit, x + _FACE_X, y + _FACE_Y, _FACE_SUIT, ink)
