"""The band painter's inner loops as machine code (``@micropython.viper``): the stock image.

On the Pico, painting is Python calling ``framebuf`` once per glyph run, corner row or
shape row, and that call is the cost (a card's big suit took 4 ms). These functions do the
same loops in armv6m code straight into the band buffer. The SlapStack image has the same
module built in, in C (hw/image/gfx_native): a built-in module is found before this file, and
its code stays in flash, where MicroPython copies this one's machine code into the heap (10
KB). ``make flash`` compiles this module with ``mpy-cross -march=armv6m`` for a board on the
stock image; the host simulator and the WebAssembly VM have no native emitter, so gfx.py
falls back to its plain-Python drawing there, and the device stage checks on the chip that
the native code and the Python give the same pixels (tests/device/native_parity.py).

Every function takes the band's buffer (RGB565, ``p[0]`` pixels a row, ``p[1]`` rows; the
colours already byte-swapped as framebuf stores them) and an ``array('i')`` of its other
numbers, band coordinates, so a call passes a few objects and allocates nothing. A store loop in viper costs some 30
cycles a pixel on the chip (framebuf's fill_rect 10), so blocks of more than a few pixels
go to ``gfx_asm.block``, in assembler, at about 3.
"""
import micropython

from gfx_asm import block, spans


@micropython.viper
def text(b, s, font, p):
    """Draw bytes ``s[start:start + length]``: p = [band width, band rows, x, y, scale,
    colour, rot, text columns, first code, glyph count, glyph stride, start, length];
    ``font`` is the glyph widths then the glyph columns (font.py's FONT). The same
    pixels as Gfx._glyph: each column's runs of set bits as blocks, only the bits and the
    columns that meet the band (a loop pass costs some 40 cycles on the chip, so skip early),
    a big block by ``block``, a small one here."""
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
                if x1 - x0 > 0 and y1 - y0 > 0 and (x1 - x0) * (y1 - y0) > 16:  # a big block
                    block(b, (y0 * bw + x0) << 1, ((y1 - y0) << 16) | (x1 - x0), (bw << 17) | c)
                    continue
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
def columns(s, start: int, end: int, widths) -> int:
    """The width at scale 1 of bytes ``s[start:end]``: each glyph's ``widths`` entry (font.py's
    WIDTHS, from code 32) plus a one-column gap, less the last gap; a code outside the
    font counts as '?'. What gfx._columns adds up in Python, some 15 us a character there."""
    t = ptr8(s)
    f = ptr8(widths)
    count = int(len(widths))
    w = -1
    i = start
    while i < end:
        code = int(t[i]) - 32
        if code < 0 or code >= count:
            code = 31  # '?'
        w += int(f[code]) + 1
        i += 1
    return w


@micropython.viper
def rounded(b, table, p):
    """A filled rectangle with quarter-circle corners, the rows that lie in the band:
    p = [band width, band rows, x, y, w, h, r, colour]; ``table`` is gfx's row insets (r at
    most its radius). The same pixels as Gfx.round_rect's plain Python, the rows between the
    corners in one ``block``. (A run is filled here, not by a helper: a call from viper
    costs some 2 us on the chip, and ``ring`` makes two a row.)"""
    q = ptr32(p)
    bw = int(q[0])
    n = int(q[1])
    x = int(q[2])
    y = int(q[3])
    w = int(q[4])
    h = int(q[5])
    r = int(q[6])
    c = int(q[7])
    if y >= n or y + h <= 0 or x >= bw or x + w <= 0:
        return
    x0 = x if x > 0 else 0
    x1 = x + w if x + w < bw else bw
    a = y + r if y + r > 0 else 0
    z = y + h - r if y + h - r < n else n
    if a < z and x0 < x1:
        block(b, (a * bw + x0) << 1, ((z - a) << 16) | (x1 - x0), (bw << 17) | c)
    if y + r <= 0 and y + h - r >= n:
        return  # the band holds no corner row
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
            if 0 <= row < n and x0 < x1:
                if x1 - x0 > 16:
                    block(b, (row * bw + x0) << 1, (1 << 16) | (x1 - x0), (bw << 17) | c)
                else:
                    j = row * bw + x0
                    e = row * bw + x1
                    while j < e:
                        buf[j] = c
                        j += 1
            row = y + h - 1 - i
            k += 1
        i += 1


