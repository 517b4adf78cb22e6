"""The game registry: a preset name gives the game class and its rules.

Imports are lazy so the device only loads the game it plays.
"""

SLAP_FAMILY = ("ratscrew", "egyptian_war", "ruffle", "beggar")
ALL = SLAP_FAMILY + ("war", "money")


def game_module(name):
    if name in SLAP_FAMILY:
        from slapstack import slapgame
        return slapgame
    if name == "war":
        from slapstack import war
        return war
    if name == "money":
        from slapstack import money
        return money
    raise ValueError("unknown game %r (games: %s)" % (name, ", ".join(ALL)))
