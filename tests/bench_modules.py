"""Where the firmware's heap goes, module by module, on the MicroPython VM (figures, not pass/fail).

    python tools/flash.py --dry-run        # compiles to build/flash, then:
    node tests/mpy_run.mjs --mount build/flash/rom/lib:/lib --loop step tests/bench_modules.py mpy
    node tests/mpy_run.mjs --loop step tests/bench_modules.py          # from source

Each module is imported in a fresh top-level call (the VM frees garbage only between them,
see tests/mpy_run.mjs --loop), in dependency order, so its figure is what it alone adds to
``gc.mem_alloc()``: bytecode, constants, globals, and the names it interns. Interned names
(qstrs) are never freed and their pools grow by doubling, so the module that happens to
open a new pool shows that pool's cost. Then the App on the stand-in board of
tests/mpy_app_hotpath.py (menu on screen), a 4-player Ratscrew game (seed 2024, one idle
person, three bots) and its peak, each with the modules that came or went; then the
game's end, which writes stats.json and last_replay.json to the stand-in's flash, the
replay with slapstack.replay_writer, imported for it. The VM frees nothing inside a call, so
that moment is measured in steps, each starting a call of its own: the heap the game left;
then the App's game over runs up to writing the replay (the benchmark holds the writing
back), so the next call sees the replay code imported; then the replay is written, and the
heap as its first input goes out, garbage since that call's start included, is the most.
micropython.qstr_info() after the game gives the interned names (they only grow). Last the
modules only the real board imports (``machine`` stubbed: only their code is measured),
as they stay during a game: with the modules used only at power-up (pinmap,
spi_clock), each imported and dropped, so what stays is the names they interned.
"""
import gc
import sys

import micropython

if len(sys.argv) > 1 and sys.argv[1] == "mpy":
    sys.path[:] = ["/lib", "/tests"]  # the build, where the board has it (not /fw)

import mpy_app_hotpath as stand_in  # noqa: E402  # the stand-in board: not the firmware's heap

ENGINE = ("slapstack.events", "slapstack.clock", "slapstack.prng", "slapstack.options",
          "slapstack.games", "slapstack.bots", "slapstack.inputlog", "slapstack.table",
          "slapstack.replay_writer")
FIRMWARE = ("drawing.font", "drawing.text", "drawing.gfx", "painters.view", "painters.renderer", "painters.menu_painter", "hid.sound",
            "hid.leds", "storage.store", "storage.stats", "storage.settings", "painters.menu_list", "app.watch", "app.loop",
            "app.menu_screens", "app.player_settings", "app.dealing", "app.game_end")
BOARD = ("drivers.panel", "drivers.st7789", "hid.buttons", "hardware.board")
POWER_UP = ("hardware.pinmap", "hardware.board_setup", "drivers.spi_clock")  # imported at power-up, then dropped
LOADED_WHEN_USED = ("app.watch", "app.game_end", "slapstack.replay_writer")  # imported above to measure them; a game has none


def heap():
    gc.collect()
    return gc.mem_alloc()


def kb(n):
    return "%5.1f KB" % (n / 1000)


def _import(name):
    try:
        __import__(name)
    except ImportError as e:  # a module this build does not have
        print("  (%s: %s)" % (name, e))


def _imports(group, names):
    for name in names:
        yield group, name, lambda name=name: _import(name)


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
        yield "", None, self._ready
        yield "app", "App built, menu on screen", self._build
        yield "app", "4-player game started", self._start
        yield "", None, self._play
        yield "", None, lambda: print("the real board's modules (the stand-in board does without them):")
        yield "", None, self._stubs
        yield from _imports("board", BOARD)
        for name in POWER_UP:
            yield "board", name + " (power-up only)", lambda name=name: _import(name)
            yield "board", "  dropped, its names stay", lambda name=name: _unload((name,))
        yield "board", "menu, setup modules dropped", self._game_again
        yield "", None, lambda: print("board modules during a game %s" % kb(self.sums["board"]))

    def _stubs(self):
        import board_stubs
        board_stubs.install()

    def _game_again(self):
        _unload(("painters.menu_list", "storage.settings"))  # as a game does
        from slapstack import games
        games.forget_setup()  # as a game does

    def _ready(self):
        _unload(LOADED_WHEN_USED)  # as the App lets them go

    def _build(self):
        from app import loop
        self.clock = stand_in.Clock()
        loop.time = self.clock
        self.app = loop.App(stand_in.Board(self.clock))

    def _start(self):
        print("  (firmware and engine so far %s)" % kb(self.last - self.base))
        self.app.settings["players"] = 4
        self.app.settings["humans"] = 1
        self.app.start_game(2024)

    def _play(self):
        start = self.last
        peak = 0
        app = self.app
        table = app.session.table
        game_over = app.game_over
        app.game_over = _later  # the table's screen ends with it: run below, in a call of its own
        while not table.game.over and table.game.cards_played < 1500:
            yield  # a fresh top-level call, where the heap is exact
            peak = max(peak, heap())
            for _ in range(200):
                if table.game.over:
                    break
                self.clock.us += 1000
                app.screen.step(app, self.clock.us)
        print("  %-28s %s  (%d cards, %d inputs recorded)" % ("game peak over its start", kb(peak - start),
                                                            table.game.cards_played, table.input_count()))
        print("peak in all %s" % kb(peak - self.base))
        if table.game.over:
            yield
            before = heap()
            held = _hold_back("last_replay.json")
            drop_record = app.session.drop_record
            app.session.drop_record = _later  # the spilled record goes after the held-back writing
            game_over()
            yield
            imported = heap()
            writing = _write_measured(app.store(), "last_replay.json", held[0])
            drop_record()
            print("  %-28s %s at most: %s the game left, %s with the replay code (%s)"
                  % ("game over, writing the replay", kb(writing - self.base), kb(before - self.base),
                     kb(imported - self.base),
                     " and ".join(name for name in ("stats.json", "last_replay.json")
                                  if app.store().exists(name)) + " saved"))
        micropython.qstr_info()
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


def _later():
    pass


def _unload(names):
    from slapstack import unload
    unload(names)


def _hold_back(name):
    """Have the App's Store keep the writer of file ``name`` instead of writing it (as if
    saved); returns [the writer]. Imports store.py, as the App's game over then does."""
    from storage import store
    held = [None]
    save_with = store.Store.save_with

    def holding(self, n, write):
        if n != name:
            return save_with(self, n, write)
        held[0] = write
        store.Store.save_with = save_with
        return None
    store.Store.save_with = holding
    return held


class _Counted:
    """A file noting gc.mem_alloc() at its second write (the first input, after the head)."""

    def __init__(self, f):
        self.f = f
        self.writes = 0
        self.heap = 0

    def write(self, s):
        self.writes += 1
        if self.writes == 2:
            self.heap = gc.mem_alloc()
        return self.f.write(s)


def _write_measured(store, name, write):
    """Write file ``name`` with ``write``; returns the heap as its first input went out."""
    counted = []

    def measured(f):
        counted.append(_Counted(f))
        write(counted[0])
    store.save_with(name, measured)
    return counted[0].heap


bench = Bench()
step = bench.step
