"""Fake ``machine`` module for running the firmware on CPython (MicroPython 1.28, rp2).

Same names and signatures as the rp2 port (see the micropython-rp2-rpi-pico-stubs);
the state lives in the ``FakeHardware`` that ``host_sim.fakes.install()`` creates (see
board.py for what is modelled and why). Objects that are singletons on the device are
singletons here too: ``Pin(5) is Pin(5)``, ``SPI(0) is SPI(0)``, one PWM per channel.

Only what SlapStack uses is simulated; any other ``machine`` attribute raises an
AttributeError that says so, rather than a fake that pretends.
"""

from host_sim.fakes import board

_hw = None  # the installed FakeHardware (``attach``)


def attach(hw):
    """Answer for FakeHardware ``hw`` from now on (None: for none); host_sim.fakes.install."""
    global _hw
    _hw = hw

PWRON_RESET = board.PWRON_RESET
WDT_RESET = board.WDT_RESET
_UNSET = object()


def _hardware():
    if _hw is None:
        raise RuntimeError("fake machine used before host_sim.fakes.install()")
    return _hw


def _gpio_of(pin):
    """A GPIO number from a Pin, an int or a board name ("GP5", "LED")."""
    if isinstance(pin, Pin):
        return pin.id
    if isinstance(pin, str):
        if pin == "LED":
            return 25
        if pin.startswith("GP") and pin[2:].isdigit() and int(pin[2:]) < board.NUM_GPIO:
            return int(pin[2:])
        raise ValueError('unknown named pin "%s"' % pin)
    if type(pin) is int and 0 <= pin < board.NUM_GPIO:
        return pin
    raise ValueError("invalid pin")


class _PinIRQ:
    """What ``Pin.irq()`` returns."""

    def __init__(self, gpio):
        self._gpio = gpio

    def flags(self):
        return _hardware().gpios[self._gpio].flags

    def trigger(self, trigger=None):
        p = _hardware().gpios[self._gpio]
        if trigger is not None:
            p.trigger = trigger
        return p.trigger


class Pin:
    IN = board.MODE_IN
    OUT = board.MODE_OUT
    OPEN_DRAIN = board.MODE_OPEN_DRAIN
    ALT = board.MODE_ALT
    PULL_UP = board.PULL_UP
    PULL_DOWN = board.PULL_DOWN
    IRQ_LOW_LEVEL = board.IRQ_LOW_LEVEL
    IRQ_HIGH_LEVEL = board.IRQ_HIGH_LEVEL
    IRQ_FALLING = board.IRQ_FALLING
    IRQ_RISING = board.IRQ_RISING

    def __new__(cls, id, *args, **kwargs):
        gpio = _gpio_of(id)
        objs = _hardware().pin_objects
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
        p = _hardware().gpios[self.id]
        mode = {board.MODE_IN: "IN", board.MODE_OUT: "OUT", board.MODE_OPEN_DRAIN: "OPEN_DRAIN"}.get(p.mode, "ALT")
        pull = {board.PULL_UP: ", pull=PULL_UP", board.PULL_DOWN: ", pull=PULL_DOWN"}.get(p.pull, "")
        return "Pin(GPIO%d, mode=%s%s)" % (self.id, mode, pull)

    def init(self, mode=-1, pull=-1, *, value=None, drive=None, alt=None):
        """rp2: the mode changes only if given, the pull is always set (absent = none)."""
        v = None if value is None else (1 if value else 0)
        _hardware().pin_configure(self.id, None if mode in (-1, None) else mode,
                                  None if pull in (-1, None) else pull, v, alt)

    def value(self, x=_UNSET):
        if x is _UNSET:
            return _hardware().level(self.id)
        _hardware().pin_write(self.id, x)  # in open-drain mode 1 lets the line go
        return None

    __call__ = value

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    high = on
    low = off

    def toggle(self):
        hw = _hardware()
        hw.pin_write(self.id, 1 - hw.gpios[self.id].out)

    def irq(self, handler=_UNSET, trigger=_UNSET, *, priority=1, wake=None, hard=False):
        if handler is _UNSET and trigger is _UNSET:
            return self._irq  # Pin.irq() with no arguments: just the IRQ object
        if handler is _UNSET:
            handler = None
        if trigger is _UNSET:
            trigger = Pin.IRQ_FALLING | Pin.IRQ_RISING
        _hardware().pin_irq(self.id, handler, trigger, hard, self)
        return self._irq


