"""Microsecond timestamps that wrap, like MicroPython's ``time.ticks_us()``.

On the RP2040 ``ticks_us`` wraps at 2**30 so that it stays a small int (no heap
allocation). The engine keeps every time in that same ring and compares with ``diff``,
so device timestamps go in unchanged and a long game never makes big ints. Intervals
must stay under 2**29 us (about 9 minutes), which every rule delay does by far.
"""

PERIOD = 1 << 30
MASK = PERIOD - 1
HALF = PERIOD >> 1


def wrap(t):
    return t & MASK


def add(t, delta):
    return (t + delta) & MASK


def diff(a, b):
    """Signed a - b on the ring, like ``time.ticks_diff(a, b)``."""
    return ((a - b + HALF) & MASK) - HALF


def from_ms(ms):
    """Replay times are milliseconds (may carry a fraction); the engine wants wrapped us."""
    return int(round(ms * 1000)) & MASK


class Elapsed:
    """Unwraps ring times into us elapsed since a start, for logs and replay files.

    Times must come roughly in order (each within 2**29 us of the last); a slightly
    earlier one (a press reported after the tick that followed it) is placed correctly
    without moving the reference."""

    def __init__(self, t0):
        self.last = t0
        self.us = 0

    def at(self, t):
        d = diff(t, self.last)
        if d <= 0:
            return self.us + d
        self.us += d
        self.last = t
        return self.us
