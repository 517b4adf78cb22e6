"""What the App is doing: the modes its loop dispatches on (app/loop.py), which the menu code
(menu_actions.py) and a game's end (game_end.py) set too."""
from micropython import const

MENU = const(0)       # MENU, RULES, STATS and HOWTO (the modes below NOTICE): menu_actions.key
RULES = const(1)
STATS = const(2)
HOWTO = const(3)      # how to play the chosen game (howto_screen.py)
NOTICE = const(4)     # a message until OK (a watchdog restart, a flash that is full...)
PLAYING = const(5)
PAUSED = const(6)
OVER = const(7)       # the winner on screen (game_end.py's notice returns to it)
ERROR = const(8)      # an error shown until a key returns to the menu
WATCHING = const(9)   # a replay file playing on the table
SUMMARY = const(10)   # the game's summary (summary_screen.py): OK plays again, Back the menu
TESTING = const(11)   # the hardware test (screens/hw_test.py), which runs itself: App.screen
