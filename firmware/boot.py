"""First file MicroPython runs, before any bus exists: the CPU and the peripherals at 200 MHz.

The rp2 port boots with clk_peri at 48 MHz (SPI at most 24 MHz); SPI and UART objects take
their dividers from clk_peri when made, so the change comes before main.py makes them. Only
when make flash finished writing the firmware (installed.py): an error here would keep
MicroPython from running main.py, which says what is wrong.
"""
import installed

if installed.problem() is None:
    from drivers import spi_clock

    spi_clock.peripheral_clock_to_cpu()
