"""The console keys' names, in the order the board wires them (``ConsoleKeys``' indexes):
what a key press is called wherever it is handled. A module of their own, so that the code
handling a key (a screen, a game's end) does not import the menus' code for four names."""
UP = "up"
DOWN = "down"
OK = "ok"
BACK = "back"
KEYS = (UP, DOWN, OK, BACK)