class _Mem32:
    """``machine.mem32``: SIO GPIO_IN (0xd0000004) reads; SIO GPIO_OUT_CLR, GPIO_OE_SET and
    GPIO_OE_CLR writes (a pin driven by the chip itself); clearing the watchdog's
    ENABLE bit through WATCHDOG CTRL's atomic clear alias (pauses the watchdog); and the core
    regulator's VREG register (0x40064000), read and written."""

    def __getitem__(self, addr):
        if addr == board.SIO_GPIO_IN:
            return _hardware().gpio_in()
        if addr == board.VREG:
            return _hardware().vreg | board.VREG_ROK
        raise NotImplementedError("fake machine.mem32: address 0x%08x is not simulated "
                                  "(only SIO GPIO_IN 0xd0000004 and VREG 0x40064000)" % addr)

    def __setitem__(self, addr, value):
        if addr == board.VREG:
            _hardware().vreg = value & 0xF3  # EN, HIZ and VSEL are writable; ROK is not
            return
        if addr == board.WATCHDOG_CTRL_CLR and value == board.WATCHDOG_ENABLE:
            _hardware().stop_wdt()
            return
        if addr in (board.SIO_GPIO_OUT_CLR, board.SIO_GPIO_OE_SET, board.SIO_GPIO_OE_CLR):
            _hardware().sio_write(addr, value)
            return
        raise NotImplementedError("fake machine.mem32: writing 0x%08x is not simulated" % addr)


mem32 = _Mem32()


