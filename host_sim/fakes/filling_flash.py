"""A flash filesystem that fills up, failing as littlefs on the Pico does.

Measured on the emulated Pico with its filesystem full (tests/device/test_device_faults.py):
a write past what is left fails with ENOSPC, leaving what was written before it; once nothing
is left, even creating a file fails, at ``open``, with ENAMETOOLONG (littlefs's answer when
the directory has no block to grow into); ``os.statvfs`` then counts no block free.
"""
import errno
import os

BLOCK = 4096
BLOCKS = 352   # the SlapStack image's filesystem (1.4 MB)


class FillingFlash:
    """The folder ``root`` as a flash with ``free_bytes`` left: ``open`` and ``statvfs`` stand
    in for the builtins (``real_open``, ``real_statvfs``) for files there."""

    def __init__(self, free_bytes, root, real_open=open, real_statvfs=os.statvfs):
        self.left = free_bytes
        self.root = os.path.join(str(root), "")   # (with its slash: not a folder beside it)
        self.real_open = real_open
        self.real_statvfs = real_statvfs

    def _on_flash(self, path):
        return os.path.join(str(path), "").startswith(self.root)   # the folder itself too

    def open(self, path, mode="r", *a, **kw):
        writes = "w" in mode or "a" in mode
        if writes and self._on_flash(path) and self.left <= 0 and not os.path.exists(path):
            raise OSError(errno.ENAMETOOLONG, "File name too long")
        f = self.real_open(path, mode, *a, **kw)
        return _Filling(self, f) if writes and self._on_flash(path) else f

    def statvfs(self, path):
        """As MicroPython's: a tuple, the free blocks at [3]."""
        if not self._on_flash(path):
            return self.real_statvfs(path)
        free = (self.left + BLOCK - 1) // BLOCK
        return (BLOCK, BLOCK, BLOCKS, free, free, 0, 0, 0, 0, 255)

    def take(self, s):
        """Room for ``s``: how much of it fits (all of it, or what is left)."""
        fits = min(len(s), self.left)
        self.left -= fits
        return fits


class _Filling:
    def __init__(self, flash, f):
        self.flash = flash
        self.f = f

    def write(self, s):
        fits = self.flash.take(s)
        if fits < len(s):
            self.f.write(s[:fits])
            raise OSError(errno.ENOSPC, "No space left on device")
        return self.f.write(s)

    def __getattr__(self, name):  # seek, readinto, close: as the file does
        return getattr(self.f, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()
