"""FakeHardware's PWM: eight slices of two channels, their outputs worked out from clk_sys as
``machine_pwm.c`` does, and each pin's timeline of what it put out (the piezo's tunes)."""

class _PwmSlice:
    __slots__ = ("div16", "top", "freq_set", "enabled")

    def __init__(self):
        self.div16 = 16
        self.top = 0xFFFF
        self.freq_set = False
        self.enabled = False


class _PwmChannel:
    __slots__ = ("cc", "duty_type", "duty", "invert", "gpios")

    def __init__(self):
        self.cc = 0
        self.duty_type = None     # "u16", "ns" or None
        self.duty = 0
        self.invert = 0
        self.gpios = set()


class PwmSlices:
    """FakeHardware's PWM slices (a part of it: a pin outputs PWM when gpio.GpioPins has
    switched it to that function)."""

    def _start_pwm(self):
        self.pwm_slices = [_PwmSlice() for _ in range(8)]
        self.pwm_channels = [_PwmChannel() for _ in range(16)]
        self.pwm_objects = {}
        self._pwm_out = {}           # gpio -> (freq, duty) last recorded
        self._pwm_timelines = {}     # gpio -> [(t_us, freq_hz, duty_u16)]

    # ------------------------------------------------------------------------- PWM --
    def pwm_output(self, gpio):
        """(frequency Hz, duty_u16) the pin outputs now; (0, 0) when it is not a running
        PWM (slice stopped, no duty set, pin switched back to GPIO)."""
        ch = self.pwm_channels[self.pwm_channel_index(gpio)]
        sl = self.pwm_slices[(gpio >> 1) & 7]
        if self.gpios[gpio].function != "pwm" or not (sl.enabled and sl.freq_set and ch.duty_type):
            return (0, 0)
        freq = self.pwm_freq(sl)
        duty = self.pwm_level_u16(self.pwm_channel_index(gpio))
        if ch.invert:
            duty = 65535 - duty
        return (freq, duty)

    def pwm_timeline(self, gpio):
        """Every change of ``pwm_output(gpio)`` as (t_us, freq_hz, duty_u16), t_us being
        the clock's absolute time; starts with the first PWM use of the pin."""
        return list(self._pwm_timelines.get(gpio, ()))

    @staticmethod
    def pwm_channel_index(gpio):
        return ((gpio >> 1) & 7) * 2 + (gpio & 1)

    def pwm_level_u16(self, idx):
        """A channel's compare level as duty_u16, rounded like machine_pwm.c."""
        top = self.pwm_slices[idx >> 1].top
        return (self.pwm_channels[idx].cc * 65535 + (top + 1) // 2) // (top + 1)

    def pwm_freq(self, sl):
        denom = sl.div16 * (sl.top + 1)
        return (16 * self.cpu_hz + denom // 2) // denom

    def _pwm_refresh_gpio(self, gpio):
        if gpio not in self._pwm_timelines and self.gpios[gpio].function != "pwm":
            return
        out = self.pwm_output(gpio)
        if self._pwm_out.get(gpio) != out:
            self._pwm_out[gpio] = out
            self._pwm_timelines.setdefault(gpio, []).append((self.clock.now_us, out[0], out[1]))

    def pwm_refresh_slice(self, s):
        """Work out PWM slice ``s``'s outputs again after its settings changed."""
        for c in (2 * s, 2 * s + 1):
            for gpio in self.pwm_channels[c].gpios:
                self._pwm_refresh_gpio(gpio)

