"""The simulated world around the RP2040, and the state behind the fake ``machine``.

``FakeHardware`` holds what the silicon holds: pin levels and edge latches, the one
GPIO interrupt vector, clk_sys/clk_peri, PWM slices, SPI buses, the watchdog, the soft
IRQ (``micropython.schedule``) queue. Tests, the keyboard and the panel model drive it
through its ``sim_*`` methods and read it back (``pwm_timeline``, ``resets``...).

Behaviour copied from MicroPython 1.28's rp2 port, because firmware bugs hide there:

* one IRQ vector (IO_IRQ_BANK0) serves every GPIO; it reads the latched edges of each
  bank of 8 pins, then runs the handlers of that bank in ascending pin order, and runs
  again while edges remain. ``irq_entry_us``/``irq_handler_us`` give the vector and
  each hard handler a cost in virtual time, so the bias of reading the clock inside a
  handler shows up in tests. Hard handlers run under ``irqguard.run_hard``;
* C code on that vector (the image's ``seat_stamps``), at no cost in virtual time: a raw
  vector (``set_raw_vector``) stands in for the vector itself and calls ``run_chain`` (the
  SDK's chain: MicroPython's Pin.irq dispatch, with its entry's cost) when it chooses; raw
  handlers (``add_raw_gpio_handler``) run in the chain after the dispatch (the lowest order
  priority). A pin whose edges are enabled for them (``raw_edges``) raises the vector without
  a Pin.irq, and MicroPython's dispatch acknowledges and drops the edges it finds on such a
  pin, as gpio_irq does;
* ``Pin(n, Pin.IN)`` without ``pull`` removes a pull (rp2 sets pulls unconditionally);
* clk_peri is 48 MHz after boot (MicroPython sets the CPU clock at boot, and the
  pico-sdk then feeds clk_peri from the USB PLL); ``machine.freq(cpu, cpu)`` moves it to
  the CPU clock. SPI divides clk_peri exactly like ``spi_set_baudrate()``: a request
  above clk_peri/2 silently gets clk_peri/2 (24 MHz), and an SPI bus keeps its dividers
  when clocks change, so its real SCK moves with clk_peri;
* PWM: two channels per slice share the frequency, ``deinit()`` stops the whole
  slice, div/top/level are computed like ``machine_pwm.c`` from clk_sys;
* the scheduler queue holds 8 callbacks: more raise RuntimeError("schedule queue full")
  (soft pin/Timer IRQs that find it full are dropped, and counted).
"""

import sys
import traceback
from collections import deque

from host_sim.fakes import irqguard
from host_sim.fakes.vclock import VirtualClock

NUM_GPIO = 30
SIO_GPIO_IN = 0xD0000004
SIO_GPIO_OUT_CLR = 0xD0000018   # atomic: these GPIOs' output value to 0
SIO_GPIO_OE_SET = 0xD0000024    # atomic: these GPIOs' output driver on
SIO_GPIO_OE_CLR = 0xD0000028    # atomic: output driver off (an input again)
USB_CLK_HZ = 48_000_000
SCHEDULER_DEPTH = 8
WATCHDOG_CTRL_CLR = 0x40058000 + 0x3000  # WATCHDOG CTRL, atomic bit-clear alias
WATCHDOG_ENABLE = 1 << 30
VREG = 0x40064000               # VREG_AND_CHIP_RESET.VREG: EN (bit 0), HIZ (1), VSEL (7:4), ROK (12)
VREG_AT_RESET = 0xB1            # enabled, VSEL 0b1011: 1.10 V
VREG_ROK = 1 << 12              # read-only: the regulator's output is in regulation
WDT_MAX_MS = 8388  # RP2040: the 24-bit counter ticks twice per us (erratum RP2040-E1)

MODE_IN, MODE_OUT, MODE_OPEN_DRAIN, MODE_ALT = 0, 1, 2, 3
PULL_UP, PULL_DOWN = 1, 2
IRQ_LOW_LEVEL, IRQ_HIGH_LEVEL, IRQ_FALLING, IRQ_RISING = 1, 2, 4, 8

PWRON_RESET = 1
WDT_RESET = 3


class SimulatedReset(BaseException):
    """The device reset (watchdog, ``machine.reset()``): nothing in the firmware may catch
    it, as nothing survives a real reset. ``cause`` is PWRON_RESET or WDT_RESET."""

    def __init__(self, why, cause):
        super().__init__(why)
        self.cause = cause


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


class _PwmSlice:
    __slots__ = ("div16", "top", "freq_set", "enabled")

    def __init__(self):
        self.div16 = 16
        self.top = 0xFFFF
        self.freq_set = False
        self.enabled = False


