"""The four suits' pictures (0 clubs, 1 diamonds, 2 hearts, 3 spades, as in a card's high
nibble). ``shapes`` draws one from discs and trapezoids into the band; with machine code a
suit is drawn so once, into a picture kept as runs of pixels (``runs``), which the chip then
fills a run at a time (``Gfx.mask``). ``draw`` takes whichever the Gfx has: the same pixels.
"""
from micropython import const

_DIAMONDS = const(1)
_HEARTS = const(2)
_SPADES = const(3)  # (0: clubs)
_RUNS_MAX = const(12)  # suit pictures kept: 4 suits at the 3 sizes the screens use
_runs = {}  # suit << 8 | size -> its picture as runs (``runs``)


class _Runs:
    """A picture that the shape code draws into as into a band (``fill_rect`` adds a run to
    each row it covers), kept as each row's runs of set pixels: a suit is drawn into one
    once, then filled run by run (``runs``)."""

    def __init__(self, w, h):
        self.w = w
        self.h = h
        self.rows = [[] for _ in range(h)]  # each row's runs: start, end, start, end, ...
        # (end exclusive), left to right, none touching the next

    def fill_rect(self, x, y, w, h, c):
        x0 = x if x > 0 else 0
        x1 = x + w if x + w < self.w else self.w
        if x1 <= x0:
            return
        for j in range(y if y > 0 else 0, y + h if y + h < self.h else self.h):
            row = self.rows[j]
            i = 0
            while i < len(row) and row[i + 1] < x0:  # the runs left of it, apart
                i += 2
            k = i
            start, end = x0, x1
            while k < len(row) and row[k] <= end:  # the runs it meets or touches: one
                start = min(start, row[k])
                end = max(end, row[k + 1])
                k += 2
            self.rows[j] = row[:i] + [start, end] + row[k:]

    def encode(self):
        """Byte 0 the most runs a row holds (k), then each row's k (start, end) pairs,
        (0, 0) where a row has fewer."""
        k = max(1, max(len(row) for row in self.rows) // 2)
        runs = bytearray(1 + 2 * k * self.h)
        runs[0] = k
        for y in range(self.h):
            o = 1 + 2 * k * y
            row = self.rows[y]
            for i in range(len(row)):
                runs[o + i] = row[i]
        return bytes(runs)


def draw(g, suit, x, y, size, c):
    """Suit ``suit`` filling the ``size`` x ``size`` box at (x, y), in colour ``c``."""
    if y >= g.bottom or y + size <= g.top or x >= g.right or x + size <= g.ox:
        return
    if g.native is None:
        shapes(g, suit, x, y, size, c)
    else:
        g.mask(runs(g, suit, size), x, y, size, size, c)


def runs(g, suit, size):
    """The suit's picture at ``size`` as runs of pixels (``_Runs.encode``), which machine
    code fills a run at a time (gfx_native.mask): drawn by ``shapes`` once and kept; the table
    makes its suits' before any card (Pile.prepare), How to play its small cards'
    while the main menu waits (howto_pages.prepare)."""
    kept = _runs.get(suit << 8 | size)
    if kept is not None:
        return kept
    if len(_runs) >= _RUNS_MAX:
        _runs.clear()
    picture = _Runs(size, size)
    g.paint_into(picture, size, size, lambda g: shapes(g, suit, 0, 0, size, 1))
    kept = picture.encode()
    _runs[suit << 8 | size] = kept
    return kept


def shapes(g, suit, x, y, size, c):
    """The suit drawn from discs and trapezoids, clipped to the band."""
    if y >= g.bottom or y + size <= g.top or x >= g.right or x + size <= g.ox:
        return
    S = size
    mid = x + S // 2
    if suit == _DIAMONDS:
        h = y + S // 2
        g.trapezoid(y, h, mid, mid, x + S * 9 // 100, x + S * 91 // 100, c)
        g.trapezoid(h, y + S, x + S * 9 // 100, x + S * 91 // 100, mid, mid, c)
    elif suit == _HEARTS:
        r = S * 26 // 100
        cy = y + r + S * 3 // 100
        g.disc(x + r + S // 50, cy, r, c)
        g.disc(x + S - r - S // 50, cy, r, c)
        top = cy + r * 45 // 100
        g.trapezoid(top, y + S, x + S * 5 // 100, x + S * 95 // 100, mid, mid, c)
        g.rect(mid - r // 2, cy - r // 3, r, top - cy + r // 3, c)
    elif suit == _SPADES:
        r = S * 23 // 100
        cy = y + S * 56 // 100
        base = cy - r * 40 // 100
        g.trapezoid(y, base, mid, mid, x + S * 4 // 100, x + S * 96 // 100, c)
        g.disc(x + r + S * 4 // 100, cy, r, c)
        g.disc(x + S - r - S * 4 // 100, cy, r, c)
        g.rect(mid - r // 2, base - 1, r, cy - base + r // 2, c)  # fill the notch between the lobes
        _stem(g, mid, cy, y + S, S, c)
    else:  # clubs
        r = S * 22 // 100
        g.disc(mid, y + r + S // 50, r, c)
        cy = y + S * 56 // 100
        g.disc(x + r + S // 50, cy, r, c)
        g.disc(x + S - r - S // 50, cy, r, c)
        g.disc(mid, cy - r // 3, r * 2 // 3, c)
        _stem(g, mid, cy - r // 2, y + S, S, c)


def _stem(g, mid, y0, y1, S, c):
    narrow = S * 4 // 100 + 1
    wide = S * 18 // 100
    g.trapezoid(y0, y1, mid - narrow, mid + narrow, mid - wide, mid + wide, c)
