"""Slap buttons timed fairly, and menu keys, debounced.

Fairness. A slap's time is read from the RP2040's 1 MHz timer at the start of the GPIO
interrupt. On the SlapStack image the seats' edges are stamped in C (``seat_stamps``, built
into the image: hw/image/seat_stamps/): while it runs, its handler, in RAM, is the one GPIO
interrupt's (IO_IRQ_BANK0's) vector, at a priority above every other interrupt. It reads the
timer, acknowledges the seat pins' edges, reads SIO GPIO_IN once, and if a seat's level
changed writes (time, levels) into a ring that nothing else writes; MicroPython's Pin.irq
dispatch runs after it only when another pin (a menu key) is waiting. ``poll`` drains that
ring and runs the rules below on it, in the main loop. On the emulated Pico a stamp is the
press's microsecond, and presses 1 us apart are stamped 1 us apart, while a card is drawn
too (tests/device/test_stamps.py).

Without ``seat_stamps`` (the WebAssembly VM's test of the handler; the menu keys everywhere),
the stamp is taken the older way, in MicroPython's hard IRQ handler (``Pin.irq``): on the
rp2 port one interrupt vector serves every GPIO and runs the pending pins' handlers one after
the other in ascending pin order, so every handler reads the timer ONCE and snapshots ALL
the group's levels at once from GPIO_IN (``mem32[0xd0000004]``) and hands both to the same
code as the C ring's entries. Either way one interrupt stamps every button that moved with one
time: a seat's time does not depend on its pin number. In Python the stamp lands tens of us
after the press (MicroPython's dispatch and the handler's first bytecodes), and an edge that
arrives while a handler runs is stamped when the vector runs again; presses some 15 us apart
are ordered, closer ones tie. The host simulator has a fake ``seat_stamps``
(host_sim/fakes/seat_stamps.py), so its seats take the C path.

Why not PIO: a PIO state machine sampling the pins could stamp edges with a cycle counter
at a fixed rate, but it needs a PIO program and DMA or FIFO draining, its own counter to
relate to ``ticks_us`` and to wrap, and it keeps a state machine busy; the interrupt's
first instructions are within a microsecond already.

Debounce without delay. The first edge is the event time; further edges of that button
are ignored for ``lockout_us`` (bounce). Edges alternate press/release per button ("no
hovering"): a press counts only after a release. If the level settles during a lockout
to a state we have not reported (a tap shorter than the lockout), ``poll`` reports it
once the lockout is over, stamped with the time of that last change. A button down
longer than ``stuck_us`` is reported by ``stuck_seats()`` and recovers when released.

Nothing allocates in an interrupt: the C ring is static, and the Python path's ring buffers
(``array('i')`` times, ``bytearray`` seat/edge codes) and per-button state are allocated when
the group is set up; times are small ints (ticks wrap at 2**30) compared only with
``ticks_diff``. GPIO_IN is below 2**30 (GPIOs 0..29), so reading it does not make a big int
either. When a ring is full the OLDEST events are kept and new ones dropped (counted in
``overruns``): the earliest slap decides a pile. The button state itself (``is_down``)
never drops anything: the C ring keeps the newest of the entries it had no room for aside
and gives it after the others, so the last levels drained are the pins' last levels.
"""

import micropython
import time
from array import array

from machine import Pin, disable_irq, enable_irq, mem32
from micropython import const

try:
    import seat_stamps  # the SlapStack image's seat stamps, in C (the simulator has a fake)
except ImportError:  # another MicroPython image (the WebAssembly VM's test): the Pin.irq path
    seat_stamps = None

micropython.alloc_emergency_exception_buf(100)

# how many seat stamps wait in the C ring (its edges are queued there, not by a Python
# interrupt), or None without seat_stamps: a nap looks at it after each wake (Board.nap)
STAMPS_WAITING = seat_stamps.pending if seat_stamps is not None else None

SIO_GPIO_IN = const(0xD0000004)  # the levels of GPIOs 0..29, one bit each
_CMASK = const(0xFFFF)  # ring counters wrap here (a multiple of every ring size)
_DRAIN = const(16)  # entries of the C ring moved per seat_stamps.drain call


