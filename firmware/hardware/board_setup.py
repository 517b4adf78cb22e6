"""Building the Board at power-up: read the pin map and make the display, buttons, LEDs and
piezo from it; and the Pico's own LED blinking when the map cannot be used.

Only power-up runs this (``board.Board()``, and main.py when the map is unusable), so
board.py imports it for that and lets it go again, with pinmap.py: a game does not keep
its code in the heap. Everything is made over ``machine`` (a Pin, a PWM, an SPI bus), so
the host simulator runs this very code against its fake ``machine``.
"""
import machine
import time

from micropython import const

from hid.buttons import ConsoleKeys, SlapButtons
from hid.leds import SeatLeds
from hid.keys import KEYS
from painters.renderer import Renderer
from hid.sound import Sound

_KEY_REPEAT_DELAY_US = const(450000)  # a held up/down key walks the menu
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


def _pwm(gpio, invert=False):
    """A PWM at rest (duty 0); ``invert`` for a load that is on while its pin is low."""
    pwm = machine.PWM(machine.Pin(gpio), invert=invert)
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
        from drivers.ili9341 import ILI9341 as Driver
    else:
        from drivers.st7789 import ST7789 as Driver  # type: ignore[assignment]  # both are Panels
    backlight = _pwm(d.bl, invert=d.bl_active_low)
    try:
        from drivers.spi_dma import SpiDma
        dma = SpiDma(d.spi, d.dc, d.cs, Driver.WIDTH, Driver.HEIGHT)  # pixels go out while the next band is painted
    except (ImportError, AttributeError):  # no rp2.DMA (the host simulator): the CPU sends every byte
        dma = None
    return Driver(spi, Pin(d.dc, Pin.OUT, value=0), Pin(d.cs, Pin.OUT, value=1),
                  rst=Pin(d.rst, Pin.OUT, value=1), backlight=backlight, flip=d.rotation == 3, dma=dma)


def build(pins_path, woke):
    """The Board's parts from the pin map at ``pins_path``: (seat count, panel, renderer,
    seat LEDs, sound, slap buttons, console keys), the buttons' interrupts setting ``woke``
    (Board.nap's); a map that cannot be used raises ValueError saying why. pinmap.py (its
    reading and checking, the biggest module used only at power-up) is imported for it;
    Board lets both go again."""
    from hardware import pinmap

    pm = pinmap.load(pins_path)
    panel = _panel(pm.display)
    return (len(pm.seats), panel, Renderer(panel), SeatLeds([_pwm(s.led) for s in pm.seats]),
            Sound(machine.PWM(machine.Pin(pm.piezo))),
            SlapButtons([s.button.gpio for s in pm.seats], woke=woke),
            ConsoleKeys([pm.console[k].gpio for k in KEYS], repeat_delay_us=_KEY_REPEAT_DELAY_US, woke=woke))
