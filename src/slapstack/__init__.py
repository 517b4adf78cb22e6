"""SlapStack rules engine: slap-and-capture card games for MicroPython and CPython.

Pure Python in the subset MicroPython runs: no clock, no I/O, no hardware. Time comes
in as microsecond timestamps on inputs; everything that happens comes out as events.
"""
import sys

# Modules take ``const`` from here. On MicroPython ``_NAME = const(v)`` is folded into the
# code at compile time (no global, no interned name: it costs the heap nothing) and
# ``NAME = const(v)`` is folded inside its module but stays readable from outside.
try:
    from micropython import const
except ImportError:  # CPython (the host simulator, tests): a constant is just its value
    def const(x):
        return x


def unload(names):
    """Let each module named go (a dotted name: ``slapstack.war``, ``drivers.panel``): out of
    sys.modules and off its package, which holds it too, so the collector takes its code
    once nothing uses it; the next import loads it again. The device's one way to let code
    go (on the SlapStack image a module's bytecode stays in flash, but its functions, classes
    and constants are heap objects while it is imported); the engine, the firmware's App and
    its power-up use it."""
    for name in names:
        sys.modules.pop(name, None)
        dot = name.rfind(".")
        package = sys.modules.get(name[:dot]) if dot > 0 else None
        if package is not None:
            package.__dict__.pop(name[dot + 1:], None)
