"""The masher: a bot that presses its button every 100-150 ms for the whole game, whatever
the cards, to show that mashing does not pay (a test and tournament tool, not a menu
choice on the device).

It begins with the game (GAME_START in War and Money, the first card turned in the slap
games, where nothing can be slapped before it) and stops at its end. Each gap between two
presses is drawn from its own PRNG (seeded like every bot's, so a seed plays the same game),
and it lets go half that gap after each press, so every press counts as a new one (no
hovering). Drawing a gap allocates nothing (the PRNG stays in small ints).

It plays any game: a slap game's table calls ``see`` on each card, War's and Money's call
``event`` with each event; it ignores both but to begin and to stop.
"""

from slapstack import clock
from slapstack import events as E
from slapstack.bots import Bot

GAP_MS = (100, 150)
LEVEL = "masher"


class Masher(Bot):
    def __init__(self, seat, seed):
        self._begin(seat, LEVEL, seed, {LEVEL: None})
        self.started = False

    def _start(self, t):
        if not self.started:
            self.started = True
            self.press_at = clock.add(t, self._gap())

    def _gap(self):
        return (GAP_MS[0] + self.rng.below(GAP_MS[1] - GAP_MS[0] + 1)) * 1000

    def see(self, t_visible, pattern):
        """A slap game's card: the first one starts the mashing; the cards change nothing."""
        self._start(t_visible)

    def shift(self, delta_us):
        pass  # the masher does not wait for a card to show

    def event(self, kind, t, p, a, b, c):
        """War's and Money's events: the game's start starts the mashing, its end stops it."""
        if kind == E.GAME_START:
            self._start(t)
        elif kind == E.GAME_OVER:
            self.press_at = -1

    def act(self, table, t):
        """Release half a gap after a press; press every gap."""
        if t == self.release_at:
            self.release_at = -1
            table.release_now(self.seat, t)
            return
        if t == self.press_at:
            table.press_now(self.seat, t)
            gap = self._gap()
            self.release_at = clock.add(t, gap // 2)
            self.press_at = clock.add(t, gap)