class _PwmChannel:
    __slots__ = ("cc", "duty_type", "duty", "invert", "gpios")

    def __init__(self):
        self.cc = 0
        self.duty_type = None     # "u16", "ns" or None
        self.duty = 0
        self.invert = 0
        self.gpios = set()


def pll_config_exists(freq_khz, xosc_khz=12000, vco_min_khz=750000, vco_max_khz=1600000):
    """pico-sdk ``check_sys_clock_khz``: can the system PLL make exactly this clock?"""
    for fbdiv in range(320, 15, -1):
        vco = fbdiv * xosc_khz
        if vco < vco_min_khz or vco > vco_max_khz:
            continue
        for pd1 in range(7, 0, -1):
            for pd2 in range(pd1, 0, -1):
                if vco // (pd1 * pd2) == freq_khz and vco % (pd1 * pd2) == 0:
                    return True
    return False


def spi_dividers(freq_in, baudrate):
    """pico-sdk ``spi_set_baudrate``: (prescale, postdiv) for the fastest rate <= baudrate."""
    prescale = 2
    while prescale <= 254 and freq_in >= (prescale + 2) * 256 * baudrate:
        prescale += 2
    if prescale > 254:
        raise ValueError("SPI baudrate %d too low for clk_peri %d Hz" % (baudrate, freq_in))
    postdiv = 256
    while postdiv > 1 and freq_in // (prescale * (postdiv - 1)) <= baudrate:
        postdiv -= 1
    return prescale, postdiv


