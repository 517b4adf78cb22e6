"""What text the firmware draws, where and how big: ``Gfx.text`` and ``Gfx.number`` are
watched (host side only) while a ``TextLog`` is open, each call noted once per region
painted with the box it covers and the region it was painted in, so tests can ask what a
player reads ("PRESS" on seat 1's strip) and whether it is big enough and whole."""
import sys

CAP_ROWS = 7  # a capital or a digit is 7 of the font's 8 rows


class Drawn:
    def __init__(self, text, x, y, w, h, scale, region):
        self.text, self.x, self.y, self.w, self.h, self.scale, self.region = text, x, y, w, h, scale, region

    @property
    def cap_px(self):
        return CAP_ROWS * self.scale

    def inside(self, box):
        bx, by, bw, bh = box
        return bx <= self.x and self.x + self.w <= bx + bw and by <= self.y and self.y + self.h <= by + bh

    def __repr__(self):
        return "%r at (%d, %d) %dx%d scale %d in %r" % (self.text, self.x, self.y, self.w, self.h,
                                                      self.scale, self.region)


class TextLog:
    def __init__(self):
        self.drawn = []
        self._seen = set()
        self._region = None

    def __enter__(self):
        """Watch the gfx module the device runs (each Device imports the firmware afresh)."""
        Gfx = self._cls = sys.modules["drawing.gfx"].Gfx
        text = sys.modules["drawing.text"]
        text_width, number_width = text.text_width, text.number_width
        self._orig = (Gfx.paint, Gfx.text, Gfx.number)
        paint, text, number = self._orig

        def watched_paint(g, x, y, w, h, bg, painter):
            self._region = (x, y, w, h)
            self._seen = set()
            try:
                return paint(g, x, y, w, h, bg, painter)
            finally:
                self._region = None

        def watched_text(g, s, x, y, scale, c, rot=0):
            self._note(str(s), x, y, text_width(s, scale), scale, rot)
            return text(g, s, x, y, scale, c, rot)

        def watched_number(g, n, x, y, scale, c, rot=0):
            self._note(str(n), x, y, number_width(n, scale), scale, rot)
            return number(g, n, x, y, scale, c, rot)

        Gfx.paint, Gfx.text, Gfx.number = watched_paint, watched_text, watched_number
        return self

    def __exit__(self, *exc):
        self._cls.paint, self._cls.text, self._cls.number = self._orig

    def _note(self, s, x, y, w, scale, rot):
        h = 8 * scale if any(ch in s for ch in "gjpqy,;") else CAP_ROWS * scale
        if rot in (90, 270):
            w, h = 8 * scale, w  # turned: a column of glyphs
        key = (s, x, y, scale, rot)
        if self._region is None or key in self._seen:
            return
        self._seen.add(key)
        self.drawn.append(Drawn(s, x, y, w, h, scale, self._region))

    def texts(self):
        return [d.text for d in self.drawn]

    def clear(self):
        self.drawn = []
