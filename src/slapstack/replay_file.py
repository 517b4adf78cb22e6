"""Reading a replay file: the one reader of the device ("Watch last game", app/watch.py) and
of the laptop (``slapstack replay``, ``slapstack shots``), so that both take and refuse the
same files in the same words. The format is replay.py's; src/slapstack/README.md says
exactly what is accepted.

The reader parses the JSON itself, strictly (RFC 8259, no NaN or Infinity, no lone
surrogates, at most MAX_DEPTH deep, no field given twice), keeping each number's text: a
time is read exactly from it as whole microseconds (the device's floats are single
precision), and "1e3" or "-0" is refused on both sides alike. A file in the device's layout
(replay_writer: the head on the first line, ending ``"inputs": [``, then one input a line)
is read a line at a time, each input when it is asked for, so a long game never sits in
the heap; any other layout is read whole (its text, never its inputs as objects) and its
head checked before its first input. The head is checked (``check_head``) before any
input; each input (``check_input``) as it is read.
"""

from slapstack import games
from slapstack.inputlog import ACTIONS, REPLAY_VERSION

# The latest time an input may have: a day of play, far beyond any game, so that no time
# overflows the clock's arithmetic or keeps the runner playing for ever.
MAX_MS = 86400000
MAX_SEED = 4294967295
MAX_DEPTH = 10  # objects and lists inside each other (a replay's own need 4: head, deal, hands, hand)

# The ValueError's words for a replay file that is not UTF-8 text (damaged, or another kind
# of file), in place of the decoder's: CPython's codec jargon, MicroPython's empty message.
NOT_TEXT = "not a replay: the file is not text"
TOO_DEEP = "not a replay: its JSON is nested too deep to read (at most %d)" % MAX_DEPTH
ENDS_EARLY = "not valid JSON: the file ends too soon"
INPUTS_OPEN = '"inputs": ['

HEAD_FIELDS = ("version", "game", "rules", "players", "seats", "people", "deal", "tempo_ms", "head_start_ms",
               "inputs", "comment")
# An input's fields, by action
FIELDS = {"press": ("t", "a", "p", "stamp"), "release": ("t", "a", "p", "stamp"),
          "choose": ("t", "a", "p", "i", "stamp"), "reveal": ("t", "a", "shown")}
_WS = " \t\n\r"
_ESC = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_HEX = "0123456789abcdefABCDEF"


class Num:
    """A JSON number that is not a plain whole number (2.5, 1e3, -0, or more than 18 digits),
    as its text: only times may have a fraction, and only ``us`` reads one."""

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        t = self.text
        return t if len(t) <= 24 else t[:20] + "..."


def us(v):
    """Time ``v`` (ms) as whole us, or None if it is no time: a whole number, or digits with
    up to 3 decimals, from 0 to MAX_MS, read exactly from its text (no sign, no exponent).
    (A float is taken too, rounded, for replays built in Python rather than read.)"""
    t = type(v)
    if t is int:
        return v * 1000 if 0 <= v <= MAX_MS else None
    if t is float:
        return int(round(v * 1000)) if 0 <= v <= MAX_MS else None  # (NaN fails both)
    if t is not Num:
        return None
    text = v.text
    dot = text.find(".")
    if dot < 1 or dot > 8 or len(text) - dot > 4 or "e" in text or "E" in text or text[0] == "-":
        return None
    n = int(text[:dot]) * 1000 + int((text[dot + 1:] + "00")[:3])
    return n if n <= MAX_MS * 1000 else None


