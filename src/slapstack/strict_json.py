"""Strict JSON, read from a file a line or all at a time: ``StrictJson``, the text half of
replay_file's ``Reader``. RFC 8259, no NaN or Infinity, no lone surrogates, at most
MAX_DEPTH deep, no field given twice; each number that is not a plain whole number kept as
its text (``Num``), so that a time is read exactly (the device's floats are single
precision). Every fault is a ValueError saying where it is, in players' words.
"""

MAX_DEPTH = 10  # objects and lists inside each other (a replay's own need 4: head, deal, hands, hand)

# The ValueError's words for a replay file that is not UTF-8 text (damaged, or another kind
# of file), in place of the decoder's: CPython's codec jargon, MicroPython's empty message.
NOT_TEXT = "not a replay: the file is not text"
TOO_DEEP = "not a replay: its JSON is nested too deep to read (at most %d)" % MAX_DEPTH
ENDS_EARLY = "not valid JSON: the file ends too soon"
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


class StrictJson:
    """The text at hand ``s`` (a line of file ``f``, or all of it: ``whole``), read from
    ``i``; ``line`` is the line ``s`` is (a line at a time). A subclass sets them."""

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
