"""Dealing a new game with the menu's settings: its table dealt from a seed, its view with
the bots' seats, and the chosen game's code loaded ahead of its deal while a screen waits.

Only the menus and the game's summary (Play again) deal, so the module goes with the menus'
code when the game begins (``UNLOAD_WITH = "menus"``); the table then goes on screen in a session
(``session.begin``).
"""
import gc
import sys

from storage import settings
from app import player_settings
from slapstack import chance, games
from painters.view import TableView

UNLOAD_WITH = "menus"  # let go when a game is dealt (app/unload.py)


def load_game(app, play=False):
    """The chosen game's engine code, loaded ahead of its deal: its set-up (the main menu's
    wait: War's and Money's play code stays out of the menus' heap, their deal loads it),
    and with ``play`` its play code, the session's code and its presenter and the table's
    screens' code too (the summary's wait: Play again then loads none of them).
    One a call; returns whether one was not loaded yet."""
    game = app.settings["game"]
    loaded = len(sys.modules)
    games.game_module(game)
    if play and len(sys.modules) == loaded:
        games.game_class(game)
    if play and len(sys.modules) == loaded:
        __import__("app.session")
    if play and len(sys.modules) == loaded:
        sys.modules["app.session"].presenter_class(game)
    if play and len(sys.modules) == loaded:
        __import__("app.table_screens")
    return len(sys.modules) != loaded


def _play(app):
    """After the "not saved" notice: the game Play asked for."""
    app.start_game()


def start_game(app, seed=None):
    """A new game with the menu's settings; ``seed`` None: the microsecond of the press."""
    time = app.ticks
    if player_settings.save(app, _play):
        return  # the "not saved" notice is up; its key starts the game
    gc.collect()  # the last game's table (App.start_game let it go): room for the new one
    s = app.settings
    if seed is None:
        seed = time.ticks_diff(time.ticks_us(), app.boot_us) & 0x3FFFFFFF  # the press's moment
    args = settings.table_args(s)
    view = TableView(games.short_name(s["game"])[0], s["players"], range(s["humans"], s["players"]))
    # a slap game seats every button: the free ones' people may slap in (rule late_slap_in)
    seats = max(app.b.seat_count, s["players"]) if s["game"] in games.SLAP_FAMILY else s["players"]
    head_starts = settings.head_starts(s, seats, args, app.balance)
    table = app.deal(args["game"], args["players"], rules=args["rules"],
                   deal={"seed": seed}, tempo_ms=args["tempo_ms"], bots=args["bots"],
                   sink=app.on_event, bot_seed=chance.bot_seed_for(seed), live=True, seats=seats,
                   head_start_ms=head_starts)
    from app import session
    session.begin(app, table, view)
    if not getattr(table.rules, "slaps", True) or s["game"] == "war":
        # no button changes a game without slaps (Beggar-my-neighbour, Ruffle; in War
        # the presses only set the pace): a deal that comes back to a state it was in
        # never ends, so say so instead of playing on
        table.watch_for_loops()
