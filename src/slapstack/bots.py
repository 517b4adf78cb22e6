"""Bots for empty seats: they slap like people at the table, and no better.

A bot sees only what a player sees: the pile's top cards when a card becomes visible
(``Game.visible_pattern()``). For each card it draws a reaction time and maybe a lapse:

    reaction = mean + spread * (u1 + u2 + u3 + u4) / 4000,  u_i uniform in [-1000, 1000]

a bell-shaped (Irwin-Hall) distribution around ``mean`` reaching ``mean +- spread``,
never below ``floor``. On a combination it slaps after that time unless it misses
(``miss`` per mille); on no combination it slaps anyway with ``false`` per mille (a
twitch, which burns a card like anyone's). It holds the button ``hold`` ms, then lets go.
A new card replaces any plan for the previous one, as a person's attention moves on.
Deciding allocates nothing (the PRNG stays in small ints), so bots cost no garbage per card.

| level  | mean ms | spread ms | floor ms | miss | false |
|--------|---------|-----------|----------|------|-------|
| easy   | 700     | 300       | 350      | 25%  | 3%    |
| normal | 480     | 200       | 250      | 10%  | 1.5%  |
| hard   | 330     | 120       | 200      | 3%   | 0.5%  |

A person model, level ``"person:MS"`` (MS from 150 to 1500, the mean in ms), stands in for a
person in tournaments: the levels' figures drawn through ``MS`` (``person``), so that
``person:480`` plays as normal, and a faster or slower person as the table's trend says.
The level that learns the people's pace instead, ``"match"``, is match_bot.py's.
"""

from slapstack import clock
from slapstack import events as E

LEVELS = {
    "easy": (700, 300, 350, 250, 30),
    "normal": (480, 200, 250, 100, 15),
    "hard": (330, 120, 200, 30, 5),
}
HOLD_MS = (80, 160)
PERSON = "person:"
PERSON_MS = (150, 1500)


def person(mean_ms):
    """A person's figures (mean, spread, floor, miss, false) for a mean reaction in ms: each
    figure along the line through the two levels nearest ``mean_ms`` by mean (beyond the
    fastest or slowest, that end's line), the floor at least 100 ms, miss and false at least
    1 per mille."""
    rows = sorted(LEVELS.values())
    i = 0
    while i < len(rows) - 2 and mean_ms > rows[i + 1][0]:
        i += 1
    a, b = rows[i], rows[i + 1]
    out = [mean_ms]
    for k in range(1, 5):
        out.append(a[k] + (b[k] - a[k]) * (mean_ms - a[0]) // (b[0] - a[0]))
    out[2] = max(out[2], 100)
    out[3] = max(out[3], 1)
    out[4] = max(out[4], 1)
    return tuple(out)


def person_ms(level):
    """The mean of a person model's level ("person:480": 480), or None for any other level."""
    if type(level) is not str or not level.startswith(PERSON):
        return None
    digits = level[len(PERSON):]
    if not digits.isdigit() or not PERSON_MS[0] <= int(digits) <= PERSON_MS[1]:
        raise ValueError("a person model is person:MS, MS a whole number of ms from %d to %d, got %r"
                         % (PERSON_MS[0], PERSON_MS[1], level))
    return int(digits)


class Bot:
    def __init__(self, seat, level, seed):
        ms = person_ms(level)
        levels = LEVELS if ms is None else {level: person(ms)}
        self.mean, self.spread, self.floor, self.miss, self.false = self._begin(seat, level, seed, levels)

    def _begin(self, seat, level, seed, levels):
        """What every bot has (its seat, level, own PRNG, no press planned); returns the
        level's parameters from ``levels``."""
        if level not in levels:
            raise ValueError("bot level must be one of %s, got %r" % (", ".join(sorted(levels)), level))
        self.seat = seat
        self.level = level
        from slapstack import chance  # (set-up only)
        self.rng = chance.bot_stream(seed, seat)
        self.press_at = -1
        self.release_at = -1
        return levels[level]

    def reaction_us(self):
        u = 0
        for _ in range(4):
            u += self.rng.below(2001) - 1000
        ms = self.mean + self.spread * u // 4000
        if ms < self.floor:
            ms = self.floor
        return ms * 1000

    def see(self, t_visible, pattern):
        """A new card became visible at t_visible with ``pattern`` (PAT_NONE if none)."""
        self.press_at = -1
        if pattern != E.PAT_NONE:
            if self.rng.chance(self.miss):
                return
        elif not self.rng.chance(self.false):
            return
        self.press_at = clock.add(t_visible, self.reaction_us())

    def shift(self, delta_us):
        """The card became visible later than planned for (the screen's draw time)."""
        if self.press_at >= 0:
            self.press_at = clock.add(self.press_at, delta_us)

    def next_due(self):
        if self.release_at >= 0:
            return self.release_at
        return None if self.press_at < 0 else self.press_at

    def act(self, table, t):
        """Do what is due at t: release a held button, or press (the table is already at t)."""
        if self.release_at >= 0 and t == self.release_at:
            self.release_at = -1
            table.release_now(self.seat, t)
            return
        if t == self.press_at:
            self.press_at = -1
            table.press_now(self.seat, t)
            hold = HOLD_MS[0] + self.rng.below(HOLD_MS[1] - HOLD_MS[0] + 1)
            self.release_at = clock.add(t, hold * 1000)
