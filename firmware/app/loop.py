"""The SlapStack App: one tight loop (no asyncio) and the screen it is on.

Each pass feeds the watchdog, runs a pass of the screen that is up (screen.py: a game's
is its session's, session.py; a menu's lets the seats' presses go), hands it a console
key unless it polls its own (the hardware test), and while a waiting screen (a menu, the
winner, the summary) has the player idle, lets it load the code of the screens it leads to
and collects the garbage (``_while_waiting``); then moves the sound and LEDs on and saves
changed settings once the menus are left alone. ``App.idle`` waits for the next pass:
during play as long as the session says (just until the table's next action), else
``machine.idle()`` (the next interrupt, or the 1 ms tick).

What the App itself keeps is what outlives a screen: the board, the settings and
statistics, the game at the table (its ``session``) and its story (``summary``), the
evening's score. The screens come and go with ``change``; the table's events reach
``on_event``, which hands them to the game's presenter (presenter.py) and its story. Any
error is caught here: it is shown, logged to ``error.log`` and a key returns to the menu.
The menus' code (menus.py), a game's session, presenter and end, and the error's handling
are imported when needed and let go when not (unload.py): no menu keeps a game's code in
the heap, and no game the menus'.
"""
import gc
import time

from micropython import const

from slapstack import events as E
from slapstack.summary import Summary
from slapstack.table import Table

from storage.files import ERROR_LOG, RECORD_FILE
from app.screen import Error, Notice, Screen
from app.unload import let_go_of_game
from hid.keys import KEYS
from drawing.gfx import BAND_BYTES

_SAVE_AFTER_US = const(2000000)   # settings are written once the menu has been left alone this long
_SEATS = const(4)


