"""Slap combinations: which pattern, if any, is on top of the pile.

``Patterns(rules)`` reads the switched-on combinations once; ``find(pile, avail, skip)``
then looks at ``avail`` cards below the top ``skip`` (burned cards at the bottom never
count, and a press before the top card was visible skips it) and returns a PAT_* id or
PAT_NONE. With no joker in the window this allocates nothing.

Ranks: ace is 1. A run is three ranks in a row either way (A-2-3 and Q-K-A both count;
K-A-2 only with ``run_wrap``; a joker that is not wild is in none). Tens: the top two add
up to ten with an ace as 1; faces never count. Wild jokers (``jokers: "wild"``) stand for
whatever rank and suit makes a combination, found by trying the ranks in the (at most
four) cards looked at.
"""

from slapstack import events as E

JOKER_RANK = 14

# Checked in this order, so a slap is named by its most particular combination.
ORDER = (E.PAT_NILE_NINE, E.PAT_BIG_MAC, E.PAT_MARRIAGE, E.PAT_RUN, E.PAT_FLUSH,
         E.PAT_SANDWICH, E.PAT_TENS, E.PAT_DOUBLE)
WINDOW = {E.PAT_DOUBLE: 2, E.PAT_SANDWICH: 3, E.PAT_BIG_MAC: 4, E.PAT_RUN: 3, E.PAT_FLUSH: 3,
          E.PAT_MARRIAGE: 2, E.PAT_TENS: 2, E.PAT_NILE_NINE: 3}
OPTION = {E.PAT_DOUBLE: "double", E.PAT_SANDWICH: "sandwich", E.PAT_BIG_MAC: "big_mac",
          E.PAT_RUN: "run", E.PAT_FLUSH: "flush", E.PAT_MARRIAGE: "marriage",
          E.PAT_TENS: "tens", E.PAT_NILE_NINE: "nile_nine"}


def _rising(a, b, c, wrap):
    """a, b, c in a row going up; an ace may follow a king (Q-K-A), but only at the end
    unless wrapping (K-A-2). A joker that is not wild has no rank, so its 14 follows no
    king (Q-K-joker is no run); a wild one reaches here as the rank it stands for."""
    if not (b == a + 1 or (a == 13 and b == 1)):
        return False
    if not ((c == b + 1 and c != JOKER_RANK) or (b == 13 and c == 1)):
        return False
    return wrap or not (a == 13 and b == 1)


def _run(r0, r1, r2, wrap):
    # play order is r2, r1, r0 (r0 on top): a run may go up or down
    return _rising(r2, r1, r0, wrap) or _rising(r0, r1, r2, wrap)


def _plain(pat, r0, r1, r2, r3, s0, s1, s2, wrap):
    if pat == E.PAT_DOUBLE:
        return r0 == r1
    if pat == E.PAT_SANDWICH:
        return r0 == r2 and r1 != r0
    if pat == E.PAT_BIG_MAC:
        return r0 == r3 and r1 == r2 and r0 != r1
    if pat == E.PAT_RUN:
        return _run(r0, r1, r2, wrap)
    if pat == E.PAT_FLUSH:
        return s0 == s1 and s1 == s2
    if pat == E.PAT_MARRIAGE:
        return (r0 == 12 and r1 == 13) or (r0 == 13 and r1 == 12)
    if pat == E.PAT_TENS:
        return r0 <= 10 and r1 <= 10 and r0 + r1 == 10
    if pat == E.PAT_NILE_NINE:
        return r0 == 3 and r1 == 3 and r2 == 3
    return False


class Patterns:
    def __init__(self, rules):
        on = []
        for pat in ORDER:
            if getattr(rules, OPTION[pat]):
                on.append(pat)
        self.on = tuple(on)
        self.wrap = rules.run_wrap
        self.wild = rules.jokers == "wild"

    def find(self, pile, avail, skip=0):
        """The first switched-on pattern in the ``avail`` cards under the top ``skip``."""
        if avail < 2 or not self.on:
            return E.PAT_NONE
        c0 = pile.from_back(skip)
        c1 = pile.from_back(skip + 1)
        c2 = pile.from_back(skip + 2) if avail > 2 else 0
        c3 = pile.from_back(skip + 3) if avail > 3 else 0
        wild = self.wild and ((c0 & 15) == JOKER_RANK or (c1 & 15) == JOKER_RANK
                              or (c2 & 15) == JOKER_RANK or (c3 & 15) == JOKER_RANK)
        for pat in self.on:
            n = WINDOW[pat]
            if n > avail:
                continue
            if wild:
                if self._wild(pat, n, (c0, c1, c2, c3)):
                    return pat
            elif self._match(pat, c0, c1, c2, c3):
                return pat
        return E.PAT_NONE

    def _match(self, pat, c0, c1, c2, c3):
        if pat == E.PAT_FLUSH and ((c0 & 15) == JOKER_RANK or (c1 & 15) == JOKER_RANK
                                   or (c2 & 15) == JOKER_RANK):
            return False  # a joker has no suit unless wild
        return _plain(pat, c0 & 15, c1 & 15, c2 & 15, c3 & 15, c0 >> 4, c1 >> 4, c2 >> 4, self.wrap)

    def _wild(self, pat, n, window):
        """Try every rank/suit for the jokers among the first n cards (rare: allocates)."""
        cards = list(window[:n])
        jokers = [i for i in range(n) if (cards[i] & 15) == JOKER_RANK]
        choices = []
        for r in range(1, 14):
            for s in range(4) if pat == E.PAT_FLUSH else (0,):
                choices.append((s << 4) | r)
        return self._try(pat, n, cards, jokers, 0, choices)

    def _try(self, pat, n, cards, jokers, k, choices):
        if k == len(jokers):
            return self._match(pat, cards[0], cards[1], cards[2] if n > 2 else 0,
                               cards[3] if n > 3 else 0)
        i = jokers[k]
        for c in choices:
            cards[i] = c
            if self._try(pat, n, cards, jokers, k + 1, choices):
                cards[i] = JOKER_RANK
                return True
        cards[i] = JOKER_RANK
        return False
