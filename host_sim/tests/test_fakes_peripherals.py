"""The fakes' peripherals behave like MicroPython 1.28 on the RP2040 where firmware bugs would
hide: the clocks and SPI, PWM, timers, the watchdog and the reset it makes."""
import time

import pytest

from host_sim.fakes import SimulatedReset, machine


class Recorder:
    def __init__(self):
        self.writes = []

    def on_spi_write(self, data, dc):
        self.writes.append((dc, data))


def test_spi_is_capped_at_24_mhz_until_clk_peri_is_raised(hw):
    m = machine
    spi = m.SPI(0, baudrate=62_500_000, sck=m.Pin(18), mosi=m.Pin(19))
    assert spi.baudrate == 24_000_000
    m.freq(125_000_000, 125_000_000)
    spi.init(baudrate=62_500_000)
    assert spi.baudrate == 62_500_000 == spi.sck_hz
    m.freq(250_000_000)  # one argument: clk_peri back to 48 MHz, dividers kept
    assert spi.sck_hz == 24_000_000


def test_spi_dividers_round_down_like_the_pico_sdk(hw):
    m = machine
    spi = m.SPI(1, baudrate=10_000_000, sck=10, mosi=11)
    assert spi.baudrate == 8_000_000  # 48 MHz / (2 * 3)
    spi.init(baudrate=1_000_000)
    assert spi.baudrate == 1_000_000


def test_spi_rejects_pins_of_the_other_bus(hw):
    m = machine
    with pytest.raises(ValueError, match="bad SCK pin"):
        m.SPI(0, sck=10)


def test_attached_device_sees_writes_only_while_selected(hw):
    m = machine
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
    m = machine
    dc = m.Pin(8, m.Pin.OUT, value=0)
    m.SPI(1, baudrate=24_000_000, sck=10, mosi=11)  # MISO defaults to GPIO 8
    dc.on()
    assert dc.value() == 0  # GPIO 8 now belongs to SPI1: pass miso= to keep it


def test_spi_reads_come_from_the_device_model(hw):
    class IdChip(Recorder):
        def on_spi_read(self, nbytes, dc):
            return b"\x85\x85\x52"[:nbytes]

    m = machine
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
    m = machine
    spi = m.SPI(0, baudrate=24_000_000, sck=18, mosi=19)
    spi.write(bytes(320 * 240 * 2))  # one full frame of RGB565
    assert hw.clock.now_us == 320 * 240 * 16 // 24


def test_freq_refuses_a_peripheral_clock_the_rp2_cannot_make(hw):
    m = machine
    with pytest.raises(ValueError, match="48_000_000 or the same"):
        m.freq(125_000_000, 62_500_000)
    with pytest.raises(ValueError, match="cannot change frequency"):
        m.freq(123_456_789)
    assert m.freq() == 125_000_000


def test_pwm_timeline_records_each_sound(hw):
    m = machine
    buzzer = m.PWM(m.Pin(15), freq=440, duty_u16=32768)
    time.sleep_ms(100)
    buzzer.freq(880)
    time.sleep_ms(50)
    buzzer.duty_u16(0)
    assert hw.pwm_timeline(15) == [(0, 440, 32768), (100_000, 880, 32768), (150_000, 880, 0)]
    assert buzzer.freq() == 880


def test_pwm_channels_of_one_slice_share_frequency_and_deinit(hw):
    m = machine
    led = m.PWM(m.Pin(14), freq=1000, duty_u16=16384)   # slice 7 A
    buzzer = m.PWM(m.Pin(15), freq=1000, duty_u16=32768)  # slice 7 B
    buzzer.freq(2000)
    assert hw.pwm_output(14) == (2000, 16384)
    buzzer.deinit()
    assert hw.pwm_output(14) == (0, 0)
    assert led.duty_u16() == 16384


def test_pwm_duty_in_nanoseconds(hw):
    m = machine
    led = m.PWM(m.Pin(16), freq=1000, duty_ns=250_000)  # a quarter of each 1 ms period
    assert led.duty_ns() == 250_000
    assert hw.pwm_output(16) == (1000, 16384)


def test_pwm_rejects_frequencies_the_divider_cannot_reach(hw):
    m = machine
    with pytest.raises(ValueError, match="freq too small"):
        m.PWM(m.Pin(15), freq=5)


def test_periodic_timer_runs_on_virtual_time(hw):
    m = machine
    ticks = []
    t = m.Timer(-1, mode=m.Timer.PERIODIC, period=10, callback=lambda tm: ticks.append(time.ticks_ms()))
    time.sleep_ms(35)
    t.deinit()
    time.sleep_ms(50)
    assert ticks == [10, 20, 30]


def test_watchdog_resets_a_firmware_that_stops_feeding(hw):
    m = machine
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
        machine.WDT(timeout=10_000)


def test_simulated_reset_escapes_except_exception(hw):
    m = machine
    with pytest.raises(SimulatedReset):
        try:
            m.reset()
        except Exception:
            pass
