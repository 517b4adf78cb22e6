"""Where things are on the firmware's screens, from the table's own layout constants (painters/pile.py),
so end-to-end tests can check pixels ("the verdict box is green") without hard-coding."""
from drawing import colours
from painters import duel_panels as D
from painters import menu_painter
from painters import card_faces
from painters import pile as P
from painters.view import PILE_SHOWN

MENU_ROW_H = menu_painter.row_box(1)[1] - menu_painter.row_box(0)[1]
FELT = colours.FELT  # the table's colour
CARD_BACK = colours.FACE_DOWN  # a face-down card's
FAN = P.card_box(0)[0] - P.card_box(1)[0]  # what a card under another shows of itself in the pile


def menu_row_y(k):
    """Centre y of the k-th visible menu row (an entry with a second line takes two)."""
    _, y, _, h = menu_painter.row_box(k)
    return y + h // 2


def top_card():
    """(x, y) of the top card's top-left corner on the table screen: one place, where it lies
    in a full fan (centred on the pile), whatever the pile's size."""
    x, y, w, h = P.card_box(0)
    left = P.card_box(PILE_SHOWN - 1)[0]
    assert left == P.MID_X + (P.MID_W - (x + w - left)) // 2 and (w, h) == (P.CARD_W, P.CARD_H)
    assert y == P.PILE_Y + (P.PILE_H - P.CARD_H) // 2
    return x, y


def big_suit_ink(dev, x, y):
    """The colour in the middle of the big suit symbol of a whole card at (x, y)."""
    _, sy, _, sh = card_faces.suit_box()
    return dev.pixel(x + P.CARD_W // 2, y + sy + sh * 2 // 3)


def suit_ink_at(dev):
    """The colour in the middle of the top card's big suit symbol."""
    x, y = top_card()
    return big_suit_ink(dev, x, y)


def war_suit_ink(dev, seat):
    """The colour in the middle of the big suit on seat ``seat``'s War card."""
    x, y, _, _ = D.card_box(seat)
    return big_suit_ink(dev, x, y)


def card_face_at(dev):
    """A pixel of the top card's face (inside the edge, away from the ink)."""
    x, y = top_card()
    return dev.pixel(x + P.CARD_W - 8, y + P.CARD_H // 2 + 4)


def verdict_fill(dev):
    """The verdict box's fill colour (VALID when a valid press's verdict is up)."""
    return dev.pixel(P.MID_X + 8 + 12, P.PILE_Y + 22 + P.PILE_H // 4)


def note_box():
    """(x, y, w, h) of a false press's verdict, low over the pile."""
    return P.verdict_box(False)


def note_fill(dev):
    """The fill colour of a false press's verdict (INVALID when one is up)."""
    x, y, w, h = note_box()
    return dev.pixel(x + 12, y + h // 2)


def pile_above_note():
    """(x, y, w, h) of the pile's rows above a false press's verdict: every shown card's
    index (rank and suit) and seat chip, and the top card's big rank."""
    x, y = top_card()
    left = P.card_box(PILE_SHOWN - 1)[0]
    return left, y, x + P.CARD_W - left, P.verdict_box(False)[1] - y


def seat_strip(dev, seat):
    """A pixel well inside a seat's strip, away from its text."""
    e = dev.app.r.strips.edges[seat]
    return dev.pixel(e.x + e.w // 2, e.y + e.h // 2)


def regions_painted(r):
    """A list that gets (x, y, w, h) of each region renderer ``r`` paints from now on."""
    regions = []
    real_paint = r.g.paint

    def paint(x, y, w, h, bg, painter):
        regions.append((x, y, w, h))
        real_paint(x, y, w, h, bg, painter)

    r.g.paint = paint
    return regions
