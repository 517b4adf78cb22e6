"""boot.py's clock change is what lets the display SPI reach the panel's rating."""
import pytest

from drivers import st7789
from drivers import ili9341


@pytest.fixture
def spi_clock(hw):
    from drivers import spi_clock  # imports machine: only once the fake one is installed

    return spi_clock


def _spi(want_hz):
    import machine

    return machine.SPI(0, baudrate=want_hz, sck=machine.Pin(18), mosi=machine.Pin(19))


def test_boot_peripheral_clock_caps_spi_at_24mhz(hw):
    assert _spi(st7789.ST7789.SPI_HZ).sck_hz == 24_000_000


def test_peripheral_clock_on_the_system_pll_reaches_the_panels_rating(hw, spi_clock):
    spi_clock.peripheral_clock_to_cpu()
    assert hw.cpu_hz == hw.peri_hz == 200_000_000
    assert _spi(st7789.ST7789.SPI_HZ).sck_hz == 50_000_000  # 200 / 4: 100 MHz is above 62.5
    assert _spi(ili9341.ILI9341.SPI_HZ).sck_hz == 33_333_333  # rounded down, never above


def test_a_bus_made_before_the_change_keeps_its_old_dividers(hw, spi_clock):
    spi = _spi(24_000_000)
    spi_clock.peripheral_clock_to_cpu()
    assert spi.sck_hz != 24_000_000  # why boot.py must run before any bus is made


def test_the_core_is_at_1_15_volts_before_the_clock_reaches_200mhz(hw, spi_clock):
    assert (hw.vreg >> 4) & 0xF == 0b1011  # 1.10 V, as the chip starts
    spi_clock.peripheral_clock_to_cpu()
    assert hw.freq_changes == [(200_000_000, 0b1100)]  # the clock went up at 1.15 V
    assert hw.vreg & 0x3 == 0x1  # still enabled, not high-impedance


def test_a_core_already_above_1_15_volts_is_left_there(hw, spi_clock):
    hw.vreg = 0xD1  # 1.20 V
    spi_clock.peripheral_clock_to_cpu()
    assert hw.freq_changes == [(200_000_000, 0b1101)]
