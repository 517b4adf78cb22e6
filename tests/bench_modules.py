"""Where the firmware's heap goes, module by module, on the MicroPython VM (figures, not pass/fail).

    python firmware/flash.py --dry-run        # compiles to build/flash, then:
    node tests/mpy_run.mjs --mount build/flash/lib:/mpy --loop step tests/bench_modules.py mpy
    node tests/mpy_run.mjs --loop step tests/bench_modules.py          # from source

Each module is imported in a fresh top-level call (the VM frees garbage only between them,
see tests/mpy_run.mjs --loop), in dependency order, so its figure is what it alone adds to
``gc.mem_alloc()``: bytecode, constants, globals, and the names it interns. Interned names
(qstrs) are never freed and their pools grow by doubling, so the module that happens to
open a new pool shows that pool's cost. Then the App on the stand-in board of
tests/mpy_app_hotpath.py (menu on screen), a 4-player Ratscrew game (seed 2024, one idle
person, three bots) and its peak, each with the modules that came or went; last the
modules only the real board imports (``machine`` stubbed: only their code is measured).
"""
import gc
import os
import sys

if len(sys.argv) > 1 and sys.argv[1] == "mpy":
    sys.path[:] = ["/mpy", "/mpy/lib", "/tests"]
elif "/fw" not in sys.path:
    sys.path.append("/fw")

ENGINE = ("slapstack.events", "slapstack.clock", "slapstack.prng", "slapstack.options",
          "slapstack.games", "slapstack.bots", "slapstack.table", "slapstack.replay")
FIRMWARE = ("font", "gfx", "view", "renderer", "sound", "leds", "store", "stats", "settings",
            "menu", "recording", "watch", "app")
BOARD = ("pinmap", "panel", "st7789", "buttons", "board")


def heap():
    gc.collect()
    return gc.mem_alloc()


def kb(n):
    return "%5.1f KB" % (n / 1024)


def _stubs():
    """``machine`` with the names the board's modules import (never called here), and
    ``micropython`` with the one function this VM's lacks."""
    try:
        os.mkdir("/stubs")
    except OSError:
        pass
    with open("/stubs/machine.py", "w") as f:
        f.write("Pin = PWM = SPI = WDT = mem32 = None\nWDT_RESET = 3\n"
                "def disable_irq():\n    return 0\ndef enable_irq(s):\n    pass\n")
    with open("/stubs/upy_stub.py", "w") as f:
        f.write("from micropython import *\ndef alloc_emergency_exception_buf(n):\n    pass\n")
    sys.path.append("/stubs")
    import upy_stub
    sys.modules["micropython"] = upy_stub


def _imports(group, names):
    for name in names:
        yield group, name, lambda name=name: __import__(name)


class Bench:
    def __init__(self):
        self.sums = {}
        self.base = heap()
        self.last = self.base
        self.mods = set(sys.modules)
        self.app = None
        self.clock = None
        self.steps = self._steps()
        self.pending = None
        self.label = None
        self.group = None

    def report(self, label, group, now):
        d = now - self.last
        self.sums[group] = self.sums.get(group, 0) + d
        mods = set(sys.modules)
        extra = "".join("  +" + m for m in sorted(mods - self.mods))
        extra += "".join("  -" + m for m in sorted(self.mods - mods))
        print("  %-28s %s%s" % (label, kb(d), extra))
        self.mods = mods
        self.last = now

    def _steps(self):
        """(group, label, action) in order; each action runs in its own top-level call."""
        yield from _imports("engine", ENGINE)
        yield from _imports("firmware", FIRMWARE)
        yield "", None, lambda: print("engine modules the firmware imports %s, firmware modules %s"
                                          % (kb(self.sums["engine"]), kb(self.sums["firmware"])))
        yield "", None, self._stand_in
        yield "app", "App built, menu on screen", self._build
        yield "app", "4-player game started", self._start
        yield "", None, self._play
        yield "", None, lambda: print("the real board's modules (the stand-in board does without them):")
        yield "", None, _stubs
        yield from _imports("board", BOARD)
        yield "", None, lambda: print("board modules %s" % kb(self.sums["board"]))

    def _stand_in(self):
        import mpy_app_hotpath  # noqa: F401  # not counted

    def _build(self):
        import app
        import mpy_app_hotpath as stand_in
        self.clock = stand_in.Clock()
        app.time = self.clock
        self.app = app.App(stand_in.Board(self.clock))

    def _start(self):
        print("  (firmware and engine so far %s)" % kb(self.last - self.base))
        self.app.settings["players"] = 4
        self.app.settings["humans"] = 1
        self.app.start_game(2024)

    def _play(self):
        start = self.last
        peak = 0
        table = self.app.table
        while not table.game.over and table.game.cards_played < 1500:
            yield  # a fresh top-level call, where the heap is exact
            peak = max(peak, heap())
            for _ in range(200):
                if table.game.over:
                    break
                self.clock.us += 1000
                self.app._play(self.clock.us)
        print("  %-28s %s  (%d cards, %d inputs recorded)" % ("game peak over its start", kb(peak - start),
                                                            table.game.cards_played, table.input_count()))
        print("peak in all %s" % kb(peak - self.base))
        self.app = None

    def step(self):
        now = heap()  # first thing in a fresh top-level call: exact
        if self.pending is not None:  # an action that runs over several calls
            try:
                next(self.pending)
            except StopIteration:
                self.pending = None
            return False
        if self.label is not None:
            self.report(self.label, self.group, now)
        self.last = now
        self.mods = set(sys.modules)
        try:
            self.group, self.label, action = next(self.steps)
        except StopIteration:
            return True
        result = action()
        if result is not None and hasattr(result, "__next__"):
            self.pending = result
        return False


bench = Bench()
step = bench.step
