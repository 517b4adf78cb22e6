"""What the App lets go, and when: on the SlapStack image a module's bytecode stays in flash,
but its functions, classes and constant strings are objects in the heap as long as it is
imported. Only groups measured on the image to give back 2 KB or more are let go
(``tests/unload_device.py``, run by ``make bench-device``); firmware/README.md has the
figures. The letting go itself is ``slapstack.unload``; the engine's own modules go with
``slapstack.games.forget_setup`` when a game is dealt."""
from slapstack import unload

# What the main menu loads ahead for the screens it leads to (menu_screens.MainMenu.ahead,
# one a pass): the hardware test leads to none of them, so the menu lets them go (with the
# engine's code, games.forget_setup) for the test's code while the cursor is on its entry,
# and loads them again once the cursor leaves it or the test is left.
AHEAD = ("screens.rules_screen", "screens.rule_words", "screens.howto_screen", "screens.game_words")
# The menus' code: their screens (menu_screens), the settings' and the statistics' keeping
# (player_settings, settings, stats), dealing (dealing), the list menus and their painter
# (menu_list, menu_painter), AHEAD, and store, which a game needs only to open its record
# file and at its end. Imported where used, never kept in a global, and let go when a game
# is dealt (session.begin); the next menu imports them again (the screens' code while the
# main menu waits: App._while_waiting).
MENU_ONLY = ("app.menu_screens", "app.player_settings", "app.dealing", "screens.menu_list", "storage.settings",
             "screens.menu_painter", "storage.stats", "storage.store") + AHEAD
# A game's own code beside the engine's: its session, its screens and presenter (War's and
# Money's with their panels), the table's seat strips and verdict box (Renderer.leave_table),
# the game's end (the winner and the summary, saving it and its replay), a replay's reading,
# an error's handling. Let go with the game (App.leave_game), before the next deal or the menu.
GAME_ONLY = ("app.session", "app.table_screens", "app.presenter", "app.slap_presenter", "app.duel_presenter",
             "screens.seat_strip", "screens.verdict", "screens.duel_screen", "screens.choice_words",
             "app.game_end", "slapstack.replay_writer", "screens.summary_screen", "app.watch", "slapstack.replay",
             "slapstack.replay_file", "slapstack.replay_checks", "slapstack.strict_json", "app.crash")

# The hardware test's screen: opened from the main menu now and then, by a maker, and let go
# as the menu comes back (menu_screens.HardwareTestScreen.close), so that no menu keeps it
# beside its own code.
TEST_ONLY = ("screens.hw_test",)


def let_go_of_menus():
    """At a deal: the menus' code and every engine module the game does not play with."""
    from slapstack import games
    games.forget_setup()
    unload(MENU_ONLY)


def let_go_of_game():
    """A game left: its own code (GAME_ONLY)."""
    unload(GAME_ONLY)


def let_go_of_ahead():
    """The main menu's cursor on the hardware test (or the test opened before the menu loaded
    its code): what the menu loaded ahead for its other screens (AHEAD, the engine's code)."""
    from slapstack import games
    games.forget_setup()
    unload(AHEAD)


def let_go_of_test():
    """The hardware test left: its screen's code (TEST_ONLY)."""
    unload(TEST_ONLY)
