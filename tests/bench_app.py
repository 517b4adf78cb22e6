"""Heap of the whole firmware application on the MicroPython VM (figures, not pass/fail).

    node tests/mpy_run.mjs --mount firmware:/fw --loop step tests/bench_app.py
    python tools/flash.py --dry-run           # compiles to build/flash, then:
    node tests/mpy_run.mjs --mount build/flash/rom/lib:/lib --loop step tests/bench_app.py mpy

Prints gc.mem_alloc() growth from importing the firmware (App, menus, renderer, engine),
after the App is built (menu on screen), and the peak during a 4-player Ratscrew game (one
idle person, three bots) driven through the App's own loop body on a stand-in board
(null panel, PWM stubs, no buttons), measured at the start of fresh top-level calls
(see tests/mpy_run.mjs --loop) after gc.collect(). The stand-in board's own code is
imported before the first measurement, so it is not counted; the real board's modules
(board, buttons, panel, st7789: the stand-in does without them) are imported after the
game, with ``machine`` stubbed (tests/board_stubs.py), with what the modules used only at
power-up (pinmap, spi_clock) leave behind once dropped (the
names they interned), and their cost is printed apart: on the device the game's peak is
the sum of the two. With "mpy" the modules come from the .mpy files make flash puts on the device
instead of source.
"""
import gc
import sys

MPY = len(sys.argv) > 1 and sys.argv[1] == "mpy"
if MPY:
    sys.path[:] = ["/lib", "/tests"]  # the build, where the board has it (not /fw)

import mpy_app_hotpath as stand_in  # noqa: E402  # the stand-in board: not the firmware's heap

BOARD = ("drivers.panel", "drivers.st7789", "hid.buttons", "hardware.board")
POWER_UP = ("hardware.pinmap", "hardware.board_setup", "drivers.spi_clock")  # imported at power-up, then dropped


def heap():
    gc.collect()
    return gc.mem_alloc()


class Bench:
    def __init__(self):
        self.base = heap()
        self.stage = 0
        self.module = None
        self.app = None
        self.clock = None
        self.peak = 0
        self.figures = []

    def step(self):
        used = heap() - self.base
        if self.stage == 0:
            from app import loop
            self.module = loop
            self.stage = 1
            return False
        if self.stage == 1:
            self.figures.append(("importing the firmware", used))
            app = self.module
            self.clock = stand_in.Clock()
            app.time = self.clock
            self.app = app.App(stand_in.Board(self.clock))
            self.stage = 2
            return False
        if self.stage == 2:
            self.figures.append(("with the App built (menu on screen)", used))
            self.app.settings["players"] = 4
            self.app.settings["humans"] = 1
            self.app.start_game(2024)
            self.stage = 3
            return False
        if self.stage == 3:
            self.peak = max(self.peak, used)
            table = self.app.session.table
            for _ in range(200):
                if table.game.over:
                    break
                self.clock.us += 1000
                self.app.screen.step(self.app, self.clock.us)
            if not table.game.over and table.game.cards_played < 1500:
                return False
            self.figures.append(("peak during a 4-player game (%d cards, %d inputs recorded)"
                                 % (table.game.cards_played, table.input_count()), self.peak))
            self.stage = 4
            return False
        if self.stage == 4:
            import board_stubs  # first, so the stubs are not counted
            board_stubs.install()
            self.stage = 5
            return False
        if self.stage == 5:
            self.board_base = used
            for name in BOARD + POWER_UP:
                __import__(name)
            from slapstack import unload
            unload(POWER_UP)  # let go after power-up: only the names they interned stay
            unload(("painters.menu_list", "storage.settings"))  # as a game does
            # and the game drops it: as on the device
            from slapstack import games
            games.forget_setup()  # and what settings.py brought of the engine's setup
            self.stage = 6
            return False
        board = used - self.board_base
        print("firmware heap, modules from %s:" % ("the .mpy files make flash puts on the device" if MPY
                                                  else ".py source"))
        for name, n in self.figures:
            print("heap %s: %d bytes" % (name, n))
        print("heap of the real board's modules (%s, and the names %s left), which the stand-in does"
              " without: %d bytes; on the device the peak is about %d bytes"
              % (", ".join(BOARD), ", ".join(POWER_UP), board, self.peak + board))
        return True


bench = Bench()
step = bench.step
