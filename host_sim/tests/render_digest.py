"""Render fixed screens and digest every byte sent to the panel, on either VM.

test_render_parity runs this under CPython (with host_sim/upy/framebuf) and under the real
MicroPython VM (with its C framebuf): the digests must match, so what the simulator shows is
what the device would send.
"""
import sys
import hashlib
import binascii

if sys.implementation.name == "micropython":
    sys.path.append("/fw")
else:
    from host_sim import fwpath

    fwpath.use_firmware()

import renderer  # noqa: E402
import sample_views  # noqa: E402


class HashPanel:
    def __init__(self):
        self.h = hashlib.sha256()
        self.head = bytearray(8)

    def blit(self, buf, x, y, w, h):
        for i, v in enumerate((x, y, w, h)):
            self.head[2 * i] = v >> 8
            self.head[2 * i + 1] = v & 0xFF
        self.h.update(self.head)
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
