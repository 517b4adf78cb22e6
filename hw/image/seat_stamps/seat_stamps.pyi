"""seat_stamps, built into the SlapStack image in C (seat_stamps.c): the seat buttons' edges
stamped in the GPIO interrupt's first instructions. firmware/hid/buttons.py's SlapButtons
drains it; host_sim/fakes/seat_stamps.py is the simulator's. This file gives the module's
types to the type check (tools/check.py).

While it runs, a handler in RAM is IO_IRQ_BANK0's vector: it reads the 1 MHz timer,
acknowledges the seat pins' edges and reads GPIO_IN once; if a seat pin's level changed since
the last entry it writes (time, levels) into a ring of ``SIZE`` entries, and it runs
MicroPython's Pin.irq dispatch only when another pin's interrupt is waiting. Times are
``time.ticks_us()`` values; levels are GPIO_IN & mask (1 = high).
"""
from array import array

SIZE: int
"""The ring's entries (a power of two)."""

def start(mask: int) -> int:
    """Stamp the edges of the GPIOs in ``mask`` (bit n: GPIO n) from now on, with an empty
    ring and no overruns. Returns GPIO_IN & mask now: the levels the first entry differs
    from. The pins keep no Pin.irq: the stamp acknowledges their edges. IO_IRQ_BANK0 gets
    NVIC priority 0x40, above every other interrupt's 0x80, so a stamp never waits for
    another handler's end."""

def stop() -> None:
    """No more stamps: the pins' edge interrupts off, and the interrupt's own vector and the
    default priority (0x80) back. A soft reset stops them too."""

def drain(times: array, levels: array) -> int:
    """Move the oldest entries into ``times`` and ``levels`` (array('i')s), as many as both
    hold; return how many. Oldest first; never holds the interrupt off."""

def pending() -> int:
    """How many entries ``drain`` would give now."""

def overruns() -> int:
    """Entries dropped since ``start`` because the ring was full (the oldest are kept, and
    the newest, which comes after them)."""
