"""Bench: cards per second for a long War game and long Money games, on either VM.

    node tests/mpy_run.mjs tests/bench_warmoney.py       (MicroPython 1.28, 240 KB heap)
    python3 tests/bench_warmoney.py                      (CPython, from the repo root)

Games run with a sink that does nothing (so the figure is the engine alone) and every
choice left to its deadline default. On MicroPython, run with ``--loop heap_step`` (as
``make bench`` does), it also prints the heap each game holds at its start and at its
peak, measured after gc.collect() at the start of fresh top-level calls 25 game steps
apart: the WebAssembly VM frees garbage only between top-level calls, so a figure taken
inside one long call would count garbage a device's collector frees.
"""
import gc
import sys

if sys.implementation.name != "micropython":
    sys.path[:0] = ["src"]

from slapstack import games, money, war

try:
    from time import ticks_diff, ticks_us

    def elapsed_us(t0):
        return ticks_diff(ticks_us(), t0)
except ImportError:
    from time import perf_counter

    def ticks_us():
        return perf_counter()

    def elapsed_us(t0):
        return int((perf_counter() - t0) * 1e6)

MEM = hasattr(gc, "mem_alloc")


class NullSink:
    def __call__(self, kind, t, p, a, b, c):
        pass


def play(g):
    g.start(0)
    while not g.over and g.next_due() is not None:
        g.tick(g.next_due())


def bench(name, mod, preset, rules, seed, reps):
    r = mod.make_rules(preset, rules)
    d = mod.deal(r, 2, {"seed": seed})
    played = 0
    t0 = ticks_us()
    for _ in range(reps):
        g = games.game_class(preset)(r, 2, d, NullSink(), mod.TEMPO_MS)
        play(g)
        played += g.cards_played
    us = elapsed_us(t0)
    print("%-38s %6d cards %5d ms %8d cards/s" % (name, played, us // 1000, played * 1000000 // max(us, 1)))


GAMES = (
    ("war (auto, seed 11: 1150 cards)", war, "war", {"turn": "auto"}, 11, 5),
    ("war (auto, shuffle gather, seed 3)", war, "war", {"turn": "auto", "gather": "shuffle"}, 3, 5),
    ("money jordanian, no claims (seed 1)", money, "money", {}, 1, 5),
    ("money jordanian auto_capture (seed 7)", money, "money", {"auto_capture": True}, 7, 2),
    ("money egyptian (seed 7)", money, "money", {"variant": "egyptian"}, 7, 2),
    ("money syrian auto_capture (seed 7)", money, "money", {"variant": "syrian", "auto_capture": True}, 7, 2),
)


class HeapBench:
    """One game at a time: set up, then 25 steps per call, the heap measured as each call
    starts (after gc.collect, so only what the game holds counts)."""

    def __init__(self):
        self.k = 0
        self.game = None
        self.base = self.start = self.peak = 0

    def step(self):
        gc.collect()
        used = gc.mem_alloc()
        if self.k == len(GAMES):
            return True
        name, mod, preset, rules, seed, _ = GAMES[self.k]
        if self.game is None:
            self.base = used
            r = mod.make_rules(preset, rules)
            self.game = games.game_class(preset)(r, 2, mod.deal(r, 2, {"seed": seed}), NullSink(), mod.TEMPO_MS)
            self.game.start(0)
            self.start = -1
            return False
        if self.start < 0:
            self.start = self.peak = used - self.base
        self.peak = max(self.peak, used - self.base)
        g = self.game
        for _ in range(25):
            if g.over or g.next_due() is None:
                print("%-38s game state %5d B dealt, %5d B at its peak" % (name, self.start, self.peak))
                self.game = None
                self.k += 1
                break
            g.tick(g.next_due())
        return False


print("bench_warmoney on %s" % sys.implementation.name)
for spec in GAMES:
    bench(*spec)
if MEM:
    heap_step = HeapBench().step  # driven by `node tests/mpy_run.mjs --loop heap_step`
