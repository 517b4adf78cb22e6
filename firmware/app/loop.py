"""The SlapStack App: one tight loop (no asyncio), the game at the table and the screens around it.

Each pass feeds the watchdog, then
- during a game or a replay, runs its session (session.py: the seat buttons' edges to the
  table, the table advanced to now, what changed drawn, the pile first; the game's end,
  game_end.py, once it is over);
- else, outside the hardware test (which runs itself: ``screen``), lets the seats' presses go;
then handles a console key and moves the sound and LEDs on (the main menu, the winner and
the summary load the code of the screens they lead to meanwhile, ``_while_waiting``).
``App.idle`` waits for the next pass: during play as long as the session says (just until
the table's next action), else ``machine.idle()`` (the next interrupt, or the 1 ms tick).
The table's events reach ``on_event``, which hands them to the game's presenter
(presenter.py) and its story (``summary``). Any error is caught here: it is shown, logged
to ``error.log`` and a key press returns to the menu.

The App is in one of the modes of modes.py. What only the menus do (their keys, rules,
statistics, saving the settings, setting a game or a replay up) is in menu_actions.py,
imported where used and dropped for a game. A game's session and presenter, its end (the
winner or why there is none, the evening's score, saving its statistics and replay) and
the error screen are imported when needed and dropped with the game: no menu keeps them
in the heap.
"""
import gc
import sys
import time

from micropython import const

from slapstack import events as E
from slapstack.summary import Summary
from slapstack.table import Table

from storage.files import ERROR_LOG, RECORD_FILE
from app.modes import ERROR, MENU, NOTICE, OVER, PAUSED, PLAYING, SUMMARY, TESTING, WATCHING
from app.unload import let_go_of_game
from screens.menu import BACK, KEYS, OK  # the key names only: menu.py itself is imported where used
from drawing.gfx import BAND_BYTES

_SAVE_AFTER_US = const(2000000)   # settings are written once the menu has been left alone this long
_OK_AGAIN_US = const(600000)      # the winner screen ignores OK this long (a slap's bounce is no choice)
_SUMMARY_AFTER_US = const(8000000)  # a game of bots alone: its winner gives way to the summary
# after this long (with a person at the table, or a replay watched, the winner waits for OK)
_SEATS = const(4)


def _menus():
    """menu_actions.py, imported again if a game let it go."""
    from app import menu_actions
    return menu_actions


