"""The RP2040's numbers and sums that the fakes share: its GPIO count, the SIO and watchdog
registers the firmware writes through ``machine.mem32``, pin modes, pulls and edges, the reset
causes, and the pico-sdk's arithmetic for the system PLL and the SPI dividers."""

NUM_GPIO = 30
SIO_GPIO_IN = 0xD0000004
SIO_GPIO_OUT_CLR = 0xD0000018   # atomic: these GPIOs' output value to 0
SIO_GPIO_OE_SET = 0xD0000024    # atomic: these GPIOs' output driver on
SIO_GPIO_OE_CLR = 0xD0000028    # atomic: output driver off (an input again)
USB_CLK_HZ = 48_000_000
SCHEDULER_DEPTH = 8
WATCHDOG_CTRL_CLR = 0x40058000 + 0x3000  # WATCHDOG CTRL, atomic bit-clear alias
WATCHDOG_ENABLE = 1 << 30
VREG = 0x40064000               # VREG_AND_CHIP_RESET.VREG: EN (bit 0), HIZ (1), VSEL (7:4), ROK (12)
VREG_AT_RESET = 0xB1            # enabled, VSEL 0b1011: 1.10 V
VREG_ROK = 1 << 12              # read-only: the regulator's output is in regulation
WDT_MAX_MS = 8388  # RP2040: the 24-bit counter ticks twice per us (erratum RP2040-E1)

MODE_IN, MODE_OUT, MODE_OPEN_DRAIN, MODE_ALT = 0, 1, 2, 3
PULL_UP, PULL_DOWN = 1, 2
IRQ_LOW_LEVEL, IRQ_HIGH_LEVEL, IRQ_FALLING, IRQ_RISING = 1, 2, 4, 8

PWRON_RESET = 1
WDT_RESET = 3


class SimulatedReset(BaseException):
    """The device reset (watchdog, ``machine.reset()``): nothing in the firmware may catch
    it, as nothing survives a real reset. ``cause`` is PWRON_RESET or WDT_RESET."""

    def __init__(self, why, cause):
        super().__init__(why)
        self.cause = cause


def pll_config_exists(freq_khz, xosc_khz=12000, vco_min_khz=750000, vco_max_khz=1600000):
    """pico-sdk ``check_sys_clock_khz``: can the system PLL make exactly this clock?"""
    for fbdiv in range(320, 15, -1):
        vco = fbdiv * xosc_khz
        if vco < vco_min_khz or vco > vco_max_khz:
            continue
        for pd1 in range(7, 0, -1):
            for pd2 in range(pd1, 0, -1):
                if vco // (pd1 * pd2) == freq_khz and vco % (pd1 * pd2) == 0:
                    return True
    return False


def spi_dividers(freq_in, baudrate):
    """pico-sdk ``spi_set_baudrate``: (prescale, postdiv) for the fastest rate <= baudrate."""
    prescale = 2
    while prescale <= 254 and freq_in >= (prescale + 2) * 256 * baudrate:
        prescale += 2
    if prescale > 254:
        raise ValueError("SPI baudrate %d too low for clk_peri %d Hz" % (baudrate, freq_in))
    postdiv = 256
    while postdiv > 1 and freq_in // (prescale * (postdiv - 1)) <= baudrate:
        postdiv -= 1
    return prescale, postdiv

