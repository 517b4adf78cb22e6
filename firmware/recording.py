"""A Table that records its inputs compactly and writes them as a replay file.

A long game turns thousands of cards, each with its reveal. ``Table`` records into arrays
that grow a few items at a time (a realloc and copy of the whole array every few inputs on
MicroPython) and ``replay.dumps`` builds the whole file as one string; on a 240 KB heap
both fragment memory late in a long game. Here each input is 6 bytes in two arrays that
grow 256 inputs at a time (recording a card allocates nothing), and ``write_replay``
streams the file to flash one input per line (which also lets the device read it back a
line at a time to watch it, see watch.py).

The replay format wants inputs in time order, but the device can learn of a press later
than of a reveal that came after it (the press arrived while the card was being drawn);
the writer therefore puts the inputs in time order, keeping equal times in the order
they were fed.
"""
import json
from array import array

from slapstack import clock
from slapstack.table import Table

ACTIONS = ("press", "release", "reveal", "choose")
CHUNK = 256  # inputs of room added at a time, so recording a card does not allocate
ZEROS = (0,) * CHUNK


class RecordedTable(Table):
    def __init__(self, game, players, **kw):
        Table.__init__(self, game, players, record=True, **kw)
        self.deltas = array("i", ZEROS)  # us since the previous input (may be < 0)
        self.codes = array("H", ZEROS)   # action | (seat + 1) << 2 | choice << 6
        self.n = 0
        self.last_t = 0

    def start(self, t0):
        self.last_t = t0
        Table.start(self, t0)

    def _record(self, t, p, action, index=None):
        n = self.n
        if n == len(self.codes):
            self.deltas.extend(ZEROS)
            self.codes.extend(ZEROS)
        self.deltas[n] = clock.diff(t, self.last_t)
        self.last_t = t
        self.codes[n] = ACTIONS.index(action) | (p + 1) << 2 | (index or 0) << 6
        self.n = n + 1

    def input_count(self):
        return self.n

    def _time_order(self):
        """(absolute us since start, index) of every input, sorted stably by time."""
        times = []
        us = 0
        for i in range(self.n):
            us += self.deltas[i]
            times.append(us)
        order = list(range(len(times)))
        for i in range(1, len(order)):  # insertion sort: the log is almost in order already
            j = i
            k = order[i]
            while j > 0 and times[order[j - 1]] > times[k]:
                order[j] = order[j - 1]
                j -= 1
            order[j] = k
        return times, order

    def write_replay(self, f, progress=None):
        """Write this game as a replay file (the format of slapstack/replay.py) to ``f``;
        ``progress()`` is called every CHUNK inputs (the device feeds its watchdog there)."""
        head = {"game": self.game_name, "rules": self.rule_overrides, "players": self.players,
                "deal": self.deal_spec, "tempo_ms": self.tempo_ms}
        text = json.dumps(head)
        f.write(text[:-1] + ', "inputs": [')
        times, order = self._time_order()
        sep = "\n"
        for k in range(len(order)):
            if progress is not None and k % CHUNK == CHUNK - 1:
                progress()
            i = order[k]
            code = self.codes[i]
            line = '{"t": %s, "a": "%s"' % (_ms(times[i]), ACTIONS[code & 3])
            p = (code >> 2 & 15) - 1
            if p >= 0:
                line += ', "p": %d' % p
            if code & 3 == 3:
                line += ', "i": %d' % (code >> 6)
            f.write(sep + line + "}")
            sep = ",\n"
        f.write("\n]}\n")

    def replay(self):
        """The replay as a dict (host side and tests; the device streams it with write_replay)."""
        out = []
        self.write_replay(_Collect(out))
        return json.loads("".join(out))


def _ms(us):
    """Exact decimal ms (the device's floats are single precision and would round)."""
    if us < 0:
        return "-" + _ms(-us)
    if us % 1000:
        return ("%d.%03d" % (us // 1000, us % 1000)).rstrip("0")
    return "%d" % (us // 1000)


class _Collect:
    def __init__(self, out):
        self.write = out.append
