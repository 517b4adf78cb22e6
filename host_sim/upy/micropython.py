"""CPython stand-in for MicroPython's ``micropython`` module: only ``const``, so firmware
modules that take their constants from it (renderer, gfx...) import on the host without
the fakes (previews, screenshots, parity digests). ``host_sim.fakes.install`` puts the
fake of the whole module (heap_lock, schedule...) in its place with the fake ``machine``;
code that probes for ``heap_lock`` on CPython still finds none here.
"""


def const(x):
    return x