class FakeHardware:
    """Everything outside the firmware: see the module docstring.

    ``strict`` (default True): an exception in a hard IRQ handler propagates to whoever
    made the edge (a test) instead of being printed and the IRQ disabled as on the device.
    """

    def __init__(self, clock=None, cpu_hz=125_000_000, irq_entry_us=0, irq_handler_us=0,
                 strict=True, check_hard_irqs=True, unique_id=b"\xe6\x61\x41\x04\x03\x4b\x5a\x2c"):
        self.clock = clock if clock is not None else VirtualClock()
        self.clock.idle_hook = self._idle
        self.cpu_hz = cpu_hz
        self.peri_hz = USB_CLK_HZ
        self.vreg = VREG_AT_RESET
        self.freq_changes = []       # (cpu_hz, VSEL then): the core voltage each clock ran at
        self.irq_entry_us = irq_entry_us
        self.irq_handler_us = irq_handler_us
        self.strict = strict
        self.check_hard_irqs = check_hard_irqs
        self.unique_id = unique_id
        self.gpios = [_Gpio() for _ in range(NUM_GPIO)]
        self.pin_objects = {}
        self.irq_errors = []         # (t_us, handler, exception) from IRQ handlers
        self.resets = []             # (t_us, cause, why)
        self.reset_cause = PWRON_RESET
        self.dropped_soft_irqs = 0
        self.emergency_exception_buf = 0
        self.heap_lock_depth = 0
        self.pwm_slices = [_PwmSlice() for _ in range(8)]
        self.pwm_channels = [_PwmChannel() for _ in range(16)]
        self.pwm_objects = {}
        self._pwm_out = {}           # gpio -> (freq, duty) last recorded
        self._pwm_timelines = {}     # gpio -> [(t_us, freq_hz, duty_u16)]
        self.spi_objects = {}
        self.timers = []
        self._schedule = deque()
        self._raw_vector = None      # C code standing in for the GPIO vector, or None
        self._raw_last = []          # raw (C) handlers in the chain after MicroPython's dispatch
        self._irq_depth = 0          # > 0 while a hard IRQ (vector, timer) runs
        self._irq_disabled = False
        self._deferred = deque()     # IRQ work that arrived while IRQs were blocked
        self._busy = 0               # > 0 while the CPU sits in a blocking C call
        self._running_scheduled = False
        self._wdt_timeout_us = None
        self._wdt_event = None
        for g in range(NUM_GPIO):
            self.gpios[g].level = self._compute_level(self.gpios[g])

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

    # ------------------------------------------------------------------ the vector --
    def _pending(self):
        return any((p.handler is not None and p.latched & p.trigger) or p.latched & p.raw for p in self.gpios)

    def _request_vector(self):
        if self._irq_depth or self._irq_disabled:
            return  # runs when the current handler returns / IRQs are enabled again
        self._run_vector()
        self._after_irq()

    def _run_vector(self):
        self._irq_depth += 1
        try:
            if self._raw_vector is None:
                self.run_chain()
            else:
                while self._pending():
                    self._raw_vector()
        finally:
            self._irq_depth -= 1

    def run_chain(self):
        """The SDK's chain on the GPIO vector: its entry (``irq_entry_us``), MicroPython's
        Pin.irq dispatch, the raw handlers after it; again while edges remain."""
        if self.irq_entry_us:
            self.clock.advance_us(self.irq_entry_us, idle=False)
        while self._pending():
            for bank in range(0, NUM_GPIO, 8):
                snapshot = [(g, self.gpios[g].latched) for g in range(bank, min(bank + 8, NUM_GPIO))]
                for g, edges in snapshot:
                    if not edges:
                        continue
                    p = self.gpios[g]
                    p.latched &= ~edges
                    if p.handler is None or not edges & p.trigger:
                        continue
                    p.flags = edges & p.trigger
                    if p.hard:
                        self.call_hard(p.handler, p.obj, lambda p=p: self._disable_pin_irq(p))
                    else:
                        self.schedule_soft(p.handler, p.obj)
            for fn in list(self._raw_last):
                fn()

    @staticmethod
    def _disable_pin_irq(p):
        p.handler = None
        p.trigger = 0

    def call_hard(self, fn, arg, disable):
        """A hard IRQ's handler ``fn(arg)`` run now, as the chip runs it (``disable``: its
        source's off switch, should the handler fail)."""
        try:
            if self.check_hard_irqs:
                irqguard.run_hard(fn, arg)
            else:
                fn(arg)
        except SimulatedReset:
            raise
        except Exception as e:  # the device prints it and disables the IRQ; so do we
            self.irq_errors.append((self.clock.now_us, fn, e))
            disable()
            if self.strict:
                raise
            print("Uncaught exception in IRQ callback handler", file=sys.stderr)
            traceback.print_exception(e)
        finally:
            if self.irq_handler_us:
                self.clock.advance_us(self.irq_handler_us, idle=False)

    def run_irq(self, fn):
        """Run ``fn()`` as a (non-GPIO) hard interrupt now, or when IRQs are unblocked."""
        if self._irq_depth or self._irq_disabled:
            self._deferred.append(fn)
            return
        self._in_irq(fn)
        self._after_irq()

    def _in_irq(self, fn):
        self._irq_depth += 1
        try:
            fn()
        finally:
            self._irq_depth -= 1

    def _after_irq(self):
        while not self._irq_depth and not self._irq_disabled and (self._deferred or self._pending()):
            if self._pending():
                self._run_vector()
            else:
                self._in_irq(self._deferred.popleft())
        self._maybe_run_scheduled()

    @property
    def irq_disabled(self):
        """Whether interrupts are off now (machine.disable_irq without its enable_irq)."""
        return self._irq_disabled

    def disable_irq(self):
        state = 0 if self._irq_disabled else 1
        self._irq_disabled = True
        return state

    def enable_irq(self, state=1):
        if state:
            self._irq_disabled = False
            self._after_irq()

    # ------------------------------------------------------------ soft IRQs (schedule) --
    def schedule(self, fn, arg):
        if len(self._schedule) >= SCHEDULER_DEPTH:
            raise RuntimeError("schedule queue full")
        self._schedule.append((fn, arg))

    def schedule_soft(self, fn, arg):
        """A soft IRQ's handler ``fn(arg)`` queued for the scheduler (dropped when it is full)."""
        if len(self._schedule) >= SCHEDULER_DEPTH:
            self.dropped_soft_irqs += 1
        else:
            self._schedule.append((fn, arg))

    def pending_scheduled(self):
        return len(self._schedule)

    def run_scheduled(self):
        """Run queued soft callbacks, as the VM does between bytecodes."""
        if self._running_scheduled:
            return
        self._running_scheduled = True
        try:
            while self._schedule:
                fn, arg = self._schedule.popleft()
                fn(arg)
        finally:
            self._running_scheduled = False

    def _maybe_run_scheduled(self):
        if not self._irq_depth and not self._busy and not self._irq_disabled:
            self.run_scheduled()

    def _idle(self):
        self._maybe_run_scheduled()

    # ------------------------------------------------------------------------ time --
    def sleep_us(self, us):
        if us < 0:
            raise ValueError("sleep time must be >= 0 (got %d)" % us)
        self.clock.advance_us(us)

    def idle(self):
        """``machine.idle()``: wait for the next interrupt, at most 1 ms (rp2 WFE timeout)."""
        limit = self.clock.now_us + 1000
        nxt = self.clock.next_event_us()
        self.clock.advance_to(limit if nxt is None or nxt > limit else max(nxt, self.clock.now_us))

    def busy_for_us(self, us):
        """The CPU is stuck in a C call (an SPI transfer) for ``us``: IRQs still run."""
        self._busy += 1
        try:
            self.clock.advance_us(us, idle=False)
        finally:
            self._busy -= 1

    # ---------------------------------------------------------------------- clocks --
    def set_freq(self, cpu_hz, peri_hz=None):
        if not pll_config_exists(cpu_hz // 1000):
            raise ValueError("cannot change frequency")
        self.cpu_hz = cpu_hz // 1000 * 1000
        self.freq_changes.append((self.cpu_hz, (self.vreg >> 4) & 0xF))
        self.peri_hz = USB_CLK_HZ  # set_sys_clock_khz() always moves clk_peri to the USB PLL
        if peri_hz is not None and peri_hz != USB_CLK_HZ:
            if peri_hz != cpu_hz:
                raise ValueError("peripheral freq must be 48_000_000 or the same as the MCU freq")
            self.peri_hz = self.cpu_hz
        for s in range(8):
            self.pwm_refresh_slice(s)

    # ------------------------------------------------------------------------- PWM --
    def pwm_output(self, gpio):
        """(frequency Hz, duty_u16) the pin outputs now; (0, 0) when it is not a running
        PWM (slice stopped, no duty set, pin switched back to GPIO)."""
        ch = self.pwm_channels[self.pwm_channel_index(gpio)]
        sl = self.pwm_slices[(gpio >> 1) & 7]
        if self.gpios[gpio].function != "pwm" or not (sl.enabled and sl.freq_set and ch.duty_type):
            return (0, 0)
        freq = self.pwm_freq(sl)
        duty = self.pwm_level_u16(self.pwm_channel_index(gpio))
        if ch.invert:
            duty = 65535 - duty
        return (freq, duty)

    def pwm_timeline(self, gpio):
        """Every change of ``pwm_output(gpio)`` as (t_us, freq_hz, duty_u16), t_us being
        the clock's absolute time; starts with the first PWM use of the pin."""
        return list(self._pwm_timelines.get(gpio, ()))

    @staticmethod
    def pwm_channel_index(gpio):
        return ((gpio >> 1) & 7) * 2 + (gpio & 1)

    def pwm_level_u16(self, idx):
        """A channel's compare level as duty_u16, rounded like machine_pwm.c."""
        top = self.pwm_slices[idx >> 1].top
        return (self.pwm_channels[idx].cc * 65535 + (top + 1) // 2) // (top + 1)

    def pwm_freq(self, sl):
        denom = sl.div16 * (sl.top + 1)
        return (16 * self.cpu_hz + denom // 2) // denom

    def _pwm_refresh_gpio(self, gpio):
        if gpio not in self._pwm_timelines and self.gpios[gpio].function != "pwm":
            return
        out = self.pwm_output(gpio)
        if self._pwm_out.get(gpio) != out:
            self._pwm_out[gpio] = out
            self._pwm_timelines.setdefault(gpio, []).append((self.clock.now_us, out[0], out[1]))

    def pwm_refresh_slice(self, s):
        """Work out PWM slice ``s``'s outputs again after its settings changed."""
        for c in (2 * s, 2 * s + 1):
            for gpio in self.pwm_channels[c].gpios:
                self._pwm_refresh_gpio(gpio)

    # ---------------------------------------------------------------- watchdog, reset --
    def start_wdt(self, timeout_ms):
        if not 1 <= timeout_ms <= WDT_MAX_MS:
            raise ValueError("WDT timeout must be 1..%d ms on the RP2040 (got %d)" % (WDT_MAX_MS, timeout_ms))
        self._wdt_timeout_us = timeout_ms * 1000
        self.feed_wdt()

    def feed_wdt(self):
        if self._wdt_timeout_us is None:
            return  # paused (CTRL.ENABLE cleared): feeding just reloads a stopped counter
        if self._wdt_event is not None:
            self._wdt_event.cancel()
        deadline = self.clock.now_us + self._wdt_timeout_us
        self._wdt_event = self.clock.call_at(deadline, self._wdt_expired)

    def stop_wdt(self):
        """CTRL.ENABLE cleared: the watchdog pauses (nothing will reset the device)."""
        if self._wdt_event is not None:
            self._wdt_event.cancel()
            self._wdt_event = None
        self._wdt_timeout_us = None

    def _wdt_expired(self):
        self._wdt_event = None
        self.reset(WDT_RESET, "watchdog not fed for %d ms" % (self._wdt_timeout_us // 1000))

    def reset(self, cause, why):
        """Record a reset and stop the firmware with SimulatedReset."""
        if self._wdt_event is not None:
            self._wdt_event.cancel()
            self._wdt_event = None
        self.resets.append((self.clock.now_us, cause, why))
        self.reset_cause = cause
        raise SimulatedReset(why, cause)
