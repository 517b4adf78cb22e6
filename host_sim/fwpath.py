"""Make the firmware's modules importable on CPython as they are on the device: flat.

The device has every firmware module in one folder (make flash puts firmware/ and its
folders' modules side by side) and MicroPython built-ins such as ``framebuf``; on the host,
firmware/ and each of its folders (``FIRMWARE_DIRS``) and host_sim/upy/ (CPython stand-ins
for those built-ins) go on sys.path instead, and tests/ for the sample views shared with the
MicroPython-side tests.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
FIRMWARE_DIRS = [FIRMWARE] + sorted(os.path.join(FIRMWARE, d) for d in os.listdir(FIRMWARE)
                                    if os.path.isdir(os.path.join(FIRMWARE, d)) and not d.startswith((".", "_")))
UPY = os.path.join(ROOT, "host_sim", "upy")
TESTS = os.path.join(ROOT, "tests")


def use_firmware():
    for p in [TESTS, UPY] + FIRMWARE_DIRS:
        if p not in sys.path:
            sys.path.insert(0, p)
