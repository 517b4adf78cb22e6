"""The real slap-button IRQ handler, run by the real MicroPython VM with the heap locked.

A hard interrupt on the device may not allocate; here the handler from
firmware/hid/buttons.py is called thousands of times between micropython.heap_lock() and
heap_unlock(), so any allocation raises MemoryError, and the events it records are
checked. Run with: node tests/mpy_run.mjs --mount firmware:/fw tests/run.py test_mpy_buttons_irq

``machine`` and ``time`` are tiny fakes put in sys.modules before the import: a Pin
that stores its IRQ handler, mem32 returning a settable GPIO_IN word, and a settable
microsecond clock with the rp2 ticks arithmetic. The WebAssembly VM has no emergency
exception buffer, so ``micropython`` is wrapped to supply that one call.
"""
import os
import sys

import micropython

GPIO_IN = 0xD0000004
MASK = (1 << 30) - 1  # ticks wrap at 2**30; MASK is the largest small int
ALL_UP = MASK  # every pin high: nothing pressed (pull-ups)
HALF = 1 << 29


class FakePin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8
    made = {}

    def __init__(self, gpio, mode=-1, pull=-1):
        self.id = gpio
        self.handler = None
        self.hard = False
        FakePin.made[gpio] = self

    def irq(self, handler=None, trigger=12, hard=False):
        self.handler = handler
        self.hard = hard


class FakeMem32:
    value = ALL_UP

    def __getitem__(self, addr):
        if addr != GPIO_IN:
            raise ValueError("unexpected address")
        return FakeMem32.value


class FakeMachine:
    Pin = FakePin
    mem32 = FakeMem32()

    @staticmethod
    def disable_irq():
        return 0

    @staticmethod
    def enable_irq(state):
        pass


class FakeTime:
    now = 0

    @staticmethod
    def ticks_us():
        return FakeTime.now

    # Like the C versions, but every intermediate stays a small int (no heap use).
    @staticmethod
    def ticks_diff(a, b):
        d = (a - b) & MASK
        return d - MASK - 1 if d >= HALF else d

    @staticmethod
    def ticks_add(a, d):
        s = a - (MASK - d) - 1 if d > MASK - a else a + d
        return s + MASK + 1 if s < 0 else s


class MicropythonWithBuf:
    const = micropython.const
    heap_lock = micropython.heap_lock
    heap_unlock = micropython.heap_unlock
    buf = 0

    @staticmethod
    def alloc_emergency_exception_buf(size):
        MicropythonWithBuf.buf = size


def _load(gpios, t0=1000):
    try:
        os.stat("/fw/hid/buttons.py")
    except OSError:
        raise AssertionError("firmware/ is not mounted at /fw: run "
                             "node tests/mpy_run.mjs --mount firmware:/fw tests/run.py")
    real = sys.modules.get("micropython")
    sys.modules["machine"] = FakeMachine
    sys.modules["time"] = FakeTime
    sys.modules["micropython"] = MicropythonWithBuf
    sys.modules.pop("hid.buttons", None)  # imported afresh with the fakes: off its package too
    if "hid" in sys.modules:
        sys.modules["hid"].__dict__.pop("buttons", None)
    FakePin.made = {}
    FakeMem32.value = ALL_UP
    FakeTime.now = t0
    try:
        from hid import buttons
    finally:
        if real is not None:
            sys.modules["micropython"] = real
        else:  # (the built-in one, not in sys.modules): the stand-in must not stay for other tests
            sys.modules.pop("micropython", None)
    return buttons.SlapButtons(gpios, ring_size=32)


class Events:
    def __init__(self):
        self.got = []

    def __call__(self, seat, pressed, t):
        self.got.append((seat, pressed, t))


def _vector(levels, t, gpios):
    """One IRQ vector run: the pins' hard handlers in ascending pin order, heap locked.
    Returns True if any handler raised MemoryError."""
    FakeMem32.value = levels
    FakeTime.now = t
    failed = False
    for g in sorted(gpios):
        pin = FakePin.made[g]
        handler = pin.handler
        micropython.heap_lock()
        try:
            handler(pin)
        except MemoryError:
            failed = True
        micropython.heap_unlock()
    return failed


def _poll(btns, t):
    e = Events()
    btns.poll(t, e)
    return e.got


def test_handler_is_hard_and_registered_on_every_seat():
    gpios = [2, 9, 14, 21]
    _load(gpios)
    for g in gpios:
        assert FakePin.made[g].hard
        assert FakePin.made[g].handler is not None
    assert MicropythonWithBuf.buf == 100


def test_handler_never_allocates_with_the_heap_locked():
    gpios = [2, 9, 14, 21]
    btns = _load(gpios)
    t = MASK - 500_000  # cross the ticks wrap on the way
    failures = 0
    delivered = 0
    for step in range(3000):
        seat_bits = 0
        for i in range(4):
            if (step >> i) & 1:  # each seat presses and releases at its own pace
                seat_bits |= 1 << gpios[i]
        t = FakeTime.ticks_add(t, 3000 + (step % 7) * 700)
        if _vector(ALL_UP & ~seat_bits, t, gpios):
            failures += 1
        if step % 50 == 49:  # the main loop drains now and then; the ring overflows between
            delivered += len(_poll(btns, t))
    assert failures == 0, "the IRQ handler allocated %d times" % failures
    assert delivered > 1000
    assert btns.overruns > 0


def test_simultaneous_presses_share_one_timestamp_whatever_the_pin():
    gpios = [9, 2]  # seat 0 on the higher pin
    btns = _load(gpios)
    pressed = ALL_UP & ~((1 << 9) | (1 << 2))
    assert not _vector(pressed, 5000, gpios)
    got = _poll(btns, 5100)
    got.sort()
    assert got == [(0, True, 5000), (1, True, 5000)]


def test_bounce_is_ignored_and_release_then_press_alternate():
    btns = _load([5])
    down = ALL_UP & ~(1 << 5)
    for t, lv in ((10_000, down), (10_300, ALL_UP), (10_900, down), (30_000, ALL_UP),
                  (30_200, down), (31_000, ALL_UP), (60_000, down)):
        assert not _vector(lv, t, [5])
    assert _poll(btns, 70_000) == [(0, True, 10_000), (0, False, 30_000), (0, True, 60_000)]


def test_a_full_ring_keeps_the_oldest():
    btns = _load([5])
    down = ALL_UP & ~(1 << 5)
    t = 10_000
    for k in range(40):  # 40 edges into a ring of 32
        assert not _vector(down if k % 2 == 0 else ALL_UP, t, [5])
        t += 20_000
    got = _poll(btns, t)
    assert len(got) == 32
    assert got[0] == (0, True, 10_000)
    assert btns.overruns == 8
