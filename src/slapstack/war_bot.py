"""A bot for a War seat: it presses its button to turn the next battle, like a person.

In War's "press" mode (the default) the cards turn once both players have pressed, so
the bot sets only the pace, never the outcome. It sees what a player sees: the deal
(GAME_START) and each battle or war round as it is shown (the table's CARD events; seat
1's card is the last one of every turn). For each it draws a reaction time from the same
bell-shaped (Irwin-Hall) model as the slap bots (bots.py):

    reaction = mean + spread * (u1 + u2 + u3 + u4) / 4000,  u_i uniform in [-1000, 1000]

never below ``floor``; with ``dawdle`` per mille it looks away first and presses 500-2000 ms
later still. It holds the button 80-160 ms, then lets go. On a live table the reaction
counts from the battle's reveal (``shift``). In "auto" mode presses do nothing and the bot
never presses. Deciding allocates nothing (the PRNG stays in small ints).

| level  | mean ms | spread ms | floor ms | dawdle |
|--------|---------|-----------|----------|--------|
| easy   | 900     | 400       | 450      | 10%    |
| normal | 650     | 250       | 320      | 5%     |
| hard   | 450     | 150       | 250      | 2%     |
| match  | theirs  | theirs    | theirs   | 5%     |

At level ``"match"`` it starts as normal and, from the person's fifth press to turn with a
reaction (WAR_READY's, from a battle shown), presses at their pace: the median, spread and
fastest of their last 15 (pace.py). It dawdles as normal does (a person's rare long looks
away hardly move their median).
"""

from slapstack import clock
from slapstack import duel_events as D
from slapstack import events as E
from slapstack.bots import Bot
from slapstack.pace import LEVEL, Pace

LEVELS = {
    "easy": (900, 400, 450, 100),
    "normal": (650, 250, 320, 50),
    "hard": (450, 150, 250, 20),
}
DAWDLE_MS = (500, 2000)


class WarBot(Bot):
    def __init__(self, seat, level, seed, game, people=0):
        levels = {LEVEL: LEVELS["normal"]} if level == LEVEL else LEVELS
        self.mean, self.spread, self.floor, self.dawdle = self._begin(seat, level, seed, levels)
        self.active = game.press_mode  # "auto": presses do nothing
        # "match": the people's presses to turn (seats in ``people``) set its pace (pace.py)
        self.pace = Pace(self.mean, self.spread, self.floor) if level == LEVEL else None
        self.people = people & ~(1 << seat)

    def event(self, kind, t, p, a, b, c):
        """Every event of the game, as the table's sink gets it."""
        if kind == D.WAR_READY:
            if self.pace is not None and (self.people >> p) & 1 and a >= 0 and self.pace.keep(a // 1000):
                pace = self.pace
                self.mean = pace.mean
                self.spread = pace.spread
                self.floor = pace.floor
        elif kind == E.CARD:
            if p == 1:          # the last card of a battle or war round: it is shown
                self._plan(t)
        elif kind == E.GAME_START:
            self._plan(t)
        elif kind == E.GAME_OVER:
            self.press_at = -1

    def _plan(self, t):
        if not self.active:
            return
        us = self.reaction_us()
        if self.rng.chance(self.dawdle):
            us += (DAWDLE_MS[0] + self.rng.below(DAWDLE_MS[1] - DAWDLE_MS[0] + 1)) * 1000
        self.press_at = clock.add(t, us)