class SPI:
    """Hardware SPI 0/1. Extra for the simulator: ``attach(device, dc=, cs=)``; and
    ``sck_hz`` (the real SCK now), ``requested_baudrate``, ``bytes_written``."""

    LSB = 0
    MSB = 1
    _DEFAULT_PINS = {0: (6, 7, 4), 1: (10, 11, 8)}

    @classmethod
    def bus(cls, bus_id):
        """The SPI of bus ``bus_id``, made uninitialised if the firmware has not made it yet."""
        objs = _hardware().spi_objects
        if bus_id not in objs:
            if bus_id not in (0, 1):
                raise ValueError("SPI(%d) doesn't exist" % bus_id)
            self = object.__new__(cls)
            self.id = bus_id
            self.baudrate = 0
            self.requested_baudrate = 0
            self.polarity = self.phase = 0
            self.bits = 8
            self.firstbit = cls.MSB
            self.sck, self.mosi, self.miso = cls._DEFAULT_PINS[bus_id]
            self.bytes_written = 0
            self._dividers = None
            self._devices = []
            self._carry_ns = 0
            objs[bus_id] = self
        return objs[bus_id]

    def __new__(cls, id, *args, **kwargs):
        return cls.bus(id)

    def __init__(self, id, baudrate=_UNSET, *, polarity=0, phase=0, bits=8, firstbit=MSB,
                 sck=None, mosi=None, miso=None):
        for role, pin, want in (("SCK", sck, 2), ("MOSI", mosi, 3), ("MISO", miso, 0)):
            if pin is not None:
                g = _gpio_of(pin)
                if g & 3 != want or (g & 8) >> 3 != self.id:
                    raise ValueError("bad %s pin" % role)
                setattr(self, role.lower(), g)
        given = baudrate is not _UNSET or (polarity, phase, bits, firstbit) != (0, 0, 8, SPI.MSB) \
            or sck is not None or mosi is not None or miso is not None
        if given or self._dividers is None:
            self._configure(1_000_000 if baudrate is _UNSET else baudrate, polarity, phase, bits, firstbit)
            hw = _hardware()
            for g in (self.sck, self.mosi, self.miso):
                hw.set_function(g, "spi")

    def _configure(self, baudrate, polarity, phase, bits, firstbit):
        if firstbit == SPI.LSB:
            raise NotImplementedError("LSB")
        self.requested_baudrate = baudrate
        self._dividers = board.spi_dividers(_hardware().peri_hz, baudrate)
        self.baudrate = self.sck_hz
        self.polarity, self.phase, self.bits, self.firstbit = polarity, phase, bits, firstbit

    @property
    def sck_hz(self):
        """The SCK frequency on the wire now: clk_peri through this bus's dividers."""
        prescale, postdiv = self._dividers
        return _hardware().peri_hz // (prescale * postdiv)

    def __repr__(self):
        return "SPI(%d, baudrate=%d, polarity=%d, phase=%d, bits=%d, sck=%d, mosi=%d, miso=%d)" % (
            self.id, self.baudrate, self.polarity, self.phase, self.bits, self.sck, self.mosi, self.miso)

    def init(self, baudrate=-1, *, polarity=-1, phase=-1, bits=-1, firstbit=-1):
        self._require_init()
        pick = lambda new, old: old if new == -1 else new  # noqa: E731
        self._configure(pick(baudrate, self.requested_baudrate), pick(polarity, self.polarity),
                        pick(phase, self.phase), pick(bits, self.bits), pick(firstbit, self.firstbit))

    def deinit(self):
        self._dividers = None

    def _require_init(self):
        if self._dividers is None:
            raise OSError("fake SPI(%d) used while not initialised (deinit() or never set up)" % self.id)

    # --- simulator side ---------------------------------------------------------------
    def attach(self, device, dc=None, cs=None):
        """Connect a device model: every transfer while GPIO ``cs`` is low (always, if
        None) calls ``device.on_spi_write(data: bytes, dc_level)``, dc_level being the
        level of GPIO ``dc`` (None if not wired); reads call
        ``device.on_spi_read(nbytes, dc_level) -> bytes`` if it has one (else zeros)."""
        self._devices.append((device, dc, cs))

    def detach(self, device):
        self._devices = [d for d in self._devices if d[0] is not device]

    # --- transfers --------------------------------------------------------------------
    def _transfer(self, data, nread):
        self._require_init()
        hw = _hardware()
        data = bytes(data)
        got = None
        for device, dc, cs in self._devices:
            if cs is not None and hw.level(cs) != 0:
                continue
            dc_level = None if dc is None else hw.level(dc)
            device.on_spi_write(data, dc_level)
            if nread and got is None and hasattr(device, "on_spi_read"):
                got = bytes(device.on_spi_read(nread, dc_level))
        self.bytes_written += len(data)
        self._carry_ns += len(data) * self.bits * 1_000_000_000 // self.sck_hz
        us, self._carry_ns = divmod(self._carry_ns, 1000)
        if us:
            hw.busy_for_us(us)
        if nread:
            return (got or bytes(nread)).ljust(nread, b"\0")[:nread]
        return None

    def write(self, buf):
        self._transfer(buf, 0)

    def read(self, nbytes, write=0x00):
        return self._transfer(bytes([write]) * nbytes, nbytes)

    def readinto(self, buf, write=0x00):
        buf[:] = self._transfer(bytes([write]) * len(buf), len(buf))

    def write_readinto(self, write_buf, read_buf):
        if len(write_buf) != len(read_buf):
            raise ValueError("buffers must be the same length")
        read_buf[:] = self._transfer(write_buf, len(read_buf))


