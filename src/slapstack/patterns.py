"""Slap combinations: which one, if any, is on top of the pile.

``Patterns(rules)`` takes the switched-on combinations from the table (combos.py) once, at
set-up; ``find(pile, avail, skip)`` then looks at ``avail`` cards below the top ``skip``
(burned cards at the bottom never count, and a press before the top card was visible skips
it) and returns a PAT_* id or PAT_NONE. With no joker in the window this allocates nothing.

Each combination's matcher is the function here of its name (``double``). They are here,
apart from the table and its words, because a game in play keeps them, while the table is
set-up data the game lets go. Each takes the top cards' ranks and suits (r0 on top; a
missing card is 0) and ``wrap`` (rule run_wrap), or, for a combination that looks at the
whole pile, the pile itself.

Ranks: ace is 1. A run is three ranks in a row either way (A-2-3 and Q-K-A both count;
K-A-2 only with ``run_wrap``; a joker that is not wild is in none). Tens: the top two add
up to ten with an ace as 1; faces never count. Wild jokers (``jokers: "wild"``) stand for
whatever rank and suit makes a combination, found by trying the ranks in the (at most
four) cards looked at.
"""

from slapstack import events as E

JOKER_RANK = 14


def double(r0, r1, r2, r3, s0, s1, s2, wrap):
    return r0 == r1


def sandwich(r0, r1, r2, r3, s0, s1, s2, wrap):
    return r0 == r2 and r1 != r0


def big_mac(r0, r1, r2, r3, s0, s1, s2, wrap):
    return r0 == r3 and r1 == r2 and r0 != r1


def _rising(a, b, c, wrap):
    """a, b, c in a row going up; an ace may follow a king (Q-K-A), but only at the end
    unless wrapping (K-A-2). A joker that is not wild has no rank, so its 14 follows no
    king (Q-K-joker is no run); a wild one reaches here as the rank it stands for."""
    if not (b == a + 1 or (a == 13 and b == 1)):
        return False
    if not ((c == b + 1 and c != JOKER_RANK) or (b == 13 and c == 1)):
        return False
    return wrap or not (a == 13 and b == 1)


def run(r0, r1, r2, r3, s0, s1, s2, wrap):
    # play order is r2, r1, r0 (r0 on top): a run may go up or down
    return _rising(r2, r1, r0, wrap) or _rising(r0, r1, r2, wrap)


def flush(r0, r1, r2, r3, s0, s1, s2, wrap):
    # a joker has no suit unless wild
    return s0 == s1 and s1 == s2 and r0 != JOKER_RANK and r1 != JOKER_RANK and r2 != JOKER_RANK


def marriage(r0, r1, r2, r3, s0, s1, s2, wrap):
    return (r0 == 12 and r1 == 13) or (r0 == 13 and r1 == 12)


def tens(r0, r1, r2, r3, s0, s1, s2, wrap):
    return r0 <= 10 and r1 <= 10 and r0 + r1 == 10


def nile_nine(r0, r1, r2, r3, s0, s1, s2, wrap):
    return r0 == 3 and r1 == 3 and r2 == 3


def top_bottom(pile, skip, avail, wild):
    """The top card's rank is the bottom one's (burned cards lie under the bottom: ``avail``
    leaves them out); a wild joker at either end stands for the other."""
    top = pile.from_back(skip) & 15
    bottom = pile.from_back(skip + avail - 1) & 15
    return top == bottom or (wild and (top == JOKER_RANK or bottom == JOKER_RANK))


_MATCHERS = globals()  # (a combination's matcher by its name)


class Patterns:
    def __init__(self, rules):
        from slapstack import combos  # (set-up data: the game lets it go once dealt)
        on = []
        checks = []
        for c in combos.checked():
            if getattr(rules, c[combos.NAME]):
                on.append(c[combos.ID])
                checks.append((c[combos.ID], c[combos.CARDS], _MATCHERS[c[combos.NAME]]))
        self.on = tuple(on)
        self.checks = tuple(checks)  # (id, cards looked at or 0: the whole pile, matcher)
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
        r0 = c0 & 15
        r1 = c1 & 15
        r2 = c2 & 15
        r3 = c3 & 15
        wild = self.wild and (r0 == JOKER_RANK or r1 == JOKER_RANK or r2 == JOKER_RANK or r3 == JOKER_RANK)
        wrap = self.wrap
        for pat, n, match in self.checks:
            if n > avail:
                continue
            if not n:
                if match(pile, skip, avail, self.wild):
                    return pat
            elif wild:
                if _wild(match, n, (c0, c1, c2, c3), wrap):
                    return pat
            elif match(r0, r1, r2, r3, c0 >> 4, c1 >> 4, c2 >> 4, wrap):
                return pat
        return E.PAT_NONE


def _wild(match, n, window, wrap):
    """Try every rank for the jokers among the first n cards (rare: allocates), each in the
    suit of the first card that is no joker: a suit is all a combination reads of a card
    besides its rank (a flush), and only sharing the others' can make one."""
    cards = list(window[:n])
    jokers = [i for i in range(n) if (cards[i] & 15) == JOKER_RANK]
    suit = 0
    for c in cards:
        if (c & 15) != JOKER_RANK:
            suit = c >> 4
            break
    choices = [(suit << 4) | r for r in range(1, 14)]
    return _try(match, n, cards, jokers, 0, choices, wrap)


def _try(match, n, cards, jokers, k, choices, wrap):
    if k == len(jokers):
        c0, c1 = cards[0], cards[1]
        c2 = cards[2] if n > 2 else 0
        c3 = cards[3] if n > 3 else 0
        return match(c0 & 15, c1 & 15, c2 & 15, c3 & 15, c0 >> 4, c1 >> 4, c2 >> 4, wrap)
    i = jokers[k]
    for c in choices:
        cards[i] = c
        if _try(match, n, cards, jokers, k + 1, choices, wrap):
            cards[i] = JOKER_RANK
            return True
    cards[i] = JOKER_RANK
    return False
