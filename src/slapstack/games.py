"""The game registry: a preset name gives the module with its rules and game class.

Imports are lazy so the device only loads the game it plays, and ``forget_setup`` lets
go of what only setting a game up needs once the cards are dealt.
"""

SLAP_FAMILY = ("ratscrew", "egyptian_war", "ruffle", "beggar")
ALL = SLAP_FAMILY + ("war", "money")


def game_module(name):
    if name in SLAP_FAMILY:
        from slapstack import slaprules
        return slaprules
    if name == "war":
        from slapstack import war
        return war
    if name == "money":
        from slapstack import money
        return money
    raise ValueError("unknown game %r (games: %s)" % (name, ", ".join(ALL)))


def players_range(name):
    """(fewest, most) players for a game: its module's PLAYERS, or its preset's own range
    where a rules document gives one (Egyptian Ruffle: 2-4)."""
    mod = game_module(name)
    if hasattr(mod, "players_range"):
        return mod.players_range(name)
    return mod.PLAYERS


SETUP_MODULES = ("slaprules", "cards", "options", "prng", "games", "dealing",
                 "war", "money", "money_choices")


def forget_setup():
    """Drop the modules needed only to set a game up (rule schemas, presets, the deal and
    its shuffle, card text, and this registry) and every game's module, so the garbage
    collector can take their code during play; the device calls this once a game is dealt,
    and the menu imports them again when it needs them. A module that something still uses
    stays alive through that use (the rules object keeps its class, the game its own
    module's code; bots keep the PRNG): the game modules dropped for good are the others,
    which the menus loaded for their rules and How to play (Money's, whose .mpy files are
    12.5 KB, stayed in the heap through a War or Ratscrew game after a look at its rules)."""
    import slapstack
    for name in SETUP_MODULES:
        slapstack.forget(name)
