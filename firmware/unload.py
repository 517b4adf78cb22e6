"""Letting modules go, so the collector takes their code: on a stock Pico imported bytecode
lives in the heap, and a game's drawing buffers need that room more than the menus do."""
import sys

import slapstack

# Modules only the menus use (menu_actions.py is the App's menu code, menu_screen.py draws
# them, stats.py reads and shows the statistics, the rules, how to play and a game's
# summary have screens of their own), and store.py, which a game needs only to open its
# record file and at its end. They are imported where used, never kept in a global, and
# let go when a game starts; the next menu, or the game's end, imports them again (the
# screens' code while the main menu or the winner waits for the player: App._while_waiting).
DUEL = ("duel_table", "duel_screen", "choice_words")  # War's and Money's table code
MENU_ONLY = ("menu_actions", "menu", "settings", "menu_screen", "stats", "store") + \
    ("rules_screen", "rule_words", "howto_screen", "summary_screen")
# The engine's modules the firmware imports for good (app.py, slapstack.table's own).
ENGINE_KEPT = ("clock", "events", "inputlog", "summary", "table")


def unload(names):
    """Out of sys.modules and, for the engine's, off the slapstack package, which holds
    them too."""
    for name in names:
        if name.startswith("slapstack."):
            slapstack.forget(name[10:])
        else:
            sys.modules.pop(name, None)


def unload_engine():
    """Every engine module but ENGINE_KEPT out of sys.modules, once a game is dealt: the
    game keeps its own alive through its objects, and the collector takes the rest (the
    setup, and another game's play code that a look at its rules or the last game loaded:
    on the emulated Pico a Ratscrew game after War and Money kept 7 KB of theirs). What the
    game imports later (its loop watch, Money's choice words, the replay writer at its
    end) shares nothing with what went."""
    for name in list(sys.modules):
        if name.startswith("slapstack.") and name[10:] not in ENGINE_KEPT:
            slapstack.forget(name[10:])
