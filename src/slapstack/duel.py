"""What War and Money share: two seats, one scheduled action at a time, and presses that
count only after a release.

A subclass sets ``NAME``, ``hands`` (two CardQueues), ``due`` (wrapped us or None) and
``up`` (two bools, True at the start), and implements ``_act(t)``: the action due at t.
Inputs (presses, releases, choices, reveals) first run every action due strictly before
their time, so an input at the same moment as a scheduled action wins.
"""

from slapstack import clock


class Duel:
    NAME = "this game"

    def finish(self, winner):
        """Over now, won by seat ``winner`` (-1: nobody): the table's end of a game its rules
        alone would not end (the party limit, a game that can never end)."""
        self.over = True
        self.winner = winner

    def next_due(self):
        return self.due

    def hand_size(self, p):
        return len(self.hands[p])

    def release(self, p, t):
        self._seat(p)
        self._run(t, False)
        self.up[p] = True

    def _seat(self, p):
        if p != 0 and p != 1:
            raise ValueError("%s seats are 0 and 1, got %r" % (self.NAME, p))

    def _counted_press(self, p, t):
        """Catch up to t; True if this press counts (the button was released since)."""
        self._seat(p)
        self._run(t, False)
        if not self.up[p]:
            return False
        self.up[p] = False
        return True

    def _run(self, limit, inclusive):
        while self.due is not None:
            d = clock.diff(self.due, limit)
            if d > 0 or (d == 0 and not inclusive):
                return
            t = self.due
            self.due = None
            self._act(t)
