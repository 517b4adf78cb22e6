"""``time`` for the firmware in a browser page. The WebAssembly VM's own ``ticks_us`` counts
whole milliseconds (it reads ``Date.now()``); this one reads the page's clock (page.js:
``performance.now()``, the clock the browser stamps input events with, or the test's
clock, which moves only when told). A sleep cannot stop the page: it is the wish for the
next pass to come that much later (``wished``), and returns at once; on the test's clock it
also moves the clock on by as much, as the simulator's virtual clock does.
"""
import time as _vm_time

import webhw

ticks_diff = _vm_time.ticks_diff
ticks_add = _vm_time.ticks_add
ticks_us = webhw.now_us
ticks_ms = webhw.now_ms

TICK_US = 1000  # machine.idle() on the chip wakes at least this often
_wish = TICK_US


def wish(us):
    """The firmware's loop would sleep ``us`` (or until a button moves) here."""
    global _wish
    _wish = us


def wished():
    """How long the last pass wished to sleep (us); a tick from now on."""
    global _wish
    us = _wish
    _wish = TICK_US
    return us


_slept = webhw.slept


def sleep_us(us):
    wish(us)
    _slept(us)


def sleep_ms(ms):
    sleep_us(ms * 1000)
