"""Watching the last game on the device ("Watch last game"): its replay file read, its
table set up, and the file's inputs given to the table as they fall due. Only a replay
playing loads this module (it goes with the game: ``UNLOAD_WITH = "game"``).

The reading is slapstack.replay_file's, the same as ``slapstack replay`` on a laptop: a
file in the device's own layout (replay_writer: one input a line) is read a line at a time,
so a long game never sits in the heap whole, and each input is checked as it comes. A
damaged file, or an input the game cannot take, stops the replay with the "Replay damaged"
notice naming the field, never a crash.
"""
import gc

from slapstack import clock, replay
from slapstack.replay_file import Reader

from drawing.text import text_width
from painters.renderer import STATUS_W
from painters.view import TableView
from storage.files import REPLAY_FILE

UNLOAD_WITH = "game"  # let go with the game (app/unload.py)


def watch_last(app):
    """Play /last_replay.json back on the table (no statistics, nothing saved). This
    module stays loaded while it plays and goes with it (App.leave_game)."""
    gc.collect()
    try:
        f = open(app.store().path(REPLAY_FILE))
    except OSError:
        app.notice("Watch last game", ["No game has been saved yet."])
        return
    try:
        reader = ReplayReader(f)
        spec = reader.spec
        players = spec["players"]
        seats = spec.get("seats", players)
        if seats > app.b.seat_count:  # (the laptop plays some games with up to 8: README "The games")
            f.close()
            app.notice("Watch last game", ["A game for %d %s: this board seats %d."
                                         % (seats, "players" if players == seats else "seats", app.b.seat_count)])
            return
        table = replay.table_for(spec, app.on_event)
        reader.read_ahead()
    except ValueError as e:
        f.close()
        app.notice("Replay damaged", [str(e)])
        return
    from slapstack import games
    reader.name_game(games.short_name(spec["game"])[0])
    people = spec.get("people")  # (a file without it: named as several people, by colour)
    # the others were bots: a person alone with them is "You", as they were
    bots = () if people is None else [i for i in range(players) if i not in people]
    view = TableView(reader.label(1), players, bots)
    from app import session
    session.begin(app, table, view, reader)


class ReplayReader(Reader):
    def __init__(self, f):
        """``f``: the open replay file. ``spec`` is the replay without its inputs;
        ``next()`` gives them, (us since the start, action, seat or -1, extra, stamp us)."""
        Reader.__init__(self, f)
        self.name = ""       # the game's short name, for the status line (``label``)
        self.ahead = None    # the next input, read ahead (``next``): None at the end

    def read_ahead(self):
        """The first input, read before the table is set up (a damaged one is a ValueError)."""
        self.ahead = self.next()

    def name_game(self, name):
        """The game's short name, for the status line (``label``)."""
        self.name = name

    def label(self, speed):
        """The status line while it plays: "Replay x4: Ratscrew", or without the game's name
        where that would not fit the line."""
        head = "Replay x%d" % speed if speed > 1 else "Replay"
        text = head + ": " + self.name
        return text if text_width(text, 2) <= STATUS_W else head

    def feed(self, s, now):
        """Give Session ``s``'s table every input due by ``now`` (game time), in file order,
        through slapstack.replay.apply as replay.play does (a reveal is applied at its card's
        play time), from the input read ahead (``ahead``); a damaged input, or one the game
        refuses, ends the replay with a notice."""
        table = s.table
        while self.ahead is not None:
            us, action, p, extra, stamp = self.ahead
            t = clock.add(s.started, us)
            if clock.diff(t, now) > 0:
                return
            if clock.diff(t, table.now) > 0:  # (not again for an input taken at the table's time)
                table.advance(t)
            try:
                replay.apply(table, action, p, clock.add(s.started, stamp),
                             clock.add(s.started, extra) if action == "reveal" else extra)
            except ValueError as e:  # (a choice the game does not offer)
                return self._damaged(s, "inputs[%d]: %s" % (self.index - 1, e))
            if action == "press":
                s.presenter.seat(p)  # a Money choice's panel shows the next option, as it did
            try:
                self.ahead = self.next()
            except ValueError as e:
                return self._damaged(s, str(e))
            if self.ahead is None:
                table.watch_for_loops()  # as the replay runner does once the inputs run out

    def _damaged(self, s, words):
        s.close_replay()
        s.a.notice("Replay damaged", [words])
