"""A game that has ended: its end on screen (the winner, or why there is none), the
evening's score, and saving it: its statistics merged in, its replay written, its spilled
input record dropped, and a notice if the flash would not take them.

Only a game's end runs this (and an error, to save the game it stopped: crash.py), so
app/loop.py imports it then, and it goes with the game (``unload.GAME_ONLY``).
"""
import time

from micropython import const

from slapstack import events as E

from storage.files import REPLAY_FILE
from app.modes import OVER

_SEATS = const(4)


def over(a):
    """The game on the table of App ``a`` has ended (``App._game_over``): its end on screen
    and, unless it was a replay watched, counted in the evening's score and saved."""
    s = a.session
    g = s.table.game
    a.watched = watched = s.reader is not None
    v = s.view
    a.unattended = not watched and all(v.is_bot[:s.table.players])  # no person to press OK
    s.close_replay()
    a.mode = OVER
    a.over_at = time.ticks_us()
    if not watched:
        a.evening_games += 1
        if 0 <= g.winner < _SEATS:
            a.evening[g.winner] += 1
    a.r.update(v)
    if g.winner < 0:
        why = ("A draw: both ran out of cards in the same war." if s.end == E.END_DRAW
               else "The cards went round and round: this game could never end.")
        if s.end == E.END_PARTY:
            why = "Time is up and the most cards are shared."
        a.r.message("No winner", [why, "OK: the game's summary"])
    if watched:
        return
    a.r.forget_texts()
    save(a)


def save(a):
    """Save the game just ended (``a`` the App); say what could not be saved."""
    a.b.feed()
    unsaved = []
    full = True
    for name, problem in (_save_stats(a), (REPLAY_FILE, save_replay(a.session, REPLAY_FILE))):
        if problem:
            unsaved.append(name)
            full = full and problem.startswith("Flash full")
    a.session.drop_record()
    a.b.feed()
    if unsaved:
        a.notice("Flash full" if full else "Not saved",
                  ["%s not saved; the files saved before are kept." % " and ".join(unsaved)], OVER)


def _save_stats(a):
    """Merge the game into the statistics and save them: (the file's name, None or the
    store's message why not). stats.py is the menus' (unload.MENU_ONLY), imported for it."""
    from storage import stats
    table = a.session.table
    stats.add_game(a.stats, a.summary, a.settings["game"], table.players, a.settings["humans"],
                   table.game.winner)
    return stats.FILE, a.store().save_json(stats.FILE, a.stats)


def save_replay(s, name):
    """Write the replay of Session ``s``'s table as ``name``: None, or the store's message
    why not. Its code is imported for this, and goes with the game (unload.GAME_ONLY)."""
    from slapstack import replay_writer
    return s.a.store().save_with(name, lambda f: replay_writer.write(s.table, f, s.b.feed))
