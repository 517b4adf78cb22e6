"""A slap-game bot that matches the table (level ``"match"``): it learns the people's
reactions as the game goes and slaps near their median, so that it wins about its share.

People are the seats with no bot (a late arrival's free seat too) and the person models
(``"person:MS"``, tournaments' stand-ins for people); it never learns from other bots.
It hears every slap's verdict (the table's SLAP events, which carry the reaction in us)
and sees each card as every slap bot does (``see``):

- the reaction of each valid slap by a person (won, late or tied) goes into a ring of the
  last ``RING``; once it holds ``HEARD_ENOUGH``, the bot's bell (bots.py) is theirs: its
  mean their median, its spread from how far they lie from it on average (a bell's mean
  distance from its middle is 7/30 of its spread), its floor the fastest of them;
- for each combination shown it counts how many of the people at the table pressed on it
  before the next card, and for each other card how many slapped falsely; once
  ``COUNTED_ENOUGH`` answers were due it misses and twitches as often as they did (older
  counts weigh less: both are halved past ``COUNT_MAX``).

Until then it plays as the normal level. A person at the table is one dealt in, or a free
seat's once heard from. Hearing a verdict allocates nothing: the ring is a fixed array and
the median is counted out in place (a person's slaps are a few a minute).
"""

from array import array

from slapstack import bots
from slapstack import events as E
from slapstack.bots import Bot

LEVEL = "match"
RING = 15            # the people's last valid slaps whose reactions are kept (odd: one median)
HEARD_ENOUGH = 5     # reactions heard before the median is played
COUNTED_ENOUGH = 24  # answers due (a person and a card each) before misses and twitches are
COUNT_MAX = 400      # past this, the counts are halved: the table's recent play weighs most
REACTION_MS = (100, 5000)  # a reaction kept is cut to this range (ms)


def people_at(levels, seats):
    """The seats (a bit each) of ``seats`` that hold people: those with no bot in ``levels``
    and those with a person model."""
    mask = 0
    for seat in range(seats):
        level = levels.get(seat)
        if level is None or (type(level) is str and level.startswith(bots.PERSON)):
            mask |= 1 << seat
    return mask


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
        self.people = people & ~(1 << seat)
        self.dealt = (1 << players) - 1
        self.heard = 0          # free seats' people heard from: they are at the table now
        self.ring = array("H", bytes(2 * RING))
        self.kept = 0           # reactions in the ring
        self.next_slot = 0
        self.combination = False  # the card shown makes a combination
        self.pressed = 0        # people who pressed on it (a bit each)
        self.falses = 0         # false slaps by people on the card shown (no combination)
        self.due = 0            # answers due on combinations (a person each)
        self.answered = 0       # of them, those given
        self.quiet_due = 0      # chances to slap falsely (a person and a card each)
        self.twitches = 0       # of them, those taken

    def see(self, t_visible, pattern):
        """A new card: what the people did on the last one is counted, then the plan made."""
        present = _count((self.people & self.dealt) | self.heard)
        if self.combination:
            self.due += present
            self.answered += _count(self.pressed)
        else:
            self.quiet_due += present
            self.twitches += self.falses
        self.combination = pattern != E.PAT_NONE
        self.pressed = 0
        self.falses = 0
        if self.due >= COUNTED_ENOUGH:
            self.miss = 1000 * (self.due - self.answered) // self.due
        if self.quiet_due >= COUNTED_ENOUGH:
            self.false = 1000 * self.twitches // self.quiet_due
        if self.due > COUNT_MAX:
            self.due >>= 1
            self.answered >>= 1
        if self.quiet_due > COUNT_MAX:
            self.quiet_due >>= 1
            self.twitches >>= 1
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
        if verdict <= E.V_TIE and react_us >= 0:  # (won, late or tied)
            self._keep(react_us // 1000)

    def _keep(self, ms):
        ms = REACTION_MS[0] if ms < REACTION_MS[0] else REACTION_MS[1] if ms > REACTION_MS[1] else ms
        self.ring[self.next_slot] = ms
        self.next_slot = (self.next_slot + 1) % RING
        if self.kept < RING:
            self.kept += 1
        if self.kept >= HEARD_ENOUGH:
            m = self._median()
            ring = self.ring
            off = 0
            fastest = m
            for i in range(self.kept):
                x = ring[i]
                off += x - m if x > m else m - x
                if x < fastest:
                    fastest = x
            self.mean = m
            # the bell's mean distance from its middle is 7/30 of its spread
            self.spread = off * 30 // (7 * self.kept)
            self.floor = fastest

    def _median(self):
        """The middle one of the reactions kept (the lower middle of an even count), found
        in place: the value with fewer than half below it and at least half at or below."""
        ring = self.ring
        n = self.kept
        half = (n - 1) // 2
        for i in range(n):
            x = ring[i]
            below = 0
            equal = 0
            for j in range(n):
                y = ring[j]
                if y < x:
                    below += 1
                elif y == x:
                    equal += 1
            if below <= half < below + equal:
                return x
        return ring[0]  # (never reached: some value is the middle one)
