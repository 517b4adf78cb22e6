"""First file MicroPython runs, before any bus exists: the built-in modules the code imports
held in sys.modules, then the CPU and the peripherals at 200 MHz.

The rp2 port boots with clk_peri at 48 MHz (SPI at most 24 MHz); SPI and UART objects take
their dividers from clk_peri when made, so the change comes before main.py makes them. Only
when make flash finished writing the firmware (installed.py): an error here would keep
MicroPython from running main.py, which says what is wrong.
"""
import sys

# MicroPython lets a file on sys.path extend these built-in modules (a time.py in /lib), so
# each `import time` not found in sys.modules first searches every sys.path entry on the
# flash: 2.4 ms on the chip, at every import statement run, and a screen's code runs several
# as it opens. Held in sys.modules, such an import is a lookup (30 us). These are the
# extensible built-ins SlapStack's code imports (host_sim/tests/test_firmware_imports.py
# keeps the list).
for _name in ("array", "binascii", "hashlib", "io", "json", "machine", "os", "time"):
    sys.modules[_name] = __import__(_name)
del _name

import installed  # noqa: E402

if installed.problem() is None:
    from drivers import spi_clock

    spi_clock.peripheral_clock_to_cpu()
