"""The drawing calls: shapes, text and a card's face, each clipped to the band being painted
(drawing/bands.py paints a region band by band). Shapes are rows of spans computed with
integers and filled by ``framebuf`` in C; where the chip has machine code (gfx_native, built
into the SlapStack image) the inner loops run there, else in plain Python (drawing/plain.py),
the same pixels.

A gfx_native call takes its numbers in one array('i') (``_params``), so that it passes a few
objects and allocates nothing; which number is where is the C module's layout, written here
only: 0-1 the band's width and rows (Bands.paint), 2-7 a call's place and size, 8-10 the
font's, 11-12 a text's bytes, 13-17 a card's face, 18-26 a fan's cards and their chips.
"""
from drawing.bands import BAND_BYTES, GAME_BAND_BYTES, Bands  # noqa: F401 (the band sizes: the renderer's)
from drawing.corners import CORNERS, RADIUS_MAX, isqrt
from drawing.font import FIRST, FONT, HEIGHT, LAST, STRIDE, WIDTHS
from drawing import plain
from drawing.text import encoded, number_width, text_width

try:
    import gfx_native as native  # the chip: the inner loops built into the SlapStack image, in C
except ImportError:  # no native code here (the host simulator, the WebAssembly VM): plain Python
    native = None  # (the device stage sets it None before it makes a Gfx, to compare the two)


def _swap(c):
    # framebuf stores RGB565 little-endian; the panel wants the high byte first
    return ((c & 0xFF) << 8) | (c >> 8)


_FONT = FONT if native else None  # gfx_native.text's font: the glyph widths, then their columns


