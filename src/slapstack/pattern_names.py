"""Names of the slap combinations (events.PAT_*): the generic ones the JSON events use,
and what the device shows, per game (Egyptian Ruffle has its own names for its
combinations). Display only: no game needs them to be played.
"""

from slapstack import events as E

PAT_NAMES = ("none", "double", "sandwich", "big_mac", "run", "flush", "marriage", "tens",
             "nile_nine", "joker", "seven_of_diamonds")

RUFFLE_NAMES = {E.PAT_DOUBLE: "Pyramid Pair", E.PAT_SANDWICH: "Sphinx Split",
                E.PAT_MARRIAGE: "Mummy Marriage", E.PAT_TENS: "King Tut Ten",
                E.PAT_NILE_NINE: "Nile Nine"}


def pattern_name(game, pat):
    """The combination as the screen names it in ``game`` ("Big Mac", Ruffle's "Sphinx Split")."""
    if game == "ruffle" and pat in RUFFLE_NAMES:
        return RUFFLE_NAMES[pat]
    # "big_mac" -> "Big Mac" (MicroPython's str has no title())
    return " ".join([w[:1].upper() + w[1:] for w in PAT_NAMES[pat].split("_")])
