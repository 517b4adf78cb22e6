"""The party limit: a house rule for a shorter game (options.PARTY, off in every preset).

With ``party_minutes`` or ``party_cards`` set, once that much play has passed or that many
cards have been played, the game ends at its next quiet moment (the pile in play taken,
nothing in the air; a limit in minutes that passes while the table is already quiet ends
the game there and then) and whoever then holds the most cards wins (in Money, numerals and
money cards alike); equal most is a draw. Time is the game's own: the times of its
actions since the start (a pause does not count), summed in whole milliseconds so a game
longer than the clock's ring still counts right. The Table checks it after each of the game's actions,
live and in a replay alike, so a replay ends at the same card. Loaded only when it is on.
"""

from slapstack import clock
from slapstack import events as E
from slapstack.summary import MAX_SEATS


_AHEAD_MS = 200000  # how far ahead deadline() looks (well inside the clock's reach)


class PartyLimit:
    def __init__(self, rules, t0, bank=False):
        self.bank = bank  # the game's money cards count too (a capability: games.can "bank")
        self.limit_ms = rules.party_minutes * 60000
        self.cards = rules.party_cards
        self.ms = 0      # play so far, in whole ms
        self.last = t0   # the time self.ms counts up to
        self.held = [0] * MAX_SEATS  # per seat the cards held as the limit ended the game
        # (what decided it, for the summary)

    def reached(self, g, t):
        """True once ``g`` has run its time (its action times, up to ``t``) or its cards."""
        d = clock.diff(t, self.last)
        if d >= 1000:
            k = d // 1000
            self.ms += k
            self.last = clock.add(self.last, k * 1000)
        return (self.cards and g.cards_played >= self.cards) or \
            (self.limit_ms and self.ms >= self.limit_ms)

    def deadline(self):
        """When the time limit is reached (a clock time), or None: no limit in minutes. At
        most _AHEAD_MS ahead: a clock time farther off would read as past (clock.diff reaches
        +-2**29 us, under 9 minutes); reaching that time counts it, and the next is nearer."""
        if not self.limit_ms:
            return None
        left = self.limit_ms - self.ms
        if left > _AHEAD_MS:
            left = _AHEAD_MS
        return clock.add(self.last, left * 1000 if left > 0 else 0)

    def end(self, g, t, players, sink):
        """End ``g`` now: the most cards wins (-1: a draw), GAME_OVER with END_PARTY."""
        best = -1
        most = -1
        for p in range(players):
            n = self.held[p] = held(g, p, self.bank)
            if n > most:
                best, most = p, n
            elif n == most:
                best = -1
        g.finish(best)
        if sink is not None:
            sink(E.GAME_OVER, t, best, g.cards_played, g.piles_taken, E.END_PARTY)


def held(g, p, bank):
    """Cards seat ``p`` holds: their hand, and in a game with a ``bank`` (Money: the
    table's ``can("bank")``) their money cards too."""
    n = g.hand_size(p)
    if bank:
        for k in range(5):
            n += g.bank_count(p, k)
    return n
