"""The firmware's import path on CPython, as the board has it.

On the board the firmware's packages are in the ROMFS partition at /rom/lib, on sys.path,
beside MicroPython's built-in modules (``framebuf``, ``micropython``). On the host
``firmware/`` (the packages and the power-up files) and ``host_sim/upy/`` (CPython stand-ins
for those built-ins) go on sys.path instead.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
UPY = os.path.join(ROOT, "host_sim", "upy")


def use_firmware():
    for p in (UPY, FIRMWARE):
        if p not in sys.path:
            sys.path.insert(0, p)
