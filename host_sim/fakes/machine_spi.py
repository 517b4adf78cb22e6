"""The fake ``machine.SPI``: buses 0 and 1 at the SCK the pico-sdk's dividers give, their
transfers taking their wire time, and the device models (the panel) attached to them."""

from host_sim.fakes import rp2040
from host_sim.fakes.attached import hardware
from host_sim.fakes.machine_pin import gpio_of

_UNSET = object()


class SPI:
    """Hardware SPI 0/1. Extra for the simulator: ``attach(device, dc=, cs=)``; and
    ``sck_hz`` (the real SCK now), ``requested_baudrate``, ``bytes_written``."""

    LSB = 0
    MSB = 1
    _DEFAULT_PINS = {0: (6, 7, 4), 1: (10, 11, 8)}

    @classmethod
    def bus(cls, bus_id):
        """The SPI of bus ``bus_id``, made uninitialised if the firmware has not made it yet."""
        objs = hardware().spi_objects
        if bus_id not in objs:
            if bus_id not in (0, 1):
                raise ValueError("SPI(%d) doesn't exist" % bus_id)
            self = object.__new__(cls)
            self.id = bus_id
            self.baudrate = 0
            self.requested_baudrate = 0
            self.polarity = self.phase = 0
            self.bits = 8
            self.firstbit = cls.MSB
            self.sck, self.mosi, self.miso = cls._DEFAULT_PINS[bus_id]
            self.bytes_written = 0
            self._dividers = None
            self._devices = []
            self._carry_ns = 0
            objs[bus_id] = self
        return objs[bus_id]

    def __new__(cls, id, *args, **kwargs):
        return cls.bus(id)

    def __init__(self, id, baudrate=_UNSET, *, polarity=0, phase=0, bits=8, firstbit=MSB,
                 sck=None, mosi=None, miso=None):
        for role, pin, want in (("SCK", sck, 2), ("MOSI", mosi, 3), ("MISO", miso, 0)):
            if pin is not None:
                g = gpio_of(pin)
                if g & 3 != want or (g & 8) >> 3 != self.id:
                    raise ValueError("bad %s pin" % role)
                setattr(self, role.lower(), g)
        given = baudrate is not _UNSET or (polarity, phase, bits, firstbit) != (0, 0, 8, SPI.MSB) \
            or sck is not None or mosi is not None or miso is not None
        if given or self._dividers is None:
            self._configure(1_000_000 if baudrate is _UNSET else baudrate, polarity, phase, bits, firstbit)
            hw = hardware()
            for g in (self.sck, self.mosi, self.miso):
                hw.set_function(g, "spi")

    def _configure(self, baudrate, polarity, phase, bits, firstbit):
        if firstbit == SPI.LSB:
            raise NotImplementedError("LSB")
        self.requested_baudrate = baudrate
        self._dividers = rp2040.spi_dividers(hardware().peri_hz, baudrate)
        self.baudrate = self.sck_hz
        self.polarity, self.phase, self.bits, self.firstbit = polarity, phase, bits, firstbit

    @property
    def sck_hz(self):
        """The SCK frequency on the wire now: clk_peri through this bus's dividers."""
        prescale, postdiv = self._dividers
        return hardware().peri_hz // (prescale * postdiv)

    def __repr__(self):
        return "SPI(%d, baudrate=%d, polarity=%d, phase=%d, bits=%d, sck=%d, mosi=%d, miso=%d)" % (
            self.id, self.baudrate, self.polarity, self.phase, self.bits, self.sck, self.mosi, self.miso)

    def init(self, baudrate=-1, *, polarity=-1, phase=-1, bits=-1, firstbit=-1):
        self._require_init()
        pick = lambda new, old: old if new == -1 else new  # noqa: E731
        self._configure(pick(baudrate, self.requested_baudrate), pick(polarity, self.polarity),
                        pick(phase, self.phase), pick(bits, self.bits), pick(firstbit, self.firstbit))

    def deinit(self):
        self._dividers = None

    def _require_init(self):
        if self._dividers is None:
            raise OSError("fake SPI(%d) used while not initialised (deinit() or never set up)" % self.id)

    # --- simulator side ---------------------------------------------------------------
    def attach(self, device, dc=None, cs=None):
        """Connect a device model: every transfer while GPIO ``cs`` is low (always, if
        None) calls ``device.on_spi_write(data: bytes, dc_level)``, dc_level being the
        level of GPIO ``dc`` (None if not wired); reads call
        ``device.on_spi_read(nbytes, dc_level) -> bytes`` if it has one (else zeros)."""
        self._devices.append((device, dc, cs))

    def detach(self, device):
        self._devices = [d for d in self._devices if d[0] is not device]

    # --- transfers --------------------------------------------------------------------
    def _transfer(self, data, nread):
        self._require_init()
        hw = hardware()
        data = bytes(data)
        got = None
        for device, dc, cs in self._devices:
            if cs is not None and hw.level(cs) != 0:
                continue
            dc_level = None if dc is None else hw.level(dc)
            device.on_spi_write(data, dc_level)
            if nread and got is None and hasattr(device, "on_spi_read"):
                got = bytes(device.on_spi_read(nread, dc_level))
        self.bytes_written += len(data)
        self._carry_ns += len(data) * self.bits * 1_000_000_000 // self.sck_hz
        us, self._carry_ns = divmod(self._carry_ns, 1000)
        if us:
            hw.busy_for_us(us)
        if nread:
            return (got or bytes(nread)).ljust(nread, b"\0")[:nread]
        return None

    def write(self, buf):
        self._transfer(buf, 0)

    def read(self, nbytes, write=0x00):
        return self._transfer(bytes([write]) * nbytes, nbytes)

    def readinto(self, buf, write=0x00):
        buf[:] = self._transfer(bytes([write]) * len(buf), len(buf))

    def write_readinto(self, write_buf, read_buf):
        if len(write_buf) != len(read_buf):
            raise ValueError("buffers must be the same length")
        read_buf[:] = self._transfer(write_buf, len(read_buf))
