"""FakeHardware's GPIO pins: the level on each pad (its function, direction, pull, what the world
drives), the edges it latches for the interrupt vector, and the raw (C) handlers' hooks."""

from host_sim.fakes.rp2040 import (IRQ_FALLING, IRQ_HIGH_LEVEL, IRQ_LOW_LEVEL, IRQ_RISING, MODE_ALT,
                                   MODE_IN, MODE_OPEN_DRAIN, MODE_OUT, NUM_GPIO, PULL_DOWN, PULL_UP,
                                   SIO_GPIO_OE_SET, SIO_GPIO_OUT_CLR)


class _Gpio:
    __slots__ = ("mode", "pull", "out", "drive", "function", "level", "latched",
                 "handler", "trigger", "hard", "flags", "obj", "raw")

    def __init__(self):
        self.mode = MODE_ALT      # reset state: NULL function, pull-down
        self.pull = PULL_DOWN
        self.out = 0
        self.drive = None         # level the outside world forces, None = not driven
        self.function = None      # "sio", "pwm", "spi" or None
        self.level = 0
        self.latched = 0          # edge bits (IRQ_FALLING/IRQ_RISING) not yet acknowledged
        self.handler = None
        self.trigger = 0
        self.hard = False
        self.flags = 0
        self.obj = None           # the machine.Pin handed to the handler
        self.raw = 0              # edge bits enabled for raw (C) handlers, with no Pin.irq


