"""Head starts (handicaps): per seat, the ms its presses are judged earlier in a race: a
slap contest (slap_contest.py), or War's call of a war (war_calls.py).

The one check of a table's head starts, shared by ``Table`` and the replay reader
(replay_checks.py), so that the device and the laptop refuse the same values in the same words.
"""

MAX_MS = 1000  # a head start beyond a second would be no contest at all


def check(ms, seats, game, races):
    """``ms`` checked as a table of ``seats`` seats playing ``game`` takes it: one whole number
    of ms from 0 to MAX_MS per seat; a game with no race (``races`` false: its table's ``can("race")``: Money, Beggar-my-neighbour, Egyptian Ruffle without ruffles and War without calls) takes
    only zeros. Returns a list of the values; raises ValueError naming the field."""
    if type(ms) is not list or len(ms) != seats:
        raise ValueError("head_start_ms: must be a list of %d head starts (one per seat), got %r" % (seats, ms))
    for v in ms:
        if type(v) is not int or v < 0 or v > MAX_MS:
            raise ValueError("head_start_ms: each must be a whole number of ms from 0 to %d, got %r" % (MAX_MS, v))
        if v and not races:
            raise ValueError("head_start_ms: %s has no race (slaps, or War's calls) to give a head start in: "
                             "all must be 0" % game)
    return list(ms)


def any_set(ms):
    """Whether some seat has a head start (``ms`` a checked list, or None)."""
    if ms:
        for v in ms:
            if v:
                return True
    return False
