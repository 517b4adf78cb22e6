"""A bot for a Money seat: it claims its captures like a person, and chooses like
``money_strategy``.

Claims (Jordanian and Syrian, without ``auto_capture``): the bot sees what a player sees,
the card just thrown and the one under it. When its own card matches the number under it,
it claims (presses) after a reaction time drawn from the slap bots' bell-shaped model
(bots.py):

    reaction = mean + spread * (u1 + u2 + u3 + u4) / 4000,  u_i uniform in [-1000, 1000]

never below ``floor``, unless it misses the match altogether (``miss`` per mille). A
reaction longer than the time to the next card misses too: when the next card is thrown
or the pile goes, the plan is dropped (a claim then would be a false one). A buy in
between does not drop it: the claim counts while the opponent buys (money.py). With
``penalty_take: "press"`` it takes the pile after the opponent's wrong claim the same way
(a reaction time, or a miss). While its own choice is open its presses are no claims, so
a claim falling due then waits for the choice to close and comes a reaction time after it;
the opponent's choice does not stop it.
On a card of its own that does not match it claims anyway with ``false`` per mille: a
wrong claim, which gives the pile to the opponent. It never claims the opponent's cards
(that is always a wrong claim). It holds the button 80-160 ms. On a live table the reaction
counts from the card's reveal (``shift``). With automatic captures (Egyptian, or
``auto_capture``) it never presses.

Choices (buying, exchanging, giving change): when a choice is the bot's, it thinks for a
while (the same model with the ``think`` figures, cut to 1 ms before the choice's
deadline, so the deadline default never takes it) and then takes
``money_strategy.bot_choice(game)``, recorded like a person's choice, so the replay plays
the same game without the bot. (The bot chooses on its own schedule, through the table's
``advance``, so it also answers a choice opened by a person's input between two advances.)
Deciding on a card allocates nothing (the PRNG stays in small ints; choosing allocates,
as making the choices does).

| level  | mean ms | spread ms | floor ms | miss | false | think ms (mean/spread/floor) |
|--------|---------|-----------|----------|------|-------|------------------------------|
| easy   | 700     | 300       | 350      | 20%  | 1%    | 2500 / 1000 / 1200           |
| normal | 480     | 200       | 250      | 8%   | 0.5%  | 1600 / 600 / 800             |
| hard   | 330     | 120       | 200      | 3%   | 0.2%  | 1000 / 400 / 500             |
| match  | theirs  | theirs    | theirs   | theirs | 0.5% | as normal                  |

At level ``"match"`` it starts as normal; from the person's fifth capture claimed it claims
at their pace (the median, spread and fastest of their last 15 captures' reactions:
pace.py), and once 12 of their captures were counted it misses as often as they let one go
(MONEY_MISSED). Wrong claims, the penalty's press and choices stay as normal's.
"""

from slapstack import clock
from slapstack import events as E
from slapstack import duel_events as D
from slapstack.bots import Bot
from slapstack.money_strategy import bot_choice
from slapstack.pace import LEVEL, Pace, Rate

LEVELS = {
    "easy": (700, 300, 350, 200, 10, 2500, 1000, 1200),
    "normal": (480, 200, 250, 80, 5, 1600, 600, 800),
    "hard": (330, 120, 200, 30, 2, 1000, 400, 500),
}


