"""The fakes behave like MicroPython 1.28 on the RP2040 where firmware bugs would hide: the clock
and ticks, pins, the GPIO interrupt vector, the hard IRQ allocation guard, micropython.schedule
and the seat_stamps module (test_fakes_peripherals.py: SPI, PWM, timers and the watchdog)."""
import sys
import time
from array import array

import pytest

from host_sim.fakes import HardIrqAllocationError, VirtualClock, install, machine, uninstall
from host_sim.fakes.vclock import TICKS_PERIOD


def test_ticks_wrap_at_2_pow_30_like_rp2():
    hw = install(VirtualClock.near_wrap(before_us=10))
    try:
        before = time.ticks_us()
        assert before == TICKS_PERIOD - 10
        time.sleep_us(25)
        after = time.ticks_us()
        assert after == 15
        assert time.ticks_diff(after, before) == 25
        assert time.ticks_diff(before, after) == -25
        assert time.ticks_add(before, 25) == after
        assert time.ticks_ms() == (hw.clock.now_us // 1000) % TICKS_PERIOD
        assert time.ticks_cpu() == time.ticks_us()
    finally:
        uninstall()


def test_ticks_add_rejects_intervals_ticks_diff_cannot_represent(hw):
    with pytest.raises(OverflowError, match="ticks interval overflow"):
        time.ticks_add(0, 1 << 29)
    with pytest.raises(OverflowError):
        time.ticks_add(0, -(1 << 29))
    assert time.ticks_add(0, -1) == TICKS_PERIOD - 1
    with pytest.raises(ValueError, match="not a ticks value"):
        time.ticks_diff(TICKS_PERIOD, 0)


def test_sleep_takes_virtual_time_only(hw):
    start = time.perf_counter()
    time.sleep_ms(60_000)
    assert hw.clock.now_us == 60_000_000
    assert time.perf_counter() - start < 1.0


def test_install_and_uninstall_restore_the_host():
    real_machine = sys.modules.get("machine")
    install()
    assert hasattr(time, "ticks_us")
    uninstall()
    assert not hasattr(time, "ticks_us")
    assert sys.modules.get("machine") is real_machine
    assert "seat_stamps" not in sys.modules or sys.modules["seat_stamps"].__name__ != "host_sim.fakes.seat_stamps"


def test_button_with_pull_up_reads_high_until_pressed(hw):
    m = machine
    p = m.Pin(4, m.Pin.IN, m.Pin.PULL_UP)
    assert p.value() == 1
    hw.sim_set_level(4, 0)
    assert p.value() == 0
    hw.sim_release(4)
    assert p.value() == 1
    assert m.Pin(4) is p


def test_pin_in_without_pull_drops_the_pull_up_like_rp2(hw):
    m = machine
    m.Pin(4, m.Pin.IN, m.Pin.PULL_UP)
    m.Pin(4, m.Pin.IN)
    assert m.Pin(4).value() == 0


def test_open_drain_only_pulls_low(hw):
    m = machine
    p = m.Pin(7, m.Pin.OPEN_DRAIN, m.Pin.PULL_UP, value=1)
    assert p.value() == 1
    p.off()
    assert p.value() == 0
    p.on()
    hw.sim_set_level(7, 0)  # another device holds the line low
    assert p.value() == 0


def test_gpio_in_register_snapshots_every_pin(hw):
    m = machine
    for g in (2, 9, 21):
        m.Pin(g, m.Pin.IN, m.Pin.PULL_UP)
    hw.sim_set_level(9, 0)
    assert m.mem32[0xD0000004] == (1 << 2) | (1 << 21)
    with pytest.raises(NotImplementedError, match="0x40054000"):
        m.mem32[0x40054000]


def test_unknown_pin_names_are_refused(hw):
    m = machine
    with pytest.raises(ValueError):
        m.Pin(30)
    with pytest.raises(ValueError, match="unknown named pin"):
        m.Pin("GPX")
    assert m.Pin("LED").id == 25


class StampLog:
    """A hard-IRQ-safe log of (gpio, ticks_us): preallocated, so the guard lets it be."""

    def __init__(self):
        self.gpio = array("i", [0] * 8)
        self.t = array("i", [0] * 8)
        self.n = 0

    def __call__(self, pin):
        self.gpio[self.n] = pin.id
        self.t[self.n] = time.ticks_us()
        self.n += 1

    def entries(self):
        return [(self.gpio[i], self.t[i]) for i in range(self.n)]


def _stamping_pins(m, gpios):
    log = StampLog()
    for g in gpios:
        m.Pin(g, m.Pin.IN, m.Pin.PULL_UP).irq(log, m.Pin.IRQ_FALLING, hard=True)
    return log


def test_simultaneous_edges_run_handlers_in_ascending_pin_order(hw):
    log = _stamping_pins(machine, (12, 3, 7))
    hw.sim_set_levels({12: 0, 3: 0, 7: 0})
    assert [g for g, _ in log.entries()] == [3, 7, 12]


def test_handler_cost_makes_naive_timestamps_favour_low_pins():
    hw = install(irq_handler_us=25)
    try:
        log = _stamping_pins(machine, (2, 9))
        hw.sim_set_levels({9: 0, 2: 0}, at_us=1000)
        hw.clock.advance_to(2000)
        assert log.entries() == [(2, 1000), (9, 1025)]
    finally:
        uninstall()


def test_edge_during_a_handler_is_not_lost():
    hw = install(irq_handler_us=50)
    try:
        log = _stamping_pins(machine, (5, 6))
        hw.sim_set_level(6, 0, at_us=100)
        hw.sim_set_level(5, 0, at_us=110)  # arrives while pin 6's handler runs
        hw.clock.advance_to(1000)
        assert log.entries() == [(6, 100), (5, 150)]
    finally:
        uninstall()


def test_rising_trigger_ignores_falling_edges(hw):
    m = machine
    log = StampLog()
    m.Pin(8, m.Pin.IN, m.Pin.PULL_UP).irq(log, m.Pin.IRQ_RISING, hard=True)
    hw.sim_set_level(8, 0, at_us=10)
    hw.sim_release(8, at_us=20)
    hw.clock.advance_to(30)
    assert log.entries() == [(8, 20)]
    assert m.Pin(8).irq().flags() == m.Pin.IRQ_RISING


def test_disable_irq_holds_edges_until_enabled(hw):
    m = machine
    log = _stamping_pins(m, (3,))
    state = m.disable_irq()
    hw.sim_set_level(3, 0)
    assert log.n == 0
    m.enable_irq(state)
    assert [g for g, _ in log.entries()] == [3]


def test_hard_handler_that_appends_fails_like_micropython(hw):
    m = machine
    buf = []
    m.Pin(3, m.Pin.IN, m.Pin.PULL_UP).irq(lambda p: buf.append(time.ticks_us()), m.Pin.IRQ_FALLING, hard=True)
    with pytest.raises(HardIrqAllocationError, match="list.append") as err:
        hw.sim_set_level(3, 0)
    assert isinstance(err.value, MemoryError)


def test_hard_handler_that_builds_a_list_fails(hw):
    m = machine

    def handler(pin):
        events = []
        events.clear()

    m.Pin(3, m.Pin.IN, m.Pin.PULL_UP).irq(handler, m.Pin.IRQ_FALLING, hard=True)
    with pytest.raises(HardIrqAllocationError, match="BUILD_LIST"):
        hw.sim_set_level(3, 0)


@pytest.mark.parametrize("body, what", [
    ("x = bytearray(4)", "bytearray"),
    ("x = 'seat %d' % pin.id", "%"),
    ("x = pin.id / 2", "division"),
    ("x = (pin.id, 1)", "BUILD_TUPLE"),
    ("x = f'{pin.id}'", "FORMAT_VALUE"),
    ("x = pin.id << 40", "big int"),
])
def test_guard_catches_other_allocations(hw, body, what):
    m = machine
    ns = {}
    exec("def handler(pin):\n    %s\n" % body, ns)
    m.Pin(3, m.Pin.IN, m.Pin.PULL_UP).irq(ns["handler"], m.Pin.IRQ_FALLING, hard=True)
    with pytest.raises(HardIrqAllocationError, match=what):
        hw.sim_set_level(3, 0)


def test_soft_handler_may_allocate(hw):
    m = machine
    buf = []
    m.Pin(3, m.Pin.IN, m.Pin.PULL_UP).irq(lambda p: buf.append(1), m.Pin.IRQ_FALLING, hard=False)
    hw.sim_set_level(3, 0)
    assert buf == [1]


def test_non_strict_mode_disables_a_failing_irq_like_the_device(capsys):
    hw = install(strict=False)
    try:
        m = machine
        calls = []

        def handler(pin):
            calls.append(1)

        m.Pin(3, m.Pin.IN, m.Pin.PULL_UP).irq(handler, m.Pin.IRQ_FALLING | m.Pin.IRQ_RISING, hard=True)
        hw.sim_set_level(3, 0)
        hw.sim_release(3)
        assert len(hw.irq_errors) == 1
        assert "Uncaught exception in IRQ callback handler" in capsys.readouterr().err
    finally:
        uninstall()


def test_schedule_queue_holds_eight(hw):
    import micropython
    for i in range(8):
        micropython.schedule(lambda a: None, i)
    with pytest.raises(RuntimeError, match="schedule queue full"):
        micropython.schedule(lambda a: None, 8)
    hw.run_scheduled()
    assert hw.pending_scheduled() == 0


def test_scheduled_callbacks_run_when_main_sleeps(hw):
    import micropython
    ran = []
    micropython.schedule(ran.append, "x")
    assert ran == []
    time.sleep_ms(1)
    assert ran == ["x"]


def _drained(stamps, room=64):
    times, levels = array("i", [0] * room), array("i", [0] * room)
    n = stamps.drain(times, levels)
    return list(zip(times[:n], levels[:n]))


def _seats_beside_a_key():
    """Seats on GPIOs 2 and 9, a menu key on 4 (a Python hard IRQ, on a lower pin): the fake
    seat_stamps and the key's log."""
    m = machine
    for g in (2, 9, 4):
        m.Pin(g, m.Pin.IN, m.Pin.PULL_UP)
    return sys.modules["seat_stamps"], _stamping_pins(m, (4,))


def test_seat_stamps_stamp_every_moved_seat_with_one_time_before_any_pin_handler():
    """seat_vector stamps the seats at once and runs the chain for the key pressed with them."""
    hw = install(irq_entry_us=1, irq_handler_us=30)
    try:
        stamps, log = _seats_beside_a_key()
        seats = 1 << 2 | 1 << 9
        assert stamps.start(seats) == seats  # both up
        assert hw.gpios[2].handler is None and hw.gpios[2].raw
        hw.sim_set_levels({4: 0, 9: 0, 2: 0}, at_us=1000)
        hw.clock.advance_to(2000)
        assert _drained(stamps) == [(1000, 0)]  # one entry: both seats, the vector's first instructions
        assert log.entries() == [(4, 1001)]  # the key's: after the chain's entry
        assert stamps.pending() == 0
    finally:
        uninstall()


def test_seat_stamps_leave_the_chain_alone_when_only_seats_moved():
    """A seat's edge alone: stamped, and MicroPython's dispatch (the chain) does not run, so
    a seat edge a microsecond later is stamped on its own entry, at its time."""
    hw = install(irq_entry_us=3, irq_handler_us=30)
    try:
        stamps, _ = _seats_beside_a_key()  # the key: the chain has a Python handler to run
        stamps.start(1 << 2 | 1 << 9)
        hw.sim_set_level(9, 0, at_us=1000)
        hw.sim_set_level(2, 0, at_us=1001)
        hw.clock.advance_to(2000)
        assert _drained(stamps) == [(1000, 1 << 2), (1001, 0)]  # (after the chain's 3 us entry: 1003)
    finally:
        uninstall()


def test_seat_stamps_catch_an_edge_that_came_while_a_pin_handler_ran():
    hw = install(irq_handler_us=50)
    try:
        stamps = sys.modules["seat_stamps"]
        m = machine
        for g in (3, 12):
            m.Pin(g, m.Pin.IN, m.Pin.PULL_UP)
        _stamping_pins(m, (3,))
        stamps.start(1 << 12)
        hw.sim_set_level(3, 0, at_us=100)
        hw.sim_set_level(12, 0, at_us=110)  # during the key's handler: the last handler stamps it
        hw.clock.advance_to(1000)
        assert _drained(stamps) == [(150, 0)]
    finally:
        uninstall()


def test_seat_stamps_keep_the_oldest_and_the_newest_when_the_ring_is_full(hw):
    stamps = sys.modules["seat_stamps"]
    m = machine
    m.Pin(5, m.Pin.IN, m.Pin.PULL_UP)
    stamps.start(1 << 5)
    n = stamps.SIZE + 5
    for k in range(n):
        hw.sim_set_level(5, k % 2, at_us=1000 * (k + 1))
    hw.clock.advance_to(1000 * (n + 2))
    got = _drained(stamps, room=16)
    while len(got) < stamps.SIZE + 1:
        more = _drained(stamps, room=16)
        assert more
        got += more
    assert [t for t, _ in got] == [1000 * (k + 1) for k in range(stamps.SIZE)] + [1000 * n]
    assert got[-1][1] == (n - 1) % 2 << 5  # the last levels seen
    assert stamps.overruns() == 4 and stamps.pending() == 0


def test_seat_stamps_stop_and_drain_needs_int_arrays(hw):
    stamps = sys.modules["seat_stamps"]
    m = machine
    m.Pin(5, m.Pin.IN, m.Pin.PULL_UP)
    stamps.start(1 << 5)
    stamps.stop()
    hw.sim_set_level(5, 0)
    assert stamps.pending() == 0 and not hw.gpios[5].raw
    with pytest.raises(ValueError):
        stamps.drain(array("h", [0]), array("i", [0]))
    with pytest.raises(ValueError):
        stamps.start(1 << 30)
