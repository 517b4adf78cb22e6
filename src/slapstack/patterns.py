"""Slap combinations: which one, if any, is on top of the pile.

``Patterns(rules)`` takes the switched-on combinations from the table (combos.py) once, at
set-up; ``find(pile, avail, skip)`` then looks at ``avail`` cards below the top ``skip``
(burned cards at the bottom never count, and a press before the top card was visible skips
it) and returns a PAT_* id or PAT_NONE. With no joker in the window this allocates nothing.

Each combination's matcher is in its record (combos.py): it takes the top cards' ranks and
suits (r0 on top; a missing card is 0) and ``wrap`` (rule run_wrap), or, for a combination
that looks at the whole pile, the pile itself. Wild jokers (``jokers: "wild"``) stand for
whatever rank and suit makes a combination, found here by trying the ranks in the (at most
four) cards looked at.
"""

from slapstack import events as E
from slapstack.cards import JOKER_RANK


class Patterns:
    def __init__(self, rules):
        from slapstack import combos
        on = []
        checks = []
        for c in combos.checked():
            if getattr(rules, c[combos.NAME]):
                on.append(c[combos.ID])
                checks.append((c[combos.ID], c[combos.CARDS], c[combos.MATCH]))
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
