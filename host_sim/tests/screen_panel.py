"""A panel that is only the screen's pixels, for comparing what the renderer paints with what
a fresh full repaint of the same view paints (no panel model, no SPI: fast enough to compare
after every update)."""
from host_sim.panel_memory import WIDTH, HEIGHT
from painters import renderer


class ScreenPanel:
    """The whole screen as the RGB565 bytes the renderer's blits send (no panel model)."""

    def __init__(self):
        self.px = bytearray(WIDTH * HEIGHT * 2)
        self.bytes = 0

    def blit(self, buf, x, y, w, h):
        self.bytes += len(buf)
        for row in range(h):
            at = ((y + row) * WIDTH + x) * 2
            self.px[at:at + w * 2] = buf[row * w * 2:(row + 1) * w * 2]


def full_repaint(view):
    """The screen a fresh renderer draws for ``view`` (RGB565, high byte first)."""
    p = ScreenPanel()
    renderer.Renderer(p).full(view)
    return p.px
