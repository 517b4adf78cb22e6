"""A live Table whose input record never allocates per card and is streamed to a file.

A long game turns thousands of cards, each with its reveal. ``Table`` records into arrays
that ``append`` grows 8 items at a time on MicroPython (a realloc, often a copy, every few
cards) and ``replay.dumps`` builds the whole file as one string; on a 240 KB heap both
fragment memory late in a long game. Here the same record (us since the previous input,
seat and action, and a reveal's delay to the screen or a choice's index) lives in arrays
grown 256 inputs at a time, and ``write_replay`` streams the file to flash one input per
line, in time order (a reveal is stored at its card's play time, before the presses that
came while the card was being drawn), exactly as ``replay.dumps`` would write it. One
input per line also lets the device read a replay back a line at a time (watch.py).
"""
import json
from array import array

from slapstack import clock
from slapstack.replay import _ms
from slapstack.table import ACTIONS, Table

CHUNK = 256  # inputs of room added at a time, so recording a card does not allocate
ZEROS = (0,) * CHUNK
REVEAL = 2
CHOOSE = 3


class RecordedTable(Table):
    def __init__(self, game, players, **kw):
        Table.__init__(self, game, players, record=True, live=True, **kw)
        self.deltas = array("i", ZEROS)  # us since the previous input (< 0 for a reveal)
        self.codes = bytearray(CHUNK)    # (seat + 1) << 2 | action
        self.extras = array("i", ZEROS)  # reveal: us from play to screen; choose: index
        self.n = 0
        self.last_t = 0

    def start(self, t0):
        self.last_t = t0
        Table.start(self, t0)

    def _record(self, t, p, action, extra=None):
        n = self.n
        if n == len(self.codes):
            self.deltas.extend(ZEROS)
            self.codes.extend(bytes(CHUNK))
            self.extras.extend(ZEROS)
        self.deltas[n] = clock.diff(t, self.last_t)
        self.last_t = t
        self.codes[n] = (p + 1) << 2 | ACTIONS.index(action)
        self.extras[n] = extra or 0
        self.n = n + 1

    def input_count(self):
        return self.n

    def _time_order(self):
        """(us since the start of every input, their indexes sorted stably by that time)."""
        times = []
        us = 0
        for i in range(self.n):
            us += self.deltas[i]
            times.append(us)
        order = list(range(self.n))
        for i in range(1, len(order)):  # insertion sort: only reveals are out of place, a little
            j = i
            k = order[i]
            while j > 0 and times[order[j - 1]] > times[k]:
                order[j] = order[j - 1]
                j -= 1
            order[j] = k
        return times, order

    def write_replay(self, f, progress=None):
        """Write this game as a replay file (slapstack/replay.py's format) to ``f``;
        ``progress()`` is called every CHUNK inputs (the device feeds its watchdog there)."""
        head = self.replay()
        head.pop("inputs")
        f.write(json.dumps(head)[:-1] + ', "inputs": [')
        times, order = self._time_order()
        sep = "\n"
        for k in range(len(order)):
            if progress is not None and k % CHUNK == CHUNK - 1:
                progress()
            i = order[k]
            code = self.codes[i]
            action = code & 3
            line = '{"t": %s, "a": "%s"' % (_ms(times[i]), ACTIONS[action])
            if code >> 2:
                line += ', "p": %d' % ((code >> 2) - 1)
            if action == CHOOSE:
                line += ', "i": %d' % self.extras[i]
            elif action == REVEAL:
                line += ', "shown": %s' % _ms(times[i] + self.extras[i])
            f.write(sep + line + "}")
            sep = ",\n"
        f.write("\n]}\n")

