"""The fake ``machine.Pin`` (one object per GPIO, as on rp2) and what its ``irq()`` returns; the
GPIO numbers the other fakes take a pin as."""

from host_sim.fakes import rp2040
from host_sim.fakes.attached import hardware

_UNSET = object()


def gpio_of(pin):
    """A GPIO number from a Pin, an int or a board name ("GP5", "LED")."""
    if isinstance(pin, Pin):
        return pin.id
    if isinstance(pin, str):
        if pin == "LED":
            return 25
        if pin.startswith("GP") and pin[2:].isdigit() and int(pin[2:]) < rp2040.NUM_GPIO:
            return int(pin[2:])
        raise ValueError('unknown named pin "%s"' % pin)
    if type(pin) is int and 0 <= pin < rp2040.NUM_GPIO:
        return pin
    raise ValueError("invalid pin")


class _PinIRQ:
    """What ``Pin.irq()`` returns."""

    def __init__(self, gpio):
        self._gpio = gpio

    def flags(self):
        return hardware().gpios[self._gpio].flags

    def trigger(self, trigger=None):
        p = hardware().gpios[self._gpio]
        if trigger is not None:
            p.trigger = trigger
        return p.trigger


class Pin:
    IN = rp2040.MODE_IN
    OUT = rp2040.MODE_OUT
    OPEN_DRAIN = rp2040.MODE_OPEN_DRAIN
    ALT = rp2040.MODE_ALT
    PULL_UP = rp2040.PULL_UP
    PULL_DOWN = rp2040.PULL_DOWN
    IRQ_LOW_LEVEL = rp2040.IRQ_LOW_LEVEL
    IRQ_HIGH_LEVEL = rp2040.IRQ_HIGH_LEVEL
    IRQ_FALLING = rp2040.IRQ_FALLING
    IRQ_RISING = rp2040.IRQ_RISING

    def __new__(cls, id, *args, **kwargs):
        gpio = gpio_of(id)
        objs = hardware().pin_objects
        if gpio not in objs:
            self = super().__new__(cls)
            self.id = gpio
            self._irq = _PinIRQ(gpio)
            objs[gpio] = self
        return objs[gpio]

    def __init__(self, id, mode=-1, pull=-1, *, value=None, drive=None, alt=None):
        if mode != -1 or pull != -1 or value is not None or drive is not None or alt is not None:
            self.init(mode, pull, value=value, drive=drive, alt=alt)

    def __repr__(self):
        p = hardware().gpios[self.id]
        mode = {rp2040.MODE_IN: "IN", rp2040.MODE_OUT: "OUT", rp2040.MODE_OPEN_DRAIN: "OPEN_DRAIN"}.get(p.mode, "ALT")
        pull = {rp2040.PULL_UP: ", pull=PULL_UP", rp2040.PULL_DOWN: ", pull=PULL_DOWN"}.get(p.pull, "")
        return "Pin(GPIO%d, mode=%s%s)" % (self.id, mode, pull)

    def init(self, mode=-1, pull=-1, *, value=None, drive=None, alt=None):
        """rp2: the mode changes only if given, the pull is always set (absent = none)."""
        v = None if value is None else (1 if value else 0)
        hardware().pin_configure(self.id, None if mode in (-1, None) else mode,
                                  None if pull in (-1, None) else pull, v, alt)

    def value(self, x=_UNSET):
        if x is _UNSET:
            return hardware().level(self.id)
        hardware().pin_write(self.id, x)  # in open-drain mode 1 lets the line go
        return None

    __call__ = value

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    high = on
    low = off

    def toggle(self):
        hw = hardware()
        hw.pin_write(self.id, 1 - hw.gpios[self.id].out)

    def irq(self, handler=_UNSET, trigger=_UNSET, *, priority=1, wake=None, hard=False):
        if handler is _UNSET and trigger is _UNSET:
            return self._irq  # Pin.irq() with no arguments: just the IRQ object
        if handler is _UNSET:
            handler = None
        if trigger is _UNSET:
            trigger = Pin.IRQ_FALLING | Pin.IRQ_RISING
        hardware().pin_irq(self.id, handler, trigger, hard, self)
        return self._irq
