"""Engine benchmark, run on CPython and on the MicroPython VM alike (`make bench`).

Prints:
- heap: on MicroPython, gc.mem_alloc() growth from importing the engine a game needs, with
  the game dealt, and at the peak of a 4-player Egyptian Ratscrew game with its replay
  being recorded as the device does: its full chunks are spilled to a file whenever the
  game is quiet (pile empty), so what the record keeps in RAM is a chunk or two, however
  long the game (measured after gc.collect() every 25 steps). Also the whole record's size
  (about 4 bytes an input), which is what it would keep without spilling. Two
  tables: four bots (``--mpy``), and four people (``--mpy people``), who press exactly
  when the bots did (the bot game's inputs, read a line at a time from the replay file
  that the CPython run writes to build/bench), so it is the same game without bot code;
- speed: cards played per second for a long Beggar-my-neighbour game (the 2024 endless
  deal, stopped after a fixed number of cards), engine only.

The heap figures are for the .mpy build ``make flash`` copies, mounted where the board
has it (``node tests/mpy_run.mjs --mount build/flash/rom/lib:/lib``).
"""
import gc
import sys
import time

MICRO = sys.implementation.name == "micropython"
if not MICRO:
    sys.path[:0] = ["src"]
from slapstack import clock  # noqa: E402

LONG_GAME_CARDS = 20000 if MICRO else 100000
GAME = {"game": "ratscrew", "players": 4, "deal": {"seed": 2024}}
BOTS = {0: "normal", 1: "normal", 2: "normal", 3: "normal"}
PEOPLE_FILE = "build/bench/ratscrew4.json"  # the bot game's replay (written on CPython)
PEOPLE = "people" in sys.argv


def now_us():
    return time.ticks_us() if MICRO else int(time.perf_counter() * 1000000)


def elapsed_us(t0):
    return time.ticks_diff(time.ticks_us(), t0) if MICRO else now_us() - t0


def heap():
    gc.collect()
    return gc.mem_alloc() if MICRO else 0


def new_table(bots):
    from slapstack.table import Table
    return Table(GAME["game"], GAME["players"], deal=GAME["deal"], bots=bots,
                 sink=lambda k, t, p, a, b, c: None)


class HeapBench:
    """Steps the game. On MicroPython `make bench` calls step() in fresh top-level calls
    (see tests/mpy_run.mjs --loop), so the gc.collect() at the start of each frees all
    garbage. Phases: 0 measure the empty heap, 1 import the engine that plays, 2 set the
    game up (this imports the rules, deal and card-text modules), 3 measure that and let
    them go (games.forget_setup, as the device does once the cards are dealt), 4 on: play
    (25 bot steps, or 25 people's inputs, a step)."""

    def __init__(self):
        self.phase = 0
        self.base = self.imported = self.dealing = self.peak = 0
        self.table = None
        self.read_at = 0      # people: where the next input's line starts in the file
        self.now = 0          # people: absolute us (a long game passes the 2**30 wrap)
        self.spill = None     # the file the record's full chunks go to, as on the device
        self.record_peak = 0  # the most the record held in RAM at a measurement

    def step(self):
        used = heap() - self.base
        if self.phase == 0:
            self.base = used
        elif self.phase == 1:
            from slapstack import slapgame, table  # noqa: F401  (the engine a game needs)
        elif self.phase == 2:
            self.imported = used
            self.table = new_table(None if PEOPLE else BOTS)
            self.table.start(0)
            self.spill = open("/record.bin", "w+b")
        elif self.phase == 3:
            self.dealing = used
            from slapstack import games
            games.forget_setup()
        else:
            if used > self.peak:
                self.peak = used
                self.record_peak = self.table.inputs.size()
            if PEOPLE:
                self._people_inputs(25)
            else:
                for _ in range(25):
                    if self.table.game.over:
                        break
                    self.table.advance(self.table.next_due())
                    self._spill_if_quiet()
            if self.table.game.over:
                self._report()
                if not PEOPLE:
                    bench_speed()
                return True
            return False
        self.phase += 1
        return False

    def _people_inputs(self, n):
        """Feed the next n inputs of the bot game to the table, as people's presses; when
        they run out the game plays on to its end by itself (as it did with the bots)."""
        with open(PEOPLE_FILE) as f:
            if not self.read_at:
                self.read_at = len(f.readline())  # the head: game, rules, players, deal
            f.seek(self.read_at)
            for _ in range(n):
                line = f.readline()
                if not line.startswith('{"t": '):
                    self._run_to(None)
                    return
                self.read_at += len(line)
                t_ms, action, seat = line[6:].split(", ")[:3]
                whole, _, frac = t_ms.partition(".")
                self._run_to(int(whole) * 1000 + int((frac + "000")[:3]))
                seat = int(seat[5:seat.index("}")])
                if action == '"a": "press"':
                    self.table.press(seat, clock.wrap(self.now))
                else:
                    self.table.release(seat, clock.wrap(self.now))
                self._spill_if_quiet()

    def _spill_if_quiet(self):
        if self.table.inputs.chunks and self.table.game.quiet():
            self.table.inputs.spill(self.spill)

    def _run_to(self, t):
        """Play what is due up to absolute time t (None: to the end of the game), due by
        due, so each step stays inside the wrapped clock's range."""
        table = self.table
        while not table.game.over:
            due = table.next_due()
            d = clock.diff(due, clock.wrap(self.now))
            if t is not None and self.now + d > t:
                self.now = t
                return
            self.now += max(d, 0)
            table.advance(due)
            self._spill_if_quiet()

    def _report(self):
        g = self.table.game
        log = self.table.inputs
        whole = (log.stored + len(log.chunks)) * 512 + log.used
        who = "4 people" if PEOPLE else "4 bots"
        print("heap after importing the engine a table of %s needs: %d bytes" % (who, self.imported))
        print("heap with the game dealt, rules modules still loaded: %d bytes" % self.dealing)
        print("heap at the peak of a 4-player ratscrew game, %s (%d cards, winner seat %d): %d bytes,"
              " of which %d are its replay record in RAM (spilled when quiet); %d without it."
              " The whole record: %d inputs in %d bytes"
              % (who, g.cards_played, g.winner, self.peak, self.record_peak, self.peak - self.record_peak,
                 self.table.input_count(), whole))


def write_people_file():
    """Play the bot game on CPython (the engine is deterministic on both VMs) and save its
    replay: the MicroPython people run presses from it."""
    import os
    from slapstack import replay_writer
    table = new_table(BOTS)
    table.start(0)
    while not table.game.over:
        table.advance(table.next_due())
    os.makedirs(os.path.dirname(PEOPLE_FILE), exist_ok=True)
    with open(PEOPLE_FILE, "w") as f:
        replay_writer.write(table, f)
    print("wrote %s: the bot game's %d inputs (%d cards, winner seat %d)"
          % (PEOPLE_FILE, table.input_count(), table.game.cards_played, table.game.winner))


def bench_speed():
    from slapstack import slapgame, slaprules
    a = "---K---Q-KQAJ-----AAJ--J--"
    b = "----------Q----KQ-J-----KA"
    nums = ["2", "3", "4", "5", "6", "7", "8", "9", "10"] * 4
    suits = {}  # rank -> the suits not dealt yet, so the two hands make one real pack
    hands = []
    for s in (a, b):
        hand = []
        for ch in s:
            rank = nums.pop() if ch == "-" else ch
            hand.append(rank + suits.setdefault(rank, list("CDHS")).pop())
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
    write_people_file()
