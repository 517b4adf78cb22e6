"""The fakes behave like MicroPython 1.28 on the RP2040 where firmware bugs would hide."""

import sys
import time
from array import array

import pytest

from host_sim.fakes import HardIrqAllocationError, SimulatedReset, VirtualClock, install, uninstall
from host_sim.fakes.vclock import TICKS_PERIOD


@pytest.fixture
def hw():
    hw = install()
    yield hw
    uninstall()


def machine():
    return sys.modules["machine"]


# --- clock and ticks ----------------------------------------------------------------
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


# --- pins ---------------------------------------------------------------------------
def test_button_with_pull_up_reads_high_until_pressed(hw):
    m = machine()
    p = m.Pin(4, m.Pin.IN, m.Pin.PULL_UP)
    assert p.value() == 1
    hw.sim_set_level(4, 0)
    assert p.value() == 0
    hw.sim_release(4)
    assert p.value() == 1
    assert m.Pin(4) is p


def test_pin_in_without_pull_drops_the_pull_up_like_rp2(hw):
    m = machine()
    m.Pin(4, m.Pin.IN, m.Pin.PULL_UP)
    m.Pin(4, m.Pin.IN)
    assert m.Pin(4).value() == 0


def test_open_drain_only_pulls_low(hw):
    m = machine()
    p = m.Pin(7, m.Pin.OPEN_DRAIN, m.Pin.PULL_UP, value=1)
    assert p.value() == 1
    p.off()
    assert p.value() == 0
    p.on()
    hw.sim_set_level(7, 0)  # another device holds the line low
    assert p.value() == 0


def test_gpio_in_register_snapshots_every_pin(hw):
    m = machine()
    for g in (2, 9, 21):
        m.Pin(g, m.Pin.IN, m.Pin.PULL_UP)
    hw.sim_set_level(9, 0)
    assert m.mem32[0xD0000004] == (1 << 2) | (1 << 21)
    with pytest.raises(NotImplementedError, match="0x40054000"):
        m.mem32[0x40054000]


def test_unknown_pin_names_are_refused(hw):
    m = machine()
    with pytest.raises(ValueError):
        m.Pin(30)
    with pytest.raises(ValueError, match="unknown named pin"):
        m.Pin("GPX")
    assert m.Pin("LED").id == 25


# --- the GPIO interrupt vector -------------------------------------------------------
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
    log = _stamping_pins(machine(), (12, 3, 7))
    hw.sim_set_levels({12: 0, 3: 0, 7: 0})
    assert [g for g, _ in log.entries()] == [3, 7, 12]


def test_handler_cost_makes_naive_timestamps_favour_low_pins():
    hw = install(irq_handler_us=25)
    try:
        log = _stamping_pins(machine(), (2, 9))
        hw.sim_set_levels({9: 0, 2: 0}, at_us=1000)
        hw.clock.advance_to(2000)
        assert log.entries() == [(2, 1000), (9, 1025)]
    finally:
        uninstall()


def test_edge_during_a_handler_is_not_lost():
    hw = install(irq_handler_us=50)
    try:
        log = _stamping_pins(machine(), (5, 6))
        hw.sim_set_level(6, 0, at_us=100)
        hw.sim_set_level(5, 0, at_us=110)  # arrives while pin 6's handler runs
        hw.clock.advance_to(1000)
        assert log.entries() == [(6, 100), (5, 150)]
    finally:
        uninstall()


def test_rising_trigger_ignores_falling_edges(hw):
    m = machine()
    log = StampLog()
    m.Pin(8, m.Pin.IN, m.Pin.PULL_UP).irq(log, m.Pin.IRQ_RISING, hard=True)
    hw.sim_set_level(8, 0, at_us=10)
    hw.sim_release(8, at_us=20)
    hw.clock.advance_to(30)
    assert log.entries() == [(8, 20)]
    assert m.Pin(8).irq().flags() == m.Pin.IRQ_RISING


def test_disable_irq_holds_edges_until_enabled(hw):
    m = machine()
    log = _stamping_pins(m, (3,))
    state = m.disable_irq()
    hw.sim_set_level(3, 0)
    assert log.n == 0
    m.enable_irq(state)
    assert [g for g, _ in log.entries()] == [3]


