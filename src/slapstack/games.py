"""The game registry: one record per game, and everything else about the games derived from it.

A record gives a game's id (as replay files and the command line name it), its full name (as
the rules documents call it), the device's short name and its line under it on the main
menu, its fewest and most players, its family (the modules that set it up and play it) and
what it can do (``can``). A new game is a record here, its family's modules and its rules
document's preset; nothing else lists the games.

Imports are lazy so the device only loads the game it plays, ``forget_others`` lets the
menus keep only the chosen game's code, and ``forget_setup`` lets go of every module the
game in play does not use, once its cards are dealt.
"""
import sys

# What a game can do, as its record declares it, each with the rule option that switches it
# on and off (None: always on). ``can`` is the one question asked of them (in play,
# ``Table.can``, as this registry is let go):
CAPABILITIES = (
    "free_seats",  # seats beyond its players, where a late arrival may slap in
    "pile_bots",   # its bots judge the pile's combination on each card (bots.py)
    "race",        # presses race (for the pile, or War's call of a war): head starts count
    "presses",     # presses won, false and late are counted (the summary's rows)
    "timed",       # each press's reaction time is measured (the summary, the statistics)
    "balance",     # the evening balance learns from it (balance.py)
    "bank",        # money cards held beside the hand count as a player's cards (the party limit)
    "choices",     # a player chooses among options (Table.choose)
)
_SLAPS = (("free_seats", None), ("pile_bots", None), ("race", "slaps"), ("presses", "slaps"),
          ("timed", "slaps"), ("balance", "slaps"))
_WAR = (("race", "call_war"), ("presses", "call_war"), ("timed", None))  # (its presses to turn are timed)
_MONEY = (("bank", None), ("choices", None), ("presses", None), ("timed", None))

# id, full name, short name (the menu's Game value), what it is (the line under it), fewest
# and most players (8 is ours where a document names no limit: the device seats 4), family,
# what it can do
RECORDS = (
    ("ratscrew", "Egyptian Ratscrew", "Ratscrew", "Slap pairs and sandwiches", 2, 8, "slap", _SLAPS),
    ("egyptian_war", "Egyptian War", "Egypt. War", "Snaps; a tie takes nothing", 2, 8, "slap", _SLAPS),
    ("ruffle", "Egyptian Ruffle", "Ruffle", "Ruffle on pairs, tens, K-Q", 2, 4, "slap", _SLAPS),  # 001: 2-4
    ("beggar", "Beggar-my-neighbour", "Beggar", "Pure luck, no slapping", 2, 8, "slap", _SLAPS),
    ("war", "War", "War", "Higher card takes both", 2, 2, "war", _WAR),
    ("money", "Money", "Money", "Match numbers, buy cards", 2, 2, "money", _MONEY),
)
ALL = tuple(r[0] for r in RECORDS)
SLAP_FAMILY = tuple(r[0] for r in RECORDS if r[6] == "slap")
TITLES = {r[0]: r[1] for r in RECORDS}

# The engine modules that only a family's play code imports (the rest, cards, options, the
# deal checks, the card queue, the clock, events, chance, the PRNG and this registry, are every game's).
_OWN = {
    "slap": ("slaprules", "slapgame", "slap_contest", "slap_view", "patterns"),
    "war": ("war", "war_game", "war_calls", "duel", "duel_events"),
    "money": ("money", "money_game", "money_trade", "money_choices", "duel", "duel_events"),
}


def record(name):
    """``name``'s record; an unknown game is a ValueError that names the games."""
    for r in RECORDS:
        if r[0] == name:
            return r
    raise ValueError("unknown game %r (games: %s)" % (name, ", ".join(ALL)))


def title(name):
    """The full name ("Beggar-my-neighbour")."""
    return record(name)[1]


def short_name(name):
    """The device's short name ("Beggar") and what the game is, in a line under it."""
    r = record(name)
    return r[2], r[3]


def players_range(name):
    """(fewest, most) players."""
    r = record(name)
    return r[4], r[5]


def family(name):
    """"slap" (the challenge games: slaprules, slapgame), "war" or "money": the modules that
    set ``name`` up and play it."""
    return record(name)[6]


def can(name, what, rules=None):
    """Whether game ``name`` can do ``what`` (one of CAPABILITIES): with ``rules``, whether it
    does with them (Beggar-my-neighbour, whose preset turns slapping off, has no race);
    without, whether some rules of it do."""
    if what not in CAPABILITIES:
        raise ValueError("unknown capability %r" % (what,))
    for capability, option in record(name)[7]:
        if capability == what:
            return option is None or rules is None or getattr(rules, option)
    return False


def capabilities(name, rules):
    """What game ``name`` does with ``rules`` (``can``'s answers), for its table to keep
    through play, when this registry is let go (``forget_setup``; ``Table.can``)."""
    return tuple(capability for capability, _ in record(name)[7] if can(name, capability, rules))


def game_module(name):
    """The module with ``name``'s options, presets and deal (set-up only)."""
    kind = family(name)
    if kind == "slap":
        from slapstack import slaprules
        return slaprules
    if kind == "war":
        from slapstack import war
        return war
    from slapstack import money
    return money


def game_class(name):
    """The class of ``name``'s game in play, for a deal (``Table``). War's and Money's are
    imported only here, so the menus, which read a game's set-up (``game_module``), hold none
    of their play code."""
    kind = family(name)
    if kind == "slap":
        from slapstack.slapgame import Game
    elif kind == "war":
        from slapstack.war_game import Game
    else:
        from slapstack.money_game import Game
    return Game


def forget_others(name):
    """Let go of the play code that games other than ``name`` loaded, keeping all that
    ``name``'s own module imports. The menus load a game's module for its players, rules and
    How to play: without this, a look at every game left them all in the menus' heap."""
    import slapstack
    keep = _OWN[family(name)]
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
    again. What the game can do stays with its table (``Table.can``)."""
    import slapstack
    slapstack.unload([name for name in sys.modules
                      if name.startswith("slapstack.") and name[10:] not in PLAY_MODULES])
