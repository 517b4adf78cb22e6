"""Writing a table's replay file (the format is replay.py's) from its input record.

Split from replay.py so that a device, which writes a replay at a game's end but never
checks or plays one, loads only this (and lets it go again).
"""

import io
import json

from slapstack.inputlog import ACTIONS, CHOOSE, EARLY, REPLAY_VERSION, REVEAL


def _ms(us):
    """Exact decimal ms from integer us. Never through float: MicroPython on the RP2040
    has single-precision floats, which would move a time ten minutes in by tens of us."""
    return "%d.%03d" % (us // 1000, us % 1000)


def in_time_order(log):
    """Yield a game's recorded inputs (an inputlog.InputLog) as (us since the start, seat or
    -1, action, extra, us it was stamped before that) in time order, without building a list: presses, releases and
    choices come in the order taken (Table takes them in time order), and each reveal
    right after the last input taken before its card was turned (see inputlog.py). Two
    cursors merge the two kinds."""
    others = _Cursor(log, False)
    reveals = _Cursor(log, True)
    while others.us >= 0 or reveals.us >= 0:
        if reveals.us >= 0 and (others.us < 0 or reveals.mark <= others.index):
            c = reveals
        else:
            c = others
        yield c.us, c.p, c.action, c.extra, c.early
        c.next()


class _Cursor:
    """Walks the log from the start, stopping at reveals only or at everything else.
    ``us`` is -1 once there is nothing more; ``index`` is the current input's place in the
    record, and for a reveal ``mark`` the place its card was turned at."""

    def __init__(self, log, reveals):
        self.log = log
        self.reveals = reveals
        self.pos = 0
        self.read = 0     # inputs read so far
        self.time = 0     # running time (us since the start) of the last input read
        self.us = -1
        self.index = 0
        self.mark = 0
        self.p = -1
        self.action = 0
        self.extra = 0
        self.early = 0
        self.next()

    def _varint(self):
        v = 0
        shift = 0
        while True:
            b = self.log.byte_at(self.pos)
            self.pos += 1
            v |= (b & 0x7F) << shift
            if b < 0x80:
                return v
            shift += 7

    def next(self):
        log = self.log
        while self.read < log.count:
            index = self.read
            self.read += 1
            z = self._varint()
            self.time += -((z + 1) >> 1) if z & 1 else z >> 1
            code = log.byte_at(self.pos)
            self.pos += 1
            action = code & 3
            extra = self._varint() if action >= REVEAL else 0
            mark = index - self._varint() if action == REVEAL else index
            early = self._varint() if code & EARLY else 0
            if (action == REVEAL) == self.reveals:
                self.us = self.time
                self.index = index
                self.mark = mark
                self.p = (code >> 2 & 15) - 1
                self.action = action
                self.extra = extra
                self.early = early
                return
        self.us = -1


def write(table, f, progress=None):
    """Write the table's replay to ``f``: the head on the first line, then one input per
    line in time order (so the device can read it back a line at a time), times written
    exactly from integer us. ``progress()`` is called every 256 inputs (the device feeds
    its watchdog there). Streams from the compact record: nothing big is built."""
    head = {"version": REPLAY_VERSION, "game": table.game_name, "rules": table.rule_overrides, "players": table.players,
            "deal": table.deal_spec, "tempo_ms": table.tempo_ms}
    if table.seats != table.players:  # free seats, where a late arrival may slap in
        head["seats"] = table.seats
    bots = [bot.seat for bot in table.bots]  # who were people, so that watching names them so
    head["people"] = [p for p in range(table.players) if p not in bots]
    if table.head_start_ms is not None:  # some seat has a head start
        head["head_start_ms"] = table.head_start_ms
    f.write(json.dumps(head)[:-1] + ', "inputs": [')
    sep = "\n"
    k = 0
    for us, p, a, x, early in in_time_order(table.inputs):
        k += 1
        if progress is not None and k % 256 == 0:
            progress()
        line = '{"t": %s, "a": "%s"' % (_ms(us), ACTIONS[a])
        if p >= 0:
            line += ', "p": %d' % p
        if a == CHOOSE:
            line += ', "i": %d' % x
        elif a == REVEAL:
            line += ', "shown": %s' % _ms(us + x)
        if early:
            line += ', "stamp": %s' % _ms(us - early)
        f.write(sep + line + "}")
        sep = ",\n"
    f.write("\n]}\n")


def dumps(table):
    """The table's replay as JSON text (what ``write`` writes)."""
    out = io.StringIO()
    write(table, out)
    return out.getvalue()
