"""Make the firmware's flat modules importable on CPython, as they are on the device.

The device has firmware/ files at the top level and MicroPython built-ins such as
``framebuf``; on the host, firmware/ and host_sim/upy/ (CPython stand-ins for those
built-ins) go on sys.path instead, and tests/ for the sample views shared with the
MicroPython-side tests.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
UPY = os.path.join(ROOT, "host_sim", "upy")
TESTS = os.path.join(ROOT, "tests")


def use_firmware():
    for p in (TESTS, UPY, FIRMWARE):
        if p not in sys.path:
            sys.path.insert(0, p)
