"""Bench: cards per second for a long War game and long Money games, on either VM.

    node tests/mpy_run.mjs tests/bench_warmoney.py       (MicroPython 1.28, 240 KB heap)
    python3 tests/bench_warmoney.py                      (CPython, from the repo root)

Games run with a sink that does nothing (so the figure is the engine alone) and every
choice left to its deadline default. On MicroPython it also prints the heap a game
holds (after gc.collect) and the peak of gc.mem_alloc() sampled at every event while it
plays (that peak includes garbage not yet collected, e.g. the choice lists of a buy).
"""
import gc
import sys

if sys.implementation.name != "micropython":
    sys.path[:0] = ["src"]

from slapstack import money, war

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


class PeakSink:
    def __init__(self):
        self.peak = 0

    def __call__(self, kind, t, p, a, b, c):
        m = gc.mem_alloc()
        if m > self.peak:
            self.peak = m


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
        g = mod.Game(r, 2, d, NullSink())
        play(g)
        played += g.cards_played
    us = elapsed_us(t0)
    line = "%-34s %6d cards %5d ms %8d cards/s" % (name, played, us // 1000, played * 1000000 // max(us, 1))
    if MEM:
        gc.collect()
        base = gc.mem_alloc()
        sink = PeakSink()
        g = mod.Game(r, 2, d, sink)
        gc.collect()
        held = gc.mem_alloc() - base
        play(g)
        line += "   game holds %5d B, peak while playing +%5d B" % (held, sink.peak - base)
    print(line)


def main():
    print("bench_warmoney on %s" % sys.implementation.name)
    bench("war (auto, seed 11: 1150 cards)", war, "war", {"turn": "auto"}, 11, 5)
    bench("war (auto, shuffle gather, seed 3)", war, "war", {"turn": "auto", "gather": "shuffle"}, 3, 5)
    bench("money jordanian, no claims (seed 1)", money, "money", {}, 1, 5)
    bench("money jordanian auto_capture (seed 7)", money, "money", {"auto_capture": True}, 7, 2)
    bench("money egyptian (seed 7)", money, "money", {"variant": "egyptian"}, 7, 2)
    bench("money syrian auto_capture (seed 7)", money, "money", {"variant": "syrian", "auto_capture": True}, 7, 2)


main()
