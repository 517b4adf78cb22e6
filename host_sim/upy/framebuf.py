"""CPython stand-in for MicroPython's ``framebuf``: the RGB565 subset the firmware draws with.

Same clipping and storage as modframebuf.c (16-bit pixels in native little-endian order, rows
``stride`` pixels apart), so band buffers come out byte-identical to the device's.
"""
RGB565 = 1


class FrameBuffer:
    def __init__(self, buf, width, height, format, stride=None):
        if format != RGB565:
            raise ValueError("host framebuf stand-in supports RGB565 only")
        self.buf = memoryview(buf).cast("B")
        self.width = width
        self.height = height
        self.stride = width if stride is None else stride
        if len(self.buf) < self.stride * height * 2:
            raise ValueError("buffer too small")

    def fill_rect(self, x, y, w, h, c):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self.height or x >= self.width:
            return
        x1 = min(self.width, x + w)
        y1 = min(self.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        row = (c & 0xFFFF).to_bytes(2, "little") * (x1 - x)
        for yy in range(y, y1):
            i = (yy * self.stride + x) * 2
            self.buf[i:i + len(row)] = row

    def fill(self, c):
        self.fill_rect(0, 0, self.width, self.height, c)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        i = (y * self.stride + x) * 2
        if c is None:
            return self.buf[i] | self.buf[i + 1] << 8
        self.buf[i] = c & 0xFF
        self.buf[i + 1] = (c >> 8) & 0xFF
        return None
