"""The band painter's inner loops as machine code (``@micropython.viper``): the chip only.

On the Pico, painting is Python calling ``framebuf`` once per glyph run, corner row or
shape row, and that call is the cost (a card's big suit took 4 ms). These functions do the
same loops in armv6m code straight into the band buffer. ``make flash`` compiles this
module with ``mpy-cross -march=armv6m``; the host simulator and the WebAssembly VM have no
native emitter, so gfx.py falls back to its plain-Python drawing there, and the device
stage checks on the chip that both give the same pixels (tests/device/native_parity.py).

Every function takes the band ``buf`` (RGB565, ``p[0]`` pixels a row, ``p[1]`` rows; the
colours already byte-swapped as framebuf stores them) and an ``array('i')`` of its other
numbers, band coordinates, so a call passes three objects and allocates nothing.
"""
import micropython


@micropython.viper
def text(b, s, font, p):
    """Draw bytes ``s[start:start + length]``: p = [band width, band rows, x, y, scale,
    colour, rot, text columns, first code, glyph count, glyph stride, start, length];
    ``font`` is the glyph widths then the glyph columns (font.py's FONT). The same
    pixels as Gfx._glyph: each column's runs of set bits as blocks, only the bits and the
    columns that meet the band (a loop pass costs some 40 cycles on the chip, so skip early),
    the blocks' rows filled four pixels a pass."""
    q = ptr32(p)
    bw = int(q[0])
    n = int(q[1])
    x = int(q[2])
    y = int(q[3])
    sc = int(q[4])
    c = int(q[5])
    rot = int(q[6])
    w = int(q[7])
    first = int(q[8])
    count = int(q[9])
    stride = int(q[10])
    buf = ptr16(b)
    f = ptr8(font)
    t = ptr8(s)
    upright = rot == 0 or rot == 180
    keep = 0  # the glyph bits (rows of the glyph, 0 the top) whose pixels meet the band
    v = 0
    while v < 8:
        if rot == 0:
            lo = y + v * sc
            hi = n
        elif rot == 180:
            lo = y + (7 - v) * sc
            hi = n
        elif rot == 90:
            lo = x + (7 - v) * sc
            hi = bw
        else:
            lo = x + v * sc
            hi = bw
        if lo < hi and lo + sc > 0:
            keep |= 1 << v
        v += 1
    if keep == 0:
        return
    k = int(q[11])
    end = k + int(q[12])
    u = 0
    while k < end:
        gi = int(t[k]) - first
        if gi < 0 or gi >= count:
            gi = 63 - first  # '?'
        gw = int(f[gi])
        base = count + gi * stride
        col = 0
        while col < gw:
            uu = u + col
            col += 1
            if rot == 0:  # where the column lies across the band: skip it if outside
                at = x + uu * sc
                hi = bw
            elif rot == 180:
                at = x + (w - 1 - uu) * sc
                hi = bw
            elif rot == 90:
                at = y + uu * sc
                hi = n
            else:
                at = y + (w - 1 - uu) * sc
                hi = n
            if at >= hi or at + sc <= 0:
                continue
            bits = int(f[base + col - 1]) & keep
            v = 0
            while bits:
                if not (bits & 1):
                    bits >>= 1
                    v += 1
                    continue
                run = 0
                while bits & 1:
                    bits >>= 1
                    run += 1
                if upright:
                    x0 = at
                    x1 = at + sc
                    y0 = y + (v if rot == 0 else 8 - v - run) * sc
                    y1 = y0 + run * sc
                else:
                    x0 = x + (8 - v - run if rot == 90 else v) * sc
                    x1 = x0 + run * sc
                    y0 = at
                    y1 = at + sc
                v += run
                if x0 < 0:
                    x0 = 0
                if y0 < 0:
                    y0 = 0
                if x1 > bw:
                    x1 = bw
                if y1 > n:
                    y1 = n
                while y0 < y1:
                    i = y0 * bw + x0
                    e = i + x1 - x0
                    while i + 4 <= e:
                        buf[i] = c
                        buf[i + 1] = c
                        buf[i + 2] = c
                        buf[i + 3] = c
                        i += 4
                    while i < e:
                        buf[i] = c
                        i += 1
                    y0 += 1
        u += gw + 1
        k += 1


@micropython.viper
def corners(b, table, p):
    """The rows of a rounded rectangle's corners that lie in the band (framebuf fills the
    rows between them): p = [band width, band rows, x, y, w, h, r, colour]; ``table`` is
    gfx's row insets (r at most its radius). The same pixels as Gfx.round_rect."""
    q = ptr32(p)
    bw = int(q[0])
    n = int(q[1])
    x = int(q[2])
    y = int(q[3])
    w = int(q[4])
    h = int(q[5])
    r = int(q[6])
    c = int(q[7])
    buf = ptr16(b)
    t = ptr8(table)
    base = (r * (r - 1)) >> 1
    i = 0
    while i < r:  # row i from the top edge, then from the bottom edge
        inset = int(t[base + i])
        x0 = x + inset
        x1 = x + w - inset
        if x0 < 0:
            x0 = 0
        if x1 > bw:
            x1 = bw
        row = y + i
        k = 0
        while k < 2:
            if 0 <= row < n:
                o = row * bw
                j = x0
                while j < x1:
                    buf[o + j] = c
                    j += 1
            row = y + h - 1 - i
            k += 1
        i += 1


