"""Reading a file the user named, safely: the bytes of a regular file of bounded size.

A replay is ~25-40 bytes an input: a 60-minute four-person game is well under 1 MB. So a
file over ``LIMIT`` (64 MB) is no replay and is refused before it is read, as are a FIFO (whose
reading would wait for a writer for ever), a device (``/dev/zero`` never ends), a folder and
anything else that is not a regular file. Nothing is read past ``LIMIT``, whatever the file
claims its size is (one that grows while read is refused too).
"""
import errno
import os
import stat
import tempfile

LIMIT = 64 * 1024 * 1024
LIMIT_WORDS = "64 MB"


def _kind(mode):
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _refuse(code, words):
    return OSError(code, words)


def _check(st):
    if not stat.S_ISREG(st.st_mode):
        raise _refuse(errno.EINVAL, "%s, not a file" % _kind(st.st_mode))
    if st.st_size > LIMIT:
        raise _refuse(errno.EFBIG, "%d bytes, over the %s limit for a replay file (a long game's is under 1 MB)"
                      % (st.st_size, LIMIT_WORDS))


def read_bytes(path):
    """The bytes of the regular file ``path``, at most ``LIMIT`` of them; OSError (its
    ``strerror`` in words) if it cannot be read, or is a FIFO, device, folder or too big.
    Never blocks on a FIFO: it is looked at before it is opened, and opened non-blocking."""
    _check(os.stat(path))
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    try:
        _check(os.fstat(fd))  # (what was opened, if the path changed in between)
        chunks = []
        got = 0
        while got <= LIMIT:
            chunk = os.read(fd, min(1 << 20, LIMIT + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > LIMIT:
            raise _refuse(errno.EFBIG, "over the %s limit for a replay file (a long game's is under 1 MB)" % LIMIT_WORDS)
        return b"".join(chunks)
    finally:
        os.close(fd)


def folder_problem(path):
    """Why ``path`` cannot be a folder to write files in (made if missing), in words, or None."""
    if os.path.lexists(path) and not os.path.isdir(path):
        return "not a folder"
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        return "cannot make that folder: %s" % (e.strerror or e)
    try:
        fd, probe = tempfile.mkstemp(dir=path, prefix=".slapstack-probe-")
    except OSError as e:
        return "cannot write in that folder: %s" % (e.strerror or e)
    os.close(fd)
    os.unlink(probe)
    return None


def same_file(a, b):
    """Whether paths ``a`` and ``b`` are one file (links followed); False if either is missing."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False
