"""Fake ``micropython`` module: the parts of it the firmware uses.

``schedule`` queues a soft-IRQ callback on the installed FakeHardware, which runs the
queue when the main program is at a safe point (after a hard IRQ returns, while it
sleeps or idles, when a test advances the clock): the device runs it between bytecodes,
which the host cannot, so a burst of ``schedule`` calls from main code alone fills the
8-deep queue here sooner than on the device (never later).
``heap_lock``/``heap_unlock`` only count; the allocation check for hard IRQs is
``irqguard``, and the real proof is the MicroPython-side test under ``heap_lock``.
"""

_hw = None  # the installed FakeHardware (``attach``)


def attach(hw):
    """Answer for FakeHardware ``hw`` from now on (None: for none); host_sim.fakes.install."""
    global _hw
    _hw = hw


def const(x):
    return x


def native(fn):
    return fn


def schedule(fn, arg):
    if _hw is None:
        raise RuntimeError("fake micropython used before host_sim.fakes.install()")
    _hw.schedule(fn, arg)


def alloc_emergency_exception_buf(size):
    _hw.emergency_exception_buf = size


def heap_lock():
    _hw.heap_lock_depth += 1


def heap_unlock():
    if _hw.heap_lock_depth:
        _hw.heap_lock_depth -= 1
    return _hw.heap_lock_depth


def kbd_intr(chr):
    """Ctrl-C handling has no meaning on the host; accepted and ignored."""


def mem_info(verbose=None):
    print("mem_info: host simulation (CPython); the device heap is measured by the "
          "MicroPython-side tests, not here")
