"""Files on the flash filesystem: written so that a power cut or a full flash loses nothing.

Every save writes the whole file under a temporary name and then renames it over the old
one (littlefs renames atomically), so a reader finds either the old or the new file, never
half of one. A save that finds the flash full (OSError ENOSPC) removes its partial
temporary file and reports the problem as a message; the last good file stays. A file
that is missing or cannot be parsed reads as "nothing saved" plus a message; a damaged
file is kept aside as ``<name>.bad`` so a maker can look at it.
"""
import json
import os

from micropython import const

_ENOSPC = const(28)  # littlefs's "no space" (MicroPython's errno module does not name it)
TMP = ".new"
BAD = ".bad"


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

    def load_json(self, name):
        """(value, problem): value None when missing or damaged; problem None when fine or missing."""
        path = self.path(name)
        try:
            with open(path) as f:
                text = f.read()
        except OSError:
            return None, None
        try:
            return json.loads(text), None
        except ValueError:
            self._set_aside(name)
            return None, "%s was damaged (kept as %s%s)" % (name, name, BAD)

    def save_json(self, name, obj):
        """Write ``obj`` atomically; returns None, or a message saying why it was not saved."""
        return self.save_text(name, json.dumps(obj))

    def save_text(self, name, text):
        return self.save_with(name, lambda f: f.write(text))

    def save_with(self, name, write):
        """Let ``write(f)`` fill a new file that then replaces ``name``; None or a message."""
        path = self.path(name)
        tmp = path + TMP
        try:
            with open(tmp, "w") as f:
                write(f)
            os.rename(tmp, path)
            return None
        except OSError as e:
            self._remove(tmp)
            if e.args and e.args[0] == _ENOSPC:
                return "Flash full: %s not saved" % name
            return "%s not saved (error %s)" % (name, e.args[0] if e.args else "?")

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
        """Add ``text`` to a log, keeping at most ``limit`` bytes (the newest lines)."""
        old = ""
        try:
            with open(self.path(name)) as f:
                old = f.read()
        except OSError:
            pass
        both = old + text
        if len(both) > limit:
            both = both[len(both) - limit:]
            cut = both.find("\n")
            if 0 <= cut < len(both) - 1:
                both = both[cut + 1:]
        return self.save_text(name, both)

    def _set_aside(self, name):
        try:
            os.rename(self.path(name), self.path(name) + BAD)
        except OSError:
            pass

    def _remove(self, path):
        try:
            os.remove(path)
        except OSError:
            pass