def ms_text(n):
    """us ``n`` as the format writes ms: "2150.25", "700"."""
    if n % 1000 == 0:
        return "%d" % (n // 1000)
    return ("%d.%03d" % (n // 1000, n % 1000)).rstrip("0")


def check_head(obj):
    """Refuse a replay's head (all but its inputs' items) with a ValueError naming the field:
    its version, the game, the players, the seats and the people first, then the deal, the tempo, the rules, the
    inputs' type. Head starts are checked by handicap.py (whether the rules leave a race,
    by the table). Each rule's value and the deal's cards are the game's (replay.table_for)."""
    if not isinstance(obj, dict):
        raise ValueError("a replay must be a JSON object")
    for key in obj:
        if key not in HEAD_FIELDS:
            raise ValueError("unknown field %r" % (key,))
    for key in ("game", "players", "deal"):
        if key not in obj:
            raise ValueError("missing field %r" % (key,))
    version = obj.get("version", 1)
    if type(version) is not int or not 1 <= version <= REPLAY_VERSION:
        raise ValueError("version: this SlapStack plays replays of versions 1 to %d, got %r" % (REPLAY_VERSION, version))
    game = obj["game"]
    if type(game) is not str or game not in games.ALL:
        raise ValueError("game: must be one of %s, got %r" % (", ".join(games.ALL), game))
    lo, hi = games.players_range(game)
    players = obj["players"]
    if type(players) is not int or players < lo or players > hi:
        raise ValueError("players: must be a whole number from %d to %d for %s, got %r" % (lo, hi, game, players))
    if "seats" in obj:
        seats = obj["seats"]
        if type(seats) is not int or seats < players or seats > hi:
            raise ValueError("seats: must be a whole number from players (%d) to %d, got %r" % (players, hi, seats))
    if "people" in obj:  # the seats dealt in that people played at (the others: bots)
        people = obj["people"]
        if not isinstance(people, list) or [p for p in people if type(p) is not int or not 0 <= p < players] \
                or sorted(set(people)) != people:
            raise ValueError("people: must be a list of seat numbers from 0 to %d, each once and in order, got %r"
                             % (players - 1, people))
    deal = obj["deal"]
    if not isinstance(deal, dict):
        raise ValueError('deal: must be an object with "seed" or "hands", got %r' % (deal,))
    if ("seed" in deal) == ("hands" in deal):
        raise ValueError('deal: must have "seed" or "hands"' + (", not both" if "seed" in deal else ""))
    if "seed" in deal:
        seed = deal["seed"]
        if type(seed) is not int or seed < 0 or seed > MAX_SEED:
            raise ValueError("deal.seed: must be a whole number from 0 to %d, got %r" % (MAX_SEED, seed))
    if "tempo_ms" in obj:
        tempo = obj["tempo_ms"]
        if type(tempo) is not int or tempo < 50 or tempo > 10000:
            raise ValueError("tempo_ms: must be a whole number from 50 to 10000, got %r" % (tempo,))
    if not isinstance(obj.get("rules", {}), dict):
        raise ValueError("rules: must be an object of name: value pairs")
    if "head_start_ms" in obj:
        from slapstack import handicap  # (whether its rules leave a race: replay.table_for)
        handicap.check(obj["head_start_ms"], obj.get("seats", players), game, games.can(game, "race"))
    if not isinstance(obj.get("inputs", []), list):
        raise ValueError("inputs: must be a list")


def check_input(e, where, seats, named, last):
    """Input ``e``, ``where`` ("inputs[3]") in the file, after one at ``last`` us, at a table
    of ``seats`` (``named``: the replay gives "seats"): (t us, action, seat or -1, extra,
    stamp us), ``extra`` a choice's index or a reveal's shown us, ``stamp`` t's when not
    given; or a ValueError naming the field."""
    if not isinstance(e, dict):
        raise ValueError(where + ": must be an object with t, a and p")
    t = us(e.get("t"))
    if t is None:
        raise ValueError(where + ".t: must be a time in ms from 0 to %d (a day), written plainly with at most "
                         "3 decimals, got %r" % (MAX_MS, e.get("t")))
    if t < last:
        raise ValueError(where + ".t: inputs must be in time order (%s comes after %s)" % (ms_text(t), ms_text(last)))
    a = e.get("a")
    if type(a) is not str or a not in FIELDS:
        raise ValueError(where + ".a: must be one of %s, got %r" % (", ".join(ACTIONS), a))
    known = FIELDS[a]
    for key in e:
        if key not in known:
            raise ValueError(where + ": unknown field %r in a %s (known: %s)" % (key, a, ", ".join(known)))
    if a == "reveal":
        shown = us(e.get("shown"))
        if shown is None or shown < t:
            raise ValueError(where + ".shown: a reveal needs the time the card was on screen, from t to %d" % MAX_MS)
        return t, a, -1, shown, t
    p = e.get("p")
    if type(p) is not int or p < 0 or p >= seats:
        raise ValueError(where + ".p: must be a seat number from 0 to %s-1, got %r" % ("seats" if named else "players", p))
    extra = 0
    if a == "choose":
        extra = e.get("i")
        if type(extra) is not int or extra < 0:
            raise ValueError(where + '.i: a choice index >= 0 is needed with "choose"')
    stamp = t
    if "stamp" in e:
        stamp = us(e["stamp"])
        if stamp is None or stamp > t:
            raise ValueError(where + ".stamp: must be a time in ms from 0 to t, written plainly with at most "
                             "3 decimals, got %r" % (e["stamp"],))
    return t, a, p, extra, stamp


def as_input(x):
    """A read input (``Reader.next``) as a replay's input object, times as exact ms."""
    t, a, p, extra, stamp = x
    e = {"t": _ms(t), "a": a}
    if a == "reveal":
        e["shown"] = _ms(extra)
        return e
    e["p"] = p
    if a == "choose":
        e["i"] = extra
    if stamp != t:
        e["stamp"] = _ms(stamp)
    return e


def _ms(n):
    return n // 1000 if n % 1000 == 0 else n / 1000


class Reader:
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

    # --- the text --------------------------------------------------------------------

    def _read(self, whole):
        """The file's next line (``whole``: all the rest of it). A file that is not text is
        refused in players' words, not the decoder's (MicroPython's UnicodeError has none)."""
        try:
            return self.f.read() if whole else self.f.readline()
        except UnicodeError:
            raise ValueError(NOT_TEXT)

    def _peek(self):
        """The next character that is not white space ("" at the end of the file)."""
        while True:
            s = self.s
            i = self.i
            n = len(s)
            while i < n and s[i] in _WS:
                i += 1
            self.i = i
            if i < n:
                return s[i]
            if self.whole:
                return ""
            s = self._read(False)
            if not s:
                return ""
            self.s = s
            self.i = 0
            self.line += 1

    def _bad(self):
        """A ValueError for the JSON at ``i``: where it is, or that the file ended early."""
        s = self.s
        i = self.i
        if i >= len(s):
            raise ValueError(ENDS_EARLY)
        if self.whole:
            line = s.count("\n", 0, i) + 1
            col = i - s.rfind("\n", 0, i)
        else:
            line = self.line
            col = i + 1
        raise ValueError("not valid JSON at line %d, column %d" % (line, col))

    # --- JSON ------------------------------------------------------------------------

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

    def _more(self, close):
        """After a member or an item: True on ",", False on ``close``."""
        c = self._peek()
        self.i += 1
        if c == ",":
            return True
        if c != close:
            self.i -= 1
            self._bad()
        return False

    def _key(self, obj, where):
        """An object's next key and its colon; a key given twice is refused by name."""
        if self._peek() != '"':
            self._bad()
        key = self._string()
        if key in obj:
            raise ValueError("%s%s: given twice" % (where + "." if where else "", key))
        if self._peek() != ":":
            self._bad()
        self.i += 1
        return key

    def _value(self, where, depth):
        """The JSON value at ``i``; ``where`` names it, ``depth`` is how deep its container
        is. Objects and lists call this again for their items (one level a call)."""
        c = self._peek()
        if c == "{" or c == "[":
            depth += 1
            if depth > MAX_DEPTH:
                raise ValueError(TOO_DEEP)
            self.i += 1
            if c == "{":
                out = {}
                if self._peek() == "}":
                    self.i += 1
                    return out
                while True:
                    key = self._key(out, where)
                    out[key] = self._value(where + "." + key, depth)
                    if not self._more("}"):
                        return out
            out = []
            if self._peek() == "]":
                self.i += 1
                return out
            while True:
                out.append(self._value("%s[%d]" % (where, len(out)), depth))
                if not self._more("]"):
                    return out
        if c == '"':
            return self._string()
        if c == "-" or "0" <= c <= "9":
            return self._number()
        s = self.s
        i = self.i
        for word, v in (("true", True), ("false", False), ("null", None)):
            if s.startswith(word, i):
                self.i = i + len(word)
                return v
        self._bad()

    def _number(self):
        s = self.s
        i = j = self.i
        n = len(s)
        if s[j] == "-":
            j += 1
        k = j
        while j < n and "0" <= s[j] <= "9":
            j += 1
        if j == k or (s[k] == "0" and j > k + 1):  # no digits, or a leading zero
            self.i = k if j == k else k + 1
            self._bad()
        whole = True
        if j < n and s[j] == ".":
            whole = False
            j = self._digits(j + 1)
        if j < n and (s[j] == "e" or s[j] == "E"):
            whole = False
            j += 1
            if j < n and (s[j] == "+" or s[j] == "-"):
                j += 1
            j = self._digits(j)
        self.i = j
        text = s[i:j]
        if whole and text != "-0" and j - i <= 18:
            return int(text)
        return Num(text)

    def _digits(self, j):
        """Past the digits from ``j`` (at least one)."""
        s = self.s
        n = len(s)
        k = j
        while j < n and "0" <= s[j] <= "9":
            j += 1
        if j == k:
            self.i = j
            self._bad()
        return j

    def _string(self):
        """The string at ``i`` (its quote), decoded; control characters, bad escapes and
        lone surrogates are refused."""
        s = self.s
        start = self.i
        i = start + 1
        out = ""
        while True:
            j = s.find('"', i)
            k = s.find("\\", i, j)
            if j < 0:
                self.i = start
                self._bad()
            end = j if k < 0 else k
            for c in s[i:end]:
                if c < " ":
                    self.i = start
                    self._bad()
            out += s[i:end]
            if k < 0:
                self.i = j + 1
                return out
            c = s[k + 1:k + 2]
            if c in _ESC:
                out += _ESC[c]
                i = k + 2
                continue
            self.i = k
            if c != "u":
                self._bad()
            code = self._hex(k + 2)
            i = k + 6
            if 0xDC00 <= code <= 0xDFFF:
                self._bad()
            if 0xD800 <= code <= 0xDBFF:
                low = self._hex(i + 2) if s[i:i + 2] == "\\u" else -1
                if not 0xDC00 <= low <= 0xDFFF:
                    self._bad()
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                i += 6
            out += chr(code)

    def _hex(self, j):
        h = self.s[j:j + 4]
        if len(h) < 4:
            self._bad()
        for c in h:
            if c not in _HEX:
                self._bad()
        return int(h, 16)
