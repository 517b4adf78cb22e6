"""The SlapStack main loop: a game at the table, and the screens around it.

One tight loop (no asyncio): each pass feeds the watchdog, then, during a game,
1. hands every seat button edge (timestamped in its interrupt) to the table, in order,
2. advances the table to now (cards turn, bots slap, slaps are judged),
3. redraws what changed (a slap game's new card or verdict, and War's battle, already in
   the engine's turn, ``Presenter.draw_pile``) and, when a new card finished going out on the SPI bus, tells the table
   when it became visible (presses are judged against what players could see),
then handles a console key and moves the sound and LEDs on (on the main menu and the
winner screen, loads the code of the screens they lead to, ``_while_waiting``);
``App.idle`` waits for the next pass: ``machine.idle()`` (the next interrupt, or the 1 ms
tick), or with a card or a bot's press due sooner than that, just until it is due. The
engine's events (``on_event``) go to the game's presenter (presenter.py: the slap games',
or War's and Money's), which sets fields of the view model, starts a sound or an LED
pattern, and sends a slap game's pile: nothing allocates per card.

Pausing shifts the game's clock: the table sees time minus the paused time, so a pause
is invisible to the game, its bots and its replay. Any error is caught here: it is shown,
logged to ``error.log`` and a key press returns to the menu.

What only the menus do (their keys, rules, statistics, saving the settings, setting a
game or a replay up) is in menu_actions.py, imported where used and dropped for a game.
A game's end (the winner or why there is none, the evening's score, saving its statistics
and replay: game_end.py, with the engine's replay writer) is imported only when it ends or
an error stops it, and dropped again: no game keeps it in the heap; nor the combinations'
names (slapstack.pattern_names), made once when a game is put on the table.
"""
import gc
import sys
import time

from micropython import const

from slapstack import clock
from slapstack import events as E
from slapstack.summary import Summary
from slapstack.table import Table

from storage.files import ERROR_LOG, RECORD_FILE
from app.modes import ERROR, MENU, NOTICE, OVER, PAUSED, PLAYING, SUMMARY, TESTING, WATCHING
from app.unload import let_go_of_game
from screens.menu import BACK, DOWN, KEYS, OK, UP  # the key names only: menu.py itself is imported where used
from drawing.gfx import BAND_BYTES

