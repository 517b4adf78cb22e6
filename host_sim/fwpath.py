"""The firmware's import path on CPython, as the board has it.

On the board the firmware's packages are in the ROMFS partition at /rom/lib, on sys.path,
beside the engine (``slapstack/``, in the same folder) and MicroPython's built-in modules
(``framebuf``, ``micropython``). On the host ``firmware/`` (the packages and the power-up
files), ``host_sim/upy/`` (CPython stand-ins for those built-ins) and the folder that holds
the engine's package go on sys.path instead. The engine's folder matters: the firmware finds
which games the build has by looking for their files on the path (storage/settings.py), and
the installed ``slapstack`` command (``pip install -e .``) reaches ``src/`` through an import
hook, not the path, so without it War and Money would be missing from the Game entry.
"""
import importlib.util
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
UPY = os.path.join(ROOT, "host_sim", "upy")


def engine_folder():
    """The folder holding the ``slapstack`` package as CPython imports it (``src/``)."""
    spec = importlib.util.find_spec("slapstack")
    return os.path.dirname(os.path.dirname(os.path.abspath(spec.origin)))


def use_firmware():
    for p in (engine_folder(), UPY, FIRMWARE):
        if p not in sys.path:
            sys.path.insert(0, p)
