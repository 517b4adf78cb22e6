"""A display on the simulated board, for tests and previews.

Installs the fake ``machine`` (host_sim.fakes), clocks the peripherals as boot.py does,
makes the SPI bus and pins the firmware's way, wires a panel model to them and builds the
driver. ``fakes.uninstall()`` when done (``make`` installs afresh each time).
"""
from host_sim import fakes, fwpath
from host_sim.panel_model import MODELS, connect

fwpath.use_firmware()

SPI_BUS = 0
SCK, MOSI, MISO = 18, 19, 16
DC, CS, RST, BL = 20, 17, 21, 22



class Rig:
    def __init__(self, hw, panel, model, spi):
        self.hw = hw
        self.panel = panel
        self.model = model
        self.spi = spi


def make(kind="st7789", flip=False, rst=True, backlight=False, boot_clock=True, delay_ms=None):
    """A ``Rig`` with the ``kind`` panel initialised. ``boot_clock=False`` skips boot.py's
    clk_peri change (SPI then runs at 24 MHz); ``backlight`` puts a PWM on GPIO BL."""
    hw = fakes.install()
    import machine
    from drivers import spi_clock
    from drivers import st7789
    from drivers import ili9341

    if boot_clock:
        spi_clock.peripheral_clock_to_cpu()
    driver = {"st7789": st7789.ST7789, "ili9341": ili9341.ILI9341}[kind]
    model = MODELS[kind]()
    connect(hw, model, SPI_BUS, DC, CS, RST if rst else None)
    Pin = machine.Pin
    spi = machine.SPI(SPI_BUS, baudrate=driver.SPI_HZ, sck=Pin(SCK), mosi=Pin(MOSI), miso=Pin(MISO))
    bl = None
    if backlight:
        bl = machine.PWM(Pin(BL))
        bl.freq(1000)
        bl.duty_u16(0)
    panel = driver(spi, Pin(DC, Pin.OUT, value=0), Pin(CS, Pin.OUT, value=1),
                   rst=Pin(RST, Pin.OUT, value=1) if rst else None, backlight=bl, flip=flip,
                   delay_ms=delay_ms)
    return Rig(hw, panel, model, spi)
