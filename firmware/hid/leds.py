"""The seat LEDs (one PWM output each): whose turn it is, and a flash for a slap's winner.

The turn LED is steady at full brightness and the others glow dimly, so the table can see
the seats that are in play. ``flash(p, now)`` blinks a seat for a moment (a won slap or
pile); ``celebrate(p, now)`` blinks the winner, every other LED dark, until ``off``. Nothing
blocks: the main loop calls ``service(now)``.
"""
import time

from micropython import const

_FULL = const(65535)
_DIM = const(2500)
_BLINK_US = const(90000)       # half period of a blink
_FLASH_US = const(720000)      # how long a flash lasts
_FOREVER = const(-1)


class SeatLeds:
    def __init__(self, pwms):
        self.pwms = pwms
        self.turn = -1
        self.active = len(pwms)
        self.out = bytearray(len(pwms))
        self.flash_seat = -1
        self.flash_until = 0
        self.flash_start = 0
        self.lit = None  # the blink phase last shown (None: steady)
        for pwm in pwms:
            pwm.duty_u16(0)

    def seats_in_play(self, n):
        """Seats n and above have no player this game: their LEDs stay dark, as a seat's
        that is out, until someone slaps in there (``set_out(p, False)``)."""
        self.active = len(self.pwms)
        for i in range(len(self.out)):
            self.out[i] = 1 if i >= n else 0
        self._show()

    def set_out(self, p, out):
        if p < len(self.out):
            self.out[p] = 1 if out else 0
            self._show()

    def show_turn(self, p):
        self.turn = p
        if self.flash_until != _FOREVER:
            self._show()

    def flash(self, p, now, duration_us=_FLASH_US):
        self.flash_seat = p
        self.flash_start = now
        self.flash_until = time.ticks_add(now, duration_us)
        self.lit = None
        self._show_at(now)

    def celebrate(self, p, now):
        self.flash_until = _FOREVER
        self.flash_seat = p
        self.flash_start = now
        self.lit = None
        self._show_at(now)

    def light(self, mask):
        """Seat i's LED full while bit i of ``mask`` is set, the others dark, no blinking:
        the hardware test lights the seats whose buttons are held."""
        self.turn = -1
        self.flash_seat = -1
        self.flash_until = 0
        self.lit = None
        for i in range(len(self.pwms)):
            self.pwms[i].duty_u16(_FULL if mask >> i & 1 else 0)

    def off(self):
        self.turn = -1
        self.flash_seat = -1
        self.flash_until = 0
        self.active = 0
        self._show()

    def due(self, now):
        """Microseconds until ``service`` has a blink to change (0: now), None when steady."""
        if self.flash_seat < 0:
            return None
        d = _BLINK_US - time.ticks_diff(now, self.flash_start) % _BLINK_US
        if self.flash_until != _FOREVER:
            end = time.ticks_diff(self.flash_until, now)
            if end < d:
                d = end
        return d if d > 0 else 0

    def service(self, now):
        if self.flash_seat < 0:
            return
        if self.flash_until != _FOREVER and time.ticks_diff(now, self.flash_until) >= 0:
            self.flash_seat = -1
            self._show()
            return
        self._show_at(now)

    def _show_at(self, now):
        lit = (time.ticks_diff(now, self.flash_start) // _BLINK_US) % 2 == 0
        if lit == self.lit:
            return
        self.lit = lit
        for i in range(len(self.pwms)):
            if i == self.flash_seat:
                self.pwms[i].duty_u16(_FULL if lit else 0)
            else:
                self.pwms[i].duty_u16(self._steady(i))

    def _show(self):
        self.lit = None
        for i in range(len(self.pwms)):
            self.pwms[i].duty_u16(self._steady(i))

    def _steady(self, i):
        if i >= self.active or self.out[i] or self.flash_until == _FOREVER:
            return 0  # no player there, out of the game, or someone else has won
        return _FULL if i == self.turn else _DIM
