"""``machine`` for the firmware in a browser page: the board's pins, SPI bus, PWMs and
watchdog as the page has them (the JavaScript module ``webhw``, page.js).

The firmware makes its parts from /pins.json through these classes exactly as on the chip
(hardware/board_setup.py). An output pin's level and an SPI bus's bytes go to the page's
panel model (panel.js), which decodes the display's command stream into pixels; a PWM's
frequency and duty go to the page, which plays the piezo through Web Audio and lights the
seat's edge for its LED. Inputs are pulled up, so a pin reads 1 until the page presses its
button (``levels``): a seat's level change is stamped in the page (seat_stamps.py), a console
key's runs the pin's handler as the interrupt would.
"""
import uctypes

import webhw

# The page's functions, each taken once and held: a JsProxy the collector takes frees its
# JavaScript object's slot, and on this VM a later lookup of the same function can then find
# the slot empty ("'JsProxy' object has no attribute 'pin'").
_pin = webhw.pin
_spi = webhw.spi
_pwm = webhw.pwm
_reset = webhw.reset

WDT_RESET = 3
PWRON_RESET = 1
_SIO_GPIO_IN = 0xD0000004
_ALL = (1 << 30) - 1

levels = _ALL         # GPIO_IN: every input pulled up, none pressed
_handlers = {}        # gpio: the handler its irq() set


def press(gpio, down):
    """The page moved the button on ``gpio``: its level (low while pressed); the pin's
    interrupt handler runs (a console key: hid/buttons.py's Pin.irq path)."""
    global levels
    if down:
        levels &= ~(1 << gpio)
    else:
        levels |= 1 << gpio
    handler = _handlers.get(gpio)
    if handler is not None:
        handler(gpio)


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, gpio, mode=IN, pull=None, value=None):
        self.gpio = gpio
        if value is not None:
            self.value(value)

    def value(self, v=None):
        if v is None:
            return (levels >> self.gpio) & 1
        _pin(self.gpio, 1 if v else 0)

    def toggle(self):
        pass  # (the Pico's own LED: the page has none)

    def irq(self, handler=None, trigger=0, hard=False):
        if handler is None:
            _handlers.pop(self.gpio, None)
        else:
            _handlers[self.gpio] = handler


class SPI:
    def __init__(self, bus, baudrate=1000000, **pins):
        self.bus = bus
        self.baudrate = baudrate

    def write(self, buf):
        _spi(uctypes.addressof(buf), len(buf))  # (the page reads the bytes where they are)


class PWM:
    def __init__(self, pin, freq=None, duty_u16=None, invert=False):
        self.gpio = pin.gpio
        self.invert = invert
        self._hz = 1000
        self._duty = 0
        if freq is not None:
            self.freq(freq)
        if duty_u16 is not None:
            self.duty_u16(duty_u16)

    def freq(self, hz=None):
        if hz is None:
            return self._hz
        self._hz = hz
        self._send()

    def duty_u16(self, duty=None):
        if duty is None:
            return self._duty
        self._duty = duty
        self._send()

    def _send(self):
        _pwm(self.gpio, self._hz, 65535 - self._duty if self.invert else self._duty)


class WDT:
    """The page has no watchdog: a stuck page is the browser's to stop."""

    def __init__(self, timeout=5000):
        pass

    def feed(self):
        pass


class _Mem32:
    """GPIO_IN reads the pins; the registers the firmware writes (the core voltage, the
    watchdog's switch) have no meaning here."""

    def __getitem__(self, address):
        return levels if address == _SIO_GPIO_IN else 0

    def __setitem__(self, address, value):
        pass


mem32 = _Mem32()


def freq(*hz):
    return 200_000_000


def reset_cause():
    return PWRON_RESET


def reset():
    _reset()


def idle():
    pass  # (the page's loop sleeps between passes: web_board.py)


def disable_irq():
    return 0


def enable_irq(state):
    pass
