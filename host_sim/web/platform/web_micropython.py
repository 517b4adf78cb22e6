"""``micropython`` for the page: the VM's own module (web_main puts this in its place), and
``alloc_emergency_exception_buf``, which the VM lacks and only a chip's interrupts need
(hid/buttons.py calls it), as tests/board_stubs.py does for the VM's tests."""
from micropython import *  # noqa: F401,F403  (imported before this module stands in for it)


def alloc_emergency_exception_buf(size):
    pass