class GpioPins:
    """FakeHardware's pins (a part of it: the interrupt vector raises what they latch,
    irq_vector.IrqVector; a pin switched to PWM asks pwm.PwmSlices for its output)."""

    def _start_gpios(self):
        self.gpios = [_Gpio() for _ in range(NUM_GPIO)]
        self.pin_objects = {}
        self._raw_vector = None      # C code standing in for the GPIO vector, or None
        self._raw_last = []          # raw (C) handlers in the chain after MicroPython's dispatch
        for p in self.gpios:
            p.level = self._compute_level(p)

    # ---------------------------------------------------------------- pins: levels --
    @staticmethod
    def _compute_level(p):
        if p.function == "sio" and p.mode == MODE_OUT:
            return p.out
        if p.function == "sio" and p.mode == MODE_OPEN_DRAIN and p.out == 0:
            return 0
        if p.drive is not None:
            return p.drive
        return 1 if p.pull & PULL_UP else 0

    def level(self, gpio):
        """The level on the pad now (what ``Pin.value()`` and GPIO_IN read)."""
        return self.gpios[gpio].level

    def gpio_in(self):
        """SIO GPIO_IN: bit n is the level of GPIO n (bits 30, 31 read 0)."""
        v = 0
        for g in range(NUM_GPIO):
            v |= self.gpios[g].level << g
        return v

    def _update(self, gpio):
        """Recompute a pin's level after any change; latch an edge and raise the IRQ."""
        p = self.gpios[gpio]
        new = self._compute_level(p)
        if new == p.level:
            return False
        p.level = new
        p.latched |= IRQ_RISING if new else IRQ_FALLING
        return bool((p.handler is not None and p.latched & p.trigger) or p.latched & p.raw)

    # -------------------------------------------------------------- pins: the world --
    def sim_set_level(self, gpio, level, at_us=None):
        """Drive GPIO ``gpio`` from outside: 0 or 1, or None to let go (the pull then
        decides). With ``at_us`` (absolute virtual time) the change is queued on the
        clock and happens when the clock gets there."""
        self.sim_set_levels({gpio: level}, at_us)

    def sim_release(self, gpio, at_us=None):
        self.sim_set_levels({gpio: None}, at_us)

    def sim_set_levels(self, levels, at_us=None):
        """Change several pins in the same instant (one IRQ vector sees them all)."""
        for gpio, level in levels.items():
            self._check_gpio(gpio)
            if level not in (0, 1, None):
                raise ValueError("level must be 0, 1 or None (not driven), not %r" % (level,))
        if at_us is not None and at_us != self.clock.now_us:
            if at_us < self.clock.now_us:
                raise ValueError("at_us %d is in the past (now %d us)" % (at_us, self.clock.now_us))
            levels = dict(levels)
            self.clock.call_at(at_us, lambda: self.sim_set_levels(levels))
            return
        fire = False
        for gpio, level in levels.items():
            self.gpios[gpio].drive = level
            fire = self._update(gpio) or fire
        if fire:
            self._request_vector()

    @staticmethod
    def _check_gpio(gpio):
        if type(gpio) is not int or not 0 <= gpio < NUM_GPIO:
            raise ValueError("no GPIO %r on the RP2040 (0..29)" % (gpio,))

    # ------------------------------------------------------- pins: the device side --
    def pin_configure(self, gpio, mode=None, pull=None, value=None, alt=None):
        p = self.gpios[gpio]
        if mode is not None:
            if mode in (MODE_IN, MODE_OUT, MODE_OPEN_DRAIN):
                if mode == MODE_OUT and value is not None:
                    p.out = value
                if mode == MODE_OPEN_DRAIN:
                    p.out = 1 if value is None else value
                p.mode = mode
                self.set_function(gpio, "sio")
            else:
                p.mode = MODE_ALT
                self.set_function(gpio, "alt%s" % alt)
        p.pull = pull or 0
        if self._update(gpio):
            self._request_vector()

    def sio_write(self, addr, mask):
        """SIO's atomic GPIO_OUT_CLR / GPIO_OE_SET / GPIO_OE_CLR: every GPIO in ``mask`` in
        the same instant (one IRQ vector sees them all), as the RP2040 does it."""
        fire = False
        for g in range(NUM_GPIO):
            if not mask >> g & 1:
                continue
            p = self.gpios[g]
            if addr == SIO_GPIO_OUT_CLR:
                p.out = 0
            elif p.function == "sio" and p.mode != MODE_ALT:
                p.mode = MODE_OUT if addr == SIO_GPIO_OE_SET else MODE_IN
            fire = self._update(g) or fire
        if fire:
            self._request_vector()

    def pin_write(self, gpio, value):
        self.gpios[gpio].out = 1 if value else 0
        if self._update(gpio):
            self._request_vector()

    def set_function(self, gpio, function):
        p = self.gpios[gpio]
        if p.function == function:
            return
        p.function = function
        if self._update(gpio):
            self._request_vector()
        self._pwm_refresh_gpio(gpio)

    def pin_irq(self, gpio, handler, trigger, hard, obj):
        if trigger & (IRQ_LOW_LEVEL | IRQ_HIGH_LEVEL):
            raise NotImplementedError("fake machine: level-triggered pin IRQs are not simulated")
        p = self.gpios[gpio]
        p.handler = handler
        p.trigger = trigger if handler is not None else 0
        p.hard = bool(hard)
        p.flags = 0
        p.obj = obj
        p.latched = 0  # gpio_set_irq_enabled acknowledges old edges first

    def raw_edges(self, gpio, edges):
        """Enable (``edges`` IRQ_FALLING|IRQ_RISING) or disable (0) ``gpio``'s edge interrupt
        for the raw handlers, as ``gpio_set_irq_enabled`` does: old edges acknowledged first."""
        p = self.gpios[gpio]
        p.latched &= ~(edges or (IRQ_FALLING | IRQ_RISING))
        p.raw = edges

    def acknowledge(self, gpio, edges):
        """Clear ``gpio``'s latched ``edges`` (io_bank0 INTR is write-1-to-clear); returns the
        ones that were latched."""
        p = self.gpios[gpio]
        got = p.latched & edges
        p.latched &= ~edges
        return got

    def add_raw_gpio_handler(self, fn):
        """``fn()`` runs in the GPIO vector's chain, after MicroPython's Pin.irq dispatch (the
        lowest order priority)."""
        self._raw_last.append(fn)

    def remove_raw_gpio_handler(self, fn):
        if fn in self._raw_last:
            self._raw_last.remove(fn)

    def set_raw_vector(self, fn):
        """``fn()`` (or the chain again, if None) is the GPIO vector: it runs first, at no cost
        in virtual time, and again while edges remain; it calls ``run_chain`` for the rest."""
        self._raw_vector = fn

    def pending_besides(self, mask):
        """Whether a pin outside ``mask`` (bit n: GPIO n) has an interrupt waiting."""
        return any(not mask >> g & 1 and ((p.handler is not None and p.latched & p.trigger) or p.latched & p.raw)
                   for g, p in enumerate(self.gpios))