class _DebouncedPins:
    """Buttons on GPIOs, stamped in an interrupt, debounced, drained by ``poll`` in time
    order. ``stamps`` is the ``seat_stamps`` module (stamps in C, debounced in ``poll``), or
    None (a Python hard IRQ stamps and debounces)."""

    def __init__(self, gpios, active_low, lockout_us, stuck_us, ring_size, stamps=None, woke=None):
        """The state the interrupt and ``poll`` share, all allocated here (nothing allocates
        in the interrupt); the pins with their pulls, the levels they start at, and the
        interrupt attached to every pin. ``woke``, a bytearray(1) (Board.nap's), gets 1 as
        an edge is queued: a nap ends for it after two loads, not a method call."""
        n = len(gpios)
        if ring_size & (ring_size - 1) or not 0 < ring_size <= 1024:
            raise ValueError("ring_size must be a power of two up to 1024")
        self._n = n
        self._lockout = lockout_us        # us after an accepted edge that further edges are bounce
        self._stuck_us = stuck_us         # us held down before a button counts as stuck
        self._bit = array("i", [1 << g for g in gpios])  # each button's GPIO as a bit of GPIO_IN
        mask = 0
        for bit in self._bit:
            mask |= bit
        self._mask = mask
        self._invert = mask if active_low else 0
        self._size = ring_size             # the event ring, a power of two:
        self._ev_t = array("i", [0] * ring_size)  # each edge's time
        self._ev_code = bytearray(ring_size)      # each edge's seat << 1 | pressed
        self._w = 0                        # ring counters (wrapping at _CMASK): next write,
        self._r = 0                        # next read
        self.overruns = 0                  # edges dropped because the ring was full
        self._down = bytearray(n)          # debounced state, what was reported last
        self._locked = bytearray(n)        # 1 while the lockout after an accepted edge may run
        self._stuck = bytearray(n)
        self._t_edge = array("i", [0] * n)  # time of the last accepted edge
        self._t_raw = array("i", [0] * n)   # time of the last raw level change
        self._rs = bytearray(n)            # resync edge waiting in poll: 1 + pressed, or 0
        self._settled = bytes(n)           # _locked, _down and _rs with every button up and settled
        self._idle = False                 # so since the last poll: it has nothing to do
        self._stamps = stamps
        self._woke = woke if woke is not None else bytearray(1)
        if stamps is not None:  # the C ring's entries as poll drains them: time, GPIO_IN & mask
            self._dt = array("i", [0] * _DRAIN)
            self._dl = array("i", [0] * _DRAIN)
        self._st_over = 0                  # seat_stamps.overruns() already in overruns
        now = time.ticks_us()
        pull = Pin.PULL_UP if active_low else Pin.PULL_DOWN
        self._pins = [Pin(g, Pin.IN, pull) for g in gpios]
        if stamps is not None:
            self._start(now, stamps.start(mask))  # (its edges are relative to these levels)
            return
        state = disable_irq()
        try:  # a Ctrl-C here must not leave interrupts off
            self._start(now, mem32[SIO_GPIO_IN])
            handler = self._irq
            for p in self._pins:
                p.irq(handler, Pin.IRQ_FALLING | Pin.IRQ_RISING, hard=True)
        finally:
            enable_irq(state)

    def _start(self, now, gpio_in):
        self._levels = (gpio_in ^ self._invert) & self._mask  # 1 = pressed, at the last interrupt
        for i in range(self._n):
            self._down[i] = 1 if self._levels & self._bit[i] else 0
            self._t_edge[i] = now
            self._t_raw[i] = now

    # ------------------------------------------------------------- hard interrupt --
    def _irq(self, pin):
        """The Pin.irq path: the stamp, in MicroPython's hard IRQ."""
        t = time.ticks_us()
        self._record(t, mem32[SIO_GPIO_IN])

    def _record(self, t, gpio_in):
        """One interrupt's stamp: its time and GPIO_IN. Every button of the group whose level
        changed since the last one moved at ``t``: debounced here, accepted edges queued for
        ``poll``. Called in the hard IRQ (the Pin.irq path) or by ``poll`` for each entry of
        the C ring, oldest first."""
        levels = (gpio_in ^ self._invert) & self._mask
        changed = levels ^ self._levels
        if not changed:
            return
        self._levels = levels
        for i in range(self._n):
            bit = self._bit[i]
            if not changed & bit:
                continue
            self._t_raw[i] = t
            if self._locked[i] and time.ticks_diff(t, self._t_edge[i]) < self._lockout:
                continue  # bounce
            pressed = 1 if levels & bit else 0
            if pressed == self._down[i]:
                continue  # no change from what was reported (a missed bounce edge)
            self._down[i] = pressed
            self._t_edge[i] = t
            self._locked[i] = 1
            self._idle = False
            w = self._w
            if ((w - self._r) & _CMASK) >= self._size:
                self.overruns += 1
                continue
            k = w & (self._size - 1)
            self._ev_t[k] = t
            self._ev_code[k] = (i << 1) | pressed
            self._w = (w + 1) & _CMASK
            self._woke[0] = 1

    # ------------------------------------------------------------------ main loop --
    def poll(self, now_us, on_edge):
        """Call ``on_edge(index, pressed, t_us)`` for every edge since the last poll, in
        time order; update stuck status. ``now_us`` is ``time.ticks_us()``. Returns the
        number of edges delivered. With every button up and settled and no edge since, it
        has nothing to do and says so at once: the game loop polls every pass, and looking
        at the buttons one by one costs some 50 us each on the chip."""
        if self._stamps is not None:
            self._drain()
        w = self._w
        if self._idle and self._r == w:
            return 0
        hard = self._stamps is None  # a Python IRQ shares the state below; the C one does not
        for i in range(self._n):
            # (the Pin.irq path) interrupts off for one seat at a time: a press meanwhile
            # waits tens of us for its stamp, never long enough to tie with a press 50 us
            # after it. The C stamps are never held off here.
            state = disable_irq() if hard else 0
            try:  # and a Ctrl-C (mpremote) landing here must not leave them off
                if self._locked[i] and time.ticks_diff(now_us, self._t_edge[i]) >= self._lockout:
                    self._locked[i] = 0
                if not self._locked[i]:
                    pressed = 1 if self._levels & self._bit[i] else 0
                    if pressed != self._down[i]:  # settled during a lockout: report it now
                        self._down[i] = pressed
                        self._t_edge[i] = self._t_raw[i]
                        self._rs[i] = 1 + pressed
            finally:
                if hard:
                    enable_irq(state)
            if not self._down[i]:
                self._stuck[i] = 0
            elif time.ticks_diff(now_us, self._t_edge[i]) >= self._stuck_us:
                self._stuck[i] = 1
        count = 0
        r = self._r
        while r != w:
            k = r & (self._size - 1)
            t = self._ev_t[k]
            count += self._resyncs_before(t, on_edge)
            code = self._ev_code[k]
            r = (r + 1) & _CMASK
            self._r = r
            on_edge(code >> 1, (code & 1) == 1, t)
            count += 1
        count += self._resyncs_before(None, on_edge)
        state = disable_irq() if hard else 0  # (an edge accepted meanwhile makes it busy again)
        try:
            self._idle = self._locked == self._settled and self._down == self._settled and \
                self._rs == self._settled
        finally:
            if hard:
                enable_irq(state)
        return count

    def _drain(self):
        """The C ring's entries since the last poll, through ``_record``, oldest first; its
        overruns added to ours."""
        stamps = self._stamps
        times = self._dt
        levels = self._dl
        got = 0
        while True:
            n = stamps.drain(times, levels)
            for k in range(n):
                self._record(times[k], levels[k])
            got += n
            if n < _DRAIN:
                break
        if got:  # (the C ring drops entries only when full: there were some)
            over = stamps.overruns()
            if over != self._st_over:
                self.overruns += over - self._st_over
                self._st_over = over

    def quiet(self):
        """Whether a poll now would have nothing to do: every button up and settled, no edge
        since the last poll."""
        return self._idle and not self.moved()

    def moved(self):
        """Whether an edge came in since the last poll (its interrupt ends a nap)."""
        return self._r != self._w or (self._stamps is not None and self._stamps.pending() > 0)

    def due_in(self, now):
        """How long from ``now`` (us) until a poll has something to do with no new edge: a
        lockout's end (a level that settled during it is reported then) or a held button
        turning stuck; 0 with an edge or a resync waiting now; None if nothing is timed (every
        button up and settled, or held and stuck): only an edge's interrupt brings work."""
        if self.moved():
            return 0
        if self._idle:
            return None
        best = None
        for i in range(self._n):
            if self._rs[i]:
                return 0
            if self._locked[i]:
                left = self._lockout
            elif self._down[i] and not self._stuck[i]:
                left = self._stuck_us
            else:
                continue
            left -= time.ticks_diff(now, self._t_edge[i])
            if left <= 0:
                return 0
            if best is None or left < best:
                best = left
        return best

    def _resyncs_before(self, t, on_edge):
        """Deliver the waiting resync edges older than ``t`` (all if None), oldest first."""
        count = 0
        while True:
            best = -1
            for i in range(self._n):
                if self._rs[i] and (t is None or time.ticks_diff(self._t_raw[i], t) < 0):
                    if best < 0 or time.ticks_diff(self._t_raw[i], self._t_raw[best]) < 0:
                        best = i
            if best < 0:
                return count
            pressed = self._rs[best] == 2
            self._rs[best] = 0
            on_edge(best, pressed, self._t_raw[best])
            count += 1

    def gpio_mask(self, index):
        """Button ``index``'s GPIO as a bit mask (SIO registers; the device benchmark)."""
        return self._bit[index]

    def is_down(self, index):
        """The debounced state: True while the button is held."""
        return self._down[index] == 1

    def stuck_mask(self):
        """Bit i set while button i has been held longer than ``stuck_us``."""
        if self._idle:
            return 0
        m = 0
        for i in range(self._n):
            if self._stuck[i]:
                m |= 1 << i
        return m

    def deinit(self):
        if self._stamps is not None:
            self._stamps.stop()
            return
        for p in self._pins:
            p.irq(None)


