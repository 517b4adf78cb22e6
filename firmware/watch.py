"""Reading a replay file to watch it on the device ("Watch last game").

The replay format is slapstack/replay.py's. RecordedTable writes the head on the first
line and one input per line after it, so the reader takes one line at a time and a long
game never sits in the heap whole; a file laid out any other way (a replay made on a
laptop) is read whole instead. Each input is checked as it comes (a damaged file stops
the replay with a message naming the input, never a crash).
"""
import json

from slapstack import replay

INPUTS_OPEN = '"inputs": ['


class ReplayReader:
    def __init__(self, f):
        """``f``: the open replay file. ``spec`` is the replay without its inputs."""
        self.f = f
        self.rest = None     # the inputs, when the file had to be read whole
        self.index = 0
        self.last_t = 0
        first = f.readline()
        if first.rstrip().endswith(INPUTS_OPEN):
            head = json.loads(first.rstrip() + "]}")
        else:
            head = json.loads(first + f.read())
            if not isinstance(head, dict):
                raise ValueError("a replay must be a JSON object")
            self.rest = head.get("inputs", [])
            if not isinstance(self.rest, list):
                raise ValueError("inputs: must be a list")
            head["inputs"] = []
        replay.check(head)
        self.spec = head

    def next(self):
        """The next input as (ms since the start, action, seat or -1, choice or 0); None at the end."""
        if self.rest is not None:
            if self.index >= len(self.rest):
                return None
            e = self.rest[self.index]
        else:
            line = self.f.readline().strip()
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
        return e["t"], e["a"], e.get("p", -1), e.get("i", 0)
