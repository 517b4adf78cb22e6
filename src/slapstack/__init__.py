"""SlapStack rules engine: slap-and-capture card games for MicroPython and CPython.

Pure Python in the subset MicroPython runs: no clock, no I/O, no hardware. Time comes
in as microsecond timestamps on inputs; everything that happens comes out as events.
"""