# --- hard IRQ allocation guard --------------------------------------------------------
def test_hard_handler_that_appends_fails_like_micropython(hw):
    m = machine()
    buf = []
    m.Pin(3, m.Pin.IN, m.Pin.PULL_UP).irq(lambda p: buf.append(time.ticks_us()), m.Pin.IRQ_FALLING, hard=True)
    with pytest.raises(HardIrqAllocationError, match="list.append") as err:
        hw.sim_set_level(3, 0)
    assert isinstance(err.value, MemoryError)


def test_hard_handler_that_builds_a_list_fails(hw):
    m = machine()

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
    m = machine()
    ns = {}
    exec("def handler(pin):\n    %s\n" % body, ns)
    m.Pin(3, m.Pin.IN, m.Pin.PULL_UP).irq(ns["handler"], m.Pin.IRQ_FALLING, hard=True)
    with pytest.raises(HardIrqAllocationError, match=what):
        hw.sim_set_level(3, 0)


def test_soft_handler_may_allocate(hw):
    m = machine()
    buf = []
    m.Pin(3, m.Pin.IN, m.Pin.PULL_UP).irq(lambda p: buf.append(1), m.Pin.IRQ_FALLING, hard=False)
    hw.sim_set_level(3, 0)
    assert buf == [1]


def test_non_strict_mode_disables_a_failing_irq_like_the_device(capsys):
    hw = install(strict=False)
    try:
        m = machine()
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


# --- micropython.schedule -------------------------------------------------------------
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


# --- clocks and SPI --------------------------------------------------------------------
class Recorder:
    def __init__(self):
        self.writes = []

    def on_spi_write(self, data, dc):
        self.writes.append((dc, data))


def test_spi_is_capped_at_24_mhz_until_clk_peri_is_raised(hw):
    m = machine()
    spi = m.SPI(0, baudrate=62_500_000, sck=m.Pin(18), mosi=m.Pin(19))
    assert spi.baudrate == 24_000_000
    m.freq(125_000_000, 125_000_000)
    spi.init(baudrate=62_500_000)
    assert spi.baudrate == 62_500_000 == spi.sck_hz
    m.freq(250_000_000)  # one argument: clk_peri back to 48 MHz, dividers kept
    assert spi.sck_hz == 24_000_000


def test_spi_dividers_round_down_like_the_pico_sdk(hw):
    m = machine()
    spi = m.SPI(1, baudrate=10_000_000, sck=10, mosi=11)
    assert spi.baudrate == 8_000_000  # 48 MHz / (2 * 3)
    spi.init(baudrate=1_000_000)
    assert spi.baudrate == 1_000_000


def test_spi_rejects_pins_of_the_other_bus(hw):
    m = machine()
    with pytest.raises(ValueError, match="bad SCK pin"):
        m.SPI(0, sck=10)


def test_attached_device_sees_writes_only_while_selected(hw):
    m = machine()
    dc = m.Pin(20, m.Pin.OUT, value=0)
    cs = m.Pin(9, m.Pin.OUT, value=1)
    spi = m.SPI(1, baudrate=24_000_000, sck=10, mosi=11)
    panel = Recorder()
    hw.spi(1).attach(panel, dc=20, cs=9)
    spi.write(b"\x2a")          # CS high: the panel is not listening
    cs.off()
    spi.write(b"\x2c")
    dc.on()
    spi.write(bytearray(b"\x12\x34"))
    cs.on()
    assert panel.writes == [(0, b"\x2c"), (1, b"\x12\x34")]
    assert spi.bytes_written == 4


def test_spi_claims_its_default_miso_pin_like_rp2(hw):
    m = machine()
    dc = m.Pin(8, m.Pin.OUT, value=0)
    m.SPI(1, baudrate=24_000_000, sck=10, mosi=11)  # MISO defaults to GPIO 8
    dc.on()
    assert dc.value() == 0  # GPIO 8 now belongs to SPI1: pass miso= to keep it


def test_spi_reads_come_from_the_device_model(hw):
    class IdChip(Recorder):
        def on_spi_read(self, nbytes, dc):
            return b"\x85\x85\x52"[:nbytes]

    m = machine()
    spi = m.SPI(0, baudrate=1_000_000, sck=18, mosi=19, miso=16)
    chip = IdChip()
    spi.attach(chip)
    rx = bytearray(3)
    spi.write_readinto(b"\x04\x00\x00", rx)
    assert rx == b"\x85\x85\x52"
    assert chip.writes == [(None, b"\x04\x00\x00")]
    with pytest.raises(ValueError, match="same length"):
        spi.write_readinto(b"\x04", rx)


