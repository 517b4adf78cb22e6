"""A face-up card painted by the chip's machine code (gfx_native.face and gfx_native.fan) for
the pile (screens/pile.py): what a face is drawn with, made once (``art``), one card's face
(``face``) and the pile's fan of cards (``fan``), each in one call instead of a dozen of the
drawing's. Only where the Gfx has machine code (``Gfx.native``); elsewhere the pile draws
a card shape by shape, the same pixels (the device stage compares them).
"""
from drawing import suits
from drawing.font import FONT
from drawing.corners import CORNERS


def art(g, layout, ranks, index_size, big_size):
    """What ``face`` and ``fan`` draw with (see gfx_native.face): the card's ``layout`` (an
    array('i')), the ranks' characters (two bytes a rank), the corner table and the suits'
    pictures at the index's and the big size (``suits.runs``)."""
    made = [layout, ranks, CORNERS]
    for size in (index_size, big_size):
        for suit in range(4):
            made.append(suits.runs(g, suit, size))
    return tuple(made)


def face(g, art, x, y, rank, suit, ink, chip, whole):
    """A face-up card's face (rank 1-13) at (x, y), as ``art`` lays it out: its index, seat
    chip (colour ``chip``, or -1 for none) and, when ``whole``, big rank and suit."""
    p = g.params
    p[2] = x - g.ox
    p[3] = y - g.top
    p[13] = rank
    p[14] = suit
    p[15] = ((ink & 0xFF) << 8) | (ink >> 8)  # (RGB565 as the panel takes it: high byte first)
    p[16] = ((chip & 0xFF) << 8) | (chip >> 8) if chip >= 0 else -1
    p[17] = 1 if whole else 0
    g.native.face(g.buf, FONT, p, art)


def fan(g, art, x, y, n, cards, chips):
    """The first ``n`` of ``cards`` as a fan, all face up (rank 1-13): the top card's left
    edge at (x, y), each older one ``art``'s step further left under it, with its seat chip
    (``chips``' colour, or -1 for none): the same pixels as the cards one by one."""
    p = g.params
    p[2] = x - g.ox
    p[3] = y - g.top
    p[18] = n
    for k in range(n):
        p[19 + k] = cards[k]
        c = chips[k]
        p[23 + k] = ((c & 0xFF) << 8) | (c >> 8) if c >= 0 else -1
    g.native.fan(g.buf, FONT, p, art)