@micropython.viper
def mask(b, bits, p):
    """A 1-bit picture (rows of bytes, the leftmost pixel the high bit) in one colour:
    p = [band width, band rows, x, y, mask width, mask rows, colour]."""
    q = ptr32(p)
    bw = int(q[0])
    n = int(q[1])
    x = int(q[2])
    y = int(q[3])
    mw = int(q[4])
    mh = int(q[5])
    c = int(q[6])
    buf = ptr16(b)
    m = ptr8(bits)
    stride = (mw + 7) >> 3
    j = 0
    if y < 0:
        j = 0 - y
    end = mh
    if n - y < end:
        end = n - y
    i0 = 0
    if x < 0:
        i0 = 0 - x
    i1 = mw
    if bw - x < i1:
        i1 = bw - x
    while j < end:  # a byte of the picture at a time: none set, all set, or bit by bit
        row = j * stride
        o = (y + j) * bw + x
        i = i0
        while i < i1:
            eight = int(m[row + (i >> 3)])
            if (i & 7) == 0 and i + 8 <= i1:
                if eight == 0:
                    i += 8
                    continue
                if eight == 0xFF:
                    e = o + i
                    buf[e] = c
                    buf[e + 1] = c
                    buf[e + 2] = c
                    buf[e + 3] = c
                    buf[e + 4] = c
                    buf[e + 5] = c
                    buf[e + 6] = c
                    buf[e + 7] = c
                    i += 8
                    continue
            if eight & (0x80 >> (i & 7)):
                buf[o + i] = c
            i += 1
        j += 1


@micropython.viper
def face(b, font, p, art):
    """A face-up card's face, rank 1-13 (``Renderer._face``: the same pixels): p = [band
    width, band rows, x, y of the card, (text's numbers, 4-12), rank, suit, ink, the seat
    chip's colour or -1, whole]; ``art`` = (the layout, an array('i') of the places on a card
    (renderer.py), the ranks' characters two a rank, gfx's corner table, then the suits'
    pictures: four at the index size, four at the big size). It calls the functions above."""
    q = ptr32(p)
    x = int(q[2])
    y = int(q[3])
    rank = int(q[13])
    suit = int(q[14])
    ink = int(q[15])
    chip = int(q[16])
    whole = int(q[17])
    lay = ptr32(art[0])
    ranks = art[1]
    r = ptr8(ranks)
    f = ptr8(font)
    first = int(q[8])
    if chip >= 0:  # its rounded rectangle: the rows between the corners, then the corners
        cx = x + int(lay[14])
        cy = y + int(lay[15])
        cw = int(lay[16])
        ch = int(lay[17])
        cr = int(lay[18])
        buf = ptr16(b)
        bw = int(q[0])
        n = int(q[1])
        x0 = cx if cx > 0 else 0
        x1 = cx + cw if cx + cw < bw else bw
        row = cy + cr
        while row < cy + ch - cr:
            if 0 <= row < n:
                i = x0
                while i < x1:
                    buf[row * bw + i] = chip
                    i += 1
            row += 1
        q[2] = cx
        q[3] = cy
        q[4] = cw
        q[5] = ch
        q[6] = cr
        q[7] = chip
        corners(b, art[2], p)
    start = rank * 2
    length = 1 if int(r[start + 1]) == 32 else 2
    cols = int(f[int(r[start]) - first]) + 1  # the rank's font columns, gaps included
    if length == 2:
        cols += int(f[int(r[start + 1]) - first]) + 1
    cols -= 1
    q[6] = 0
    q[7] = cols
    q[11] = start
    q[12] = length
    sc = int(lay[3])  # the index: its rank centred in the strip the cards on it leave
    q[2] = x + int(lay[0]) + ((int(lay[1]) - cols * sc) >> 1)
    q[3] = y + int(lay[2])
    q[4] = sc
    q[5] = ink
    text(b, ranks, font, p)
    size = int(lay[6])  # and its suit
    q[2] = x + int(lay[4])
    q[3] = y + int(lay[5])
    q[4] = size
    q[5] = size
    q[6] = ink
    mask(b, art[3 + suit], p)
    if not whole:
        return
    sc = int(lay[10])  # the big rank, right of the index
    q[2] = x + int(lay[7]) + ((int(lay[8]) - cols * sc) >> 1)
    q[3] = y + int(lay[9])
    q[4] = sc
    q[5] = ink
    q[6] = 0
    q[7] = cols
    q[11] = start
    q[12] = length
    text(b, ranks, font, p)
    size = int(lay[13])  # and the big suit
    q[2] = x + int(lay[11])
    q[3] = y + int(lay[12])
    q[4] = size
    q[5] = size
    q[6] = ink
    mask(b, art[7 + suit], p)