class App:
    def __init__(self, board):
        self.b = board
        self.r = board.renderer
        self.game_names = self.settings = self.stats = self.notes = None  # menu_actions.power_up
        self.summary = Summary()          # the game's story per seat, for its end (summary_screen.py)
        self.evening = [0] * _SEATS       # games won per seat since power-on
        self.evening_games = 0
        self.watched = False              # the game that ended was a replay watched
        self.unattended = False           # ... was played by bots alone (game_end.over)
        self.session = None        # the game or replay at the table (session.py), or None
        self.menu = None
        self.tidy = False          # the garbage collected since the last key (_while_waiting)
        self.mode = MENU
        self.ticks = time          # the clock (app.time: a benchmark's stand-in reaches the menu code)
        self.boot_us = self.now = self.over_at = time.ticks_us()
        self.boot_ms = time.ticks_ms()
        self.settings_changed_at = None
        self.notice_back = None
        self.paused_mode = PLAYING
        self.stats_game = 0
        self.howto_ahead = None    # How to play, made while the main menu waits (menu_actions.load_ahead)
        self.screen = None         # a screen that runs itself (the hardware test: mode TESTING)
        # bound methods allocate when taken, so take the button callbacks once
        self._on_key_cb = self._on_key
        self._ignore_cb = self._ignore
        _menus().power_up(self)  # settings, statistics, notices, the main menu

    def deal(self, game, players, **options):
        """A new Table (menu_actions.start_game deals through this: a host test deals its own)."""
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
        if self.mode == PLAYING or self.mode == WATCHING:
            self.play(now)
        elif self.mode == TESTING:  # a screen with its own buttons, ticks and drawing
            if not self.screen.step(now):
                _menus().show_menu(self, "hwtest")
        else:
            if self.mode == PAUSED:
                self.session.count_pause(now)
            elif self.mode == OVER and self.unattended and \
                    time.ticks_diff(now, self.over_at) > _SUMMARY_AFTER_US:
                self._show_summary()
            self.drop_presses(now)  # slaps outside a game mean nothing
        if self.mode != TESTING:  # (an edge the test has not polled yet is the test's)
            b.keys.poll(now, self._on_key_cb)
        if self.mode < NOTICE or self.mode == OVER or self.mode == SUMMARY:
            self._while_waiting()
        now = time.ticks_us()
        b.sound.service(now)
        b.leds.service(now)
        if self.settings_changed_at is not None and \
                time.ticks_diff(now, self.settings_changed_at) > _SAVE_AFTER_US:
            _menus().save_settings(self)

    def _while_waiting(self):
        """While a menu or the winner waits for the player, with no key down: load the code
        of the screens they lead to, one module a pass (the main menu's in
        ``menu_actions.load_ahead``; the winner's summary), so that opening one loads nothing
        from the flash (on the chip the Rules menu's code took 58 ms of its opening, War's or
        Money's rules 65 ms more); then collect the garbage the last key's screen left, once,
        so that the next screen does not stop for a collection (16 ms on the chip with the
        menus' code loaded). The menus' code goes with the other menu code when a game
        begins (unload.MENU_ONLY), the summary's with the game (unload.GAME_ONLY). While the summary waits:
        the code Play again deals with (``_load_game_ahead``). Once collected, nothing
        more until the next key (which may choose another game, or start one)."""
        if self.tidy or not self.b.keys.quiet():
            return
        if self.mode == MENU:
            if _menus().load_ahead(self):
                return
        elif self.mode == OVER and "screens.summary_screen" not in sys.modules:
            from screens import summary_screen  # noqa: F401  (kept in sys.modules for _show_summary)
            return
        elif self.mode == SUMMARY and self._load_game_ahead():
            return
        self.tidy = True
        gc.collect()

    def idle(self):
        """Wait for the next pass: during play as the game's session says (``Session.wait``:
        just until the table's next action, when that is sooner than a tick), else
        ``machine.idle()``, which sleeps until an interrupt or the next 1 ms tick."""
        mode = self.mode
        if (mode == PLAYING or mode == WATCHING) and self.session.wait(mode == PLAYING):
            return
        self.b.idle()

    def _ignore(self, seat, pressed, t):
        pass

    def drop_presses(self, now):
        """The seats' presses up to ``now`` mean nothing (before a deal, while paused, in a menu)."""
        self.b.slaps.poll(now, self._ignore_cb)

    def _on_key(self, index, pressed, t):
        if pressed:
            self._key(KEYS[index])

    # --- starting and ending a game --------------------------------------------------------

    def start_game(self, seed=None):
        """A new game with the menu's settings (menu_actions.start_game deals it). The last
        game's table goes first, so it is not in the heap beside the menu code."""
        self.leave_game()
        _menus().start_game(self, seed)

    def leave_game(self):
        """Let the last game go: its session (its table, view, presenter, input record, a
        replay's file), and its own code (its presenter, the game's end, a replay's reading:
        unload.GAME_ONLY)."""
        s = self.session
        self.session = None
        if s is not None:
            s.close()
        else:  # (a record an error, or a power cut, left behind)
            self.store().drop_scratch(RECORD_FILE, None)
        let_go_of_game()
        self.r.g.bands(BAND_BYTES)  # the menus' smaller bands (menu_actions.begin)

    def play(self, now):
        """A pass of the game or replay at the table (``Session.play``), and its end once
        it is over."""
        if self.session.play(now):
            self._game_over()

    def _game_over(self):
        """The game has ended: game_end.py puts its end on screen and saves it, imported for
        this (it goes with the game: unload.GAME_ONLY)."""
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

    # --- console keys ----------------------------------------------------------------------

    def _key(self, key):
        mode = self.mode
        self.tidy = False  # the screen it brings leaves garbage (_while_waiting)
        if mode < NOTICE:  # the main menu, the rules, the statistics
            _menus().key(self, key)
        elif mode == NOTICE:
            self._leave_notice()
        elif mode == PLAYING and key == OK:  # (a Money choice's; else nothing)
            s = self.session
            s.presenter.ok(s.game_time(time.ticks_us()))
        elif mode == WATCHING and key != BACK:
            self.session.replay_key(key)
        elif mode == PLAYING or mode == WATCHING:
            if key == BACK:
                self.paused_mode = mode
                self.mode = PAUSED
                self.session.paused_at = time.ticks_us()
                self.b.sound.stop()
                self.r.message("Paused", ["OK: play on", "Back: leave this game"])
        elif mode == PAUSED:
            if key == OK:
                self.session.count_pause(time.ticks_us())
                self.mode = self.paused_mode
                self.drop_presses(time.ticks_us())  # presses while paused
                self.r.full(self.session.view)
            elif key == BACK:
                self._show_menu()
        elif mode == OVER:
            if key == OK and time.ticks_diff(time.ticks_us(), self.over_at) > _OK_AGAIN_US:
                self._show_summary()
            elif key == BACK:
                self._show_menu()
        elif mode == SUMMARY:
            if key == OK and self.watched:  # a replay's summary: OK watches it again
                self.leave_game()
                _menus().watch_last(self)
            elif key == OK:
                self.start_game()
            elif key == BACK:
                self._show_menu()
        elif mode == ERROR:
            if key in (OK, BACK):
                self._show_menu()

    # --- screens ---------------------------------------------------------------------------

    def _show_summary(self):
        """The game's summary: per seat, its length, the evening's score; OK plays again.
        Its code goes with the game (unload.GAME_ONLY)."""
        self.mode = SUMMARY
        s = self.session
        slaps = getattr(s.table.rules, "slaps", True)  # (War and Money: their presses count)
        from screens import summary_screen
        summary_screen.SummaryScreen(s.view, self.summary, s.words[3] if slaps else None, slaps,
                                     None if self.watched else self.evening,
                                     self.evening_games).draw(self.r.other())
        self.tidy = False

    def _load_game_ahead(self):
        """One thing a pass while the summary waits: let the game go (both ways on, Play
        again and Menu, deal anew or show the menu), then load the menus' code and the
        chosen game's engine module, which the game just played let go when it was dealt
        (games.forget_setup): Play again then deals without loading them (on the emulated
        Pico a 4-player Ratscrew deal took 340-410 ms with its engine to load from the
        flash, 190-200 ms without). Returns whether it did one; a MemoryError is no error
        (the deal loads what it needs)."""
        try:
            if self.session is not None:
                self.leave_game()
                return True
            if "app.menu_actions" not in sys.modules:
                _menus()
                return True
            return _menus().load_game(self, True)
        except MemoryError:
            return False

    def _show_menu(self):
        """Leave the game for the main menu; its table goes before the menu code comes in."""
        self.leave_game()
        _menus().show_menu(self)

    def notice(self, title, lines, back_to=None):
        """A message that stays until a key; then ``back_to`` (default: the menu)."""
        self.notice_back = back_to
        self.mode = NOTICE
        self.r.message(title, lines + ["Press any key"])

    def _leave_notice(self):
        if self.notice_back == OVER and self.session is not None:
            self.mode = OVER
            self.over_at = time.ticks_us()  # the winner again, then the summary
            self.r.full(self.session.view)
        elif self.notice_back == PLAYING:
            self.start_game()
        else:
            self._show_menu()

    def crash(self, e):
        """An uncaught error: crash.py shows it, logs it and saves the game it stopped, and a
        key then returns to the menu. Only an error needs that code, so it is imported now;
        if there is no heap even for that (the error may be a MemoryError), the game is let
        go and one line naming the error is shown and added to the log instead."""
        self.r.rest()  # room to save the game in
        playing = self.mode in (PLAYING, PAUSED) and self.session.reader is None  # not a watched replay
        try:
            from app import crash
        except Exception:
            self._crash_line(e)
        else:
            crash.handle(self, e, playing)
        self.mode = ERROR

    def _crash_line(self, e):
        """The error as one line on the screen and at the end of the log (unbounded, but the
        next error's bounded append trims it)."""
        self.session = None
        gc.collect()
        line = "%s: %s" % (type(e).__name__, e)
        try:
            with open(self.b.flash + ERROR_LOG, "a") as f:
                f.write("--- error\n%s\n" % line)
        except Exception:
            pass
        try:
            self.r.message("Error", [line, "Saved in error.log", "OK: back to the menu"])
        except Exception:
            pass
