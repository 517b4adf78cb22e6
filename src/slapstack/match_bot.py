"""A slap-game bot that matches the table (level ``"match"``): it learns the people's
reactions as the game goes and slaps near their median, so that it wins about its share.

People are the seats with no bot (a late arrival's free seat too) and the person models;
it never learns from other bots (pace.py: ``people_at``). It hears every slap's verdict
(the table's SLAP events, which carry the reaction in us) and sees each card as every slap
bot does (``see``):

- the reaction of each valid slap by a person (won, late or tied) goes into its ``Pace``:
  from the fifth on, it slaps with their median, spread and fastest (pace.py);
- for each combination shown it counts how many of the people at the table pressed on it
  before the next card, and for each other card how many slapped falsely: once enough
  were counted it misses and twitches as often as they do (``Rate``).

Until then it plays as the normal level. A person at the table is one dealt in, or a free
seat's once heard from. Hearing a verdict allocates nothing.
"""

from slapstack import bots
from slapstack import events as E
from slapstack.bots import Bot
from slapstack.pace import LEVEL, Pace, Rate


def _count(bits):
    n = 0
    while bits:
        n += bits & 1
        bits >>= 1
    return n


class MatchBot(Bot):
    def __init__(self, seat, seed, people, players):
        normal = bots.LEVELS["normal"]
        self.mean, self.spread, self.floor, self.miss, self.false = self._begin(seat, LEVEL, seed, {LEVEL: normal})
        self.pace = Pace(self.mean, self.spread, self.floor)
        self.misses = Rate(self.miss)
        self.twitches = Rate(self.false)
        self.people = people & ~(1 << seat)
        self.dealt = (1 << players) - 1
        self.heard = 0            # free seats' people heard from: they are at the table now
        self.combination = False  # the card shown makes a combination
        self.pressed = 0          # people who pressed on it (a bit each)
        self.falses = 0           # false slaps by people on the card shown (no combination)

    def see(self, t_visible, pattern):
        """A new card: what the people did on the last one is counted, then the plan made."""
        present = _count((self.people & self.dealt) | self.heard)
        if self.combination:
            self.miss = self.misses.count(present, present - _count(self.pressed))
        else:
            self.false = self.twitches.count(present, self.falses)
        self.combination = pattern != E.PAT_NONE
        self.pressed = 0
        self.falses = 0
        Bot.see(self, t_visible, pattern)

    def hear(self, p, verdict, react_us):
        """Seat p's slap was judged ``verdict`` (E.V_*), ``react_us`` after the card showed."""
        if not (self.people >> p) & 1:
            return
        self.heard |= 1 << p
        if verdict == E.V_FALSE:
            if not self.combination:
                self.falses += 1
            return
        if self.combination:
            self.pressed |= 1 << p
        if verdict <= E.V_TIE and react_us >= 0 and self.pace.keep(react_us // 1000):  # (won, late or tied)
            pace = self.pace
            self.mean = pace.mean
            self.spread = pace.spread
            self.floor = pace.floor
