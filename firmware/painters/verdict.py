"""A slap's verdict on the table: its box over the pile, framed in the slapper's colour.

Its own module so that only a table holds its code: the renderer makes its box with its
first table (before any card, so that no card allocates; a game left lets it go,
``Renderer.leave_table``). The pile (``painters.pile``) lays each verdict out once here and
paints its box band by band, with the heap locked, where the pile's geometry puts it (a
valid press's over the pile, a false press's a note low over it: the pile's numbers, so
that its cards' rows around the box stay folded constants there).
"""
from micropython import const

from drawing import colours
from drawing.text import keep, text_width, number_width

UNLOAD_WITH = "game"  # let go with the game (app/unload.py)

_R = const(8)  # the frame's corners' radius


class VerdictBox:
    """A verdict laid out (``lay_out``), its frame's colour (``edge``) and its box painted
    (``paint``); ``laid`` is the verdict whose lines' places these are."""

    def __init__(self):
        self.laid = None
        self.scale = self.x = self.result_x = self.ms_x = self.unit_x = 0

    def lay_out(self, verdict, bx, bw):
        """Where the verdict's lines go in a box from ``bx``, ``bw`` wide, measured once, not
        for every band it is painted in; its texts are encoded here, so painting it
        allocates nothing."""
        self.laid = verdict
        seat, valid, pattern, ms, result = verdict
        last = ms if isinstance(ms, str) else ""  # a last line of text instead of a reaction time
        keep(pattern, result, last)  # (encoded together: its box is painted with the heap locked)
        scale = 4 if valid else 3  # never below 2 (14 px): the front end keeps its words short enough
        while scale > 2 and text_width(pattern, scale) > bw - 20:
            scale -= 1
        self.scale = scale
        self.x = bx + (bw - text_width(pattern, scale)) // 2
        self.result_x = bx + (bw - text_width(result, 2)) // 2
        if last:
            self.ms_x = bx + (bw - text_width(last, 2)) // 2
        elif ms is not None:
            self.ms_x = bx + (bw - number_width(ms, 2) - text_width(" ms", 2)) // 2
            self.unit_x = self.ms_x + number_width(ms, 2)

    def edge(self, view, verdict):
        """The colour of a verdict's frame: the slapper's."""
        seat = verdict[0]
        return view.colour[seat] if seat is not None and 0 <= seat < len(view.colour) else colours.WHITE

    def paint(self, g, verdict, view, bx, by, bw, bh):
        """``verdict``'s box at (bx, by), bw x bh, in band ``g``, as laid out: a valid press's
        over the pile (which it ends), its name big; a false press's a note low over the
        pile, leaving the cards' indexes and seat chips in view, its lines closer."""
        seat, valid, pattern, ms, result = verdict
        if valid:
            y1 = by + 14  # its lines' tops
            y2 = by + 54
            y3 = by + 80
        else:
            y1 = by + 10
            y2 = by + 35
            y3 = by + 53
        frame = self.edge(view, verdict)
        if g.bg != frame or g.top < by + _R or g.bottom > by + bh - _R:
            g.rect(bx, by, bw, bh, colours.FELT)  # its round corners show the felt, not the cards:
            # its box is then all a verdict coming or going repaints, with no card to draw
            g.round_rect(bx, by, bw, bh, _R, frame)  # (a band of its box painted on its
            # edge's colour, clear of the corners, has it already)
        g.round_rect(bx + 5, by + 5, bw - 10, bh - 10, 5, colours.GREEN if valid else colours.RED)
        if g.in_band(y1, 8 * self.scale):
            g.text(pattern, self.x, y1, self.scale, colours.WHITE)
        if g.in_band(y2, 16):
            g.text(result, self.result_x, y2, 2, colours.WHITE)
        if ms is not None and g.in_band(y3, 16):
            if isinstance(ms, str):
                g.text(ms, self.ms_x, y3, 2, colours.WHITE)
            else:
                g.number(ms, self.ms_x, y3, 2, colours.WHITE)
                g.text(" ms", self.unit_x, y3, 2, colours.WHITE)
