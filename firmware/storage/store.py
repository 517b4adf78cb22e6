"""Files on the flash filesystem: written so that a power cut or a full flash loses nothing.

Every save writes the whole file under a temporary name and then renames it over the old
one (littlefs renames atomically), so a reader finds either the old or the new file, never
half of one. A save that finds the flash full removes its partial temporary file and reports
the problem as a message; the last good file stays. (littlefs says ENOSPC when a file does not
fit, but ENAMETOOLONG when the flash has no block left even for a new file's name: the free
blocks tell which.) A file
that is missing reads as "nothing saved"; one that is too big, nested too deep, not text or
not JSON reads as "nothing saved" plus a message, and is kept aside as ``<name>.bad`` so a
maker can look at it. Each file's reader (settings.py, stats.py) checks every field besides.
"""
import json
import os

from micropython import const

UNLOAD_WITH = "menus"  # let go when a game is dealt (app/unload.py)

_ENOSPC = const(28)  # littlefs's "no space" (MicroPython's errno module does not name it)
TMP = ".new"
BAD = ".bad"
MOST_BYTES = const(8192)  # a settings or statistics file's most: the largest real one is under 4 KB
DEEPEST = const(6)        # the deepest nesting any of the device's JSON files has (statistics: 5)


def deep(data, most=DEEPEST):
    """Whether the JSON text ``data`` (bytes) nests deeper than ``most``: brackets inside
    strings do not count. CPython's json.loads, and MicroPython's json.dumps and repr,
    recurse, so a file nested a few thousand deep is refused before it is parsed."""
    if data.count(b"[") + data.count(b"{") <= most:
        return False
    depth = 0
    quoted = escaped = False
    for c in data:
        if quoted:
            if escaped:
                escaped = False
            elif c == 92:    # \
                escaped = True
            elif c == 34:    # "
                quoted = False
        elif c == 34:
            quoted = True
        elif c == 91 or c == 123:  # [ {
            depth += 1
            if depth > most:
                return True
        elif c == 93 or c == 125:  # ] }
            depth -= 1
    return False


def parse_json(data):
    """(value, None) for the JSON in ``data`` (bytes), or (None, why) in a player's words."""
    if deep(data):
        return None, "nested too deep"
    try:
        text = data.decode()
    except ValueError:  # UnicodeError, a ValueError on MicroPython and CPython
        return None, "not text"
    try:
        return json.loads(text), None
    except (ValueError, RuntimeError, MemoryError):  # RuntimeError: recursion, on either
        return None, "not readable"


def shown(value):
    """A value as a message shows it: as the file spells it (null, true, "text"), short, a
    list or an object by its kind."""
    if type(value) is list:
        return "a list"
    if type(value) is dict:
        return "a group"
    text = json.dumps(value)
    return text if len(text) <= 16 else text[:13] + "..."


class Store:
    def __init__(self, root="/"):
        self.root = root if root.endswith("/") else root + "/"

    def path(self, name):
        return self.root + name

    def exists(self, name):
        try:
            os.stat(self.path(name))
            return True
        except OSError:
            return False

    def load_json(self, name, most=MOST_BYTES):
        """(value, problem): value None when missing or damaged; problem None when fine or
        missing. A file over ``most`` bytes, nested deeper than DEEPEST, not UTF-8 or not JSON
        is damaged: it is set aside as ``<name>.bad`` and the problem says why, in a line a
        player can read. Nothing a file holds raises here."""
        path = self.path(name)
        try:
            size = os.stat(path)[6]
        except OSError:
            return None, None
        why = None
        if size > most:  # refused before it is read: a big file is no heap's business
            why = "too big: %d bytes" % size
        else:
            try:
                with open(path, "rb") as f:
                    data = f.read()
            except OSError:
                return None, None
            value, why = parse_json(data)
            if why is None:
                return value, None
        self.set_aside(name)
        return None, "%s was damaged (%s); kept as %s%s" % (name, why, name, BAD)

    def save_json(self, name, obj):
        """Write ``obj`` atomically; returns None, or a message saying why it was not saved."""
        return self.save_text(name, json.dumps(obj))

    def save_text(self, name, text):
        return self.save_with(name, lambda f: f.write(text))

    def save_with(self, name, write, mode="w"):
        """Let ``write(f)`` fill a new file (opened with ``mode``) that then replaces
        ``name``; None or a message."""
        path = self.path(name)
        tmp = path + TMP
        try:
            with open(tmp, mode) as f:
                write(f)
            os.rename(tmp, path)
            return None
        except OSError as e:
            self._remove(tmp)
            if self._full(e):
                return "Flash full: %s not saved" % name
            return "%s not saved (error %s)" % (name, e.args[0] if e.args else "?")

    def _full(self, error):
        """Whether ``error`` came of a full flash (see the module's docstring)."""
        if error.args and error.args[0] == _ENOSPC:
            return True
        try:
            return os.statvfs(self.root)[3] <= 0   # (littlefs may count a few below 0)
        except OSError:
            return False

    def open_scratch(self, name):
        """A new binary file to write and read back (a game's spilled input record), or None
        if the flash will not have it. Never a saved file: ``drop_scratch`` removes it."""
        try:
            return open(self.path(name), "w+b")
        except OSError:
            return None

    def drop_scratch(self, name, f):
        if f is not None:
            try:
                f.close()
            except OSError:
                pass
        self._remove(self.path(name))

    def append_bounded(self, name, text, limit):
        """Add ``text`` to a log, keeping at most ``limit`` bytes (the newest lines); None
        or a message. It trusts nothing the old log holds: only its last ``limit`` bytes
        are read, as bytes (whatever they are), and no error gets out of here (the crash
        handler logs through this)."""
        try:
            old = b""
            path = self.path(name)
            try:
                size = os.stat(path)[6]
                with open(path, "rb") as f:
                    if size > limit:
                        f.seek(size - limit)
                    old = f.read(limit)
            except OSError:
                pass
            both = old + text.encode()
            if len(both) > limit:
                both = both[len(both) - limit:]
                cut = both.find(b"\n")
                if 0 <= cut < len(both) - 1:
                    both = both[cut + 1:]
            return self.save_with(name, lambda f: f.write(both), "wb")
        except Exception as e:  # (a MemoryError...): the log is not worth a stopped board
            return "%s not saved (%s)" % (name, type(e).__name__)

    def set_aside(self, name):
        """Keep a file the firmware cannot use as ``<name>.bad`` (over an older one), for a
        maker to look at; the firmware goes on without it."""
        try:
            os.rename(self.path(name), self.path(name) + BAD)
        except OSError:
            pass

    def _remove(self, path):
        try:
            os.remove(path)
        except OSError:
            pass