@micropython.viper
def ring(b, table, p):
    """What a rounded rectangle (p = [band width, band rows, x, y, w, h, r, colour], as for
    ``rounded``) shows around the one 2 pixels inside it (radius r - 2): a card's edge. The
    same pixels as the outer one filled and the inner one drawn over it, each written once."""
    q = ptr32(p)
    bw = int(q[0])
    n = int(q[1])
    x = int(q[2])
    y = int(q[3])
    w = int(q[4])
    h = int(q[5])
    r = int(q[6])
    c = int(q[7])
    if y >= n or y + h <= 0 or x >= bw or x + w <= 0:
        return
    buf = ptr16(b)
    t = ptr8(table)
    base = (r * (r - 1)) >> 1
    r2 = r - 2
    base2 = (r2 * (r2 - 1)) >> 1
    row = y if y > 0 else 0
    end = y + h if y + h < n else n
    while row < end:
        i = row - y  # rows from the top and from the bottom edge
        j = y + h - 1 - row
        outer = -1
        if i < r:
            outer = int(t[base + i])
        if j < r and (outer < 0 or int(t[base + j]) < outer):
            outer = int(t[base + j])
        if outer < 0:
            outer = 0
        k = 0
        while k < 2:  # the left part of the row, then the right
            if i < 2 or j < 2:  # above or below the inner one: all of the row
                a = x + outer
                z = x + w - outer
                k = 2
            else:
                inner = -1
                if i - 2 < r2:
                    inner = int(t[base2 + i - 2])
                if j - 2 < r2 and (inner < 0 or int(t[base2 + j - 2]) < inner):
                    inner = int(t[base2 + j - 2])
                if inner < 0:
                    inner = 0
                if k == 0:
                    a = x + outer
                    z = x + 2 + inner
                else:
                    a = x + w - 2 - inner
                    z = x + w - outer
                k += 1
            if a < 0:
                a = 0
            if z > bw:
                z = bw
            if a < z:
                if z - a > 16:
                    block(b, (row * bw + a) << 1, (1 << 16) | (z - a), (bw << 17) | c)
                else:
                    o = row * bw
                    e = o + z
                    o += a
                    while o < e:
                        buf[o] = c
                        o += 1
        row += 1


@micropython.viper
def mask(b, runs, p):
    """A picture in one colour, as its runs (gfx.suit_runs: byte 0 the runs a row holds,
    then each row's (start, end) column pairs): p = [band width, band rows, x, y, picture
    width, picture rows, colour]. Its rows that meet the band are filled by ``spans``, in
    assembler (p[4], p[5], p[7] and p[11] are its numbers then)."""
    q = ptr32(p)
    bw = int(q[0])
    n = int(q[1])
    x = int(q[2])
    y = int(q[3])
    if x >= bw or x + int(q[4]) <= 0:
        return
    j = 0
    if y < 0:
        j = 0 - y
    end = int(q[5])
    if n - y < end:
        end = n - y
    if end <= j:
        return
    k = int(ptr8(runs)[0])
    q[4] = k
    q[5] = end - j
    q[7] = 1 + j * k * 2
    q[11] = (y + j) * bw * 2
    spans(p, runs, b, q[6])


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
    if chip >= 0:  # its rounded rectangle
        q[2] = x + int(lay[14])
        q[3] = y + int(lay[15])
        q[4] = int(lay[16])
        q[5] = int(lay[17])
        q[6] = int(lay[18])
        q[7] = chip
        rounded(b, art[2], p)
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


@micropython.viper
def fan(b, font, p, art):
    """The top cards of the pile's fan, all face up (rank 1-13), oldest first: each card's
    edge, body and face (``Renderer._card``: the same pixels), in one call instead of some
    twenty of Python a band: p = [band width, band rows, x, y of the top card, (scratch
    for the functions above, 4-17), the count n, the n cards, the n seat chips' colours or
    -1]; card k lies the layout's fan step left of card k - 1; ``art`` as for ``face``."""
    q = ptr32(p)
    bw = int(q[0])
    n = int(q[1])
    x0 = int(q[2])
    y = int(q[3])
    lay = ptr32(art[0])
    cw = int(lay[19])
    ch = int(lay[20])
    cr = int(lay[21])
    step = int(lay[22])
    uw = int(lay[23])
    c = int(lay[24])  # the colours, byte-swapped as framebuf stores them
    edge = ((c & 0xFF) << 8) | (c >> 8)
    c = int(lay[25])
    body = ((c & 0xFF) << 8) | (c >> 8)
    c = int(lay[28])
    red = ((c & 0xFF) << 8) | (c >> 8)
    c = int(lay[29])
    black = ((c & 0xFF) << 8) | (c >> 8)
    index_top = y + int(lay[26])
    index_bottom = index_top + int(lay[27])
    if y >= n or y + ch <= 0:
        return
    table = art[2]
    k = int(q[18]) - 1
    while k >= 0:
        x = x0 - k * step
        if x < bw and x + cw > 0:
            w = cw if k == 0 else uw  # a card under another: its right corners lie under that one
            q[2] = x
            q[3] = y
            q[4] = w
            q[5] = ch
            q[6] = cr
            q[7] = edge
            ring(b, table, p)
            q[2] = x + 2
            q[3] = y + 2
            q[4] = w - 4
            q[5] = ch - 4
            q[6] = cr - 2
            q[7] = body
            rounded(b, table, p)
            if k == 0 or (index_top < n and index_bottom > 0):  # under another: its index only
                c = int(q[19 + k])
                suit = c >> 4
                q[2] = x
                q[3] = y
                q[13] = c & 15
                q[14] = suit
                q[15] = red if suit == 1 or suit == 2 else black
                q[16] = int(q[23 + k])
                q[17] = 1 if k == 0 else 0
                face(b, font, p, art)
        k -= 1
