"""The slap combinations, one record each: the one list of which combinations exist, and
how each matches.

Everything else is derived from ``COMBOS``: the slap family's rule switches
(slaprules.SCHEMA), the order, windows and matchers ``Patterns`` checks (patterns.py), the
names replay files and the screen use (pattern_names.py), and on the device the Rules menu's
words, groups and switches (painters/rule_words.py) and How to play's rows
(painters/howto_pages.py). A combination is added here, with its test and its line in the
READMEs' rules tables (src/slapstack/README.md, "Adding a combination").

Its words for players (the Rules menu's label and explanation, How to play's cards, Egyptian
Ruffle's names) are here too, as plain data beside the rule they explain, so a combination
is written in one place; no engine code reads them but to name a slap (pattern_names.py).
A game in play keeps this module through its matchers (a KB or two of heap, measured in
the README's device figures): one place for a combination is worth more than that.

A record (the fields' positions below):

- ``ID``: the combination's number in events (``events.SLAP``'s pattern). Numbers are never
  reused; 9 and 10 are the special ones in events.py (a joker, Money's seven of diamonds).
- ``NAME``: its rule option (``"big_mac": true`` in a replay's rules), its name in replay
  files' events (``"pattern": "big_mac"``), both kept as they are.
- ``ON``: whether it is on by default (a preset may say otherwise: slaprules.PRESETS).
- ``CARDS``: how many cards from the top its matcher looks at, or ``WHOLE_PILE`` for one
  that looks deeper (it gets the pile: burned cards are never in it).
- ``RANK``: the order it is checked in, lowest first, so a slap is named by its most
  particular combination (a gap between ranks leaves room for a new one).
- ``MATCH``: its matcher, allocating nothing: ``f(r0, r1, r2, r3, s0, s1, s2, wrap)`` on the
  top cards' ranks and suits (r0 on top; a missing card is 0; ``wrap``: rule run_wrap), or
  with ``WHOLE_PILE`` ``f(pile, skip, avail, wild)``. A wild joker reaches it as each rank
  in turn (patterns.py).
- ``WORDS``: (label, one-line explanation) on the Rules menu; the label names it in a
  slap's verdict ("BIG MAC!").
- ``EXAMPLE``: How to play's small cards (the replay format's letters; the rules
  documents' own example where they give one).
- ``RUFFLE``: Egyptian Ruffle's (name, explanation, example) for it (document 001's named
  variations), or None.
- ``OWN``: options of its own that change how it matches: (name, default, (label,
  explanation), (How-to label, example)) each, shown right after it (the run's K-A-2).
"""

from slapstack import events as E
from slapstack.cards import JOKER_RANK

WHOLE_PILE = 0
ID, NAME, ON, CARDS, RANK, MATCH, WORDS, EXAMPLE, RUFFLE, OWN = range(10)


# The matchers. Ranks: ace is 1. A run is three ranks in a row either way (A-2-3 and Q-K-A
# both count; K-A-2 only with run_wrap; a joker that is not wild is in none). Tens: the top
# two add up to ten with an ace as 1; faces never count.

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

COMBOS = (
    (E.PAT_DOUBLE, "double", True, 2, 80, double, ("Double", "Two of a rank on top: 7 7."), "7S 7H",
     ("Pyramid Pair", "Two of a number in a row: 7 7.", "7S 7H"), ()),
    (2, "sandwich", True, 3, 60, sandwich, ("Sandwich", "A rank either side of one card: 4 9 4."), "4C 9D 4H",
     ("Sphinx Split", "A pair split by one card: 3 7 3.", "3C 7D 3H"), ()),
    (3, "big_mac", False, 4, 20, big_mac, ("Big Mac", "Top four go X Y Y X: 8 3 3 8."), "8S 3H 3C 8D",
     None, ()),
    (4, "run", False, 3, 40, run, ("Run", "Three in rank order, up or down: 5 6 7."), "5H 6C 7S", None,
     (("run_wrap", False, ("Run K-A-2", "A run may go round the corner: K A 2."), ("Run round", "KD AS 2H")),)),
    (5, "flush", False, 3, 50, flush, ("Flush", "Top three of one suit."), "2H 9H KH", None, ()),
    (6, "marriage", False, 2, 30, marriage, ("Marriage", "A king and a queen together."), "KS QH",
     ("Mummy Marriage", "A Pharaoh (K) and a Queen together.", "KS QH"), ()),
    (7, "tens", False, 2, 70, tens, ("Tens", "Top two add up to ten; an ace is one."), "6C 4D",
     ("King Tut Ten", "Two cards adding up to ten; an ace is one.", "6C 4D"), ()),
    (8, "nile_nine", False, 3, 10, nile_nine, ("Nile Nine", "Three threes in a row."), "3S 3H 3D",
     ("Nile Nine", "Three threes in a row.", "3S 3H 3D"), ()),
    # ours (a common house rule; no rules document has it): checked last, so a short pile's
    # double or sandwich keeps its name
    (11, "top_bottom", False, WHOLE_PILE, 90, top_bottom, ("Top and bottom", "Our house rule: top card's rank is the bottom card's."),
     "9C 4D 6S 9H", None, ()),
)  # type: tuple


def switches():
    """The slap family's rule switches (its SCHEMA's entries): each combination's and its own
    options', on or off."""
    out = {}
    for c in COMBOS:
        out[c[NAME]] = (c[ON], bool)
        for own in c[OWN]:
            out[own[0]] = (own[1], bool)
    return out


def checked():
    """The combinations in the order they are checked, most particular first."""
    return sorted(COMBOS, key=lambda c: c[RANK])


def by_id(pat):
    """The record of combination ``pat``, or None (no combination: a special pattern)."""
    for c in COMBOS:
        if c[ID] == pat:
            return c
    return None
