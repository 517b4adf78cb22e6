"""FakeHardware's interrupts: the one GPIO vector (its chain, hard and soft handlers, their cost
in virtual time), other hard IRQs, disable_irq/enable_irq, and micropython.schedule's queue."""

import sys
import traceback
from collections import deque

from host_sim.fakes import irqguard
from host_sim.fakes.rp2040 import NUM_GPIO, SCHEDULER_DEPTH, SimulatedReset


class IrqVector:
    """FakeHardware's interrupt vector and scheduler (a part of it: the pins, gpio.GpioPins,
    latch the edges it serves; ``strict``: see FakeHardware)."""

    def _start_irqs(self, irq_entry_us, irq_handler_us, strict, check_hard_irqs):
        self.irq_entry_us = irq_entry_us
        self.irq_handler_us = irq_handler_us
        self.strict = strict
        self.check_hard_irqs = check_hard_irqs
        self.irq_errors = []         # (t_us, handler, exception) from IRQ handlers
        self.dropped_soft_irqs = 0
        self._schedule = deque()
        self._irq_depth = 0          # > 0 while a hard IRQ (vector, timer) runs
        self._irq_disabled = False
        self._deferred = deque()     # IRQ work that arrived while IRQs were blocked
        self._busy = 0               # > 0 while the CPU sits in a blocking C call
        self._running_scheduled = False

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

