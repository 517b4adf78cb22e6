"""The RP2040 SPI clock arithmetic behind the display's bus speed."""
import sys
import types

from host_sim import fwpath

fwpath.use_firmware()

import spi_clock  # noqa: E402
import st7789  # noqa: E402
import ili9341  # noqa: E402


def test_boot_peripheral_clock_caps_spi_at_24mhz():
    assert spi_clock.sck_hz(48_000_000, st7789.ST7789.SPI_HZ) == 24_000_000


def test_peripheral_clock_on_the_system_pll_reaches_the_panels_rating():
    assert spi_clock.sck_hz(125_000_000, st7789.ST7789.SPI_HZ) == 62_500_000
    assert spi_clock.sck_hz(125_000_000, ili9341.ILI9341.SPI_HZ) == 31_250_000


def test_rate_is_never_above_the_request():
    for want in (1_000_000, 10_000_000, 20_000_000, 33_000_000, 62_499_999):
        got = spi_clock.sck_hz(125_000_000, want)
        assert got <= want and got > want // 2


def test_peripheral_clock_is_moved_with_machine_freq(monkeypatch):
    calls = []
    fake = types.SimpleNamespace(freq=lambda *a: calls.append(a))
    monkeypatch.setitem(sys.modules, "machine", fake)
    spi_clock.peripheral_clock_to_cpu()
    assert calls == [(125_000_000, 125_000_000)]
