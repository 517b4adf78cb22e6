"""First file MicroPython runs, before any bus exists: the CPU and the peripherals at 200 MHz.

The rp2 port boots with clk_peri at 48 MHz (SPI at most 24 MHz); SPI and UART objects take
their dividers from clk_peri when made, so the change comes before main.py makes them.
"""
import sys

import spi_clock

spi_clock.peripheral_clock_to_cpu()
del spi_clock  # boot.py shares main.py's globals: let the module go, it is needed once
sys.modules.pop("spi_clock", None)
