"""Fake ``machine`` module for running the firmware on CPython (MicroPython 1.28, rp2).

Same names and signatures as the rp2 port (see the micropython-rp2-rpi-pico-stubs);
the state lives in the ``FakeHardware`` that ``host_sim.fakes.install()`` creates (see
board.py for what is modelled and why). Objects that are singletons on the device are
singletons here too: ``Pin(5) is Pin(5)``, ``SPI(0) is SPI(0)``, one PWM per channel.
Each class is a module of its own (machine_pin.py, machine_spi.py, machine_pwm.py,
machine_timer.py); the registers (``mem32``) and the chip-wide functions are here.

Only what SlapStack uses is simulated; any other ``machine`` attribute raises an
AttributeError that says so, rather than a fake that pretends.
"""

from host_sim.fakes import rp2040
from host_sim.fakes.attached import hardware
from host_sim.fakes.machine_pin import Pin
from host_sim.fakes.machine_pwm import PWM
from host_sim.fakes.machine_spi import SPI
from host_sim.fakes.machine_timer import Timer, WDT

__all__ = ["Pin", "SPI", "PWM", "Timer", "WDT", "mem32", "freq", "reset", "soft_reset", "reset_cause",
           "unique_id", "disable_irq", "enable_irq", "idle", "PWRON_RESET", "WDT_RESET"]

PWRON_RESET = rp2040.PWRON_RESET
WDT_RESET = rp2040.WDT_RESET


class _Mem32:
    """``machine.mem32``: SIO GPIO_IN (0xd0000004) reads; SIO GPIO_OUT_CLR, GPIO_OE_SET and
    GPIO_OE_CLR writes (a pin driven by the chip itself); clearing the watchdog's
    ENABLE bit through WATCHDOG CTRL's atomic clear alias (pauses the watchdog); and the core
    regulator's VREG register (0x40064000), read and written."""

    def __getitem__(self, addr):
        if addr == rp2040.SIO_GPIO_IN:
            return hardware().gpio_in()
        if addr == rp2040.VREG:
            return hardware().vreg | rp2040.VREG_ROK
        raise NotImplementedError("fake machine.mem32: address 0x%08x is not simulated "
                                  "(only SIO GPIO_IN 0xd0000004 and VREG 0x40064000)" % addr)

    def __setitem__(self, addr, value):
        if addr == rp2040.VREG:
            hardware().vreg = value & 0xF3  # EN, HIZ and VSEL are writable; ROK is not
            return
        if addr == rp2040.WATCHDOG_CTRL_CLR and value == rp2040.WATCHDOG_ENABLE:
            hardware().stop_wdt()
            return
        if addr in (rp2040.SIO_GPIO_OUT_CLR, rp2040.SIO_GPIO_OE_SET, rp2040.SIO_GPIO_OE_CLR):
            hardware().sio_write(addr, value)
            return
        raise NotImplementedError("fake machine.mem32: writing 0x%08x is not simulated" % addr)


mem32 = _Mem32()


def freq(*args):
    """``freq()`` -> CPU Hz; ``freq(cpu_hz)``; ``freq(cpu_hz, peri_hz)`` where peri_hz is
    48_000_000 or cpu_hz (rp2, MicroPython >= 1.24). Setting the CPU clock always moves
    clk_peri to 48 MHz unless the second argument says otherwise."""
    hw = hardware()
    if not args:
        return hw.cpu_hz
    if len(args) > 2:
        raise TypeError("freq() takes at most 2 arguments")
    hw.set_freq(*args)
    return None


def reset():
    hardware().reset(rp2040.WDT_RESET, "machine.reset()")


def soft_reset():
    raise rp2040.SimulatedReset("machine.soft_reset()", hardware().reset_cause)


def reset_cause():
    return hardware().reset_cause


def unique_id():
    return bytes(hardware().unique_id)


def disable_irq():
    return hardware().disable_irq()


def enable_irq(state):
    hardware().enable_irq(state)


def idle():
    hardware().idle()


def __getattr__(name):
    raise AttributeError("fake machine has no %r: not simulated for SlapStack "
                         "(add it to host_sim/fakes/machine.py if the firmware needs it)" % name)
