"""``seat_stamps`` for the firmware in a browser page: the ring of the SlapStack image's C
module (hw/image/seat_stamps/), filled by the page. Each touch or key of a seat is stamped
with the browser's time for the event (its ``timeStamp``, on the clock ``time.ticks_us``
reads), not the time the page got round to it, and hid/buttons.py's rules (debounce, held
buttons, ties) take the entries as they take the chip's.
"""
from array import array

import machine

SIZE = 64
_MASK = (1 << 30) - 1

_t = array("i", [0] * SIZE)
_levels = array("i", [0] * SIZE)
_w = 0
_r = 0
_mask = 0
_last = 0
_overruns = 0


def stamp(t):
    """A seat's level changed at ``t`` (ticks_us): one entry, as the C handler writes it."""
    global _w, _last, _overruns
    levels = machine.levels & _mask
    if levels == _last or not _mask:
        return
    _last = levels
    if _w - _r >= SIZE:
        _overruns += 1
        return
    k = _w % SIZE
    _t[k] = t & _MASK
    _levels[k] = levels
    _w += 1


def start(mask):
    global _mask, _last, _r, _overruns
    _mask = mask
    _r = _w
    _overruns = 0
    _last = machine.levels & mask
    return _last


def stop():
    global _mask
    _mask = 0


def drain(times, levels):
    global _r
    n = 0
    room = min(len(times), len(levels))
    while _r != _w and n < room:
        k = _r % SIZE
        times[n] = _t[k]
        levels[n] = _levels[k]
        _r += 1
        n += 1
    return n


def pending():
    return _w - _r


def overruns():
    return _overruns


def mask():
    return _mask
