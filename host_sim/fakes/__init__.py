"""Fakes of MicroPython's hardware so ``firmware/`` runs unchanged on CPython.

    hw = install()                  # or install(VirtualClock.near_wrap(), irq_handler_us=30)
    from hid import buttons                  # firmware code: `import machine, micropython, time` just work
    hw.sim_set_level(3, 0)          # press the button on GPIO 3
    hw.clock.advance_us(5000)
    uninstall()

``install`` registers the fake ``machine`` and ``micropython`` modules, and the fake of the
SlapStack image's ``seat_stamps`` (C on the chip: seat_stamps.py), in sys.modules and adds ``ticks_us ticks_ms ticks_cpu ticks_diff ticks_add sleep_ms sleep_us`` to
CPython's own ``time`` module, reading the virtual clock (``time.sleep`` stays the real
one: firmware uses ``sleep_ms``). ``uninstall`` undoes all of it.
"""

import sys
import time

from host_sim.fakes import attached, machine, micropython, seat_stamps
from host_sim.fakes.board import FakeHardware
from host_sim.fakes.rp2040 import SimulatedReset
from host_sim.fakes.irqguard import HardIrqAllocationError
from host_sim.fakes.vclock import VirtualClock, ticks_add, ticks_diff

__all__ = ["install", "uninstall", "FakeHardware", "SimulatedReset", "HardIrqAllocationError",
           "VirtualClock"]

_TIME_NAMES = ("ticks_us", "ticks_ms", "ticks_cpu", "ticks_diff", "ticks_add", "sleep_ms", "sleep_us")
_saved = None


def install(clock=None, **options):
    """Fresh simulated hardware on ``clock`` (a new VirtualClock at 0 if None); options
    go to FakeHardware (cpu_hz, irq_entry_us, irq_handler_us, strict, check_hard_irqs)."""
    global _saved
    if _saved is not None:
        uninstall()
    hw = FakeHardware(clock, **options)
    _saved = ({name: sys.modules.get(name) for name in ("machine", "micropython", "seat_stamps")},
              {name: getattr(time, name) for name in _TIME_NAMES if hasattr(time, name)})
    attached.attach(hw)
    micropython.attach(hw)
    seat_stamps.attach(hw)
    # hw.spi(bus): the ``machine.SPI`` of bus 0 or 1 (made uninitialised if the firmware has
    # not made it yet), e.g. to ``attach`` a device model to it
    hw.spi = machine.SPI.bus
    sys.modules["machine"] = machine
    sys.modules["micropython"] = micropython
    sys.modules["seat_stamps"] = seat_stamps
    clk = hw.clock
    time.ticks_us = clk.ticks_us
    time.ticks_ms = clk.ticks_ms
    time.ticks_cpu = clk.ticks_cpu
    time.ticks_diff = ticks_diff
    time.ticks_add = ticks_add
    time.sleep_ms = lambda ms: hw.sleep_us(ms * 1000)
    time.sleep_us = hw.sleep_us
    return hw


def uninstall():
    """Remove the fakes; modules and time functions return to what they were."""
    global _saved
    if _saved is None:
        return
    modules, time_attrs = _saved
    for name, mod in modules.items():
        if mod is None:
            sys.modules.pop(name, None)
        else:
            sys.modules[name] = mod
    for name in _TIME_NAMES:
        if name in time_attrs:
            setattr(time, name, time_attrs[name])
        elif hasattr(time, name):
            delattr(time, name)
    attached.attach(None)
    micropython.attach(None)
    seat_stamps.attach(None)
    _saved = None
