"""The game registry: a preset name gives the module with its rules and game class.

Imports are lazy so the device only loads the game it plays, ``forget_others`` lets the
menus keep only the chosen game's code, and ``forget_setup`` lets go of every module the
game in play does not use, once its cards are dealt.
"""
import sys

SLAP_FAMILY = ("ratscrew", "egyptian_war", "ruffle", "beggar")
ALL = SLAP_FAMILY + ("war", "money")
# Each game's full name, as the device's menus and the rules documents call it. A game is
# named by its id (above) in replay files and on the command line; the laptop's command
# takes the full name too (host_sim/cli.py: game_id).
TITLES = {
    "ratscrew": "Egyptian Ratscrew",
    "egyptian_war": "Egyptian War",
    "ruffle": "Egyptian Ruffle",
    "beggar": "Beggar-my-neighbour",
    "war": "War",
    "money": "Money",
}


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


def game_class(name):
    """The class of ``name``'s game in play, for a deal (``Table``). War's and Money's are
    imported only here, so the menus, which read a game's set-up (``game_module``), hold none
    of their play code."""
    if name in SLAP_FAMILY:
        from slapstack.slapgame import Game
    elif name == "war":
        from slapstack.war_game import Game
    elif name == "money":
        from slapstack.money_game import Game
    else:
        raise ValueError("unknown game %r (games: %s)" % (name, ", ".join(ALL)))
    return Game


def players_range(name):
    """(fewest, most) players for a game: its module's PLAYERS, or its preset's own range
    where a rules document gives one (Egyptian Ruffle: 2-4)."""
    mod = game_module(name)
    if hasattr(mod, "players_range"):
        return mod.players_range(name)
    return mod.PLAYERS


# The engine modules that only some games' play code imports (the rest, cards, options, the
# deal checks, the card queue, the clock, events, chance, the PRNG and this registry, are every game's).
_OWN = {
    "slap": ("slaprules", "slapgame", "slap_contest", "slap_view", "patterns"),
    "war": ("war", "war_game", "war_calls", "duel", "duel_events"),
    "money": ("money", "money_game", "money_trade", "money_choices", "duel", "duel_events"),
}


def forget_others(name):
    """Let go of the play code that games other than ``name`` loaded, keeping all that
    ``name``'s own module imports. The menus load a game's module for its players, rules and
    How to play: without this, a look at every game left them all in the menus' heap."""
    import slapstack
    keep = _OWN["slap" if name in SLAP_FAMILY else name]
    slapstack.unload(["slapstack." + module for own in _OWN.values() for module in own if module not in keep])


# The engine modules a game in play imports for good: its table's own.
PLAY_MODULES = ("clock", "events", "inputlog", "summary", "table")


def forget_setup():
    """Let go of every engine module but PLAY_MODULES, once a game is dealt (the firmware's
    ``app/unload.py`` does, as a game begins and as the hardware test opens): the rule
    schemas, presets, the deal and its shuffle, card text, this registry, the pattern names, and the play code of the games the menus or the
    last game loaded (on the emulated Pico a Ratscrew game after War and Money kept 7 KB of
    theirs). The game in play keeps its own code alive through its objects (the rules keep
    their class, the game its module's functions, bots the PRNG), so the collector takes
    only the rest; what the game imports later (its loop watch, Money's choice words, the
    replay writer at its end) shares nothing with what went, and the menus import the rest
    again."""
    import slapstack
    slapstack.unload([name for name in sys.modules
                      if name.startswith("slapstack.") and name[10:] not in PLAY_MODULES])
