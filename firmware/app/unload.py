"""Letting modules go, so the collector takes what they hold in the heap: on the SlapStack
image a module's bytecode stays in flash, but its functions, classes and constant strings
are objects in the heap as long as it is imported."""
import sys

# Modules only the menus use (menu_actions is the App's menu code, menu_screen draws them,
# stats reads and shows the statistics, the rules, how to play and a game's summary have
# screens of their own), and store, which a game needs only to open its record file and at
# its end. They are imported where used, never kept in a global, and let go when a game
# starts; the next menu, or the game's end, imports them again (the screens' code while the
# main menu or the winner waits for the player: App._while_waiting).
DUEL = ("screens.duel_table", "screens.duel_screen", "screens.choice_words")  # War's and Money's table code
MENU_ONLY = ("app.menu_actions", "screens.menu", "storage.settings", "screens.menu_screen", "storage.stats",
             "storage.store", "screens.rules_screen", "screens.rule_words", "screens.howto_screen",
             "screens.summary_screen")
# The engine's modules the firmware imports for good (app.loop, slapstack.table's own).
ENGINE_KEPT = ("clock", "events", "inputlog", "summary", "table")


def unload(names):
    """Each module named (a package's dotted name) out of sys.modules and off its package,
    which holds it too: the next import loads it again."""
    for name in names:
        sys.modules.pop(name, None)
        dot = name.rfind(".")
        package = sys.modules.get(name[:dot])
        if package is not None:
            package.__dict__.pop(name[dot + 1:], None)


def unload_engine():
    """Every engine module but ENGINE_KEPT let go, once a game is dealt: the game keeps its
    own alive through its objects, and the collector takes the rest (the setup, and another
    game's play code that a look at its rules or the last game loaded: on the emulated Pico
    a Ratscrew game after War and Money kept 7 KB of theirs). What the game imports later
    (its loop watch, Money's choice words, the replay writer at its end) shares nothing with
    what went."""
    unload([name for name in sys.modules if name.startswith("slapstack.") and name[10:] not in ENGINE_KEPT])
