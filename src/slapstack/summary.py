"""The story of one game per seat, counted from its events: what the end-of-game summary
shows (slaps won, false and late; fastest and average reaction; cards won) and how long
the game lasted.

Fed by the front end's event sink (``event(kind, t, p, a, b, c)``, the engine's own
numbers), it counts into preallocated int lists, so an event allocates nothing. A
reaction is a valid slap's (won, late or tied) or a War press's time to turn, in whole
ms; its total and the game's length are summed in ms, so neither grows into a big int
nor wraps with the clock, however long the game.
"""

from slapstack import clock
from slapstack import events as E

MAX_SEATS = 8  # a table's most seats, for every game (games.RECORDS: no game seats more)
_WAR_READY = 42  # duel_events.WAR_READY (War's press to turn), not imported: a slap game does without


class Summary:
    def __init__(self):
        self.won = [0] * MAX_SEATS         # slaps (or Money claims) that took the pile
        self.false = [0] * MAX_SEATS       # false slaps, wrong claims
        self.late = [0] * MAX_SEATS        # valid but later than someone
        self.reactions = [0] * MAX_SEATS   # reaction times counted
        self.fastest_ms = [0] * MAX_SEATS
        self.total_ms = [0] * MAX_SEATS
        self.cards_won = [0] * MAX_SEATS   # cards taken in piles, any way
        self.seated = bytearray(MAX_SEATS)  # 1: someone played at the seat (dealt in, or slapped in at a free one)
        self.begin(0)

    def begin(self, players, seats=None):
        """A new game of ``players`` seats dealt in (of ``seats`` at the table, free ones
        included; default ``players``): every count back to nothing."""
        self.players = players
        self.seats = players if seats is None else seats
        for i in range(MAX_SEATS):
            self.seated[i] = 1 if i < players else 0
            self.won[i] = self.false[i] = self.late[i] = 0
            self.reactions[i] = self.fastest_ms[i] = self.total_ms[i] = self.cards_won[i] = 0
        self.length_ms = 0     # from the first event to the last
        self.cards_played = 0  # GAME_OVER's count
        self.winner = -1
        self.end = -1          # GAME_OVER's END_*, or -1 while the game is on
        self.last = -1         # time of the last event counted into length_ms

    def event(self, kind, t, p, a, b, c):
        if self.last < 0:
            self.last = t
        else:
            d = clock.diff(t, self.last)
            if d >= 1000:
                k = d // 1000
                self.length_ms += k
                self.last = clock.add(self.last, k * 1000)
        if kind == E.SLAP:
            if a == E.V_WIN:
                self.won[p] += 1
            elif a == E.V_FALSE:
                self.false[p] += 1
            elif a == E.V_LATE:
                self.late[p] += 1
            if a <= E.V_TIE:
                self._reaction(p, c)
        elif kind == _WAR_READY:
            self._reaction(p, a)
        elif kind == E.PILE_WON:
            self.cards_won[p] += b
        elif kind == E.SLAPPED_IN and a:  # a late arrival at a free seat joins
            self.seated[p] = 1
        elif kind == E.GAME_OVER:
            self.winner = p
            self.cards_played = a
            self.end = c

    def _reaction(self, p, us):
        if us < 0:
            return  # before the card was on screen: no reaction to count
        ms = us // 1000
        self.reactions[p] += 1
        self.total_ms[p] += ms
        if self.reactions[p] == 1 or ms < self.fastest_ms[p]:
            self.fastest_ms[p] = ms

    def seats_played(self):
        """The seats someone played at, in order: those dealt in and the late arrivals'."""
        return [p for p in range(self.seats) if self.seated[p]]

    def joined(self, p):
        """Whether seat p was free and someone slapped in there."""
        return p >= self.players and self.seated[p] == 1

    def average_ms(self, p):
        """Average reaction in ms, or -1 with none counted."""
        n = self.reactions[p]
        return self.total_ms[p] // n if n else -1

    def fastest(self, p):
        """Fastest reaction in ms, or -1 with none counted."""
        return self.fastest_ms[p] if self.reactions[p] else -1
