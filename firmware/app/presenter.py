"""What a game's events do at the table: the view, the sound and the LEDs.

The table hands every engine event to the App (``App.on_event``: its sink), which gives it
to the game's presenter (``Session.presenter``), live or in a replay alike (a replay's inputs reach the table
through ``slapstack.replay.apply``). Two presenters share this base: ``SlapPresenter``
(slap_presenter.py: the slap games and the pattern games without slaps) and
``DuelPresenter`` (duel_presenter.py: War and Money, with their own panels). Each has
one ``event`` that dispatches every kind itself, so a card costs one call; what they
share (a card out on the panel, whose turn it is, a seat out, the game's end, the pile
read again from the game) is here.

A presenter belongs to the game's session (session.py) and holds the game it shows: it asks
the game (its public queries) and changes the view through the view's own methods. It
reports to the session that the view changed, that a card was turned and when it showed,
and how the game ended (``changed``, ``Session.card_turned``/``card_showed``, ``ended``: the only places it
touches the session's state); the session then tells the table when the card became
visible (``Session.play``). Nothing here allocates per card. A presenter is made as its
game goes on the table (``session.begin``) and goes with its session.
"""
import time

from hid import sound
from painters.view import CARD_BACK

UNLOAD_WITH = "game"  # let go with the game (app/unload.py)


class Presenter:
    """The interface the App and the session use: ``event(kind, t, p, a, b, c)`` (each
    subclass's own dispatch), ``seat(p)``, ``tick(t)``, ``due(t)``, ``ok(t)``,
    ``sync_table()``; the rest is what the subclasses share."""

    def __init__(self, session):
        self.s = session
        self.view = session.view
        self.table = session.table
        self.game = session.table.game  # (one game a table, from its deal to its end)
        self.renderer = session.r
        self.sound = session.b.sound
        self.leds = session.b.leds

    # --- what the session learns ------------------------------------------------------------

    def changed(self):
        """The view changed: the session's next pass draws it."""
        self.s.changed()

    def ended(self, end):
        """The game is over, ``end`` how (E.END_*, for game_end.py)."""
        self.s.ended(end)

    # --- what every game shares ------------------------------------------------------------

    def card_out(self, p, shows):
        """The rest of a card's turn, once its pile is in the view: the hand's count, the
        verdict and status line cleared; with ``shows``, the pile goes out on the panel now,
        in the engine's turn (``draw_pile``), and the card's sound starts as it shows."""
        v = self.view
        v.count[p] = self.game.hand_size(p)
        v.clear_line()
        self.s.card_turned()  # (first: the session knows a card is coming as it is drawn)
        if shows and self.draw_pile():
            self.s.card_showed(time.ticks_us())
        self.sound.play(sound.CARD, self.s.now)

    def draw_pile(self):
        """A new card or verdict goes out now, in the engine's turn, before the bots look at
        the pile and the engine goes on with its turn (some 1.5 ms on the chip after a slap
        game's card; 3-4 ms after War's second card: comparing, gathering, the bots' plans,
        the watch for an endless deal); ``Session.play`` tells the table when a card was out
        once the turn is over, and paints the rest. Returns whether it painted (not while a
        replay skips to its end)."""
        return not self.s.skipping and self.renderer.update_pile(self.view)

    def turn(self, p, chances):
        self.view.set_turn(p, chances)
        self.leds.show_turn(p)

    def eliminated(self, p):
        self.view.set_out(p, True)
        self.leds.set_out(p, True)

    def game_over(self, p, end):
        """GAME_OVER: ``p`` the winner (-1: none), ``end`` how it ended (E.END_*, for game_end.py)."""
        v = self.view
        v.game_over(p)
        self.ended(end)
        v.say(None, "OK: summary  Back: menu")
        if p >= 0:
            now = self.s.now
            self.sound.play(sound.WIN, now)
            self.leds.celebrate(p, now)
        else:
            self.leds.off()

    def say(self, p, text, num=-1):
        """The status line, about seat ``p`` (in its colour; None: white), then ``num`` if
        it is not negative: 14 px high, so short."""
        self.view.say(p, text, num)

    def sync_pile(self):
        """The view's pile read again from the game (after a pile is won, burnt or bought)."""
        g = self.game
        v = self.view
        n = g.pile_len()
        for i in range(len(v.pile)):
            if i < n:
                v.lay_pile(i, CARD_BACK if g.pile_face_down(i) else g.pile_top(i), g.pile_seat(i))
            else:
                v.lay_pile(i, 0, -1)
        v.set_pile_count(n)

    def sync_table(self):
        """The hands and the pile as dealt: the table's first picture."""
        g = self.game
        v = self.view
        for i in range(self.table.seats):
            v.count[i] = g.hand_size(i)  # everyone starts in; ELIMINATED events mark who goes out
        self.sync_pile()

    # --- what the loop hands on (War and Money use them: duel_presenter.py) -------------------

    def seat(self, p):
        """Seat ``p``'s button went down (a live press, or a replay's recorded one)."""

    def tick(self, t):
        """A pass of the loop during play, at game time ``t``."""

    def due(self, t):
        """The game time of the next change ``tick`` makes by itself after game time ``t``
        (a timed panel), or None: the loop's nap wakes for it (``Session.wait``)."""
        return None

    def ok(self, t):
        """The console's OK during play, at game time ``t``."""