class App:
    def __init__(self, board):
        self.b = board
        self.r = board.renderer
        self.game_names = self.settings = self.stats = None  # menus.power_up
        self.summary = Summary()          # the game's story per seat, for its end (summary_screen.py)
        self.evening = [0] * _SEATS       # games won per seat since power-on
        self.evening_games = 0
        self.balance = None        # the evening balance (slapstack/balance.py) from the first slap game's end
        self.session = None        # the game or replay at the table (session.py), or None
        self.screen = Screen()     # the screen up (screen.py): the main menu's from power_up on
        self.error = Error()       # the error screen, made now: an error may leave no heap (crash)
        self.tidy = False          # the garbage collected since the last key (_while_waiting)
        self.ticks = time          # the clock (app.time: a benchmark's stand-in reaches the menu code)
        self.boot_us = self.now = time.ticks_us()
        self.boot_ms = time.ticks_ms()
        self.settings_changed_at = None
        self.recovering = False    # the error screen's OK led to the menu, and no key since (crash)
        # bound methods allocate when taken, so take the button callbacks once
        self._on_key_cb = self._on_key
        self._ignore_cb = self._ignore
        try:
            self.menus().power_up(self)  # settings, statistics, notices, the main menu
        except Exception as e:  # (no file does this: the readers check all; a fault of the code's)
            self.crash(e)

    def menus(self):
        """menus.py: the menus' screens and what they start, imported again if a game let
        it go."""
        from app import menus
        return menus

    def deal(self, game, players, **options):
        """A new Table (menus.start_game deals through this: a host test deals its own)."""
        return Table(game, players, **options)

    def store(self):
        """The files on the board's flash (store.py's Store), imported when they are read or
        written: a game starting lets the module go (unload.MENU_ONLY)."""
        from storage import store
        return store.Store(self.b.flash)

    # --- the loop ----------------------------------------------------------------------

    def run(self):
        self.b.start_watchdog()
        try:
            self._loop()
        except KeyboardInterrupt:  # Ctrl-C (mpremote), wherever it lands, even in crash()
            self.b.stop_watchdog()
            raise

    def _loop(self):
        while True:
            try:
                while True:
                    self.step()
                    self.idle()
            except Exception as e:  # show it, log it, back to the menu on a key
                self.crash(e)

    def step(self):
        b = self.b
        b.feed()
        self.now = now = time.ticks_us()
        self.screen.step(self, now)
        if not self.screen.own_keys:  # (an edge the hardware test has not polled yet is the test's)
            b.keys.poll(now, self._on_key_cb)
        if self.screen.waits:
            self._while_waiting()
        now = time.ticks_us()
        b.sound.service(now)
        b.leds.service(now)
        if self.settings_changed_at is not None and \
                time.ticks_diff(now, self.settings_changed_at) > _SAVE_AFTER_US:
            self.menus().save_settings(self)

    def _while_waiting(self):
        """While a menu, the winner or the summary waits for the player, with no key down:
        load the code of the screens it leads to, one module a pass (``Screen.ahead``), so
        that opening one loads nothing from the flash (on the chip the Rules menu's code took
        58 ms of its opening, War's or Money's rules 65 ms more); then collect the garbage
        the last key's screen left, once, so that the next screen does not stop for a
        collection (16 ms on the chip with the menus' code loaded). Once collected, nothing
        more until the next key (which may choose another game, or start one)."""
        if self.tidy or not self.b.keys.quiet():
            return
        if self.screen.ahead(self):
            return
        self.tidy = True
        gc.collect()

    def idle(self):
        """Wait for the next pass: as the screen says (in play ``Session.wait``: just until
        the table's next action, when that is sooner than a tick), else ``machine.idle()``,
        which sleeps until an interrupt or the next 1 ms tick."""
        if not self.screen.wait(self):
            self.b.idle()

    def _ignore(self, seat, pressed, t):
        pass

    def drop_presses(self, now):
        """The seats' presses up to ``now`` mean nothing (before a deal, while paused, in a menu)."""
        self.b.slaps.poll(now, self._ignore_cb)

    def _on_key(self, index, pressed, t):
        if pressed:
            self.key(KEYS[index])

    def key(self, name):
        """A console key (screens.menu's names) for the screen up."""
        self.tidy = False  # the screen it brings leaves garbage (_while_waiting)
        if self.screen is not self.error:
            self.recovering = False
        self.screen.key(self, name)

    # --- screens -----------------------------------------------------------------------------

    def change(self, screen):
        """Switch to ``screen``: the one up is closed (what it holds let go), then ``screen``
        opened (on the panel at once)."""
        old = self.screen
        self.screen = screen
        self.tidy = False
        old.close(self)
        screen.open(self)

    def show_menu(self, at="play"):
        """Leave the game (if any) for the main menu, the cursor on the entry whose action is
        ``at``; the table goes before the menu code comes in."""
        self.leave_game()
        self.menus().show_menu(self, at)

    def notice(self, title, lines, then=None):
        """A message that stays until a key; then ``then(app)`` (default: the main menu)."""
        self.change(Notice(title, lines, then))

    # --- starting and ending a game --------------------------------------------------------

    def start_game(self, seed=None):
        """A new game with the menu's settings (menus.start_game deals it). The screen up
        (the last game's winner or summary, a menu) and the last game's table go first, so
        that neither is in the heap beside the menu code and the deal."""
        self.change(Screen())
        self.leave_game()
        self.menus().start_game(self, seed)

    def leave_game(self):
        """Let the last game go: its session (its table, view, presenter, input record, a
        replay's file), and its own code (its screens and presenter, the game's end, a
        replay's reading: unload.GAME_ONLY)."""
        s = self.session
        self.session = None
        if s is not None:
            s.close()
        else:  # (a record an error, or a power cut, left behind)
            self.store().drop_scratch(RECORD_FILE, None)
        self.r.leave_table()
        let_go_of_game()
        self.r.g.bands(BAND_BYTES)  # the menus' smaller bands (menus.begin)

    def game_over(self):
        """The game at the table has ended (its screen's pass found it over): game_end.py
        puts its end on screen and saves it, imported for this (it goes with the game:
        unload.GAME_ONLY)."""
        from app import game_end
        game_end.over(self)

    # --- engine events -> the game's presenter (called inside table.advance/press) -----------

    def on_event(self, kind, t, p, a, b, c):
        """The table's sink: every event to the game's presenter (presenter.py) and to its
        story (``summary``), a card to the presenter first, so it is out before it is counted."""
        if kind == E.CARD:
            self.session.presenter.event(kind, t, p, a, b, c)
            self.summary.event(kind, t, p, a, b, c)
        else:
            self.summary.event(kind, t, p, a, b, c)
            self.session.presenter.event(kind, t, p, a, b, c)

    # --- errors ----------------------------------------------------------------------------

    def crash(self, e):
        """An uncaught error: crash.py shows it, logs it and saves the game it stopped (one
        played, not yet over), and a key then returns to the menu. Only an error needs that
        code, so it is imported now; if there is no heap even for that (the error may be a
        MemoryError), the game is let go and one line naming the error is shown and added
        to the log instead."""
        try:
            self.r.rest()  # room to save the game in
        except Exception:
            pass
        playing = self.screen.game_in_play
        try:
            self.screen.close(self)
        except Exception:
            pass
        self.screen = err = self.error
        err.again = self.recovering  # (menus.after_error: the menu then comes with the defaults)
        try:
            from app import crash
            err.lines = crash.handle(self, e, playing)
        except Exception:  # no heap for it, or whatever it met: the one line
            err.lines = self._crash_line(e)
        try:
            err.open(self)
        except Exception:
            pass

    def _crash_line(self, e):
        """The error as one line at the end of the log (unbounded, but the next error's
        bounded append trims it); the error screen's lines."""
        self.session = None
        gc.collect()
        line = "%s: %s" % (type(e).__name__, e)
        try:
            with open(self.b.flash + ERROR_LOG, "a") as f:
                f.write("--- error\n%s\n" % line)
        except Exception:
            pass
        return [line, "Saved in error.log", "OK: back to the menu"]
