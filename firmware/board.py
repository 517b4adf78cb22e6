"""The SlapStack hardware, built from the pin map: display, buttons, LEDs, piezo, flash, watchdog.

Everything the game loop touches is one of the small objects made here, each over
``machine`` (a Pin, a PWM, an SPI bus), so the host simulator runs this very code against
its fake ``machine``. ``FLASH`` is where the flash filesystem is (the simulator points it
at a folder holding a copy of hw/pins.json, as ``make flash`` puts one on the device).
"""
import machine
import sys
import time

from micropython import const

from buttons import ConsoleKeys, SlapButtons
from leds import SeatLeds
from menu import KEYS
from renderer import Renderer
from sound import Sound
from store import Store

FLASH = "/"
KEY_REPEAT_DELAY_US = const(450000)         # a held up/down key walks the menu
WDT_MS = const(5000)           # the RP2040 watchdog allows at most 8388 ms
PWM_HZ = const(1000)           # seat LEDs and backlight
WATCHDOG_CTRL_CLR = 0x40058000 + 0x3000  # WATCHDOG CTRL, atomic bit-clear alias
WATCHDOG_ENABLE = 1 << 30


ONBOARD_LED = const(25)


BLINK_MS = const(150)


def blink_forever():
    """No usable pin map, so no screen: blink the Pico's own LED until Ctrl-C."""
    led = machine.Pin(ONBOARD_LED, machine.Pin.OUT)
    t = time.ticks_ms()
    while True:
        machine.idle()
        if time.ticks_diff(time.ticks_ms(), t) >= BLINK_MS:
            t = time.ticks_ms()
            led.toggle()


def _pwm(gpio):
    pwm = machine.PWM(machine.Pin(gpio))
    pwm.freq(PWM_HZ)
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


class Board:
    def __init__(self, pins_path=None):
        import pinmap
        pm = pinmap.load(pins_path or FLASH + "pins.json")
        self.store = Store(FLASH)
        self.seat_count = len(pm.seats)
        self.panel = _panel(pm.display)
        self.renderer = Renderer(self.panel)
        self.leds = SeatLeds([_pwm(s.led) for s in pm.seats])
        piezo = machine.PWM(machine.Pin(pm.piezo))
        self.sound = Sound(piezo)
        self.slaps = SlapButtons([s.button.gpio for s in pm.seats])
        self.keys = ConsoleKeys([pm.console[k].gpio for k in KEYS], repeat_delay_us=KEY_REPEAT_DELAY_US)
        self.wdt = None
        # the pin map is read once: nothing keeps it (or its classes), so its checking
        # code leaves the heap with it
        sys.modules.pop("pinmap", None)

    def held(self, key):
        """Whether console key ``key`` ("back"...) is down right now."""
        return self.keys.is_down(KEYS.index(key))

    # --- the rest ----------------------------------------------------------------------

    def reset_by_watchdog(self):
        """Whether this start followed a watchdog reset (the firmware had stopped responding)."""
        return machine.reset_cause() == machine.WDT_RESET

    def brightness(self, percent):
        self.panel.backlight(percent)

    def start_watchdog(self):
        self.wdt = machine.WDT(timeout=WDT_MS)

    def feed(self):
        if self.wdt is not None:
            self.wdt.feed()

    def stop_watchdog(self):
        """Pause the watchdog (Ctrl-C to the REPL, e.g. mpremote): the REPL feeds nobody."""
        if self.wdt is not None:
            machine.mem32[WATCHDOG_CTRL_CLR] = WATCHDOG_ENABLE
            self.wdt = None

    def idle(self):
        machine.idle()

    def now(self):
        return time.ticks_us()
