"""A game that has ended: its end on screen (the winner, or why there is none, then the
game's summary), the evening's score, and saving it: its statistics merged in, its replay
written, its spilled input record dropped, and a notice if the flash would not take them.

Only a game's end runs this (and an error, to save the game it stopped: crash.py), so the
App imports it then (``App.game_over``), and it goes with the game (``UNLOAD_WITH = "game"``).
"""
import sys
import time

from micropython import const

from slapstack import events as E

from storage.files import REPLAY_FILE
from hid.keys import BACK, OK
from hid.seats import MOST_SEATS
from app.screen import Screen

UNLOAD_WITH = "game"  # let go with the game (app/unload.py)

_OK_AGAIN_US = const(600000)      # the winner ignores OK this long (a slap's bounce is no choice)
_SUMMARY_AFTER_US = const(8000000)  # a game of bots alone: its winner gives way to the summary
# after this long (with a person at the table, or a replay watched, the winner waits for OK)


def over(app):
    """The game on the table of App ``a`` has ended: its end on screen and, unless it was
    a replay watched, counted in the evening's score and saved."""
    s = app.session
    table = s.table
    s.close_replay()
    if not s.watched:
        app.count_game(table.game.winner, table.can("balance"))
    show_winner(app)
    if s.watched:
        return
    app.r.forget_texts()
    save(app)


def show_winner(app):
    """The winner's screen for the game at the table (again, after a notice over it)."""
    app.change(Winner(app.session))


class Winner(Screen):
    """The table as the game ended, with its winner or why there is none: OK (not a slap's
    bounce) shows the summary, Back the main menu. A game of bots alone goes on to the
    summary by itself. While it waits, the summary's code is loaded."""
    waits = True

    def __init__(self, s):
        v = s.view
        self.unattended = not s.watched and all(v.is_bot[:s.table.players])  # no person to press OK
        self.at = 0

    def open(self, app):
        self.at = time.ticks_us()
        s = app.session
        app.r.update(s.view)  # the winner's screen, or with none the table as it ended
        if s.view.winner is None:
            why = ("A draw: both ran out of cards in the same war." if s.end == E.END_DRAW
                   else "The cards went round and round: this game could never end.")
            if s.end == E.END_PARTY:
                why = "Time is up and the most cards are shared."
            app.r.message("No winner", [why, "OK: the game's summary"])

    def step(self, app, now):
        if self.unattended and time.ticks_diff(now, self.at) > _SUMMARY_AFTER_US:
            app.change(GameSummary())
        app.drop_presses(now)

    def key(self, app, name):
        if name == OK and time.ticks_diff(time.ticks_us(), self.at) > _OK_AGAIN_US:
            app.change(GameSummary())
        elif name == BACK:
            app.show_menu()

    def ahead(self, app):
        if "painters.summary_table" in sys.modules:
            return False
        from painters import summary_table  # noqa: F401  (kept in sys.modules for GameSummary)
        return True


class GameSummary(Screen):
    """The game's summary: per seat, its length, the evening's score. OK plays again (a
    replay's: watches it again), Back the main menu. While it waits, the game is let go and
    what Play again deals with is loaded (``ahead``)."""
    waits = True

    def open(self, app):
        s = app.session
        table = s.table
        # the most cards held won: the summary shows them
        held = table.party.held if app.summary.end == E.END_PARTY else None
        from painters import summary_table
        summary_table.SummaryTable(s.view, app.summary, s.words[3] if table.can("presses") else None,
                                     s.words[5] if table.can("timed") else None,
                                     None if s.watched else app.evening,
                                     app.evening_games, held).draw(app.r.other())
        self.watched = s.watched

    def key(self, app, name):
        if name == OK and self.watched:
            app.leave_game()
            from app.watch import watch_last
            watch_last(app)
        elif name == OK:
            app.start_game()
        elif name == BACK:
            app.show_menu()

    def ahead(self, app):
        """One thing a pass: let the game go (both ways on, Play again and Menu, deal anew
        or show the menu), then load the dealing's and the menu's code and the chosen
        game's engine module, which the game just played let go when it was dealt
        (games.forget_setup): Play
        again then deals without loading them (on the emulated Pico a 4-player Ratscrew
        deal took 340-410 ms with its engine to load from the flash, 190-200 ms without).
        Returns whether it did one; a MemoryError is no error (the deal loads what it
        needs)."""
        try:
            if app.session is not None:
                app.leave_game()
                return True
            for name in ("app.dealing", "app.menu_screens"):  # (Play again's, the menu's)
                if name not in sys.modules:
                    __import__(name)
                    return True
            return sys.modules["app.dealing"].load_game(app, True)
        except MemoryError:
            return False


def save(app):
    """Save the game just ended (``a`` the App); say what could not be saved."""
    app.b.feed()
    unsaved = []
    full = True
    for name, problem in (_save_stats(app), (REPLAY_FILE, save_replay(app.session, REPLAY_FILE))):
        if problem:
            unsaved.append(name)
            full = full and problem.startswith("Flash full")
    app.session.drop_record()
    app.b.feed()
    if unsaved:
        app.notice("Flash full" if full else "Not saved",
                 ["%s not saved; the files saved before are kept." % " and ".join(unsaved)], show_winner)


def _save_stats(app):
    """Merge the game into the statistics and save them: (the file's name, None or the
    store's message why not). stats.py is the menus' (UNLOAD_WITH = "menus"), imported for it."""
    from storage import stats
    table = app.session.table
    stats.add_game(app.stats, app.summary, app.settings["game"], table.players, app.settings["humans"],
                   table.game.winner)
    return stats.FILE, app.store().save_json(stats.FILE, app.stats)


def save_replay(s, name):
    """Write the replay of Session ``s``'s table as ``name``: None, or the store's message
    why not. Its code is imported for this, and goes with the game (UNLOAD_WITH = "game")."""
    from slapstack import replay_writer
    return s.a.store().save_with(name, lambda f: replay_writer.write(s.table, f, s.b.feed))
