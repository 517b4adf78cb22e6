"""name_pool on the real MicroPython VM: no room for the pool of names is no error at power-up.

Run with the firmware mounted: node tests/mpy_run.mjs --mount firmware:/fw tests/run.py test_mpy_name_pool
(On the chip the pool opening in its room is checked by the device benchmarks, which make
their App as main.py does.)
"""
import sys

import micropython

if "/fw" not in sys.path:
    sys.path.append("/fw")

import name_pool  # noqa: E402


def test_no_heap_for_the_pool_is_no_error_and_lets_the_room_go():
    name_pool.keep_room()
    micropython.heap_lock()  # as a heap with no run big enough: every allocation fails
    try:
        opened = name_pool.open_pool()
    finally:
        micropython.heap_unlock()
    assert opened == -1
    assert name_pool._room is None
