"""Let the RP2040 SPI reach the panel's rated clock.

The RP2040 SPI (an Arm PL022) clocks SCK at most at clk_peri / 2. Since MicroPython 1.24
the rp2 port sets clk_peri to 48 MHz at boot (micropython#13718), capping SPI at 24 MHz.
``machine.freq(cpu_hz, peripheral_hz)`` accepts a second argument that must be 48 MHz or
equal to the CPU frequency; giving the CPU frequency moves clk_peri onto the system PLL
(ports/rp2/modmachine.c), so at 125 MHz SCK can be 62.5 MHz, the ST7789's 16 ns write cycle.
SPI and UART objects made before the change keep stale dividers: call this first, then make
the buses (UART and SPI baud rates are derived from clk_peri; PWM and I2C use clk_sys).
"""
CPU_HZ = 125_000_000


def peripheral_clock_to_cpu(cpu_hz=CPU_HZ):
    """Run clk_peri (SPI, UART) from the system PLL at ``cpu_hz`` instead of 48 MHz."""
    import machine  # here, so the divider arithmetic below can be checked off-device

    machine.freq(cpu_hz, cpu_hz)


def sck_hz(peri_hz, want_hz):
    """The SCK rate the pico-sdk picks for a request: the fastest not above ``want_hz``.

    SCK = peri / (prescale * postdiv), prescale even in 2..254, postdiv in 1..256; so on a
    48 MHz clk_peri a 62.5 MHz request gives 24 MHz, and on 125 MHz a 40 MHz request 31.25 MHz.
    """
    prescale = 2
    while prescale <= 254 and peri_hz >= (prescale + 2) * 256 * want_hz:
        prescale += 2
    postdiv = 256
    while postdiv > 1 and peri_hz // (prescale * (postdiv - 1)) <= want_hz:
        postdiv -= 1
    return peri_hz // (prescale * postdiv)