_SWEEP_AHEAD_US = const(20000)  # collect the garbage only with nothing due for this long (it takes ~6 ms)
_SPILL_AHEAD_US = const(120000)  # spill only with nothing due for this long (a flash erase, ~45 ms)
_SAVE_AFTER_US = const(2000000)   # settings are written once the menu has been left alone this long
_OK_AGAIN_US = const(600000)      # the winner screen ignores OK this long (a slap's bounce is no choice)
_SUMMARY_AFTER_US = const(8000000)  # a game of bots alone: its winner gives way to the summary
# after this long (with a person at the table, or a replay watched, the winner waits for OK)
_SKIP_US = const(30000000)        # skipping a replay to its end: game time run per pass of the loop
_SEATS = const(4)
_TICK_US = const(1000)            # machine.idle() sleeps at most this long
_NAP_US = const(8000)             # the longest sleep in a game (the verdict's lift and the
# sweep look at the time in the passes: this late at most)
_LIFT_AHEAD_US = const(40000)     # a verdict on an empty pile goes this long before the next action
_REST_AHEAD_US = const(16000)     # the rest of the table waits when the next action is due this soon
_VERDICT_MIN_US = const(300000)   # ... once it has been up this long


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
        self.speed = 1                    # a replay's speed: 1, 2 or 4
        self.skipping = False             # a replay running to its end undrawn
        self.watched = False              # the game that ended was a replay watched
        self.unattended = False           # ... was played by bots alone (game_end.over)
        self.table = None
        self.view = None
        self.menu = None
        self.presenter = None  # the game's events to the view, sound and LEDs (presenter.py)
        self.swept = 0             # piles taken when the garbage was last collected (_sweep)
        self.tidy = False          # the garbage collected since the last key (_while_waiting)
        self.mode = MENU
        self.ticks = time          # the clock (app.time: a benchmark's stand-in reaches the menu code)
        self.boot_us = self.now = self.started = self.paused_at = self.over_at = time.ticks_us()
        self.boot_ms = time.ticks_ms()
        self.settings_changed_at = None
        self.offset = 0            # us the game clock is behind ticks_us (time spent paused)
        self.card_shown = True     # False from a CARD event until its pixels are out
        self.shown_at = None       # when the pile's pixels went out in the CARD event (Presenter.draw_pile)
        self.dirty = False         # the view changed since it was last drawn
        self.verdict = None        # the verdict last drawn, and when it was (_lift_verdict)
        self.verdict_at = 0
        self.words = None          # the game's own words (game_words.py), taken as it is dealt
        self.end = E.END_WIN       # how the last game ended (GAME_OVER's c)
        self.notice_back = None
        self.reader = None         # the replay being watched, or None
        self.record_file = None    # RECORD_FILE while a game is played, or None
        self.spilling = False      # whether the record's full chunks still go to it
        self.replay_file = None
        self.paused_mode = PLAYING
        self.next_input = None     # its next input, read ahead
        self.stats_game = 0
        self.howto_ahead = None    # How to play, made while the main menu waits (menu_actions.load_ahead)
        self.screen = None         # a screen that runs itself (the hardware test: mode TESTING)
        self.stuck = 0             # bitmask of seats whose button is stuck down
        # bound methods allocate when taken, so take the button callbacks once
        self._on_seat_cb = self._on_seat
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
            self._play(now)
        elif self.mode == TESTING:  # a screen with its own buttons, ticks and drawing
            if not self.screen.step(now):
                _menus().show_menu(self, "hwtest")
        else:
            if self.mode == PAUSED:
                self._count_pause(now)
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
        """Wait for the next pass. ``machine.idle()`` sleeps until an interrupt (a press
        wakes it) or the next 1 ms tick, so a card due in between would turn up to a
        millisecond late: with the table's next action due sooner than a tick, sleep just
        until it is due. In a slap game, sleep until it is due, or the sound's or the LEDs'
        next change (at most _NAP_US), unless a button moves (``Board.nap``): the passes in
        between would find nothing to do."""
        if (self.mode == PLAYING or self.mode == WATCHING) and not self.skipping:
            due = self.table.next_due()
            if due is not None:
                now = time.ticks_us()
                d = clock.diff(due, self._game_time(now))
                if d < _TICK_US:
                    if d > 0:
                        time.sleep_us(d)
                    return
                if self.mode == PLAYING and self.presenter.naps:
                    b = self.b
                    nap = d if d < _NAP_US else _NAP_US
                    other = b.sound.due(now)
                    if other is not None and other < nap:
                        nap = other
                    other = b.leds.due(now)
                    if other is not None and other < nap:
                        nap = other
                    b.nap(nap)
                    return
        self.b.idle()

    def _game_time(self, t):
        return clock.add(t, -self.offset)

    def _count_pause(self, now):
        """Add the time paused since the last look to the offset, a little at a time so a
        pause of any length counts right, kept on the ring (within +-2**29 us)."""
        self.offset = clock.diff(clock.wrap(self.offset + time.ticks_diff(now, self.paused_at)), 0)
        self.paused_at = now

    def _play(self, now):
        table = self.table
        if self.reader is None:
            self.b.slaps.poll(now, self._on_seat_cb)
            stuck = self.b.slaps.stuck_seats()
            if stuck != self.stuck:
                self._show_stuck(stuck)
        else:
            self.drop_presses(now)
            self._fast_forward(now)
            self.reader.feed(self, self._game_time(now))
            if self.reader is None:
                return  # a damaged replay stopped: its notice is on screen, the table is not
        # never beyond the time the edges were drained up to: a press still in flight is
        # later than everything done here, so the table gets every input in time order
        table.advance(self._game_time(now))
        self.presenter.tick(self._game_time(now))
        if self.skipping:
            if not table.game.over:
                return  # nothing drawn until the end
            self.skipping = False
            self.presenter.sync_table()
            self.r.full(self.view)
            self.dirty = False
            self._game_over()
            return
        if not self.dirty:
            self._lift_verdict(table, now)
            if not self.dirty:
                return
        self.dirty = False
        if self.view.verdict is not self.verdict:
            self.verdict = self.view.verdict
            self.verdict_at = now
        self.r.update_pile(self.view)  # a new card or a verdict out on the panel first, then the rest
        if not self.card_shown:
            self.card_shown = True
            shown = self.shown_at if self.shown_at is not None else time.ticks_us()
            self.shown_at = None
            if self.reader is None:  # a replay brings its own reveal times
                table.reveal(self._game_time(shown))
        if self._rest_waits(table, now):
            self.dirty = True  # (a later pass paints it, once what is due is out)
        else:
            self.r.update(self.view)
        g = table.game
        if g.over:
            self._game_over()
        elif g.quiet():
            if g.piles_taken != self.swept:
                self._sweep(table)
            if self.spilling and table.inputs.chunks:
                self._spill(table)

    def _rest_waits(self, table, now):
        """Whether the rest of the table (seat strips, status line, War's tags: up to 15 ms
        on the chip) waits for a later pass, the table's next action (a bot's press, a card)
        being due within _REST_AHEAD_US: painted now, it would hold that action's card or
        verdict back by as much (War's battle, due a few ms after the first bot's press had
        its READY cue painted: on the chip the worst battles' passes began 9-10 ms late).
        That includes an action that came due during this pass, after the table was run up
        to ``now`` (two bots pressing 2 ms apart: the second press falls in the first's
        engine time). Not for one due by ``now``: the table holds it back (a press it
        ignores), and it must not keep the rest off the screen."""
        due = table.next_due()
        if due is None or clock.diff(due, self._game_time(now)) <= 0:
            return False
        return clock.diff(due, self._game_time(time.ticks_us())) < _REST_AHEAD_US

    def _lift_verdict(self, table, now):
        """Take a verdict off an empty pile just before the table's next action (the next
        card), once it has been up a while: its box is as many pixels as a card, and the
        first card after a won pile, which took it away too, was the slowest to show."""
        v = self.view
        if v.verdict is None or v.pile_count or v.cover is not None or \
                time.ticks_diff(now, self.verdict_at) < _VERDICT_MIN_US:
            return
        due = table.next_due()
        if due is not None and clock.diff(due, self._game_time(now)) < _LIFT_AHEAD_US:
            v.verdict = None
            self.dirty = True

    def _sweep(self, table):
        """Collect the garbage once a pile has been taken, while the table is empty and
        nothing is due for a while. A card allocates nothing, but a verdict and the words on
        screen do; collected here, at a moment that costs nobody, they never fill the heap,
        so no collection (6 ms on the chip) lands in a card's or a verdict's time."""
        due = table.next_due()
        if due is not None and clock.diff(due, self._game_time(time.ticks_us())) < _SWEEP_AHEAD_US:
            return  # (the next pile's end will do)
        self.swept = table.game.piles_taken
        gc.collect()

    def _fast_forward(self, now):
        """A replay at x2 or x4 (or skipping to its end): its clock runs ahead of the wall
        clock by taking the extra time off the offset, as a pause adds to it."""
        extra = _SKIP_US if self.skipping else (self.speed - 1) * time.ticks_diff(now, self.paused_at)
        self.paused_at = now
        if extra:
            self.offset = clock.diff(clock.wrap(self.offset - extra), 0)

    def _spill(self, table):
        """Move the input record's full chunks to the flash while the pile is empty and
        nothing is due for a while, so a long game's record does not fill the heap. A flash
        write pauses every interrupt; a press in the pause is stamped as it ends, before
        anything new is on screen (see slapstack/inputlog.py). A full flash stops the
        spilling: the rest of the record stays in RAM, and nothing is lost."""
        due = table.next_due()
        if due is not None and clock.diff(due, self._game_time(time.ticks_us())) < _SPILL_AHEAD_US:
            return
        try:
            table.inputs.spill(self.record_file)
        except OSError:
            self.spilling = False

    def _on_seat(self, seat, pressed, t):
        """A seat button edge, time-stamped in its interrupt (SlapButtons.poll, oldest first)."""
        t = self._game_time(t)
        s = self.settings
        if s["humans"] <= seat < s["players"] or seat >= self.table.seats or clock.diff(t, self.started) < 0:
            return  # a bot's seat, a seat the game has not (War, Money), or an edge from before the deal
        if pressed:
            self.table.press(seat, t)
            self.presenter.seat(seat)
        else:
            self.table.release(seat, t)

    def _ignore(self, seat, pressed, t):
        pass

    def drop_presses(self, now):
        """The seats' presses up to ``now`` mean nothing (before a deal, while paused, in a menu)."""
        self.b.slaps.poll(now, self._ignore_cb)

    def _on_key(self, index, pressed, t):
        if pressed:
            self._key(KEYS[index])

    def _show_stuck(self, mask):
        self.stuck = mask
        self.view.stuck = [i for i in range(self.table.seats) if mask >> i & 1]
        self.dirty = True

    # --- starting and ending a game --------------------------------------------------------

    def start_game(self, seed=None):
        """A new game with the menu's settings (menu_actions.start_game deals it). The last
        game's table goes first, so it is not in the heap beside the menu code."""
        self.leave_game()
        _menus().start_game(self, seed)

    def leave_game(self):
        """Let the last game go: its table, its view, its input record, and its own code
        (War's and Money's table, the game's end, a replay's reading: unload.GAME_ONLY)."""
        self.drop_record()
        self.presenter = None
        self.table = None
        self.view = None
        let_go_of_game()
        self.r.g.bands(BAND_BYTES)  # the menus' smaller bands (menu_actions.begin)

    def _game_over(self):
        """The game has ended: game_end.py puts its end on screen and saves it, imported for
        this (it goes with the game: unload.GAME_ONLY)."""
        from app import game_end
        game_end.over(self)

    def drop_record(self):
        """The spilled input record goes once its replay is written, or the game is left."""
        self.store().drop_scratch(RECORD_FILE, self.record_file)
        self.record_file = None
        self.spilling = False

    # --- engine events -> the game's presenter (called inside table.advance/press) -----------

    def on_event(self, kind, t, p, a, b, c):
        """The table's sink: every event to the game's presenter (presenter.py) and to its
        story (``summary``), a card to the presenter first, so it is out before it is counted."""
        if kind == E.CARD:
            self.presenter.event(kind, t, p, a, b, c)
            self.summary.event(kind, t, p, a, b, c)
        else:
            self.summary.event(kind, t, p, a, b, c)
            self.presenter.event(kind, t, p, a, b, c)

    # --- console keys ----------------------------------------------------------------------

    def _key(self, key):
        mode = self.mode
        self.tidy = False  # the screen it brings leaves garbage (_while_waiting)
        if mode < NOTICE:  # the main menu, the rules, the statistics
            _menus().key(self, key)
        elif mode == NOTICE:
            self._leave_notice()
        elif mode == PLAYING and key == OK:  # (a Money choice's; else nothing)
            self.presenter.ok(self._game_time(time.ticks_us()))
        elif mode == WATCHING and key != BACK:
            self._replay_key(key)
        elif mode == PLAYING or mode == WATCHING:
            if key == BACK:
                self.paused_mode = mode
                self.mode = PAUSED
                self.paused_at = time.ticks_us()
                self.b.sound.stop()
                self.r.message("Paused", ["OK: play on", "Back: leave this game"])
        elif mode == PAUSED:
            if key == OK:
                self._count_pause(time.ticks_us())
                self.mode = self.paused_mode
                self.drop_presses(time.ticks_us())  # presses while paused
                self.r.full(self.view)
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

    def _replay_key(self, key):
        """Watching a replay: Up runs it faster (x2, x4), Down slower, OK skips to its end."""
        if key == OK:
            self.skipping = True
            return
        speed = self.speed * 2 if key == UP else self.speed // 2 if key == DOWN else self.speed
        self.speed = 4 if speed > 4 else 1 if speed < 1 else speed
        self.paused_at = time.ticks_us()
        self.view.game_name = self.reader.label(self.speed)
        self.r.full(self.view)

    # --- screens ---------------------------------------------------------------------------

    def _show_summary(self):
        """The game's summary: per seat, its length, the evening's score; OK plays again.
        Its code goes with the game (unload.GAME_ONLY)."""
        self.mode = SUMMARY
        t = self.table
        slaps = getattr(t.rules, "slaps", True)  # (War and Money: their presses count)
        from screens import summary_screen
        summary_screen.SummaryScreen(self.view, self.summary, self.words[3] if slaps else None, slaps,
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
            if self.table is not None:
                self.close_replay()
                self.leave_game()
                return True
            if "app.menu_actions" not in sys.modules:
                _menus()
                return True
            return _menus().load_game(self, True)
        except MemoryError:
            return False

    def close_replay(self):
        if self.reader is not None:
            self.replay_file.close()
            self.reader = None
            self.next_input = None

    def _show_menu(self):
        """Leave the game for the main menu; its table goes before the menu code comes in."""
        self.close_replay()
        self.leave_game()
        _menus().show_menu(self)

    def notice(self, title, lines, back_to=None):
        """A message that stays until a key; then ``back_to`` (default: the menu)."""
        self.notice_back = back_to
        self.mode = NOTICE
        self.r.message(title, lines + ["Press any key"])

    def _leave_notice(self):
        if self.notice_back == OVER and self.view is not None:
            self.mode = OVER
            self.over_at = time.ticks_us()  # the winner again, then the summary
            self.r.full(self.view)
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
        playing = self.reader is None and self.mode in (PLAYING, PAUSED)  # not a watched replay
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
        self.table = None
        self.view = None
        self.presenter = None
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
