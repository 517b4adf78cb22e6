"""A display driver wired to a panel model, for tests and previews.

Minimal stand-ins for the SPI bus and pins: writes reach the model only while CS is low,
with the DC level at the time of the write, and RST going low resets the model. A virtual
clock advances by the driver's delays, so the model can check the datasheet busy times.
"""
from host_sim import fwpath
from host_sim.panel_model import ST7789Model, ILI9341Model

fwpath.use_firmware()

import st7789  # noqa: E402  (firmware modules import flat, as on the device)
import ili9341  # noqa: E402


class Clock:
    def __init__(self):
        self.us = 0

    def sleep_ms(self, ms):
        self.us += ms * 1000

    def now_us(self):
        return self.us


class Pin:
    def __init__(self, level=1, on_low=None):
        self.level = level
        self.on_low = on_low

    def value(self, v=None):
        if v is None:
            return self.level
        v = 1 if v else 0
        if self.on_low is not None and self.level and not v:
            self.on_low()
        self.level = v
        return None


class Bus:
    """SPI write-only bus to one device; counts what it sends."""

    def __init__(self, device, dc, cs):
        self.device = device
        self.dc = dc
        self.cs = cs
        self.bytes_sent = 0
        self.writes = 0

    def write(self, buf):
        self.writes += 1
        self.bytes_sent += len(buf)
        if self.cs.level == 0:
            self.device.on_spi_write(bytes(buf), self.dc.level)


class PWM:
    def __init__(self):
        self.duty = 0

    def duty_u16(self, v):
        self.duty = v


PANELS = {"st7789": (st7789.ST7789, ST7789Model), "ili9341": (ili9341.ILI9341, ILI9341Model)}


def make(kind="st7789", flip=False, rst=True, backlight=None):
    """(driver, model, bus, clock) for ``kind`` in PANELS, the driver already initialised."""
    driver_cls, model_cls = PANELS[kind]
    clock = Clock()
    model = model_cls(now_us=clock.now_us)
    dc = Pin(0)
    cs = Pin(1)
    bus = Bus(model, dc, cs)
    reset = Pin(1, on_low=model.reset) if rst else None
    driver = driver_cls(bus, dc, cs, rst=reset, backlight=backlight, flip=flip,
                        delay_ms=clock.sleep_ms)
    return driver, model, bus, clock
