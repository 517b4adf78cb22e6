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

Its parts: the pins (gpio.py), the interrupt vector and the scheduler (irq_vector.py), PWM
(pwm.py); the chip's numbers and the pico-sdk's sums they share (rp2040.py).
"""

from host_sim.fakes.gpio import GpioPins
from host_sim.fakes.irq_vector import IrqVector
from host_sim.fakes.pwm import PwmSlices
from host_sim.fakes.rp2040 import (PWRON_RESET, USB_CLK_HZ, VREG_AT_RESET, WDT_MAX_MS, WDT_RESET,
                                   SimulatedReset, pll_config_exists)
from host_sim.fakes.vclock import VirtualClock


class FakeHardware(GpioPins, IrqVector, PwmSlices):
    """Everything outside the firmware: see the module docstring. Its pins, interrupts and
    PWM are parts of their own (gpio.py, irq_vector.py, pwm.py); the clocks, time, the
    watchdog and resets are here.

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
        self.unique_id = unique_id
        self.resets = []             # (t_us, cause, why)
        self.reset_cause = PWRON_RESET
        self.emergency_exception_buf = 0
        self.heap_lock_depth = 0
        self.spi_objects = {}
        self.timers = []
        self._wdt_timeout_us = None
        self._wdt_event = None
        self._start_irqs(irq_entry_us, irq_handler_us, strict, check_hard_irqs)
        self._start_pwm()
        self._start_gpios()

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
