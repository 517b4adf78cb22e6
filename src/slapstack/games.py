"""The game registry: a preset name gives the module with its rules and game class.

Imports are lazy so the device only loads the game it plays, ``forget_others`` lets the
menus keep only the chosen game's code, and ``forget_setup`` lets go of what only setting
a game up needs once the cards are dealt.
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


# The engine modules that only some games' play code imports (the rest, cards, options, the
# deal checks, the card queue, the clock, events, the PRNG and this registry, are every game's).
_OWN = {
    "slap": ("slaprules", "slapgame", "patterns"),
    "war": ("war", "duel", "duel_events"),
    "money": ("money", "money_choices", "duel", "duel_events"),
}


def forget_others(name):
    """Let go of the play code that games other than ``name`` loaded, keeping all that
    ``name``'s own module imports. The menus load a game's module for its players, rules and
    How to play: without this, a look at every game left them all in the menus' heap."""
    import slapstack
    keep = _OWN["slap" if name in SLAP_FAMILY else name]
    for own in _OWN.values():
        for module in own:
            if module not in keep:
                slapstack.forget(module)


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
