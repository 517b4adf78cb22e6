"""A game at the table, from its deal until it is left: the table and its view, its presenter
(the events to the view, sound and LEDs), the game's clock, the seat buttons' edges routed
to it, the input record's spill to the flash and the garbage's sweep between piles; or a
replay played back on the table, at its speed.

A game or a replay goes on the table in one (``begin``: a deal, dealing.py, or a replay,
watch.py), and the App drops it when the game is left (``App.leave_game``) or an error
stops it: nothing of a game outlives it. Each pass of the App's loop during play runs
``play``; ``wait`` is the loop's sleep until the table's next action.

The game's clock: the table sees the time minus the time spent paused (``offset``), so a
pause is invisible to the game, its bots and its replay; a replay at x2 or x4, or skipping
to its end, takes time off it instead, and so does a game played on at x4 once no person at
the table has a part in it any more (``play_fast``): the table only ever sees its own time,
so the game and its replay are the same as at x1.
"""
import gc
import time

from micropython import const

from slapstack import clock

from hid.keys import DOWN, OK, UP
from storage.files import RECORD_FILE
from drawing.gfx import GAME_BAND_BYTES
from app.screen import Screen
from app.unload import let_go_of_menus

UNLOAD_WITH = "game"  # let go with the game (app/unload.py)

_SWEEP_AHEAD_US = const(20000)  # collect the garbage only with nothing due for this long (it takes ~6 ms)
_SPILL_AHEAD_US = const(120000)  # spill only with nothing due for this long (a flash erase, ~45 ms)
_SKIP_US = const(30000000)        # skipping a replay to its end: game time run per pass of the loop
FAST = const(4)                   # a game's speed once no person has a part in it (play_fast)
_TICK_US = const(1000)            # machine.idle() sleeps at most this long
_NAP_US = const(8000)             # the longest sleep in a game (the verdict's lift and the
# sweep look at the time in the passes: this late at most)
_LIFT_AHEAD_US = const(40000)     # a verdict on an empty pile goes this long before the next action
_REST_AHEAD_US = const(16000)     # the rest of the table waits when the next action is due this soon
_VERDICT_MIN_US = const(300000)   # ... once it has been up this long


