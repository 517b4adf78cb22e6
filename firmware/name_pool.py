"""The seventh pool of interned names: room kept for it from the first line of main.py, and
given to it at power-up.

Interned names (every module's identifiers and short strings, any string looked up as an
attribute) are never freed. MicroPython keeps them in pools it allocates in one block each,
twice the last: 20, 40, ... 640 names, then 1280 in 7.7 KB. A session passes 1260 names
somewhere in its power-up, its menus or its first game, wherever each module's names happen
to bring it, and the heap may by then have no free run that big: on the emulated Pico
(MicroPython 1.28) the screens benchmark stopped with a MemoryError as How to play's code was
loaded (89.7 KB free in runs of at most 5.6 KB), and once, with a few names more, at
power-up itself, after the Board and the App were made. So main.py keeps a block of room
while the heap is still whole (``keep_room``), and power-up lets it go and interns
throwaway names (some 10 bytes each) until the pool has opened in it (``open_pool``). With
the seventh open no session needs another: it holds more names than the rest of SlapStack's
modules bring.

The SlapStack image has SlapStack's names built in, in flash (hw/image/names): its pools stay
small (a few hundred names), so there this keeps no room and opens no pool.
"""
import gc
import sys

from micropython import const

_ROOM_BYTES = const(8448)  # the pool (7.7 KB) and the few small blocks made while it opens
_POOL_BYTES = const(6144)  # a jump of the heap in use this big is the pool
_NAMES_MAX = const(128)    # throwaway names open_pool interns at most (some 60 at power-up)

_room = None
_NEEDED = getattr(sys.implementation, "_build", "") != "SLAPSTACK"  # (not on the SlapStack image)


def keep_room():
    """Keep the pool's room: first thing in main.py, before anything else takes the heap."""
    global _room
    if _NEEDED:
        _room = bytearray(_ROOM_BYTES)


def open_pool():
    """Let the room go and intern throwaway names until the heap in use jumps by the pool.
    Returns how many names that took, or -1 when the pool did not open within
    ``_NAMES_MAX`` names (already open, still far off, no heap figure on CPython) or there
    was no room for it (a MemoryError: the pool then opens wherever it falls due), or on the
    SlapStack image."""
    global _room
    _room = None
    if not _NEEDED:
        return -1
    gc.collect()
    if not hasattr(gc, "mem_alloc"):  # (CPython: the host simulator)
        return -1
    start = gc.mem_alloc()
    n = 0
    try:
        while n < _NAMES_MAX:
            for _ in range(8):
                n += 1
                hasattr(gc, "_pool%d" % n)  # looking a name up interns it
            if gc.mem_alloc() - start > _POOL_BYTES:
                return n
            gc.collect()
    except MemoryError:
        pass
    return -1
