"""A virtual microsecond clock, so host tests run faster than real time and repeat exactly.

The device reads one free-running 1 MHz timer; here ``VirtualClock.now_us`` is that
timer as an unbounded int, and time only moves when something advances it: a test,
``sleep_ms``/``sleep_us``, an SPI transfer or a simulated IRQ handler's cost. Things
that happen "later" (a pin edge at a given time, a Timer, the watchdog) are events
queued on the clock and fired, in time order, as it passes them.

The ``ticks_*`` functions wrap exactly like MicroPython's rp2 port: period 2**30,
``ticks_us``/``ticks_cpu`` are the low 30 bits of the microsecond timer and
``ticks_ms`` the low 30 bits of milliseconds since boot. ``ticks_diff``/``ticks_add``
use the same formulas as ``extmod/modtime.c`` (including its OverflowError for a delta
of 2**29 or more). Unlike the device, which reads garbage when handed something that
is not a ticks value, they reject such input with a clear error.
"""

import heapq

from slapstack import clock as ring  # the engine's copy of the same 2**30 ring arithmetic

TICKS_PERIOD = ring.PERIOD
TICKS_MAX = ring.MASK
TICKS_HALF = ring.HALF


def _check_ticks(name, t):
    if type(t) is not int or not 0 <= t <= TICKS_MAX:
        raise ValueError("%s: %r is not a ticks value (an int in 0..2**30-1)" % (name, t))


def ticks_diff(ticks1, ticks2):
    """Signed ticks1 - ticks2 on the ring, in [-2**29, 2**29)."""
    _check_ticks("ticks_diff", ticks1)
    _check_ticks("ticks_diff", ticks2)
    return ring.diff(ticks1, ticks2)


def ticks_add(ticks, delta):
    """ticks + delta on the ring; |delta| must stay below 2**29 like on the device."""
    _check_ticks("ticks_add", ticks)
    if type(delta) is not int:
        raise TypeError("ticks_add: delta must be an int, not %s" % type(delta).__name__)
    if not -TICKS_HALF < delta < TICKS_HALF:
        raise OverflowError("ticks interval overflow")
    return ring.add(ticks, delta)


class _Event:
    __slots__ = ("t_us", "seq", "fn", "cancelled")

    def __init__(self, t_us, seq, fn):
        self.t_us = t_us
        self.seq = seq
        self.fn = fn
        self.cancelled = False

    def __lt__(self, other):
        return (self.t_us, self.seq) < (other.t_us, other.seq)

    def cancel(self):
        self.cancelled = True


class VirtualClock:
    """Microseconds since boot, advanced only on purpose.

    ``idle_hook`` (set by FakeHardware) runs after each fired event and at the end of an
    advance made while the main program waits (a test stepping time, ``sleep_ms``): it
    is where soft-IRQ callbacks queued by ``micropython.schedule`` get to run.
    """

    def __init__(self, start_us=0):
        if start_us < 0:
            raise ValueError("start_us must be >= 0")
        self.now_us = start_us
        self.idle_hook = None
        self._events = []
        self._seq = 0

    @classmethod
    def near_wrap(cls, before_us=1000):
        """A clock ``before_us`` microseconds before ``ticks_us`` wraps to 0."""
        return cls(start_us=TICKS_PERIOD - before_us)

    # --- the device-side view -------------------------------------------------------
    def ticks_us(self):
        return self.now_us & TICKS_MAX

    def ticks_ms(self):
        return (self.now_us // 1000) & TICKS_MAX

    ticks_cpu = ticks_us  # rp2: ticks_cpu() is time_us_32(), the same 1 MHz timer

    # --- scheduling -------------------------------------------------------------------
    def call_at(self, t_us, fn):
        """Run ``fn()`` when the clock reaches absolute time ``t_us``; returns a handle
        with ``cancel()``. A time already past fires at the next advance."""
        self._seq += 1
        ev = _Event(t_us, self._seq, fn)
        heapq.heappush(self._events, ev)
        return ev

    def next_event_us(self):
        while self._events and self._events[0].cancelled:
            heapq.heappop(self._events)
        return self._events[0].t_us if self._events else None

    def advance_to(self, t_us, idle=True):
        """Move to absolute time ``t_us`` firing every event due on the way, in order.

        Events may advance the clock themselves (an IRQ handler's cost); time never
        goes backwards, so the clock ends at ``max(t_us, wherever they left it)``.
        """
        if t_us < self.now_us:
            raise ValueError("time cannot go backwards: now %d us, asked for %d us" % (self.now_us, t_us))
        while True:
            nxt = self.next_event_us()
            if nxt is None or nxt > t_us:
                break
            ev = heapq.heappop(self._events)
            if ev.t_us > self.now_us:
                self.now_us = ev.t_us
            ev.fn()
            if idle and self.idle_hook is not None:
                self.idle_hook()
        if t_us > self.now_us:
            self.now_us = t_us
        if idle and self.idle_hook is not None:
            self.idle_hook()

    def advance_us(self, n, idle=True):
        if n < 0:
            raise ValueError("cannot advance by a negative time (%d us)" % n)
        self.advance_to(self.now_us + n, idle)
