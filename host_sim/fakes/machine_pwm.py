"""The fake ``machine.PWM``: one object per channel, its frequency and duty worked out as
``machine_pwm.c`` does (the slices themselves are FakeHardware's, pwm.py)."""

from host_sim.fakes.attached import hardware
from host_sim.fakes.machine_pin import gpio_of


class PWM:
    """rp2 PWM: 8 slices x 2 channels; GPIO n is slice (n >> 1) & 7, channel n & 1."""

    def __new__(cls, dest, *args, **kwargs):
        gpio = gpio_of(dest)
        hw = hardware()
        idx = hw.pwm_channel_index(gpio)
        if idx not in hw.pwm_objects:
            self = super().__new__(cls)
            self._slice = idx >> 1
            self._idx = idx
            hw.pwm_objects[idx] = self
        self = hw.pwm_objects[idx]
        self._gpio = gpio
        return self

    def __init__(self, dest, freq=None, *, duty_u16=None, duty_ns=None, invert=None):
        hw = hardware()
        ch = hw.pwm_channels[self._idx]
        ch.invert = 0
        ch.duty_type = None
        ch.gpios.add(self._gpio)
        self.init(freq=freq, duty_u16=duty_u16, duty_ns=duty_ns, invert=invert)
        hw.set_function(self._gpio, "pwm")

    def __repr__(self):
        return "<PWM slice=%d channel=%d invert=%d>" % (self._slice, self._idx & 1,
                                                        hardware().pwm_channels[self._idx].invert)

    def init(self, *, freq=None, duty_u16=None, duty_ns=None, invert=None):
        hw = hardware()
        if freq is not None:
            self._set_freq(freq)
        if duty_u16 is not None:
            self._set_duty_u16(duty_u16)
        if duty_ns is not None:
            self._set_duty_ns(duty_ns)
        if invert is not None:
            hw.pwm_channels[self._idx].invert = 1 if invert else 0
        self._start()

    def _start(self):
        hw = hardware()
        sl = hw.pwm_slices[self._slice]
        if sl.freq_set and hw.pwm_channels[self._idx].duty_type is not None:
            sl.enabled = True
        hw.pwm_refresh_slice(self._slice)

    def _slice_hz(self, offset, div16):
        return (16 * hardware().cpu_hz + offset) // div16

    def _set_freq(self, freq):
        if freq <= 0:
            raise ValueError("freq must be > 0")
        top_max = 65534
        hw = hardware()
        sl = hw.pwm_slices[self._slice]
        source_hz = hw.cpu_hz
        if (source_hz + freq // 2) // freq < top_max:
            div16 = 16
            top = (source_hz + freq // 2) // freq - 1
        else:
            div16 = self._slice_hz(top_max * freq - 1, top_max * freq)
            top = self._slice_hz(div16 * freq // 2, div16 * freq) - 1
        if div16 < 16:
            raise ValueError("freq too large")
        if div16 >= 256 * 16:
            raise ValueError("freq too small")
        sl.div16, sl.top, sl.freq_set = div16, top, True
        for idx in (self._slice * 2, self._slice * 2 + 1):  # both channels keep their duty
            ch = hw.pwm_channels[idx]
            if ch.duty_type == "u16":
                self._apply_u16(ch, sl, ch.duty)
            elif ch.duty_type == "ns":
                self._apply_ns(ch, sl, ch.duty)

    @staticmethod
    def _apply_u16(ch, sl, duty_u16):
        duty_u16 = min(duty_u16, 65535)
        ch.cc = (duty_u16 * (sl.top + 1) + 65535 // 2) // 65535
        ch.duty, ch.duty_type = duty_u16, "u16"

    def _apply_ns(self, ch, sl, duty_ns):
        slice_hz = self._slice_hz(sl.div16 // 2, sl.div16)
        ch.cc = min((duty_ns * slice_hz + 500_000_000) // 1_000_000_000, sl.top + 1)
        ch.duty, ch.duty_type = duty_ns, "ns"

    def _set_duty_u16(self, duty_u16):
        hw = hardware()
        self._apply_u16(hw.pwm_channels[self._idx], hw.pwm_slices[self._slice], duty_u16)
        self._start()

    def _set_duty_ns(self, duty_ns):
        hw = hardware()
        self._apply_ns(hw.pwm_channels[self._idx], hw.pwm_slices[self._slice], duty_ns)
        self._start()

    def freq(self, value=None):
        hw = hardware()
        sl = hw.pwm_slices[self._slice]
        if value is None:
            return hw.pwm_freq(sl) if sl.freq_set else 0
        self._set_freq(value)
        self._start()
        return None

    def _configured(self):
        """True once this channel has both a frequency and a duty (else getters read 0)."""
        hw = hardware()
        return hw.pwm_channels[self._idx].duty_type is not None and hw.pwm_slices[self._slice].freq_set

    def duty_u16(self, value=None):
        if value is not None:
            self._set_duty_u16(value)
            return None
        return hardware().pwm_level_u16(self._idx) if self._configured() else 0

    def duty_ns(self, value=None):
        if value is not None:
            self._set_duty_ns(value)
            return None
        if not self._configured():
            return 0
        hw = hardware()
        div16 = hw.pwm_slices[self._slice].div16
        slice_hz = self._slice_hz(div16 // 2, div16)
        return (hw.pwm_channels[self._idx].cc * 1_000_000_000 + slice_hz // 2) // slice_hz

    def deinit(self):
        """Stops the whole slice: the other channel of the slice goes quiet too."""
        hw = hardware()
        hw.pwm_slices[self._slice].enabled = False
        hw.pwm_refresh_slice(self._slice)
