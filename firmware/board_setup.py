"""Building the Board at power-up: the pin map read and checked, the display driver on its
SPI bus, the buttons, LEDs, piezo and flash; and the Pico's own LED blinking when the map
cannot be used.

None of this runs again after power-up, and on a stock Pico imported bytecode lives in the
heap. So ``Board.__init__`` imports this module, lets it fill the board in, and drops it
from sys.modules with the pin map (pinmap.py): board.py keeps only what the loop calls.
"""
import machine
import sys
import time

from micropython import const

import board
from buttons import ConsoleKeys, SlapButtons
from leds import SeatLeds
from menu import KEYS
from renderer import Renderer
from sound import Sound

_KEY_REPEAT_DELAY_US = const(450000)         # a held up/down key walks the menu
_PWM_HZ = const(1000)           # seat LEDs and backlight
_ONBOARD_LED = const(25)
_BLINK_MS = const(150)


def blink_forever():
    """No usable pin map, so no screen: blink the Pico's own LED until Ctrl-C."""
    led = machine.Pin(_ONBOARD_LED, machine.Pin.OUT)
    t = time.ticks_ms()
    while True:
        machine.idle()
        if time.ticks_diff(time.ticks_ms(), t) >= _BLINK_MS:
            t = time.ticks_ms()
            led.toggle()


def _pwm(gpio):
    pwm = machine.PWM(machine.Pin(gpio))
    pwm.freq(_PWM_HZ)
    pwm.duty_u16(0)
    return pwm


def _panel(d):
    """The display driver named in the pin map, on its SPI bus at the map's clock."""
    Pin = machine.Pin
    if d.miso is None:
        spi = machine.SPI(d.spi, baudrate=d.baudrate, sck=Pin(d.sck), mosi=Pin(d.mosi))
    else:
        spi = machine.SPI(d.spi, baudrate=d.baudrate, sck=Pin(d.sck), mosi=Pin(d.mosi), miso=Pin(d.miso))
    if d.driver == "ili9341":
        from ili9341 import ILI9341 as Driver
    else:
        from st7789 import ST7789 as Driver  # type: ignore[assignment]  # both are Panels
    backlight = _pwm(d.bl)
    return Driver(spi, Pin(d.dc, Pin.OUT, value=0), Pin(d.cs, Pin.OUT, value=1),
                  rst=Pin(d.rst, Pin.OUT, value=1), backlight=backlight, flip=d.rotation == 3)


def build(b, pins_path=None):
    """Fill Board ``b`` in from the pin map at ``pins_path`` (default: /pins.json on the
    flash); a map that cannot be used raises ValueError saying why."""
    import pinmap
    pm = pinmap.load(pins_path or board.FLASH + "pins.json")
    b.flash = board.FLASH
    b.seat_count = len(pm.seats)
    b.panel = _panel(pm.display)
    b.renderer = Renderer(b.panel)
    b.leds = SeatLeds([_pwm(s.led) for s in pm.seats])
    piezo = machine.PWM(machine.Pin(pm.piezo))
    b.sound = Sound(piezo)
    b.slaps = SlapButtons([s.button.gpio for s in pm.seats])
    b.keys = ConsoleKeys([pm.console[k].gpio for k in KEYS], repeat_delay_us=_KEY_REPEAT_DELAY_US)
    # the pin map is read once: nothing keeps it (or its classes), so its checking
    # code leaves the heap with it
    sys.modules.pop("pinmap", None)
