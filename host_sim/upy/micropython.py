"""CPython stand-in for MicroPython's ``micropython`` module: ``const``, and ``heap_lock``
and ``heap_unlock`` doing nothing (CPython has no heap to lock), so firmware modules
import on the host without the fakes (previews, screenshots, parity digests).
``host_sim.fakes.install`` puts the fake of the whole module (heap_lock counting,
schedule...) in its place with the fake ``machine``.
"""


def const(x):
    return x


def heap_lock():
    pass


def heap_unlock():
    return 0