class Session:
    def __init__(self, app, table, view, words, reader=None):
        """``table`` dealt (its sink the App's ``on_event``), ``view`` its TableView,
        ``words`` the game's (game_words.py); ``reader`` a replay's (watch.py), or None for a
        game played. Its presenter is made last, before the game's first event."""
        self.a = app
        self.b = app.b
        self.r = app.r
        self.table = table
        self.view = view
        self.words = words
        self.reader = reader       # the replay being watched (watch.py), or None (also once it has ended)
        self.watched = reader is not None  # a replay watched, not a game played
        self.record_file = None    # RECORD_FILE while a game is played, or None
        self.spilling = False      # whether the record's full chunks still go to it
        self.speed = 1             # a replay's speed: 1, 2 or 4; a game's: 1, or FAST (play_fast)
        self.skipping = False      # a replay running to its end undrawn
        self.offset = 0            # us the game clock is behind ticks_us (time spent paused)
        self.now = self.started = self.paused_at = time.ticks_us()  # the loop's pass (the
        # presenter's sounds and LEDs start then), the deal, the last look at the clock
        self.end = 0               # how the game ended (GAME_OVER's c: E.END_*)
        self.swept = 0             # piles taken when the garbage was last collected (sweep)
        self.card_shown = True     # False from a CARD event until its pixels are out
        self.shown_at = None       # when the pile's pixels went out in the CARD event (Presenter.draw_pile)
        self.dirty = False         # the view changed since it was last drawn
        self.verdict = None        # the verdict last drawn, and when it was (lift_verdict)
        self.verdict_at = 0
        self.stuck = 0             # bitmask of seats whose button is stuck down
        self.on_seat_cb = self.on_seat  # (a bound method allocates when taken: taken once)
        self.presenter = presenter_class(table.game_name)(self)  # (it reads the session)


    # --- what its presenter tells it -------------------------------------------------------

    def changed(self):
        """The view changed: the next pass draws it."""
        self.dirty = True

    def card_turned(self):
        """A card was turned: the next pass draws it if it is not out yet, and ``play`` tells
        the table when it showed."""
        self.dirty = True
        self.card_shown = False

    def card_showed(self, at):
        """The turned card's pixels went out at ``at`` (ticks_us), in the engine's turn."""
        self.shown_at = at

    def ended(self, end):
        """The game is over, ``end`` how (E.END_*, for game_end.py)."""
        self.end = end

    def start(self, now):
        """The game's clock running from ``now``, the deal in the view (its screen,
        table_screens.py, puts it on the panel); presses before it do not count."""
        self.now = self.started = self.paused_at = now
        self.offset = 0
        self.a.drop_presses(now)
        self.table.start(now)
        self.presenter.sync_table()

    # --- the game's clock ------------------------------------------------------------------

    def game_time(self, t):
        return clock.add(t, -self.offset)

    def pause(self):
        """The game's clock stops now (its screen is paused): ``count_pause`` as it stays
        paused, ``resume`` when it plays on."""
        self.paused_at = time.ticks_us()

    def resume(self, now):
        """The game's clock runs again from ``now``, the pause's time counted out of it."""
        self.count_pause(now)

    def count_pause(self, now):
        """Add the time paused since the last look to the offset, a little at a time so a
        pause of any length counts right, kept on the ring (within +-2**29 us)."""
        self.offset = clock.diff(clock.wrap(self.offset + time.ticks_diff(now, self.paused_at)), 0)
        self.paused_at = now

    def fast_forward(self, now):
        """A replay at x2 or x4 (or skipping to its end), or a game played on fast: its clock
        runs ahead of the wall clock by taking the extra time off the offset, as a pause adds
        to it."""
        extra = _SKIP_US if self.skipping else (self.speed - 1) * time.ticks_diff(now, self.paused_at)
        self.paused_at = now
        if extra:
            self.offset = clock.diff(clock.wrap(self.offset - extra), 0)

    # --- a pass of the loop -------------------------------------------------------------------

    def play(self, now):
        """Run the table up to ``now`` and show what changed. Returns whether the game is
        over and its end is for the App to show (``App.game_over``)."""
        self.now = now
        table = self.table
        if self.reader is None:
            self.b.slaps.poll(now, self.on_seat_cb)
            stuck = self.b.slaps.stuck_seats()
            if stuck != self.stuck:
                self.show_stuck(stuck)
            if self.speed > 1:  # (after the edges: each is later than the table's time)
                self.fast_forward(now)
        else:
            self.a.drop_presses(now)
            self.fast_forward(now)
            self.reader.feed(self, self.game_time(now))
            if self.reader is None:
                return False  # a damaged replay stopped: its notice is on screen, the table is not
        # never beyond the time the edges were drained up to: a press still in flight is
        # later than everything done here, so the table gets every input in time order
        table.advance(self.game_time(now))
        self.presenter.tick(self.game_time(now))
        if self.skipping:
            if not table.game.over:
                return False  # nothing drawn until the end
            self.skipping = False
            self.presenter.sync_table()
            self.r.full(self.view)
            self.dirty = False
            return True
        if not self.dirty:
            self.lift_verdict(now)
            if not self.dirty:
                return False
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
                table.reveal(self.game_time(shown))
        if self.rest_waits(now):
            self.dirty = True  # (a later pass paints it, once what is due is out)
        else:
            self.r.update(self.view)
        g = table.game
        if g.over:
            return True
        if g.quiet():
            if g.piles_taken != self.swept:
                self.sweep()
            if self.spilling and table.inputs.chunks:
                self.spill()
        return False

    def wait(self, live):
        """The loop's sleep during play (``live``: a game played, not a replay watched), if
        it is the table's to take: ``machine.idle()`` sleeps until an interrupt (a press
        wakes it) or the next 1 ms tick, so a card due in between would turn up to a
        millisecond late: with the table's next action (or the presenter's next timed
        change: War's face-down cards, Money's countdown) due sooner than a tick, sleep just
        until it is due. In a game played, sleep until it is due, or the sound's or the
        LEDs' next change (at most _NAP_US, also with nothing due: a table waiting for
        people), unless a button moves (``Board.nap``): the passes in between would find
        nothing to do. Returns whether it waited."""
        if self.skipping:
            return False
        now = time.ticks_us()
        t = self.game_time(now)
        due = self.table.next_due()
        shown = self.presenter.due(t)
        if shown is not None and (due is None or clock.diff(shown, due) < 0):
            due = shown
        d = _NAP_US if due is None else -(-clock.diff(due, t) // self.speed)  # (the wall clock's us, rounded up)
        if d < _TICK_US:
            if d > 0:
                time.sleep_us(d)
            return True
        if not live:
            return False
        self.b.nap(d if d < _NAP_US else _NAP_US)
        return True

    def rest_waits(self, now):
        """Whether the rest of the table (seat strips, status line, War's tags: up to 15 ms
        on the chip) waits for a later pass, the table's next action (a bot's press, a card)
        being due within _REST_AHEAD_US: painted now, it would hold that action's card or
        verdict back by as much (War's battle, due a few ms after the first bot's press had
        its READY cue painted: on the chip the worst battles' passes began 9-10 ms late).
        That includes an action that came due during this pass, after the table was run up
        to ``now`` (two bots pressing 2 ms apart: the second press falls in the first's
        engine time). Not for one due by ``now``: the table holds it back (a press it
        ignores), and it must not keep the rest off the screen."""
        due = self.table.next_due()
        if due is None or clock.diff(due, self.game_time(now)) <= 0:
            return False
        return clock.diff(due, self.game_time(time.ticks_us())) < _REST_AHEAD_US

    def lift_verdict(self, now):
        """Take a verdict off an empty pile just before the table's next action (the next
        card), once it has been up a while: its box is as many pixels as a card, and the
        first card after a won pile, which took it away too, was the slowest to show."""
        v = self.view
        if v.verdict is None or v.pile_count or v.cover is not None or \
                time.ticks_diff(now, self.verdict_at) < _VERDICT_MIN_US:
            return
        due = self.table.next_due()
        if due is not None and clock.diff(due, self.game_time(now)) < _LIFT_AHEAD_US:
            v.lift_verdict()
            self.dirty = True

    def sweep(self):
        """Collect the garbage once a pile has been taken, while the table is empty and
        nothing is due for a while. A card allocates nothing, but a verdict and the words on
        screen do; collected here, at a moment that costs nobody, they never fill the heap,
        so no collection (6 ms on the chip) lands in a card's or a verdict's time."""
        due = self.table.next_due()
        if due is not None and clock.diff(due, self.game_time(time.ticks_us())) < _SWEEP_AHEAD_US:
            return  # (the next pile's end will do)
        self.swept = self.table.game.piles_taken
        gc.collect()

    def spill(self):
        """Move the input record's full chunks to the flash while the pile is empty and
        nothing is due for a while, so a long game's record does not fill the heap. A flash
        write pauses every interrupt; a press in the pause is stamped as it ends, before
        anything new is on screen (see slapstack/inputlog.py). A full flash stops the
        spilling: the rest of the record stays in RAM, and nothing is lost."""
        due = self.table.next_due()
        if due is not None and clock.diff(due, self.game_time(time.ticks_us())) < _SPILL_AHEAD_US:
            return
        try:
            self.table.inputs.spill(self.record_file)
        except OSError:
            self.spilling = False

    # --- input ------------------------------------------------------------------------------

    def on_seat(self, seat, pressed, t):
        """A seat button edge, time-stamped in its interrupt (SlapButtons.poll, oldest first)."""
        t = self.game_time(t)
        s = self.a.settings
        if s["humans"] <= seat < s["players"] or seat >= self.table.seats or clock.diff(t, self.started) < 0:
            return  # a bot's seat, a seat the game has not (War, Money), or an edge from before the deal
        if pressed:
            self.table.press(seat, t)
            self.presenter.seat(seat)
        else:
            self.table.release(seat, t)

    def play_fast(self):
        """No person at the table has a part in the game any more (out of cards with no
        slapping back in): the rest plays at FAST times the wall clock, from now."""
        self.speed = FAST
        self.paused_at = time.ticks_us()

    def show_stuck(self, mask):
        self.stuck = mask
        self.view.mark_stuck([i for i in range(self.table.seats) if mask >> i & 1])
        self.dirty = True

    def replay_key(self, key):
        """Watching a replay: Up runs it faster (x2, x4), Down slower, OK skips to its end."""
        if key == OK:
            self.skipping = True
            return
        speed = self.speed * 2 if key == UP else self.speed // 2 if key == DOWN else self.speed
        self.speed = 4 if speed > 4 else 1 if speed < 1 else speed
        self.paused_at = time.ticks_us()
        self.view.name_game(self.reader.label(self.speed))
        self.r.full(self.view)

    # --- files ------------------------------------------------------------------------------

    def open_record(self):
        """The input record spills to the flash as the game goes (RECORD_FILE; if the flash
        will not have it, it stays in RAM)."""
        self.record_file = self.a.store().open_scratch(RECORD_FILE)
        self.spilling = self.record_file is not None

    def drop_record(self):
        """The spilled input record goes once its replay is written, or the game is left."""
        self.a.store().drop_scratch(RECORD_FILE, self.record_file)
        self.record_file = None
        self.spilling = False

    def close_replay(self):
        """The replay watched ends (its end, its damage, or the game left)."""
        if self.reader is not None:
            self.reader.f.close()
            self.reader = None

    def close(self):
        """The game is left (``App.leave_game``) or an error stopped it: its files go."""
        self.close_replay()
        self.drop_record()


def presenter_class(game):
    """The class that shows ``game``'s events (app/presenter.py), its module imported if it
    is not yet: it goes with the game (UNLOAD_WITH = "game")."""
    if game in ("war", "money"):
        from app.duel_presenter import DuelPresenter
        return DuelPresenter
    from app.slap_presenter import SlapPresenter
    return SlapPresenter


def begin(app, table, view, reader=None):
    """Put ``table`` (dealing.py or watch.py dealt it) on screen with ``view`` in a new
    session and start its clock: a game played, or ``reader``'s replay watched. The menu
    closes first (a blank screen while the deal is set up), then the menus' code and the
    engine's modules the game does not use leave the heap."""
    from app import table_screens
    from painters import game_words  # (it goes with the menus' code: UNLOAD_WITH = "menus")
    s = Session(app, table, view, game_words.of(table.game_name), reader)  # its presenter made
    # before the deal lets the engine's set-up go (a slap game's names its combinations with it)
    app.open_session(s)
    if reader is None and table.record:  # before store.py goes with the menus
        s.open_record()
    app.change(Screen())  # the menu's objects go (How to play's pages made ahead...)
    app.summary.begin(table.players, table.seats)
    if table.head_start_ms is not None:
        for p in range(min(table.seats, len(view.head_start))):
            view.head_start[p] = table.head_start_ms[p]
    let_go_of_menus()  # and rules, presets, deal code, other games' code: not needed until the menu
    app.use_bands(GAME_BAND_BYTES)  # the table's larger bands, in the room the menus leave
    gc.collect()  # their garbage now, before the deal is drawn: not in the first cards' time
    app.b.seats_in_play(table.players)
    s.start(app.ticks.ticks_us())
    app.change(table_screens.Playing() if reader is None else table_screens.Watching())
    gc.collect()  # and the drawing's, before the first card is due
