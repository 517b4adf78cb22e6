"""Reading a replay file to watch it on the device ("Watch last game"), and giving its
inputs to the App's table as they fall due: only a replay playing loads this module.

The reading is slapstack.replay_file's, the same as ``slapstack replay`` on a laptop: a
file in the device's own layout (replay_writer: one input a line) is read a line at a time,
so a long game never sits in the heap whole, and each input is checked as it comes. A
damaged file, or an input the game cannot take, stops the replay with the "Replay damaged"
notice naming the field, never a crash.
"""
from slapstack import clock, replay
from slapstack.replay_file import Reader

from drawing.text import text_width
from screens.renderer import STATUS_W


class ReplayReader(Reader):
    def __init__(self, f):
        """``f``: the open replay file. ``spec`` is the replay without its inputs;
        ``next()`` gives them, (us since the start, action, seat or -1, extra, stamp us)."""
        Reader.__init__(self, f)
        self.name = ""       # the game's short name, for the status line (``label``)
        self.ahead = None    # the next input, read ahead (``next``): None at the end

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
