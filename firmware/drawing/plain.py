"""The drawing calls' plain Python, where the chip's machine code (gfx_native) is missing:
the host simulator and the WebAssembly VM. The same pixels as the C; the device stage compares
them on the chip (tests/device/native_parity.py).
"""
from drawing.corners import CORNERS, RADIUS_MAX, isqrt
from drawing.font import DATA, FIRST, HEIGHT, LAST, STRIDE, WIDTHS


def glyph_index(code):
    """The font's glyph for character ``code`` ('?' for one outside it)."""
    if code < FIRST or code > LAST:
        code = 63  # '?'
    return code - FIRST


def rounded(g, x, y, w, h, r, s):
    """Gfx.round_rect's rows in the band (colour ``s`` as framebuf stores it), shape by shape."""
    top = g.top
    bottom = g.bottom
    ox = g.ox
    fb = g.fb
    fb.fill_rect(x - ox, y + r - top, w, h - 2 * r, s)
    if y + r <= top and y + h - r >= bottom:
        return  # the band holds no corner row
    # corner rows, only those in this band: row i from the top edge, then from the bottom
    t = CORNERS
    base = r * (r - 1) // 2
    i = top - y if top > y else 0
    end = bottom - y if bottom - y < r else r
    while i < end:
        if r <= RADIUS_MAX:
            inset = t[base + i]
        else:
            d = 2 * (r - i) - 1  # doubled distance from the corner centre to the row centre
            inset = r - (isqrt(4 * r * r - d * d) + 1) // 2
        fb.fill_rect(x + inset - ox, y + i - top, w - 2 * inset, 1, s)
        i += 1
    i = y + h - bottom if y + h > bottom else 0
    end = y + h - top if y + h - top < r else r
    while i < end:
        if r <= RADIUS_MAX:
            inset = t[base + i]
        else:
            d = 2 * (r - i) - 1
            inset = r - (isqrt(4 * r * r - d * d) + 1) // 2
        fb.fill_rect(x + inset - ox, y + h - 1 - i - top, w - 2 * inset, 1, s)
        i += 1


def glyph(g, gi, u, w, x, y, s, sc, rot):
    """Glyph ``gi`` at text column ``u`` of a ``w``-column line; returns the next column.
    Only what lies in the band is drawn: the glyph rows of upright text, the glyph
    columns of turned text."""
    fb = g.fb
    gx = x - g.ox
    gy = y - g.top
    n = g.bottom - g.top  # rows in the band
    H = HEIGHT
    base = gi * STRIDE
    gw = WIDTHS[gi]
    mask = 255
    if rot == 0 or rot == 180:
        a = -gy // s if gy < 0 else 0  # glyph rows a..b-1, from the top, meet the band
        b = (n - gy + s - 1) // s
        if rot == 180:  # bit v is row H - 1 - v from the top
            a, b = H - b, H - a
        if a < 0:
            a = 0
        if b > H:
            b = H
        if a >= b:
            return u + gw
        mask = ((1 << b) - 1) ^ ((1 << a) - 1)
    for col in range(gw):
        uu = u + col
        if rot == 90 or rot == 270:
            cy = gy + (uu if rot == 90 else w - 1 - uu) * s
            if cy >= n or cy + s <= 0:
                continue
        bits = DATA[base + col] & mask
        v = 0
        while bits:
            if not bits & 1:
                bits >>= 1
                v += 1
                continue
            run = 0
            while bits & 1:
                bits >>= 1
                run += 1
            if rot == 0:
                fb.fill_rect(gx + uu * s, gy + v * s, s, run * s, sc)
            elif rot == 180:
                fb.fill_rect(gx + (w - 1 - uu) * s, gy + (H - v - run) * s, s, run * s, sc)
            elif rot == 90:
                fb.fill_rect(gx + (H - v - run) * s, gy + uu * s, run * s, s, sc)
            else:
                fb.fill_rect(gx + v * s, gy + (w - 1 - uu) * s, run * s, s, sc)
            v += run
    return u + gw
