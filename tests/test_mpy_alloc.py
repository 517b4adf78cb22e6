"""MicroPython only: the per-card hot path and slap judging allocate nothing.

Each test builds a game, then runs it with the heap locked (micropython.heap_lock):
any allocation raises MemoryError, so a pass proves no allocation happened.
"""
import micropython
from slapstack import slapgame


class CountingSink:
    """A sink that allocates nothing: counts events per kind in a bytearray-backed array."""

    def __init__(self):
        self.counts = [0] * 80

    def __call__(self, kind, t, p, a, b, c):
        self.counts[kind] += 1


def _game(preset, players, seed, rules=None):
    r = slapgame.make_rules(preset, rules)
    sink = CountingSink()
    g = slapgame.Game(r, players, slapgame.deal(r, players, {"seed": seed}), sink)
    g.start(0)
    return g, sink


def test_playing_cards_allocates_nothing():
    g, sink = _game("beggar", 4, 3)
    micropython.heap_lock()
    try:
        n = 0
        while not g.over and n < 3000:
            g.tick(g.next_due())
            n += 1
    finally:
        micropython.heap_unlock()
    assert g.cards_played > 100
    assert sink.counts[2] == g.cards_played


def test_slap_judging_allocates_nothing():
    # a press every 233 ms from rotating seats: false slaps, burns, contests, wins
    g, sink = _game("ratscrew", 4, 9, {"big_mac": True, "run": True, "flush": True,
                                        "marriage": True, "tens": True,
                                        "slap_in_penalty": "lockout"})
    t = 0
    micropython.heap_lock()
    try:
        while not g.over and t < 600000000:
            t += 233000
            p = (t // 233000) % 4
            g.press(p, t)
            g.release(p, t + 20000)
    finally:
        micropython.heap_unlock()
    assert sink.counts[7] > 100   # SLAP events judged
    assert sink.counts[6] > 10    # piles won
