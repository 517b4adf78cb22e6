"""Setting a group of buttons up, once, at power-up: the state their interrupt and ``poll``
share (all of it allocated here, so nothing allocates in the interrupt), the pins with their
pulls, the levels they start at, and the interrupt attached to every pin.

None of this runs again, and on a stock Pico imported bytecode lives in the heap, so
``_DebouncedPins.__init__`` (buttons.py) imports this module and lets it go again, as
``Board`` does board_setup.py.
"""
import time
from array import array

from machine import Pin, disable_irq, enable_irq, mem32

from buttons import SIO_GPIO_IN


def start(group, gpios, active_low, lockout_us, stuck_us, ring_size):
    """Fill ``group`` (a buttons._DebouncedPins: its fields are listed there) in for the
    buttons on ``gpios`` and attach their interrupt."""
    n = len(gpios)
    if ring_size & (ring_size - 1) or not 0 < ring_size <= 1024:
        raise ValueError("ring_size must be a power of two up to 1024")
    group._n = n
    group._lockout = lockout_us
    group._stuck_us = stuck_us
    group._bit = array("i", [1 << g for g in gpios])
    mask = 0
    for bit in group._bit:
        mask |= bit
    group._mask = mask
    group._invert = mask if active_low else 0
    group._size = ring_size
    group._ev_t = array("i", [0] * ring_size)
    group._ev_code = bytearray(ring_size)
    group._w = 0
    group._r = 0
    group.overruns = 0
    group._down = bytearray(n)
    group._locked = bytearray(n)
    group._stuck = bytearray(n)
    group._t_edge = array("i", [0] * n)
    group._t_raw = array("i", [0] * n)
    group._rs = bytearray(n)
    now = time.ticks_us()
    pull = Pin.PULL_UP if active_low else Pin.PULL_DOWN
    group._pins = [Pin(g, Pin.IN, pull) for g in gpios]
    state = disable_irq()
    try:  # a Ctrl-C here must not leave interrupts off
        group._levels = (mem32[SIO_GPIO_IN] ^ group._invert) & mask  # 1 = pressed
        for i in range(n):
            group._down[i] = 1 if group._levels & group._bit[i] else 0
            group._t_edge[i] = now
            group._t_raw[i] = now
        handler = group._irq
        for p in group._pins:
            p.irq(handler, Pin.IRQ_FALLING | Pin.IRQ_RISING, hard=True)
    finally:
        enable_irq(state)
