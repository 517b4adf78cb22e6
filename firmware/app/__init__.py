"""The app: the game loop, its menus' actions, a game's end, crashes, replays watched."""
