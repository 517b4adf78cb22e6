"""Time the renderer's drawing work (CPU only: the panel is a null sink).

On the WebAssembly VM: node tests/mpy_run.mjs --mount firmware:/fw tests/bench_display.py
On a Pico: copy firmware/*.py (or .mpy) and src/slapstack to the board, then
``mpremote run tests/bench_display.py``. Add the SPI time: bytes / (SCK Hz / 8).
"""
import time

from painters import renderer
import sample_views


class NullPanel:
    def __init__(self):
        self.bytes = 0

    def blit(self, buf, x, y, w, h):
        self.bytes += len(buf)


def bench(name, n, step):
    t = time.ticks_us()
    for i in range(n):
        step(i)
    dt = time.ticks_diff(time.ticks_us(), t) // n
    print("%-28s %6d us" % (name, dt))


def main():
    p = NullPanel()
    r = renderer.Renderer(p)
    v = sample_views.table()
    v.out[2] = False
    for i in range(4):
        v.count[i] = 13
    deck = (0x27, 0x3D, 0x1A, 0x05, 0x2C, 0x31, 0x09, 0x1B)
    bench("full table", 5, lambda i: r.full(v))

    def turn_card(i):
        """The next card lands on the fan (the older ones shift down a place)."""
        v.pile[3] = v.pile[2]
        v.pile[2] = v.pile[1]
        v.pile[1] = v.pile[0]
        v.pile[0] = deck[i % len(deck)]

    def next_turn(i):
        v.count[i % 4] -= 1 if v.count[i % 4] else 0
        v.turn = (i + 1) % 4

    def card(i):
        turn_card(i)
        v.pile_count += 1
        next_turn(i)
        r.update(v)

    card(0)
    p.bytes = 0
    bench("card played (pile+2 seats)", 20, card)
    print("bytes per card played: %d (%.1f ms at 62.5 MHz)" % (p.bytes // 20, p.bytes / 20 * 8 / 62500.0))
    spent = [0, 0]  # us and bytes of the pile and count alone (app/loop.py reveals the card then)

    def timed_pile():
        t = time.ticks_us()
        b = p.bytes
        r.update_pile(v)
        spent[0] += time.ticks_diff(time.ticks_us(), t)
        spent[1] += p.bytes - b

    def card_pile(i):
        turn_card(i)
        v.pile_count += 1
        timed_pile()
        next_turn(i)
        r.update(v)

    bench("card played, then the rest", 20, card_pile)
    print("%-28s %6d us, %d bytes" % ("  of which the pile and count", spent[0] // 20, spent[1] // 20))

    def growing(i):
        turn_card(i)
        if i % 4 == 0:
            for k in range(1, 4):
                v.pile[k] = 0
        v.pile_count = i % 4 + 1
        timed_pile()
        r.update(v)

    spent[0] = spent[1] = 0
    for i in range(20):
        growing(i)
    print("%-28s %6d us, %d bytes" % ("new pile 1-4 cards, the pile", spent[0] // 20, spent[1] // 20))
    verdict = (1, True, "SANDWICH!", 212, "Blue takes 12")

    def slap(i):
        v.verdict = verdict if i % 2 == 0 else None
        r.update(v)

    bench("verdict on / off", 10, slap)


main()
