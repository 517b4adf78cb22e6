"""Clock the RP2040 at 200 MHz, with the SPI's peripheral clock on the same PLL.

The RP2040 SPI (an Arm PL022) clocks SCK at most at clk_peri / 2. Since MicroPython 1.24
the rp2 port sets clk_peri to 48 MHz at boot (micropython#13718), capping SPI at 24 MHz.
``machine.freq(cpu_hz, peripheral_hz)`` accepts a second argument that must be 48 MHz or
equal to the CPU frequency; giving the CPU frequency moves clk_peri onto the system PLL
(ports/rp2/modmachine.c), so at 125 MHz SCK could be 62.5 MHz, the ST7789's 16 ns write cycle.
SPI and UART objects made before the change keep stale dividers: call this first, then make
the buses (UART and SPI baud rates are derived from clk_peri; PWM and I2C use clk_sys).

Then SCK is what the pico-sdk's ``spi_set_baudrate`` picks: the fastest clk_peri / (prescale *
postdiv) not above the request (prescale even, at least 2). The CPU runs at 200 MHz (the
RP2040's qualified maximum; its Python drawing is what a card waits for, issue 12): 1.6 times
the drawing speed of 125 MHz, for SCK 200 / (2 * 2) = 50 MHz instead of 62.5 MHz (200 / 2 =
100 MHz is above the ST7789's 62.5 MHz rating, so the divider goes to 4): the full screen's
pixels take 24.6 ms on the bus instead of 19.7 ms. A 40 MHz ILI9341 request gets 33.3 MHz
(200 / 6). At the default 48 MHz both would get 24 MHz. The core voltage is left at its
default (MicroPython's ``machine.freq`` does not change it).
"""
import machine
from micropython import const

_CPU_HZ = const(200_000_000)


def peripheral_clock_to_cpu(cpu_hz=_CPU_HZ):
    """Run clk_peri (SPI, UART) from the system PLL at ``cpu_hz`` instead of 48 MHz."""
    machine.freq(cpu_hz, cpu_hz)

