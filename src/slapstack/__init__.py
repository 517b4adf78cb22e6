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


def forget(name):
    """Let engine module ``name`` go (the collector takes its code once nothing uses it):
    out of sys.modules and off this package, which holds it too. The next import loads it
    again."""
    sys.modules.pop("slapstack." + name, None)
    if name in globals():
        del globals()[name]
