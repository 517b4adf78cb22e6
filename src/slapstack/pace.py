"""The people's pace, learned as a game goes, in fixed buffers: what the bots at level
``"match"`` play (match_bot.py in the slap games, war_bot.py, money_bot.py).

``Pace`` keeps the reactions of the people's last ``RING`` presses that counted; once it
holds ``HEARD_ENOUGH`` its bell (bots.py's model) is theirs: its mean their median, its
spread from how far they lie from it on average (a bell's mean distance from its middle is
7/30 of its spread), its floor the fastest of them. ``Rate`` counts how often they did a
thing when they could (missed a combination, slapped falsely); once ``COUNTED_ENOUGH``
chances were counted it is their rate, per mille, older counts weighing less (halved past
``COUNT_MAX``). Until then each gives the level's own figure. Keeping a reaction or a count
allocates nothing: the ring is a fixed array and the median is counted out in place (a
person's presses that count are a few a minute).
"""

from array import array

from slapstack import bots

LEVEL = "match"
RING = 15            # the last reactions kept (odd: one median)
HEARD_ENOUGH = 5     # reactions heard before their median is played
COUNTED_ENOUGH = 12  # chances counted before a rate is theirs
COUNT_MAX = 400      # past this, a rate's counts are halved: the recent play weighs most
REACTION_MS = (100, 5000)  # a reaction kept is cut to this range (ms)


def people_at(levels, seats):
    """The seats (a bit each) of ``seats`` that hold people: those with no bot in ``levels``
    and those with a person model (bots.py: tournaments' stand-ins for people)."""
    mask = 0
    for seat in range(seats):
        level = levels.get(seat)
        if level is None or (type(level) is str and level.startswith(bots.PERSON)):
            mask |= 1 << seat
    return mask


class Pace:
    def __init__(self, mean, spread, floor):
        self.mean = mean        # ms: the level's own until enough is heard
        self.spread = spread
        self.floor = floor
        self.ring = array("H", bytes(2 * RING))
        self.kept = 0
        self.next_slot = 0

    def keep(self, ms):
        """A person's reaction in ms; True once the figures are theirs."""
        ms = REACTION_MS[0] if ms < REACTION_MS[0] else REACTION_MS[1] if ms > REACTION_MS[1] else ms
        self.ring[self.next_slot] = ms
        self.next_slot = (self.next_slot + 1) % RING
        if self.kept < RING:
            self.kept += 1
        if self.kept < HEARD_ENOUGH:
            return False
        m = self.median()
        ring = self.ring
        off = 0
        fastest = m
        for i in range(self.kept):
            x = ring[i]
            off += x - m if x > m else m - x
            if x < fastest:
                fastest = x
        self.mean = m
        self.spread = off * 30 // (7 * self.kept)
        self.floor = fastest
        return True

    def median(self):
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


class Rate:
    def __init__(self, per_mille):
        self.per_mille = per_mille  # the level's own until enough is counted
        self.chances = 0
        self.taken = 0

    def count(self, chances, taken):
        """``taken`` of ``chances`` more; returns the rate per mille."""
        self.chances += chances
        self.taken += taken
        if self.chances >= COUNTED_ENOUGH:
            self.per_mille = 1000 * self.taken // self.chances
        if self.chances > COUNT_MAX:
            self.chances >>= 1
            self.taken >>= 1
        return self.per_mille
