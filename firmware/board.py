"""The SlapStack hardware, built from the pin map: display, buttons, LEDs, piezo, flash,
watchdog; and the Pico's own LED blinking when the map cannot be used.

Everything the game loop touches is one of the small objects made at power-up, each over
``machine`` (a Pin, a PWM, an SPI bus), so the host simulator runs this very code against
its fake ``machine``. ``FLASH`` is where the flash filesystem is (the simulator points it
at a folder holding a copy of hw/pins.json, as ``make flash`` puts one on the device).
"""
import machine
import os
import sys
import time

from micropython import const

from buttons import ConsoleKeys, SlapButtons
from leds import SeatLeds
from menu import KEYS
from renderer import Renderer
from sound import Sound

FLASH = "/"
WATCHDOG_ARMED = "watchdog.armed"  # on the flash while the game loop runs under its watchdog
_WDT_MS = const(5000)           # the RP2040 watchdog allows at most 8388 ms
_WATCHDOG_CTRL_CLR = const(0x40058000 + 0x3000)  # WATCHDOG CTRL, atomic bit-clear alias
_WATCHDOG_ENABLE = const(1 << 30)
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
    try:
        from spi_dma import SpiDma
        dma = SpiDma(d.spi, d.dc, d.cs)  # pixels go out while the next band is painted
    except (ImportError, AttributeError):  # no rp2.DMA (the host simulator): the CPU sends every byte
        dma = None
    return Driver(spi, Pin(d.dc, Pin.OUT, value=0), Pin(d.cs, Pin.OUT, value=1),
                  rst=Pin(d.rst, Pin.OUT, value=1), backlight=backlight, flip=d.rotation == 3, dma=dma)


class Board:
    def __init__(self, pins_path=None):
        """Everything from the pin map at ``pins_path`` (default: /pins.json on the flash);
        a map that cannot be used raises ValueError saying why.

        The map is read once, here: pinmap.py (its reading and checking, the biggest
        module used only at power-up) is imported for it and let go again."""
        self.wdt = None
        import pinmap
        try:
            pm = pinmap.load(pins_path or FLASH + "pins.json")
        finally:
            sys.modules.pop("pinmap", None)
        self.flash = FLASH
        self.seat_count = len(pm.seats)
        self.panel = _panel(pm.display)
        self.renderer = Renderer(self.panel)
        self.leds = SeatLeds([_pwm(s.led) for s in pm.seats])
        self.sound = Sound(machine.PWM(machine.Pin(pm.piezo)))
        self.slaps = SlapButtons([s.button.gpio for s in pm.seats])
        self.keys = ConsoleKeys([pm.console[k].gpio for k in KEYS], repeat_delay_us=_KEY_REPEAT_DELAY_US)

    def held(self, key):
        """Whether console key ``key`` ("back"...) is down right now."""
        return self.keys.is_down(KEYS.index(key))

    # --- the rest ----------------------------------------------------------------------

    def reset_by_watchdog(self):
        """Whether this start followed a hang: the firmware stopped feeding its watchdog.

        On rp2, ``machine.reset()`` (``mpremote reset``, the end of ``make flash``) also
        reboots through the watchdog and reports WDT_RESET, and a watchdog reset clears
        nothing the firmware could read. So the game loop keeps the WATCHDOG_ARMED file on
        the flash while its watchdog runs and removes it when it stops on purpose (Ctrl-C,
        as mpremote sends): only a watchdog reset with that file still there was a hang."""
        if machine.reset_cause() != machine.WDT_RESET:
            return False
        try:
            os.stat(FLASH + WATCHDOG_ARMED)
            return True
        except OSError:
            return False

    def brightness(self, percent):
        self.panel.backlight(percent)

    def start_watchdog(self):
        """Arm the watchdog, and mark the flash (see ``reset_by_watchdog``)."""
        try:
            open(FLASH + WATCHDOG_ARMED, "w").close()
        except OSError:  # a full flash: a hang then goes unreported, the game still runs
            pass
        self.wdt = machine.WDT(timeout=_WDT_MS)

    def feed(self):
        if self.wdt is not None:
            self.wdt.feed()

    def stop_watchdog(self):
        """Pause the watchdog (Ctrl-C to the REPL, e.g. mpremote): the REPL feeds nobody.
        The reset that follows (``make flash``, ``mpremote reset``) is then no hang."""
        if self.wdt is not None:
            machine.mem32[_WATCHDOG_CTRL_CLR] = _WATCHDOG_ENABLE
            self.wdt = None
        try:
            os.remove(FLASH + WATCHDOG_ARMED)
        except OSError:
            pass

    def idle(self):
        machine.idle()

    def now(self):
        return time.ticks_us()
