"""Just enough ``machine`` for the board's own modules (board, buttons, panel) to import on
the MicroPython WebAssembly VM, which has no ``machine``, so the heap benchmarks can count
their code. Nothing here drives hardware and nothing is called. The VM's ``micropython``
also lacks ``alloc_emergency_exception_buf`` (buttons.py calls it at import): a wrapper
module with everything else from the real one stands in for it.

    import board_stubs
    board_stubs.install()     # then: import board
    board_stubs.remove()      # and the real micropython module is back
"""
import os
import sys

DIR = "/stubs"
MACHINE = ("Pin = PWM = SPI = WDT = mem32 = None\nWDT_RESET = 3\n"
           "def disable_irq():\n    return 0\ndef enable_irq(state):\n    pass\n")
MICROPYTHON = "from micropython import *\ndef alloc_emergency_exception_buf(n):\n    pass\n"


def install():
    try:
        os.mkdir(DIR)
    except OSError:
        pass
    for name, text in (("machine", MACHINE), ("upy_stub", MICROPYTHON)):
        with open("%s/%s.py" % (DIR, name), "w") as f:
            f.write(text)
    if DIR not in sys.path:
        sys.path.append(DIR)
    import upy_stub
    sys.modules["micropython"] = upy_stub


def remove():
    for name in ("machine", "upy_stub", "micropython"):
        sys.modules.pop(name, None)
    if DIR in sys.path:
        sys.path.remove(DIR)
