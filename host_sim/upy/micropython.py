"""CPython stand-in for MicroPython's ``micropython`` module, so firmware modules that take
``const`` from it import on the host without the fakes (previews, screenshots, parity
digests). It is the fake's own functions; ``host_sim.fakes.install`` puts the fake itself
in its place with the fake ``machine``.
"""
from host_sim.fakes.micropython import *  # noqa: F401,F403
