"""What the App is doing: the modes its loop dispatches on (app.py), which the menu code
(menu_actions.py) and a game's end (game_end.py) set too."""
from micropython import const

MENU = const(0)       # MENU, RULES and STATS (the modes below NOTICE): menu_actions.key
RULES = const(1)
STATS = const(2)
NOTICE = const(3)     # a message until OK (a watchdog restart, a flash that is full...)
PLAYING = const(4)
PAUSED = const(5)
OVER = const(6)       # the winner on screen (game_end.py's notice returns to it)
ERROR = const(7)      # an error shown until a key returns to the menu
WATCHING = const(8)   # a replay file playing on the table
