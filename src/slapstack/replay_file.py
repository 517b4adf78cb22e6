"""Reading a replay file: the one reader of the device ("Watch last game", app/watch.py) and
of the laptop (``slapstack replay``, ``slapstack shots``), so that both take and refuse the
same files in the same words. The format is replay.py's; src/slapstack/README.md says
exactly what is accepted.

The reader parses the JSON itself, strictly (strict_json.py), keeping each number's text: a
time is read exactly from it as whole microseconds, and "1e3" or "-0" is refused on both
sides alike. A file in the device's layout (replay_writer: the head on the first line,
ending ``"inputs": [``, then one input a line) is read a line at a time, each input when
it is asked for, so a long game never sits in the heap; any other layout is read whole
(its text, never its inputs as objects) and its head checked before its first input. The
head is checked (replay_checks.py's ``check_head``) before any input; each input
(``check_input``) as it is read.
"""

from slapstack.replay_checks import check_head, check_input
from slapstack.strict_json import StrictJson

INPUTS_OPEN = '"inputs": ['


class Reader(StrictJson):
    """``Reader(f)`` reads the head of the replay in open file ``f`` (text) and checks it:
    ``spec`` is the replay without its inputs (``"inputs": []``); ``next()`` reads and
    checks the next input. Every fault is a ValueError in words naming the field."""

    def __init__(self, f):
        self.f = f
        self.index = 0         # inputs read
        self.last = 0          # the last input's time (us)
        self.done = False      # the inputs' list read to its end
        self.line = 1          # the line ``s`` is (line layout)
        first = self._read(False)
        self.whole = not first.rstrip().endswith(INPUTS_OPEN)
        self.s = first + self._read(True) if self.whole else first  # the text at hand: a line, or all of it
        self.i = 0
        if not self.s:
            raise ValueError("not a replay: the file is empty")
        self.at = -1           # where the inputs' list starts in ``s`` (whole layout), or -1: none
        head = self._head()
        check_head(head)
        head.pop("comment", None)
        head["inputs"] = []
        self.seats = head.get("seats", head["players"])
        self.named = "seats" in head
        self.spec = head
        if self.at < 0:
            self.done = True   # no inputs' list
        elif self.whole:
            self.i = self.at

    def next(self):
        """The next input as (us since the start, action, seat or -1, extra, stamp us), or
        None at the end: ``extra`` is a choice's index, or for a reveal the us its card was
        on screen from; ``stamp`` is the us the game judges the input at ("stamp"; ``t``'s
        when not given)."""
        if self.done:
            return None
        c = self._peek()
        if c == "]":
            self.i += 1
            self.done = True
            if not self.whole:
                self._close()
            return None
        if self.index:
            if c != ",":
                self._bad()
            self.i += 1
        where = "inputs[%d]" % self.index
        e = self._value(where, 2)
        x = check_input(e, where, self.seats, self.named, self.last)
        self.index += 1
        self.last = x[0]
        return x

    # --- the replay's layout ---------------------------------------------------------

    def _head(self):
        """The replay's object up to its inputs' list (line layout) or whole (the list
        skipped over, its place kept in ``at``)."""
        if self._peek() != "{":
            self._bad()
        self.i += 1
        head = {}
        if self._peek() == "}":
            self.i += 1
        else:
            while True:
                key = self._key(head, "")
                if key == "inputs" and self._peek() == "[":
                    self.i += 1
                    self.at = self.i
                    if not self.whole:
                        if self.line > 1 or ("game" in head and "players" in head and "deal" in head):
                            return head  # (the inputs come a line at a time: ``next``, then ``_close``)
                        self.whole = True  # the head goes on after the inputs: read it all
                        self.s += self._read(True)
                        self.i = 0
                        return self._head()
                    if self._peek() == "]":
                        self.i += 1
                    else:
                        k = 0
                        while True:  # each input read and dropped: read again when asked for
                            self._value("inputs[%d]" % k, 2)
                            k += 1
                            if not self._more("]"):
                                break
                    head[key] = []
                else:
                    head[key] = self._value(key, 1)
                if not self._more("}"):
                    break
        if self._peek() != "":
            self._bad()
        return head

    def _close(self):
        """The end of a file in the line layout, after its inputs' list: "}" and nothing more."""
        c = self._peek()
        if c == ",":
            raise ValueError('inputs: must be the last field where the first line ends with %s' % INPUTS_OPEN)
        if c != "}":
            self._bad()
        self.i += 1
        if self._peek() != "":
            self._bad()
