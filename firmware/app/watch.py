"""Reading a replay file to watch it on the device ("Watch last game"), and giving its
inputs to the App's table as they fall due: only a replay playing loads this module.

The replay format is slapstack/replay.py's. replay_writer.write puts the head on the first
line and one input per line after it, so the reader takes one line at a time and a long
game never sits in the heap whole; a file laid out any other way (a replay made on a
laptop) is read whole instead. Each input is checked as it comes (a damaged file stops
the replay with a message naming the input, never a crash).
"""
import json

from slapstack import clock, replay

from drawing.text import text_width
from screens.renderer import STATUS_W

INPUTS_OPEN = '"inputs": ['


class ReplayReader:
    def __init__(self, f):
        """``f``: the open replay file. ``spec`` is the replay without its inputs."""
        self.f = f
        self.rest = None     # the inputs, when the file had to be read whole
        self.index = 0
        self.last_t = 0
        self.name = ""       # the game's short name, for the status line (``label``)
        self.ahead = None    # the next input, read ahead (``next``): None at the end
        first = self._text(False)
        if first.rstrip().endswith(INPUTS_OPEN):
            head = json.loads(first.rstrip() + "]}")
        else:
            head = json.loads(first + self._text(True))
            if not isinstance(head, dict):
                raise ValueError("a replay must be a JSON object")
            self.rest = head.get("inputs", [])
            if not isinstance(self.rest, list):
                raise ValueError("inputs: must be a list")
            head["inputs"] = []
        replay.check(head)
        self.spec = head

    def label(self, speed):
        """The status line while it plays: "Replay x4: Ratscrew", or without the game's name
        where that would not fit the line."""
        head = "Replay x%d" % speed if speed > 1 else "Replay"
        text = head + ": " + self.name
        return text if text_width(text, 2) <= STATUS_W else head

    def _text(self, whole):
        """The file's next line (``whole``: all the rest of it). A file that is not text is
        refused in players' words, not the decoder's (MicroPython's UnicodeError has none)."""
        try:
            return self.f.read() if whole else self.f.readline()
        except UnicodeError:
            raise ValueError(replay.NOT_TEXT)

    def feed(self, s, now):
        """Give Session ``s``'s table every input due by ``now`` (game time), in file order,
        through slapstack.replay.apply as replay.play does (a reveal is applied at its card's
        play time), from the input read ahead (``ahead``); a damaged input ends the replay
        with a notice."""
        table = s.table
        while self.ahead is not None:
            us, action, p, extra, stamp = self.ahead
            t = clock.add(s.started, us)
            if clock.diff(t, now) > 0:
                return
            if clock.diff(t, table.now) > 0:  # (not again for an input taken at the table's time)
                table.advance(t)
            replay.apply(table, action, p, clock.add(s.started, stamp),
                         clock.add(s.started, extra) if action == "reveal" else extra)
            if action == "press":
                s.presenter.seat(p)  # a Money choice's panel shows the next option, as it did
            try:
                self.ahead = self.next()
            except ValueError as e:
                s.close_replay()
                s.a.notice("Replay damaged", [str(e)])
                return
            if self.ahead is None:
                table.watch_for_loops()  # as the replay runner does once the inputs run out

    def next(self):
        """The next input as (us since the start, action, seat or -1, extra, stamp); None at
        the end. ``extra`` is a choice's index, or for a reveal the us its card was on screen
        from; ``stamp`` the us the input was stamped at (its "stamp", else its time).

        Times are taken from the text: the device's floats are single precision, which
        would move a time ten minutes into a game by tens of microseconds."""
        line = None
        if self.rest is not None:
            if self.index >= len(self.rest):
                return None
            e = self.rest[self.index]
        else:
            line = self._text(False).strip()
            if not line or line.startswith("]"):
                return None
            e = json.loads(line[:-1] if line.endswith(",") else line)
        where = self.index
        self.index += 1
        probe = dict(self.spec)
        probe["inputs"] = [e]
        try:
            replay.check(probe)
        except ValueError as err:
            raise ValueError(str(err).replace("inputs[0]", "inputs[%d]" % where))
        if e["t"] < self.last_t:
            raise ValueError("inputs[%d].t: inputs must be in time order" % where)
        self.last_t = e["t"]
        t = _us(line, "t", e["t"])
        extra = _us(line, "shown", e["shown"]) if e["a"] == "reveal" else e.get("i", 0)
        stamp = _us(line, "stamp", e["stamp"]) if "stamp" in e else t
        return t, e["a"], e.get("p", -1), extra, stamp


def _us(line, name, value):
    """Field ``name`` of an input line as exact integer us ("2150.25" -> 2150250);
    from the parsed number when there is no line (a file read whole, on the host)."""
    key = '"%s": ' % name
    i = -1 if line is None else line.find(key)
    if i < 0:
        return int(round(value * 1000))
    j = k = i + len(key)
    while k < len(line) and line[k] in "0123456789.":
        k += 1
    text = line[j:k]
    dot = text.find(".")
    if dot < 0:
        return int(text) * 1000
    return int(text[:dot]) * 1000 + int((text[dot + 1:] + "000")[:3])
