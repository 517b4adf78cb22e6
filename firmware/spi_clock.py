"""Let the RP2040 SPI reach the panel's rated clock.

The RP2040 SPI (an Arm PL022) clocks SCK at most at clk_peri / 2. Since MicroPython 1.24
the rp2 port sets clk_peri to 48 MHz at boot (micropython#13718), capping SPI at 24 MHz.
``machine.freq(cpu_hz, peripheral_hz)`` accepts a second argument that must be 48 MHz or
equal to the CPU frequency; giving the CPU frequency moves clk_peri onto the system PLL
(ports/rp2/modmachine.c), so at 125 MHz SCK can be 62.5 MHz, the ST7789's 16 ns write cycle.
SPI and UART objects made before the change keep stale dividers: call this first, then make
the buses (UART and SPI baud rates are derived from clk_peri; PWM and I2C use clk_sys).

Then SCK is what the pico-sdk's ``spi_set_baudrate`` picks: the fastest clk_peri / (prescale *
postdiv) not above the request. At 125 MHz: 62.5 MHz for the ST7789, 31.25 MHz for a 40 MHz
ILI9341 request; at the default 48 MHz both get 24 MHz.
"""
import machine
from micropython import const

_CPU_HZ = const(125_000_000)


def peripheral_clock_to_cpu(cpu_hz=_CPU_HZ):
    """Run clk_peri (SPI, UART) from the system PLL at ``cpu_hz`` instead of 48 MHz."""
    machine.freq(cpu_hz, cpu_hz)

