"""One game's slaps, tallied while it is played.

Only seats played by people count (bots' wins are one number per game). The slaps are
tallied into preallocated int lists, so a slap allocates nothing. Merging the totals into
the statistics when the game ends, the statistics file and screen are stats.py's, which
a game does without: this module is all of it that a game keeps.
"""
from micropython import const

from slapstack import events as E

_MAX_SEATS = const(8)


class Tally:
    """One game's slaps, per seat; ``slap`` is called from the event sink."""

    def __init__(self):
        self.valid = [0] * _MAX_SEATS
        self.wins = [0] * _MAX_SEATS
        self.fastest_us = [0] * _MAX_SEATS
        self.total_us = [0] * _MAX_SEATS
        self.humans = 0

    def begin(self, humans):
        """A new game; seats 0..humans-1 are people."""
        self.humans = humans
        for i in range(_MAX_SEATS):
            self.valid[i] = 0
            self.wins[i] = 0
            self.fastest_us[i] = 0
            self.total_us[i] = 0

    def slap(self, p, verdict, reaction_us):
        if p >= self.humans or reaction_us < 0 or verdict > E.V_TIE:
            return  # bots, false and ignored slaps do not count towards reaction times
        self.valid[p] += 1
        self.total_us[p] += reaction_us
        if verdict == E.V_WIN:
            self.wins[p] += 1
        if self.fastest_us[p] == 0 or reaction_us < self.fastest_us[p]:
            self.fastest_us[p] = reaction_us