def test_spi_transfer_takes_its_wire_time(hw):
    m = machine()
    spi = m.SPI(0, baudrate=24_000_000, sck=18, mosi=19)
    spi.write(bytes(320 * 240 * 2))  # one full frame of RGB565
    assert hw.clock.now_us == 320 * 240 * 16 // 24


def test_freq_refuses_a_peripheral_clock_the_rp2_cannot_make(hw):
    m = machine()
    with pytest.raises(ValueError, match="48_000_000 or the same"):
        m.freq(125_000_000, 62_500_000)
    with pytest.raises(ValueError, match="cannot change frequency"):
        m.freq(123_456_789)
    assert m.freq() == 125_000_000


# --- PWM ------------------------------------------------------------------------------
def test_pwm_timeline_records_each_sound(hw):
    m = machine()
    buzzer = m.PWM(m.Pin(15), freq=440, duty_u16=32768)
    time.sleep_ms(100)
    buzzer.freq(880)
    time.sleep_ms(50)
    buzzer.duty_u16(0)
    assert hw.pwm_timeline(15) == [(0, 440, 32768), (100_000, 880, 32768), (150_000, 880, 0)]
    assert buzzer.freq() == 880


def test_pwm_channels_of_one_slice_share_frequency_and_deinit(hw):
    m = machine()
    led = m.PWM(m.Pin(14), freq=1000, duty_u16=16384)   # slice 7 A
    buzzer = m.PWM(m.Pin(15), freq=1000, duty_u16=32768)  # slice 7 B
    buzzer.freq(2000)
    assert hw.pwm_output(14) == (2000, 16384)
    buzzer.deinit()
    assert hw.pwm_output(14) == (0, 0)
    assert led.duty_u16() == 16384


def test_pwm_duty_in_nanoseconds(hw):
    m = machine()
    led = m.PWM(m.Pin(16), freq=1000, duty_ns=250_000)  # a quarter of each 1 ms period
    assert led.duty_ns() == 250_000
    assert hw.pwm_output(16) == (1000, 16384)


def test_pwm_rejects_frequencies_the_divider_cannot_reach(hw):
    m = machine()
    with pytest.raises(ValueError, match="freq too small"):
        m.PWM(m.Pin(15), freq=5)


# --- Timer, WDT, reset ------------------------------------------------------------------
def test_periodic_timer_runs_on_virtual_time(hw):
    m = machine()
    ticks = []
    t = m.Timer(-1, mode=m.Timer.PERIODIC, period=10, callback=lambda tm: ticks.append(time.ticks_ms()))
    time.sleep_ms(35)
    t.deinit()
    time.sleep_ms(50)
    assert ticks == [10, 20, 30]


def test_watchdog_resets_a_firmware_that_stops_feeding(hw):
    m = machine()
    wdt = m.WDT(timeout=100)
    for _ in range(5):
        time.sleep_ms(90)
        wdt.feed()
    with pytest.raises(SimulatedReset):
        time.sleep_ms(150)
    assert hw.resets == [(550_000, m.WDT_RESET, "watchdog not fed for 100 ms")]
    assert m.reset_cause() == m.WDT_RESET


def test_watchdog_timeout_limit(hw):
    with pytest.raises(ValueError, match="8388"):
        machine().WDT(timeout=10_000)


def test_simulated_reset_escapes_except_exception(hw):
    m = machine()
    with pytest.raises(SimulatedReset):
        try:
            m.reset()
        except Exception:
            pass


# --- seat_stamps (the SlapStack image's C module) ---------------------------------------------
def _drained(stamps, room=64):
    times, levels = array("i", [0] * room), array("i", [0] * room)
    n = stamps.drain(times, levels)
    return list(zip(times[:n], levels[:n]))


def _seats_beside_a_key():
    """Seats on GPIOs 2 and 9, a menu key on 4 (a Python hard IRQ, on a lower pin): the fake
    seat_stamps and the key's log."""
    m = machine()
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
        m = machine()
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
    m = machine()
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
    m = machine()
    m.Pin(5, m.Pin.IN, m.Pin.PULL_UP)
    stamps.start(1 << 5)
    stamps.stop()
    hw.sim_set_level(5, 0)
    assert stamps.pending() == 0 and not hw.gpios[5].raw
    with pytest.raises(ValueError):
        stamps.drain(array("h", [0]), array("i", [0]))
    with pytest.raises(ValueError):
        stamps.start(1 << 30)
