"""A bot that presses its button to turn its card, like a person: the pace of a person
pressing to turn, and the bot for a slap-family game turned by press (rule ``turn``
"press", with no slapping: Beggar-my-neighbour's default). War's bot (war_bot.py) presses
at the same pace.

It sees what a player sees: whose turn it is (TURN events). When the turn is its own, it
draws a reaction time from the same bell-shaped (Irwin-Hall) model as the slap bots
(bots.py):

    reaction = mean + spread * (u1 + u2 + u3 + u4) / 4000,  u_i uniform in [-1000, 1000]

never below ``floor``; with ``dawdle`` per mille it looks away first and presses 500-2000 ms
later still. It holds the button 80-160 ms, then lets go. On a live table the reaction
counts from the card's reveal (``shift``). A turn that passes on without its press (the
card turned by itself) drops the plan. Deciding allocates nothing (the PRNG stays in small
ints).

| level  | mean ms | spread ms | floor ms | dawdle |
|--------|---------|-----------|----------|--------|
| easy   | 900     | 400       | 450      | 10%    |
| normal | 650     | 250       | 320      | 5%     |
| hard   | 450     | 150       | 250      | 2%     |
| match  | theirs  | theirs    | theirs   | 5%     |

At level ``"match"`` it starts as normal and, from the fifth reaction it hears from a
person (``learn``: War's presses to turn, from a battle shown), presses at their pace: the
median, spread and fastest of their last 15 (pace.py). It dawdles as normal does (a
person's rare long looks away hardly move their median). In Beggar-my-neighbour nothing
tells it a person's reaction, so there it turns as normal.

A person model (``"person:MS"``, bots.py) turns at the normal level's figures scaled to its
mean ``MS``.
"""

from slapstack import clock
from slapstack import events as E
from slapstack.bots import Bot, person_ms
from slapstack.pace import LEVEL, Pace

LEVELS = {
    "easy": (900, 400, 450, 100),
    "normal": (650, 250, 320, 50),
    "hard": (450, 150, 250, 20),
}
DAWDLE_MS = (500, 2000)


class TurnBot(Bot):
    def __init__(self, seat, level, seed, game, people=0):
        ms = person_ms(level)
        if level == LEVEL:
            levels = {LEVEL: LEVELS["normal"]}
        else:
            levels = LEVELS if ms is None else {level: _person(ms)}
        self.mean, self.spread, self.floor, self.dawdle = self._begin(seat, level, seed, levels)
        # "match": the people's reactions (seats in ``people``) set its pace (pace.py)
        self.pace = Pace(self.mean, self.spread, self.floor) if level == LEVEL else None
        self.people = people & ~(1 << seat)

    def learn(self, p, ms):
        """Seat p reacted in ``ms``: at level "match", a person's reaction moves its pace."""
        pace = self.pace
        if pace is not None and (self.people >> p) & 1 and ms >= 0 and pace.keep(ms):
            self.mean = pace.mean
            self.spread = pace.spread
            self.floor = pace.floor

    def event(self, kind, t, p, a, b, c):
        """Every event of the game, as the table's sink gets it."""
        if kind == E.TURN:
            if p == self.seat:
                self._plan(t)
            else:
                self.press_at = -1
        elif kind == E.GAME_OVER or kind == E.CHALLENGE_FAILED:
            self.press_at = -1  # (nobody turns until the pile is taken: a TURN follows)

    def _plan(self, t):
        """A press a reaction time (maybe a dawdle more) after ``t``."""
        us = self.reaction_us()
        if self.rng.chance(self.dawdle):
            us += (DAWDLE_MS[0] + self.rng.below(DAWDLE_MS[1] - DAWDLE_MS[0] + 1)) * 1000
        self.press_at = clock.add(t, us)


def _person(ms):
    """A person model's figures: the normal level's, scaled to the mean ``ms``."""
    mean, spread, floor, dawdle = LEVELS["normal"]
    return ms, spread * ms // mean, floor * ms // mean, dawdle