class MoneyBot(Bot):
    def __init__(self, seat, level, seed, game, people=0):
        levels = {LEVEL: LEVELS["normal"]} if level == LEVEL else LEVELS
        (self.mean, self.spread, self.floor, self.miss, self.false,
         self.think_mean, self.think_spread, self.think_floor) = self._begin(seat, level, seed, levels)
        # "match": the people's claims (seats in ``people``) set its pace and misses (pace.py)
        self.pace = Pace(self.mean, self.spread, self.floor) if level == LEVEL else None
        self.misses = Rate(self.miss) if level == LEVEL else None
        self.people = people & ~(1 << seat)
        self.game = game
        self.claims = not game.rules.auto  # automatic captures: presses never claim
        self.choose_at = -1
        self.waiting = False  # a claim fell due while a choice was open: press once it closes

    def event(self, kind, t, p, a, b, c):
        """Every event of the game, as the table's sink gets it."""
        if kind == E.CARD:
            self.press_at = -1          # a new card: any plan for the last one is too late
            self.waiting = False
            if p == self.seat and self.claims:
                self._see_own(t, a, b)
        elif kind == E.SLAP:
            if a == E.V_WIN and b != E.PAT_NONE and self.pace is not None and (self.people >> p) & 1:
                self._learn(c)  # (a capture: taking the pile after a wrong claim has no pattern)
            # (a press already planned stands: another wrong claim does not put it off)
            if a == E.V_FALSE and p != self.seat and self.claims and self.game.rules.penalty_press \
                    and self.press_at < 0 and not self.rng.chance(self.miss):
                self.press_at = clock.add(t, self._draw(self.mean, self.spread, self.floor))
        elif kind == E.MONEY_CHOICE:
            if p == self.seat:
                # c: whole ms until the deadline takes the default; choose 1 ms before at
                # the latest (with less time than that, the default takes it)
                latest = (c - 1) * 1000
                if latest >= 0:
                    think = self._draw(self.think_mean, self.think_spread, self.think_floor)
                    self.choose_at = clock.add(t, think if think < latest else latest)
        elif kind == E.MONEY_CHOSEN:
            if self.waiting:
                self.waiting = False
                self.press_at = clock.add(t, self._draw(self.mean, self.spread, self.floor))
        elif kind == E.PILE_WON or (kind == D.MONEY_MISSED and p == self.seat):
            self.press_at = -1
            self.waiting = False
        elif kind == D.MONEY_MISSED and self.pace is not None and (self.people >> p) & 1:
            self.miss = self.misses.count(1, 1)
        elif kind == E.GAME_OVER:
            self.press_at = -1
            self.choose_at = -1
            self.waiting = False

    def _learn(self, react_us):
        """A person's claim that took the pile, ``react_us`` after the card showed (-1: none)."""
        self.miss = self.misses.count(1, 0)
        if react_us >= 0 and self.pace.keep(react_us // 1000):
            pace = self.pace
            self.mean = pace.mean
            self.spread = pace.spread
            self.floor = pace.floor

    def _see_own(self, t, card, pile):
        """Its own card ``card`` is on top of a pile of ``pile`` cards (both visible)."""
        g = self.game
        if pile >= 2 and (card & 15) == (g.pile_top(1) & 15):
            if self.rng.chance(self.miss):
                return
        elif not self.rng.chance(self.false):
            return
        self.press_at = clock.add(t, self._draw(self.mean, self.spread, self.floor))

    def _draw(self, mean, spread, floor):
        u = 0
        for _ in range(4):
            u += self.rng.below(2001) - 1000
        ms = mean + spread * u // 4000
        return (ms if ms > floor else floor) * 1000

    def next_due(self):
        best = self.release_at
        t = self.press_at
        if t >= 0 and (best < 0 or clock.diff(t, best) < 0):
            best = t
        t = self.choose_at
        if t >= 0 and (best < 0 or clock.diff(t, best) < 0):
            best = t
        return None if best < 0 else best

    def act(self, table, t):
        """Do what is due at t: release, choose, or claim (the table is already at t)."""
        if t == self.release_at:
            self.release_at = -1
            table.release_now(self.seat, t)
            return
        if t == self.choose_at:
            self.choose_at = -1
            pending = self.game.pending_choice()
            if pending is not None and pending[0] == self.seat:
                table.choose_now(self.seat, bot_choice(self.game), t)
            return
        pending = self.game.pending_choice() if t == self.press_at else None
        if pending is not None and pending[0] == self.seat:
            self.press_at = -1          # its own button moves through its choice: claim after it
            self.waiting = True
            return
        Bot.act(self, table, t)