class SlapButtons(_DebouncedPins):
    """One arcade button per seat; ``poll(now_us, on_edge)`` calls
    ``on_edge(seat, pressed, t_us)`` with the press time taken in the interrupt: by
    ``seat_stamps`` where the image has it (one group at a time: a second group's start
    takes the stamps over), else by a Python hard IRQ."""

    def __init__(self, gpios, active_low=True, lockout_us=8000, stuck_us=3_000_000, ring_size=32, woke=None):
        super().__init__(gpios, active_low, lockout_us, stuck_us, ring_size, seat_stamps, woke)

    def stuck_seats(self):
        """Bitmask of seats whose button is stuck down (bit i = seat i): show it, the
        seat's slaps are not counted until the button comes back up."""
        return self.stuck_mask()


class ConsoleKeys(_DebouncedPins):
    """Menu keys: the same debounce, plus optional key repeat. ``poll(now_us, on_key)``
    calls ``on_key(key, pressed, t_us)``; a held key repeats ``on_key(key, True, t)``
    after ``repeat_delay_us`` and then every ``repeat_us`` (no repeat if None)."""

    def __init__(self, gpios, active_low=True, lockout_us=8000, stuck_us=30_000_000,
                 repeat_delay_us=None, repeat_us=150_000, ring_size=16, woke=None):
        super().__init__(gpios, active_low, lockout_us, stuck_us, ring_size, woke=woke)
        self._repeat_delay = repeat_delay_us
        self._repeat_us = repeat_us
        self._next_repeat = array("i", [0] * len(gpios))
        self._repeat_edge = array("i", [-1] * len(gpios))  # the press _next_repeat belongs to

    def poll(self, now_us, on_key):
        count = super().poll(now_us, on_key)
        if self._repeat_delay is None or self._idle:
            return count
        for i in range(self._n):
            if not self._down[i] or self._stuck[i]:
                continue
            due = self._next_repeat[i]
            if self._repeat_edge[i] != self._t_edge[i]:  # first look at this press
                self._repeat_edge[i] = self._t_edge[i]
                due = time.ticks_add(self._t_edge[i], self._repeat_delay)
            while time.ticks_diff(now_us, due) >= 0:
                on_key(i, True, due)
                count += 1
                due = time.ticks_add(due, self._repeat_us)
            self._next_repeat[i] = due
        return count
