"""What the App lets go, and when: on the SlapStack image a module's bytecode stays in flash,
but its functions, classes and constant strings are objects in the heap as long as it is
imported. Only groups measured on the image to give back 2 KB or more are let go
(``tests/unload_device.py``, run by ``make bench-device``); firmware/README.md has the
figures. The letting go itself is ``slapstack.unload``; the engine's own modules go with
``slapstack.games.forget_setup``.

A module says itself when it goes, in one line under its imports, ``UNLOAD_WITH = "menus"``:

- ``"menus"``: the menus' code (their screens, the settings' and statistics' keeping, dealing,
  the list menus and their painter, the Rules and How to play, and store.py, which a game needs
  only to open its record file and at its end). Imported where used, never kept in a global,
  and let go when a game is dealt (session.begin); the next menu imports it again.
- ``"game"``: a game's own code beside the engine's: its session, screens and presenter (War's
  and Money's with their panels), the table's seat strips and verdict box, the game's end, a
  replay's watching, an error's handling. Let go with the game (App.leave_game), with the
  engine modules it imported in play (the replay's reading and writing...).
- ``"test"``: the hardware test's screen, opened from the main menu now and then by a maker,
  and let go as the menu comes back, so that no menu keeps it beside its own code.

A module without the line stays imported: the App's loop, the board, drawing, the table's
pile and the engine's play modules. The groups are found in ``sys.modules`` as they go, so a
new module is in its group by its own line and nowhere else.
"""
import sys

from slapstack import unload


def group_of(module):
    """The group ``module`` goes with (its UNLOAD_WITH), or None for one that stays."""
    return getattr(module, "__dict__", {}).get("UNLOAD_WITH")


def imported_with(group):
    """The names of the modules imported now that go with ``group``."""
    return [name for name, module in sys.modules.items() if group_of(module) == group]


def let_go_of_menus():
    """At a deal: the menus' code and every engine module the game does not play with."""
    from slapstack import games
    games.forget_setup()
    unload(imported_with("menus"))


def let_go_of_game():
    """A game left: its own code, and the engine's it imported since its deal."""
    from slapstack import games
    games.forget_setup()
    unload(imported_with("game"))


def let_go_of_ahead(ahead):
    """The main menu's cursor on the hardware test (or the test opened before the menu loaded
    its code): the modules it loaded ahead for its other screens (``ahead``), and the engine's
    code, in the room of the test's."""
    from slapstack import games
    games.forget_setup()
    unload(ahead)


def let_go_of_test():
    """The hardware test left: its screen's code."""
    unload(imported_with("test"))
