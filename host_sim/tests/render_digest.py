"""Render fixed screens and digest every byte sent to the panel, on either VM.

test_render_parity runs this under CPython (with host_sim/upy/framebuf) and under the real
MicroPython VM (with its C framebuf): the digests must match, so what the simulator shows is
what the device would send.
"""
import hashlib
import binascii

from painters import renderer
import sample_views


class HashPanel:
    def __init__(self):
        self.h = hashlib.sha256()
        self.head = bytearray(8)

    def blit(self, buf, x, y, w, h):
        """Allocates nothing, as a panel must (the renderer paints the pile with the heap locked)."""
        head = self.head
        head[0] = x >> 8
        head[1] = x & 0xFF
        head[2] = y >> 8
        head[3] = y & 0xFF
        head[4] = w >> 8
        head[5] = w & 0xFF
        head[6] = h >> 8
        head[7] = h & 0xFF
        self.h.update(head)
        self.h.update(buf)


def digest():
    p = HashPanel()
    r = renderer.Renderer(p)
    v = sample_views.table()
    v.count[3] = 103
    v.chances = 4
    v.stuck = [3]
    v.pile[3] = 0x0E  # a joker under the top three
    v.banner = "Blue: 4 chances"
    r.full(v)
    v.verdict = (0, False, "NO PAIR", 1875, "Red burns 1")
    r.update(v)
    v.winner = 2
    r.update(v)
    r.menu("SlapStack", ["Egyptian Ratscrew", "War", "Money", "a", "b", "c", "d"], 6, "hint")
    r.message("Stuck button", ["Seat 3's button reads pressed.", "Release it to go on."])
    return binascii.hexlify(p.h.digest()).decode()


if __name__ == "__main__":
    print("digest", digest())
