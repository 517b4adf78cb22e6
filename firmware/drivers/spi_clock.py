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
(200 / 6). At the default 48 MHz both would get 24 MHz.

The RP2040 is specified for 200 MHz only with its core at 1.15 V or more; it starts at 1.10 V,
and neither MicroPython's ``machine.freq`` nor its clock start-up changes that (the Pico SDK
does only when an image is built for 200 MHz, through the start-up code MicroPython replaces).
So the regulator goes up first and is given the SDK's 1 ms to settle, then the clock: the
datasheet's order (VREG, then the PLL). A board that is already at 1.15 V or above is left as
it is.
"""
import time

import machine
from micropython import const

_CPU_HZ = const(200_000_000)
_VREG = const(0x40064000)      # VREG_AND_CHIP_RESET.VREG: EN (bit 0), HIZ (1), VSEL (7:4)
_VSEL = const(0xF0)
_VSEL_1_15V = const(0xC0)      # 0b1100: 1.15 V, the least the RP2040 runs 200 MHz at
_SETTLE_US = const(1000)       # the Pico SDK's SYS_CLK_VREG_VOLTAGE_AUTO_ADJUST_DELAY_US


def core_voltage_for_200mhz():
    """Raise the core regulator to 1.15 V, unless it is there or higher already."""
    vreg = machine.mem32[_VREG]
    if vreg & _VSEL < _VSEL_1_15V:
        machine.mem32[_VREG] = (vreg & ~_VSEL) | _VSEL_1_15V
        time.sleep_us(_SETTLE_US)


def peripheral_clock_to_cpu(cpu_hz=_CPU_HZ):
    """Run the CPU at ``cpu_hz`` and clk_peri (SPI, UART) from the same PLL instead of 48 MHz,
    with the core voltage that clock needs."""
    core_voltage_for_200mhz()
    machine.freq(cpu_hz, cpu_hz)

