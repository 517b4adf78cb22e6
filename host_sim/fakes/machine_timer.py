"""The fake ``machine.Timer`` and ``machine.WDT``, on the virtual clock."""

from host_sim.fakes.attached import hardware


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
        hw = hardware()
        self._arm(hw.clock.now_us + self._period_us)

    def _arm(self, t_us):
        self._event = hardware().clock.call_at(t_us, lambda: self._expired(t_us))

    def _expired(self, t_us):
        hw = hardware()
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
        hardware().start_wdt(timeout)

    def feed(self):
        hardware().feed_wdt()
