"""Engine benchmark, run on CPython and on the MicroPython VM alike (`make bench`).

Prints:
- heap: on MicroPython, gc.mem_alloc() growth from importing the engine that plays a game
  (table, game, bots; from .py, or from mpy-cross output when run with --mpy), with a
  game dealt, and at the peak of a 4-player Egyptian Ratscrew game between bots with its
  replay being recorded (measured after gc.collect() every 25 steps), with and without
  the recorded inputs (they grow with the game's length: about 4 bytes an input);
- speed: cards played per second for a long Beggar-my-neighbour game (the 2024 endless
  deal, stopped after a fixed number of cards), engine only.
"""
import gc
import sys
import time

MICRO = sys.implementation.name == "micropython"
if "--mpy" in sys.argv:
    sys.path.insert(0, "/mpylib")  # compiled .mpy files, as `make flash` puts on the device
LONG_GAME_CARDS = 20000 if MICRO else 100000


def now_us():
    return time.ticks_us() if MICRO else int(time.perf_counter() * 1000000)


def elapsed_us(t0):
    return time.ticks_diff(time.ticks_us(), t0) if MICRO else now_us() - t0


def heap():
    gc.collect()
    return gc.mem_alloc() if MICRO else 0


class HeapBench:
    """Steps a 4-player ratscrew game between bots, recording its replay as the device
    does. On MicroPython `make bench` calls step() in fresh top-level calls (see
    tests/mpy_run.mjs --loop), so the gc.collect() at the start of each frees all garbage.
    Phases: 0 measure the empty heap, 1 import the engine that plays, 2 set the game up
    (this imports the rules, deal and card-text modules), 3 measure that and let them go
    (games.forget_setup, as the device does once the cards are dealt), 4 on: play."""

    def __init__(self):
        self.phase = 0
        self.base = self.imported = self.dealing = self.peak = 0
        self.table = None

    def step(self):
        used = heap() - self.base
        if self.phase == 0:
            self.base = used
        elif self.phase == 1:
            from slapstack import slapgame, table  # noqa: F401  (the engine a game needs)
        elif self.phase == 2:
            self.imported = used
            from slapstack.table import Table
            self.table = Table("ratscrew", 4, deal={"seed": 2024}, sink=lambda k, t, p, a, b, c: None,
                               bots={0: "normal", 1: "normal", 2: "normal", 3: "normal"})
            self.table.start(0)
        elif self.phase == 3:
            self.dealing = used
            from slapstack import games
            games.forget_setup()
        else:
            self.peak = max(self.peak, used)
            g = self.table.game
            for _ in range(25):
                if g.over:
                    break
                self.table.advance(self.table.next_due())
            if g.over:
                record = self.table.inputs.size()
                print("heap after importing the engine: %d bytes" % self.imported)
                print("heap with the game dealt, rules modules still loaded: %d bytes" % self.dealing)
                print("heap at the peak of a 4-player ratscrew game (%d cards): %d bytes, of which"
                      " %d are its replay's %d inputs; %d without them"
                      % (g.cards_played, self.peak, record, self.table.input_count(), self.peak - record))
                bench_speed()
                return True
            return False
        self.phase += 1
        return False


def bench_speed():
    from slapstack import slapgame, slaprules
    a = "---K---Q-KQAJ-----AAJ--J--"
    b = "----------Q----KQ-J-----KA"
    hands = []
    for k in range(2):
        s = (a, b)[k]
        nums = ["2", "3", "4", "5", "6", "7", "8", "9", "10"] * 4
        hand = []
        for i in range(len(s)):
            hand.append((nums.pop() if s[i] == "-" else s[i]) + "CDHS"[(i + k) % 4])
        hands.append(hand)
    rules = slaprules.make_rules("beggar")
    g = slapgame.Game(rules, 2, slaprules.deal(rules, 2, {"hands": hands}), lambda k, t, p, a, b, c: None)
    g.start(0)
    t0 = now_us()
    while g.cards_played < LONG_GAME_CARDS:
        g.tick(g.next_due())
    us = elapsed_us(t0)
    print("beggar-my-neighbour: %d cards in %d ms = %d cards/s"
          % (g.cards_played, us // 1000, g.cards_played * 1000000 // us))


print("runtime: %s %s" % (sys.implementation.name, sys.version.split(" ")[0]))
if MICRO:
    heap_step = HeapBench().step  # driven by `node tests/mpy_run.mjs --loop heap_step`
else:
    bench_speed()