class PWM:
    """rp2 PWM: 8 slices x 2 channels; GPIO n is slice (n >> 1) & 7, channel n & 1."""

    def __new__(cls, dest, *args, **kwargs):
        gpio = _gpio_of(dest)
        hw = _hardware()
        idx = hw.pwm_channel_index(gpio)
        if idx not in hw.pwm_objects:
            self = super().__new__(cls)
            self._slice = idx >> 1
            self._idx = idx
            hw.pwm_objects[idx] = self
        self = hw.pwm_objects[idx]
        self._gpio = gpio
        return self

    def __init__(self, dest, freq=None, *, duty_u16=None, duty_ns=None, invert=None):
        hw = _hardware()
        ch = hw.pwm_channels[self._idx]
        ch.invert = 0
        ch.duty_type = None
        ch.gpios.add(self._gpio)
        self.init(freq=freq, duty_u16=duty_u16, duty_ns=duty_ns, invert=invert)
        hw.set_function(self._gpio, "pwm")

    def __repr__(self):
        return "<PWM slice=%d channel=%d invert=%d>" % (self._slice, self._idx & 1,
                                                        _hardware().pwm_channels[self._idx].invert)

    def init(self, *, freq=None, duty_u16=None, duty_ns=None, invert=None):
        hw = _hardware()
        if freq is not None:
            self._set_freq(freq)
        if duty_u16 is not None:
            self._set_duty_u16(duty_u16)
        if duty_ns is not None:
            self._set_duty_ns(duty_ns)
        if invert is not None:
            hw.pwm_channels[self._idx].invert = 1 if invert else 0
        self._start()

    def _start(self):
        hw = _hardware()
        sl = hw.pwm_slices[self._slice]
        if sl.freq_set and hw.pwm_channels[self._idx].duty_type is not None:
            sl.enabled = True
        hw.pwm_refresh_slice(self._slice)

    def _slice_hz(self, offset, div16):
        return (16 * _hardware().cpu_hz + offset) // div16

    def _set_freq(self, freq):
        if freq <= 0:
            raise ValueError("freq must be > 0")
        top_max = 65534
        hw = _hardware()
        sl = hw.pwm_slices[self._slice]
        source_hz = hw.cpu_hz
        if (source_hz + freq // 2) // freq < top_max:
            div16 = 16
            top = (source_hz + freq // 2) // freq - 1
        else:
            div16 = self._slice_hz(top_max * freq - 1, top_max * freq)
            top = self._slice_hz(div16 * freq // 2, div16 * freq) - 1
        if div16 < 16:
            raise ValueError("freq too large")
        if div16 >= 256 * 16:
            raise ValueError("freq too small")
        sl.div16, sl.top, sl.freq_set = div16, top, True
        for idx in (self._slice * 2, self._slice * 2 + 1):  # both channels keep their duty
            ch = hw.pwm_channels[idx]
            if ch.duty_type == "u16":
                self._apply_u16(ch, sl, ch.duty)
            elif ch.duty_type == "ns":
                self._apply_ns(ch, sl, ch.duty)

    @staticmethod
    def _apply_u16(ch, sl, duty_u16):
        duty_u16 = min(duty_u16, 65535)
        ch.cc = (duty_u16 * (sl.top + 1) + 65535 // 2) // 65535
        ch.duty, ch.duty_type = duty_u16, "u16"

    def _apply_ns(self, ch, sl, duty_ns):
        slice_hz = self._slice_hz(sl.div16 // 2, sl.div16)
        ch.cc = min((duty_ns * slice_hz + 500_000_000) // 1_000_000_000, sl.top + 1)
        ch.duty, ch.duty_type = duty_ns, "ns"

    def _set_duty_u16(self, duty_u16):
        hw = _hardware()
        self._apply_u16(hw.pwm_channels[self._idx], hw.pwm_slices[self._slice], duty_u16)
        self._start()

    def _set_duty_ns(self, duty_ns):
        hw = _hardware()
        self._apply_ns(hw.pwm_channels[self._idx], hw.pwm_slices[self._slice], duty_ns)
        self._start()

    def freq(self, value=None):
        hw = _hardware()
        sl = hw.pwm_slices[self._slice]
        if value is None:
            return hw.pwm_freq(sl) if sl.freq_set else 0
        self._set_freq(value)
        self._start()
        return None

    def _configured(self):
        """True once this channel has both a frequency and a duty (else getters read 0)."""
        hw = _hardware()
        return hw.pwm_channels[self._idx].duty_type is not None and hw.pwm_slices[self._slice].freq_set

    def duty_u16(self, value=None):
        if value is not None:
            self._set_duty_u16(value)
            return None
        return _hardware().pwm_level_u16(self._idx) if self._configured() else 0

    def duty_ns(self, value=None):
        if value is not None:
            self._set_duty_ns(value)
            return None
        if not self._configured():
            return 0
        hw = _hardware()
        div16 = hw.pwm_slices[self._slice].div16
        slice_hz = self._slice_hz(div16 // 2, div16)
        return (hw.pwm_channels[self._idx].cc * 1_000_000_000 + slice_hz // 2) // slice_hz

    def deinit(self):
        """Stops the whole slice: the other channel of the slice goes quiet too."""
        hw = _hardware()
        hw.pwm_slices[self._slice].enabled = False
        hw.pwm_refresh_slice(self._slice)


class Timer:
    """Virtual timers on the virtual clock (rp2 has only id -1). Soft by default: the
    callback is queued with micropython.schedule; ``hard=True`` runs it as a hard IRQ."""

    ONE_SHOT = 0
    PERIODIC = 1

    def __init__(self, id=-1, **kwargs):
        if id != -1:
            raise ValueError("Timer doesn't exist")
        self._event = None
        self._period_us = 0
        if kwargs:
            self.init(**kwargs)

    def init(self, *, mode=PERIODIC, period=0xFFFFFFFF, tick_hz=1000, freq=None, callback=None, hard=False):
        self.deinit()
        if freq is not None:
            self._period_us = int(1_000_000 / freq)
        else:
            self._period_us = period * 1_000_000 // tick_hz
        self._period_us = max(1, self._period_us)
        self._mode = mode
        self._callback = callback
        self._hard = hard
        hw = _hardware()
        self._arm(hw.clock.now_us + self._period_us)

    def _arm(self, t_us):
        self._event = _hardware().clock.call_at(t_us, lambda: self._expired(t_us))

    def _expired(self, t_us):
        hw = _hardware()
        self._event = None
        if self._mode == Timer.PERIODIC:
            self._arm(t_us + self._period_us)
        if self._callback is None:
            return
        if self._hard:
            hw.run_irq(lambda: hw.call_hard(self._callback, self, self.deinit))
        else:
            hw.schedule_soft(self._callback, self)

    def deinit(self):
        if self._event is not None:
            self._event.cancel()
            self._event = None

    def __repr__(self):
        mode = "ONE_SHOT" if getattr(self, "_mode", 1) == Timer.ONE_SHOT else "PERIODIC"
        return "Timer(mode=%s, tick_hz=1000000, period=%d)" % (mode, self._period_us)


class WDT:
    """The watchdog, on virtual time: not fed within ``timeout`` ms, the device resets
    (``SimulatedReset`` is raised from whatever advanced the clock, and
    ``FakeHardware.resets`` records it)."""

    def __init__(self, id=0, timeout=5000):
        if id != 0:
            raise ValueError("WDT(%d) doesn't exist" % id)
        _hardware().start_wdt(timeout)

    def feed(self):
        _hardware().feed_wdt()


def freq(*args):
    """``freq()`` -> CPU Hz; ``freq(cpu_hz)``; ``freq(cpu_hz, peri_hz)`` where peri_hz is
    48_000_000 or cpu_hz (rp2, MicroPython >= 1.24). Setting the CPU clock always moves
    clk_peri to 48 MHz unless the second argument says otherwise."""
    hw = _hardware()
    if not args:
        return hw.cpu_hz
    if len(args) > 2:
        raise TypeError("freq() takes at most 2 arguments")
    hw.set_freq(*args)
    return None


def reset():
    _hardware().reset(board.WDT_RESET, "machine.reset()")


def soft_reset():
    raise board.SimulatedReset("machine.soft_reset()", _hardware().reset_cause)


def reset_cause():
    return _hardware().reset_cause


def unique_id():
    return bytes(_hardware().unique_id)


def disable_irq():
    return _hardware().disable_irq()


def enable_irq(state):
    _hardware().enable_irq(state)


def idle():
    _hardware().idle()


def __getattr__(name):
    raise AttributeError("fake machine has no %r: not simulated for SlapStack "
                         "(add it to host_sim/fakes/machine.py if the firmware needs it)" % name)
