"""Names of the slap combinations (events.SLAP's pattern): the generic ones the JSON events
use, and what the device shows, per game (Egyptian Ruffle has its own names for its
combinations). Display only: no game needs them to be played. The combinations' come from
their table (combos.py); the special patterns' are here.
"""

from slapstack import combos
from slapstack import events as E

SPECIAL_NAMES = {E.PAT_NONE: "none", E.PAT_JOKER: "joker", E.PAT_SEVEN_DIAMONDS: "seven_of_diamonds"}


def _names():
    named = dict(SPECIAL_NAMES)
    for c in combos.COMBOS:
        named[c[combos.ID]] = c[combos.NAME]
    return tuple([named.get(pat, "") for pat in range(max(named) + 1)])


PAT_NAMES = _names()  # by pattern id: "none", "double", ...


def pattern_name(game, pat):
    """The combination as the screen names it in ``game`` ("Big Mac", Ruffle's "Sphinx Split")."""
    c = combos.by_id(pat)
    if c is None:
        # "seven_of_diamonds" -> "Seven Of Diamonds" (MicroPython's str has no title())
        return " ".join([w[:1].upper() + w[1:] for w in PAT_NAMES[pat].split("_")])
    if game == "ruffle" and c[combos.RUFFLE]:
        return c[combos.RUFFLE][0]
    return c[combos.WORDS][0]
