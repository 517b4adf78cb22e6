"""The SlapStack App: one tight loop (no asyncio) and the screen it is on.

Each pass feeds the watchdog, runs a pass of the screen that is up (screen.py: a game's
is its session's, session.py; a menu's lets the seats' presses go), hands it a console
key unless it polls its own (the hardware test), and while a waiting screen (a menu, the
winner, the summary) has the player idle, lets it load the code of the screens it leads to
and collects the garbage (``_while_waiting``); then moves the sound and LEDs on and saves
changed settings once the menus are left alone. ``App.idle`` waits for the next pass:
during play as long as the session says (just until the table's next action); on a waiting
screen with its code loaded and its garbage collected, until a key, a note or a blink is
due (at most _IDLE_NAP_US); else ``machine.idle()`` (the next interrupt, or the 1 ms tick).

What the App itself keeps is what outlives a screen: the board, the settings and
statistics, the game at the table (its ``session``) and its story (``summary``), the
evening's score. The screens come and go with ``change``; the table's events reach
``on_event``, which hands them to the game's presenter (presenter.py) and its story. Any
error is caught here: it is shown, logged to ``error.log`` and a key returns to the menu.
The menus' code (menu_screens.py, player_settings.py, dealing.py), a game's session,
presenter and end, and the error's handling are imported when needed and let go when not
(unload.py): no menu keeps a game's code in the heap, and no game the menus'.
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
from hid.sound import KEY
from drawing.gfx import BAND_BYTES

_SAVE_AFTER_US = const(2000000)   # settings are written once the menu has been left alone this long
_SEATS = const(4)
_IDLE_NAP_US = const(50000)       # the longest sleep on a menu, the winner or the summary (what
# is timed there, the settings' save and the winner's moving on, is seconds away)


class App:
    def __init__(self, board):
        self.b = board
        self.r = board.renderer
        self.game_names = self.settings = self.stats = None  # player_settings.load
        self.summary = Summary()          # the game's story per seat, for its end (summary_table.py)
        self.evening = [0] * _SEATS       # games won per seat since power-on
        self.evening_games = 0
        self.balance = None        # the evening balance (slapstack/balance.py) from the first slap game's end
        self.session = None        # the game or replay at the table (session.py), or None
        self.screen = Screen()     # the screen up (screen.py): the main menu's from power_up on
        self.error = Error()       # the error screen, made now: an error may leave no heap (crash)
        self.tidy = False          # the garbage collected since the last key (_while_waiting)
        self.ticks = time          # the clock the menus' code reads (a benchmark's stand-in reaches it)
        self.boot_us = self.now = time.ticks_us()
        self.boot_ms = time.ticks_ms()
        self.settings_changed_at = None
        self.recovering = False    # the error screen's OK led to the menu, and no key since (crash)
        # bound methods allocate when taken, so take the button callbacks once
        self._on_key_cb = self._on_key
        self._ignore_cb = self._ignore
        try:
            from app import menu_screens
            menu_screens.power_up(self)  # settings, statistics, notices, the main menu
        except Exception as e:  # (no file does this: the readers check all; a fault of the code's)
            self.crash(e)

    def deal(self, game, players, **options):
        """A new Table (dealing.start_game deals through this: a host test deals its own)."""
        return Table(game, players, **options)

    def store(self):
        """The files on the board's flash (store.py's Store), imported when they are read or
        written: a game starting lets the module go (UNLOAD_WITH = "menus")."""
        from storage import store
        return store.Store(self.b.flash)

    # --- what the menus and a game's end change ----------------------------------------------

    def use_settings(self, game_names, settings, stats):
        """The games on the menu, the settings in use and the statistics (player_settings.py:
        read at power-up, or the defaults after an error); nothing waits to be saved."""
        self.game_names = game_names
        self.settings = settings
        self.stats = stats
        self.settings_changed_at = None

    def save_settings_later(self):
        """A setting changed: saved once the menus are left alone a while (``step``)."""
        self.settings_changed_at = time.ticks_us()

    def settings_to_save(self):
        """Whether a setting changed since the last save; from now on none waits."""
        waiting = self.settings_changed_at is not None
        self.settings_changed_at = None
        return waiting

    def count_game(self, winner, slaps):
        """A game played to its end, won by seat ``winner`` (or none): the evening's score;
        with ``slaps`` (a slap game) the evening balance learns from its summary too, on or
        not: switched on later in the evening, it starts from all of tonight's games."""
        self.evening_games += 1
        if 0 <= winner < _SEATS:
            self.evening[winner] += 1
        if slaps:
            if self.balance is None:
                from slapstack.balance import Balance
                self.balance = Balance(self.b.seat_count)
            self.balance.add(self.summary)

    def open_session(self, session):
        """The game or replay at the table from now (session.begin)."""
        self.session = session

    def drop_session(self):
        """The game at the table goes, its files closed (an error's handling, crash.py)."""
        s = self.session
        self.session = None
        if s is not None:
            s.close()

    def click(self):
        """A menu key's click."""
        self.b.sound.play(KEY, self.now)

    def use_bands(self, size):
        """The drawing's bands of ``size`` bytes: the table's larger ones, or the menus'."""
        self.r.g.bands(size)

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
            from app import player_settings
            player_settings.save(self)

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
        the table's next action, when that is sooner than a tick). A waiting screen with
        nothing left to load or collect (``tidy``) has nothing to do until a key or a
        button moves (``Board.nap`` wakes for them) or a note or a blink is due: a pass
        costs some 0.6 ms on the chip, and a pass every 1 ms tick kept the chip busy
        more than half the time a menu was up. Else ``machine.idle()``, which sleeps
        until an interrupt or the next 1 ms tick."""
        if self.screen.wait(self):
            return
        if self.tidy and self.screen.waits:
            self.b.nap(_IDLE_NAP_US)
        else:
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
        """A console key (hid.keys' names) for the screen up."""
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

    def show_menu(self):
        """Leave the game (if any) for the main menu, the cursor on Play; the table goes
        before the menu code comes in."""
        self.leave_game()
        from app import menu_screens
        menu_screens.show_menu(self)

    def notice(self, title, lines, then=None):
        """A message that stays until a key; then ``then(app)`` (default: the main menu)."""
        self.change(Notice(title, lines, then))

    # --- starting and ending a game --------------------------------------------------------

    def start_game(self, seed=None):
        """A new game with the menu's settings (dealing.start_game deals it). The screen up
        (the last game's winner or summary, a menu) and the last game's table go first, so
        that neither is in the heap beside the menu code and the deal."""
        self.change(Screen())
        self.leave_game()
        from app import dealing
        dealing.start_game(self, seed)

    def leave_game(self):
        """Let the last game go: its session (its table, view, presenter, input record, a
        replay's file), and its own code (its screens and presenter, the game's end, a
        replay's reading: UNLOAD_WITH = "game")."""
        s = self.session
        self.session = None
        if s is not None:
            s.close()
        else:  # (a record an error, or a power cut, left behind)
            self.store().drop_scratch(RECORD_FILE, None)
        self.r.leave_table()
        let_go_of_game()
        self.use_bands(BAND_BYTES)  # the menus' smaller bands (session.begin: the table's)

    def game_over(self):
        """The game at the table has ended (its screen's pass found it over): game_end.py
        puts its end on screen and saves it, imported for this (it goes with the game:
        UNLOAD_WITH = "game")."""
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
        try:
            from app import crash
            lines = crash.handle(self, e, playing)
        except Exception:  # no heap for it, or whatever it met: the one line
            lines = self._crash_line(e)
        err.tell(lines, self.recovering)  # (recover: the menu then comes with the defaults)
        try:
            err.open(self)
        except Exception:
            pass

    def recover(self, again):
        """OK on the error screen: the main menu (player_settings.after_error), with the
        default settings if the error came ``again`` before any key since the last OK."""
        self.recovering = True
        from app import player_settings
        player_settings.after_error(self, again)

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