class Gfx(Bands):
    """Band painter for one panel; every drawing call takes screen coordinates."""

    def __init__(self, panel, band_bytes=BAND_BYTES):
        Bands.__init__(self, panel, band_bytes)
        # the inner loops as machine code on the chip (gfx_native), else None: plain Python,
        # which the host runs and the device stage compares them with
        self.native = native
        p = self._params
        p[8] = FIRST  # the font's numbers, for every text
        p[9] = LAST - FIRST + 1
        p[10] = STRIDE
        self._digits = bytearray(10)  # a number's digits for gfx_native.text

    # -- shapes (all clipped to the current band) --------------------------------------

    def rect(self, x, y, w, h, c):
        # (_swap written out here and in round_rect: a call costs 12 us on the chip, and a
        # full table paints some 300 rectangles)
        if y < self.bottom and y + h > self.top:
            self.fb.fill_rect(x - self.ox, y - self.top, w, h, ((c & 0xFF) << 8) | (c >> 8))

    def frame(self, x, y, w, h, t, c):
        """Rectangle outline ``t`` pixels thick, inside the box."""
        self.rect(x, y, w, t, c)
        self.rect(x, y + h - t, w, t, c)
        self.rect(x, y + t, t, h - 2 * t, c)
        self.rect(x + w - t, y + t, t, h - 2 * t, c)

    def round_rect(self, x, y, w, h, r, c):
        """Filled rectangle with quarter-circle corners of radius ``r``."""
        top = self.top
        bottom = self.bottom
        ox = self.ox
        if y >= bottom or y + h <= top or x >= self.right or x + w <= ox:
            return
        s = ((c & 0xFF) << 8) | (c >> 8)
        if self.native is not None and r <= RADIUS_MAX:
            p = self._params
            p[2] = x - ox
            p[3] = y - top
            p[4] = w
            p[5] = h
            p[6] = r
            p[7] = s
            self.native.rounded(self.buf, CORNERS, p)
            return
        plain.rounded(self, x, y, w, h, r, s)

    def disc(self, cx, cy, r, c):
        """Filled circle of radius ``r`` around the pixel corner (cx, cy)."""
        j0 = -r
        if self.top - cy > j0:
            j0 = self.top - cy
        j1 = r
        if self.bottom - cy < j1:
            j1 = self.bottom - cy
        if j0 >= j1 or cx + r <= self.ox or cx - r >= self.right:
            return
        s = _swap(c)
        fb = self.fb
        rr = 4 * r * r
        d = 2 * j0 + 1
        h2 = isqrt(rr - d * d)  # doubled half-chord, then nudged row to row: no sqrt per row
        for j in range(j0, j1):
            d = 2 * j + 1
            q = rr - d * d
            while h2 * h2 > q:
                h2 -= 1
            while (h2 + 1) * (h2 + 1) <= q:
                h2 += 1
            half = (h2 + 1) // 2
            fb.fill_rect(cx - half - self.ox, cy + j - self.top, 2 * half, 1, s)

    def trapezoid(self, y0, y1, xl0, xr0, xl1, xr1, c):
        """Rows [y0, y1) spanning [xl, xr), edges moving linearly from row y0 to row y1."""
        n = y1 - y0
        k0 = 0
        if self.top - y0 > k0:
            k0 = self.top - y0
        k1 = n
        if self.bottom - y0 < k1:
            k1 = self.bottom - y0
        if (xr0 if xr0 > xr1 else xr1) <= self.ox or (xl0 if xl0 < xl1 else xl1) >= self.right:
            return  # the edges move linearly, so every row lies within these columns
        s = _swap(c)
        fb = self.fb
        n2 = 2 * n
        for k in range(k0, k1):
            t = 2 * k + 1
            xl = xl0 + (xl1 - xl0) * t // n2
            xr = xr0 + (xr1 - xr0) * t // n2
            fb.fill_rect(xl - self.ox, y0 + k - self.top, xr - xl, 1, s)

    def mask(self, runs, x, y, w, h, c):
        """A one-colour ``w`` x ``h`` picture kept as runs of pixels (``suits.runs``) at (x, y),
        in machine code (gfx_native.mask): a suit's."""
        p = self._params
        p[2] = x - self.ox
        p[3] = y - self.top
        p[4] = w
        p[5] = h
        p[6] = _swap(c)
        self.native.mask(self.buf, runs, p)

    # -- text ---------------------------------------------------------------------------

    def text(self, s, x, y, scale, c, rot=0):
        """Draw ``s`` with the top-left of its (rotated) box at (x, y).

        ``rot`` is the turn in degrees clockwise (0, 90, 180, 270) so each seat around the
        table can read its own edge: 90 reads from the left edge, 270 from the right.
        """
        if rot == 0 or rot == 180:  # the box's height is known: skip before measuring
            if y >= self.bottom or y + HEIGHT * scale <= self.top:
                return
            w = text_width(s, 1)
            s = encoded(s)
            if x >= self.right or x + w * scale <= self.ox:
                return
        else:
            if x >= self.right or x + HEIGHT * scale <= self.ox:
                return
            w = text_width(s, 1)
            s = encoded(s)
            if y >= self.bottom or y + w * scale <= self.top:
                return
        sc = _swap(c)
        if self.native is not None and type(s) is not str:
            self._native_text(s, 0, len(s), w, x, y, scale, sc, rot)
            return
        u = 0
        if type(s) is str:  # (no heap for its bytes)
            for ch in s:
                u = plain.glyph(self, plain.glyph_index(ord(ch)), u, w, x, y, scale, sc, rot) + 1
            return
        for code in s:
            u = plain.glyph(self, plain.glyph_index(code), u, w, x, y, scale, sc, rot) + 1

    def number(self, n, x, y, scale, c, rot=0):
        """Draw the decimal ``n`` (>= 0) like ``text(str(n))``, without building the string."""
        w = number_width(n, 1)
        if rot == 0 or rot == 180:
            bw = w
            bh = HEIGHT
        else:
            bw = HEIGHT
            bh = w
        if y >= self.bottom or y + bh * scale <= self.top or x >= self.right or x + bw * scale <= self.ox:
            return
        sc = _swap(c)
        if self.native is not None:
            digits = self._digits
            k = len(digits)
            while True:
                k -= 1
                digits[k] = 48 + n % 10
                n //= 10
                if n == 0:
                    break
            self._native_text(digits, k, len(digits) - k, w, x, y, scale, sc, rot)
            return
        u = w + 1
        while True:
            d = 48 + n % 10 - FIRST
            u -= WIDTHS[d] + 1
            plain.glyph(self, d, u, w, x, y, scale, sc, rot)
            n //= 10
            if n == 0:
                return

    def _native_text(self, s, start, length, w, x, y, scale, sc, rot):
        """``length`` bytes of ``s`` from ``start``, ``w`` font columns, by gfx_native.text."""
        p = self._params
        p[2] = x - self.ox
        p[3] = y - self.top
        p[4] = scale
        p[5] = sc
        p[6] = rot
        p[7] = w
        p[11] = start
        p[12] = length
        self.native.text(self.buf, s, _FONT, p)

    # -- a card's face, in machine code (gfx_native: only where ``native``) ---------------

    def face(self, art, x, y, rank, suit, ink, chip, whole):
        """A face-up card's face (rank 1-13, suit 0-3) at (x, y), as ``art`` lays it out
        (painters/card_faces.art): its index in colour ``ink``, its seat chip (colour
        ``chip``, or -1 for none) and, when ``whole``, big rank and suit."""
        p = self._params
        p[2] = x - self.ox
        p[3] = y - self.top
        p[13] = rank
        p[14] = suit
        p[15] = ((ink & 0xFF) << 8) | (ink >> 8)  # (_swap, written out: a card's hot path)
        p[16] = ((chip & 0xFF) << 8) | (chip >> 8) if chip >= 0 else -1
        p[17] = 1 if whole else 0
        self.native.face(self.buf, FONT, p, art)

    def fan(self, art, x, y, n, cards, chips):
        """The first ``n`` (at most 4) of ``cards`` as a fan, all face up (rank 1-13): the
        top card's left edge at (x, y), each older one ``art``'s step further left under it,
        with its seat chip (``chips``' colour, or -1 for none): the same pixels as the cards
        one by one."""
        p = self._params
        p[2] = x - self.ox
        p[3] = y - self.top
        p[18] = n
        for k in range(n):
            p[19 + k] = cards[k]
            c = chips[k]
            p[23 + k] = ((c & 0xFF) << 8) | (c >> 8) if c >= 0 else -1
        self.native.fan(self.buf, FONT, p, art)

    def paint_into(self, picture, w, h, painter):
        """``painter(self)`` drawing into ``picture`` (anything with framebuf's ``fill_rect``)
        as into a ``w`` x ``h`` band at the origin, the band being painted left as it was:
        how a suit's picture is made once (suits.runs)."""
        band = (self.fb, self.ox, self.right, self.top, self.bottom)
        self.fb, self.ox, self.right, self.top, self.bottom = picture, 0, w, 0, h
        try:
            painter(self)
        finally:
            self.fb, self.ox, self.right, self.top, self.bottom = band

    def in_band(self, y, h):
        """Whether rows [y, y + h) meet the band being painted (a painter skips the rest)."""
        return y < self.bottom and y + h > self.top

    def in_box(self, x, y, w, h):
        """Whether the box meets the band being painted, its columns as well as its rows (a
        region may be a small part of what its painter draws)."""
        return y < self.bottom and y + h > self.top and x < self.right and x + w > self.ox
