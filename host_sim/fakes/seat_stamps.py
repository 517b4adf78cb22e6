"""Fake ``seat_stamps``: the SlapStack image's C module (hw/image/seat_stamps/seat_stamps.c) on
the simulated RP2040, with the same calls, ring and rules.

``start(mask)`` stands in for the fake GPIO vector (board.FakeHardware.set_raw_vector), as the
C module's seat_vector does, adds a handler at the end of the chain, after MicroPython's Pin.irq
dispatch (stamp_last), and enables the seat pins' edges. Each stamp reads the virtual clock
(``ticks_us``), acknowledges the seat pins' latched edges, reads GPIO_IN once, and if a seat
level changed since the last entry writes (time, levels) into the ring; the vector then runs
the chain only if another pin's interrupt is waiting. The C code's few cycles cost no virtual
time, so a seat's stamp is its press's time; the chain's entry (``irq_entry_us``) costs what
it costs MicroPython's dispatch. ``install()`` puts this module in ``sys.modules``, so the host's
SlapButtons take this path; with it removed they take the Pin.irq path (test_buttons tests
both).
"""

from array import array

from host_sim.fakes import rp2040

_hw = None  # the installed FakeHardware (``attach``)


def attach(hw):
    """Answer for FakeHardware ``hw`` from now on (None: for none); host_sim.fakes.install."""
    global _hw
    _hw = hw

SIZE = 64
_EDGES = rp2040.IRQ_FALLING | rp2040.IRQ_RISING
_TICKS_MASK = (1 << 30) - 1


class _State:
    def __init__(self):
        self.hw = None
        self.mask = 0
        self.last = 0
        self.t = array("i", [0] * SIZE)
        self.levels = array("i", [0] * SIZE)
        self.w = 0
        self.r = 0
        self.overruns = 0
        self.lost = None  # (t, levels): the newest entry that found the ring full


_s = _State()


def _hardware():
    if _hw is None:
        raise RuntimeError("fake seat_stamps used before host_sim.fakes.install()")
    if _s.hw is not _hw:  # a new simulated board: nothing of the last one's stamps
        _s.__init__()
        _s.hw = _hw
    return _hw


def _stamp():
    """One handler run: what stamp() in seat_stamps.c does."""
    hw = _hw
    t = hw.clock.ticks_us()
    mask = _s.mask
    for g in range(rp2040.NUM_GPIO):
        if mask >> g & 1:
            hw.acknowledge(g, _EDGES)
    levels = hw.gpio_in() & mask
    if levels == _s.last or not mask:
        return
    _s.last = levels
    t &= _TICKS_MASK
    if _s.lost is not None or _s.w - _s.r >= SIZE:
        if _s.lost is not None:
            _s.overruns += 1
        _s.lost = (t, levels)
        return
    k = _s.w & (SIZE - 1)
    _s.t[k] = t
    _s.levels[k] = levels
    _s.w += 1


def _vector():
    """seat_vector: the stamp, then the chain if another pin's interrupt waits."""
    _stamp()
    if _hw.pending_besides(_s.mask):
        _hw.run_chain()


def _set_edges(hw, mask, on):
    for g in range(rp2040.NUM_GPIO):
        if mask >> g & 1:
            hw.raw_edges(g, _EDGES if on else 0)


def start(mask):
    hw = _hardware()
    if mask < 0 or mask >> rp2040.NUM_GPIO:
        raise ValueError("mask: GPIOs 0..29 only")
    old = _s.mask
    _s.mask = 0
    _set_edges(hw, old, False)
    hw.remove_raw_gpio_handler(_stamp)
    hw.add_raw_gpio_handler(_stamp)  # stamp_last
    hw.set_raw_vector(_vector)
    _s.r = _s.w
    _s.overruns = 0
    _s.lost = None
    _set_edges(hw, mask, True)
    levels = hw.gpio_in() & mask
    _s.last = levels
    _s.mask = mask
    return levels


def stop():
    hw = _hardware()
    old = _s.mask
    _s.mask = 0
    _set_edges(hw, old, False)
    hw.set_raw_vector(None)
    hw.remove_raw_gpio_handler(_stamp)


def _words(a):
    if not isinstance(a, array) or a.typecode not in ("i", "I"):
        raise ValueError("drain needs array('i')s")
    return a


def drain(times, levels):
    _hardware()
    _words(times)
    _words(levels)
    room = min(len(times), len(levels))
    n = 0
    while _s.r != _s.w and n < room:
        k = _s.r & (SIZE - 1)
        times[n] = _s.t[k]
        levels[n] = _s.levels[k]
        _s.r += 1
        n += 1
    if _s.r == _s.w and n < room and _s.lost is not None:
        times[n], levels[n] = _s.lost
        _s.lost = None
        n += 1
    return n


def pending():
    _hardware()
    return _s.w - _s.r + (_s.lost is not None)


def overruns():
    _hardware()
    return _s.overruns
