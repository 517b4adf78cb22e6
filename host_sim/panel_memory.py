"""The panel controller's frame memory and the glass in front of it, for the panel model.

The controller's 240x320 memory (RGB565, high byte first) holds noise at power-up; pixel bytes
go in at the address pointer, inside the window CASET/RASET set, turned by MADCTL's MY/MX/MV.
The glass shows it to a person looking at the panel mounted in landscape: ``pixel(x, y)``
and ``to_image()``, with the module's wiring (columns mirrored, a BGR filter, IPS glass that
inverts unless INVON). ``mark``/``written_box``/``written_count`` measure what was written.
"""

COLS = 240  # physical columns (source lines)
ROWS = 320  # physical rows (gate lines)
WIDTH = 320  # landscape image
HEIGHT = 240
MY, MX, MV, BGR = 0x80, 0x40, 0x20, 0x08

_INVERT = bytes(255 - i for i in range(256))


class PanelMemory:
    """The frame memory and the glass; panel_model.PanelModel decodes the command stream that
    sets its registers (window, address pointer, MADCTL, COLMOD, sleep, display on, inversion)
    and feeds it pixel bytes."""

    MIRROR_SOURCE = False  # columns wired right to left: upright portrait needs MX
    BGR_FILTER = False  # colour filter is B-G-R: correct colours need MADCTL BGR
    IPS_INVERTED = False  # glass shows colours inverted unless INVON

    def __init__(self):
        self.gram = bytearray(COLS * ROWS * 2)
        seed = 0x2545F491  # memory holds noise at power-up: an uncleared screen shows it
        for i in range(0, len(self.gram), 2):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            self.gram[i] = (seed >> 16) & 0xFF
            self.gram[i + 1] = (seed >> 8) & 0xFF
        self.errors = []
        self.bytes_in = 0
        self.pixels_in = 0
        self._written = bytearray(WIDTH * HEIGHT)
        self._part = bytearray()  # bytes of a pixel not yet complete

    def _start_write(self, from_start):
        self._writing = True
        self._part = bytearray()
        self._garbage_flagged = False
        if from_start:
            self.x, self.y = self.xs, self.ys

    def _pixel_bytes(self, data):
        per = 2 if self.colmod & 7 == 5 else 3
        if per == 3 and not self._garbage_flagged:
            self._error("pixel data while COLMOD is 0x%02X (18-bit): RGB565 shows as garbage"
                        % self.colmod)
            self._garbage_flagged = True
        part = self._part
        i = 0
        n = len(data)
        if part:
            while len(part) < per and i < n:
                part.append(data[i])
                i += 1
            if len(part) < per:
                return
            self._store(part)
            part.clear()
        whole = i + (n - i) // per * per
        while i < whole:
            if per == 2:
                i += 2 * self._store_run(data, i, (whole - i) // 2)
            else:
                self._store(data[i:i + per])
                i += per
        part.extend(data[i:])

    def _store_run(self, data, i, count):
        """Store up to ``count`` RGB565 pixels from data[i:] along the current window row at
        once (extended-slice copies); exactly what ``_store`` does pixel by pixel. Returns how
        many it stored; a row that leaves the memory goes pixel by pixel."""
        k = min(count, self.xe - self.x + 1)
        if k < 2:
            self._store(data[i:i + 2])
            return 1
        first = self._gram_at(self.x, self.y)
        last = self._gram_at(self.x + k - 1, self.y)
        if first is None or last is None:
            self._store(data[i:i + 2])
            return 1
        (a0, b0), (a1, b1) = first, last
        g0, g1 = (b0 * COLS + a0) * 2, (b1 * COLS + a1) * 2
        step = (g1 - g0) // (k - 1)
        px = data[i:i + 2 * k]
        self.gram[_span(g0, g1, step)] = px[0::2]
        self.gram[_span(g0 + 1, g1 + 1, step)] = px[1::2]
        (x0, y0), (x1, y1) = self._landscape_of(a0, b0), self._landscape_of(a1, b1)
        w0, w1 = y0 * WIDTH + x0, y1 * WIDTH + x1
        self._written[_span(w0, w1, (w1 - w0) // (k - 1))] = b"\x01" * k
        self.pixels_in += k
        self.x += k
        if self.x > self.xe:
            self.x = self.xs
            self.y += 1
            if self.y > self.ye:
                self.y = self.ys
        return k

    def _gram_at(self, x, y):
        """Physical (column, row) the address (x, y) writes under MADCTL, or None if outside."""
        a, b = (y, x) if self.madctl & MV else (x, y)
        if self.madctl & MX:
            a = COLS - 1 - a
        if self.madctl & MY:
            b = ROWS - 1 - b
        return (a, b) if 0 <= a < COLS and 0 <= b < ROWS else None

    def _store(self, px):
        if len(px) == 2:
            hi, lo = px[0], px[1]
        else:  # 18-bit: 6 bits of each channel in the top of its byte
            r, g, b = px[0] >> 3, px[1] >> 2, px[2] >> 3
            v = r << 11 | g << 5 | b
            hi, lo = v >> 8, v & 0xFF
        a, b = (self.y, self.x) if self.madctl & MV else (self.x, self.y)
        if self.madctl & MX:
            a = COLS - 1 - a
        if self.madctl & MY:
            b = ROWS - 1 - b
        if 0 <= a < COLS and 0 <= b < ROWS:
            i = (b * COLS + a) * 2
            self.gram[i] = hi
            self.gram[i + 1] = lo
            x, y = self._landscape_of(a, b)
            self._written[y * WIDTH + x] = 1
        self.pixels_in += 1
        self.x += 1
        if self.x > self.xe:
            self.x = self.xs
            self.y += 1
            if self.y > self.ye:
                self.y = self.ys

    # -- what the glass shows --------------------------------------------------------------

    def _physical_of(self, x, y):
        col = COLS - 1 - y  # landscape (x, y) -> upright portrait (col, row)
        a = COLS - 1 - col if self.MIRROR_SOURCE else col
        return a, x

    def _landscape_of(self, a, b):
        col = COLS - 1 - a if self.MIRROR_SOURCE else a
        return b, COLS - 1 - col

    @property
    def showing(self):
        """True when the glass shows memory (awake and display on); else it is dark."""
        return self.display_on and not self.sleeping

    def pixel(self, x, y):
        """RGB565 colour a person sees at landscape (x, y); 0 while the display is dark."""
        if not (0 <= x < WIDTH and 0 <= y < HEIGHT):
            raise ValueError("(%d, %d) is outside the %dx%d screen" % (x, y, WIDTH, HEIGHT))
        if not self.showing:
            return 0
        a, b = self._physical_of(x, y)
        i = (b * COLS + a) * 2
        v = self.gram[i] << 8 | self.gram[i + 1]
        if bool(self.madctl & BGR) != self.BGR_FILTER:
            v = (v & 0x1F) << 11 | (v & 0x07E0) | v >> 11
        if self.inverted != self.IPS_INVERTED:
            v ^= 0xFFFF
        return v

    def to_image(self):
        """The landscape screen as a 320x240 RGB PIL image (what ``pixel`` shows, in bulk)."""
        from PIL import Image

        if not self.showing:
            return Image.new("RGB", (WIDTH, HEIGHT))
        data = bytes(self.gram)
        if self.inverted != self.IPS_INVERTED:
            data = data.translate(_INVERT)
        le = bytearray(len(data))  # PIL reads RGB565 little-endian; the panel's is big-endian
        le[0::2] = data[1::2]
        le[1::2] = data[0::2]
        im = Image.frombytes("RGB", (COLS, ROWS), bytes(le), "raw", "BGR;16")
        if bool(self.madctl & BGR) != self.BGR_FILTER:
            r, g, b = im.split()
            im = Image.merge("RGB", (b, g, r))
        if self.MIRROR_SOURCE:
            im = im.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
        return im.transpose(Image.Transpose.ROTATE_90)

    # -- measuring ---------------------------------------------------------------------------

    def mark(self):
        """Start counting afresh: bytes, pixels and the area written from now on."""
        self.bytes_in = 0
        self.pixels_in = 0
        self._written = bytearray(WIDTH * HEIGHT)

    def written_box(self):
        """(x0, y0, x1, y1) exclusive bounds of landscape pixels written since ``mark``, or None."""
        xs = [i % WIDTH for i in range(WIDTH * HEIGHT) if self._written[i]]
        if not xs:
            return None
        ys = [i // WIDTH for i in range(WIDTH * HEIGHT) if self._written[i]]
        return min(xs), min(ys), max(xs) + 1, max(ys) + 1

    def written_count(self):
        """Distinct landscape pixels written since ``mark``."""
        return sum(self._written)

    def _error(self, text):
        self.errors.append(text)


def _span(first, last, step):
    """The slice from index ``first`` to ``last`` inclusive, either direction."""
    stop = last + (1 if step > 0 else -1)
    return slice(first, stop if stop >= 0 else None, step)

