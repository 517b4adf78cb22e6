"""Microsecond timestamps that wrap, like MicroPython's ``time.ticks_us()``.

On the RP2040 ``ticks_us`` wraps at 2**30 so that it stays a small int (no heap
allocation). The engine keeps every time in that same ring and compares with ``diff``,
so device timestamps go in unchanged and a long game never makes big ints. Intervals
must stay under 2**29 us (about 9 minutes), which every rule delay does by far.

``add`` and ``diff`` keep every intermediate value inside MicroPython's small-int range
(below 2**30 in size), so they allocate nothing even right at the wrap.
"""

from slapstack import const

# const(): MicroPython folds these into the code below instead of looking them up per call
PERIOD = const(1 << 30)
MASK = const((1 << 30) - 1)
HALF = const(1 << 29)


def wrap(t):
    return t & MASK


def add(t, delta):
    """t + delta on the ring (|delta| < 2**29), like ``time.ticks_add``."""
    if delta >= 0:
        if t > MASK - delta:
            return t - (MASK - delta) - 1
        return t + delta
    t += delta
    if t < 0:
        t += MASK
        t += 1
    return t


def diff(a, b):
    """Signed a - b on the ring, like ``time.ticks_diff(a, b)``."""
    d = a - b
    if d >= HALF:
        d -= MASK
        d -= 1
    elif d < -HALF:
        d += MASK
        d += 1
    return d


def from_ms(ms):
    """Replay times are milliseconds (may carry a fraction); the engine wants wrapped us."""
    return int(round(ms * 1000)) & MASK

