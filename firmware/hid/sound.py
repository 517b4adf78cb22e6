"""Short sounds on the piezo, played without blocking: the main loop calls ``service(now)``.

A tune is a tuple of (frequency Hz, duration ms) notes; frequency 0 is a rest. The piezo
is a PWM output: a note sets the slice frequency and a 50 % duty (loudest for a piezo),
a rest or the end sets the duty to 0. A tune of higher priority interrupts a lower one,
never the other way round, so a card's tick cannot cut off the winner's fanfare.
"""
import time

from micropython import const

_LOUD = const(32768)  # 50 % duty

# name: (priority, notes). Every note lies between 1 and 4 kHz: a small piezo is loudest near
# its resonance (about 4 kHz for the BOM's) and some 20 dB quieter at a few hundred hertz, so
# a "wrong" sound is told by its falling tritone, not by a low pitch the table cannot hear.
CARD = (0, ((2400, 8),))
VALID_SLAP = (2, ((1319, 40), (1976, 70)))
FALSE_SLAP = (2, ((2960, 90), (0, 20), (2093, 140)))
CHALLENGE_WON = (1, ((1568, 50), (0, 15), (2093, 50), (0, 15), (2637, 90)))
WIN = (3, ((1047, 110), (1319, 110), (1568, 110), (2093, 300), (0, 60), (1568, 90), (2093, 400)))
KEY = (0, ((3000, 5),))


class Sound:
    def __init__(self, pwm):
        self.pwm = pwm
        self.enabled = True
        self.notes = None
        self.priority = -1
        self.index = 0
        self.until = 0
        pwm.duty_u16(0)

    def switch(self, on):
        """The Sound setting: off, ``play`` starts nothing."""
        self.enabled = on

    def play(self, tune, now):
        if not self.enabled:
            return
        if self.notes is not None and tune[0] < self.priority:
            return
        self.priority = tune[0]
        self.notes = tune[1]
        self.index = 0
        self._start(now)

    def stop(self):
        self.notes = None
        self.priority = -1
        self.pwm.duty_u16(0)

    def due(self, now):
        """Microseconds until ``service`` has a note to change (0: now), None when silent."""
        if self.notes is None:
            return None
        d = time.ticks_diff(self.until, now)
        return d if d > 0 else 0

    def service(self, now):
        """Move to the next note when the current one is over."""
        while self.notes is not None and time.ticks_diff(now, self.until) >= 0:
            self.index += 1
            if self.index >= len(self.notes):
                self.stop()
                return
            self._start(self.until)

    def _start(self, t):
        freq, ms = self.notes[self.index]
        if freq:
            self.pwm.freq(freq)
            self.pwm.duty_u16(_LOUD)
        else:
            self.pwm.duty_u16(0)
        self.until = time.ticks_add(t, ms * 1000)
