"""Seeded tournaments between bots: who wins how many games (a test and laptop tool).

``play`` plays one game with a bot on every seat, the deal and the bots seeded by one
number, the table watching for an endless game (loops.py) and stopping a game that runs
past ``MAX_CARDS`` cards. ``Standings`` counts a tournament's results: wins per seat, and
the games nobody won. A seed plays the same games on CPython and MicroPython.
"""

from slapstack import clock
from slapstack import events as E
from slapstack.table import Table

MAX_CARDS = 20000  # far beyond a game between bots (some 1,000 cards); a game past it is cut
STEP_US = 10000000  # the time played in one go: 10 s, well within the clock's half ring


def play(game, levels, seed, rules=None, watch=None):
    """One game of ``game`` with the bot ``levels[seat]`` on each seat ("easy", "normal",
    "hard" or "masher"), dealt and played from ``seed``; ``watch``, if given, gets every
    event as a table's sink does. Returns (winner, end): the winning seat or -1, and the
    GAME_OVER's END_* (-1: cut at MAX_CARDS)."""
    out = [-1, -1]

    def sink(kind, t, p, a, b, c):
        if kind == E.GAME_OVER:
            out[0] = p
            out[1] = c
        if watch is not None:
            watch(kind, t, p, a, b, c)

    bots = {}
    for seat in range(len(levels)):
        bots[seat] = levels[seat]
    table = Table(game, len(levels), rules=rules, deal={"seed": seed}, bots=bots, sink=sink,
                  bot_seed=seed, record=False)
    table.start(0)
    table.watch_for_loops()
    g = table.game
    now = 0
    while not g.over and g.cards_played < MAX_CARDS and table.next_due() is not None:
        now = clock.add(now, STEP_US)  # (each advance does all that is due by then, in order)
        table.advance(now)
    return out[0], out[1]


class Standings:
    """A tournament's results: ``wins[seat]``, and the games with no winner by how they
    ended (``endless``, ``draws``: a draw or an equal most at the party limit, ``cut``)."""

    def __init__(self, game, levels, seeds, rules=None):
        self.game = game
        self.levels = list(levels)
        self.wins = [0] * len(levels)
        self.games = 0
        self.endless = 0
        self.draws = 0
        self.cut = 0
        for seed in seeds:
            self.add(*play(game, levels, seed, rules))

    def add(self, winner, end):
        self.games += 1
        if winner >= 0:
            self.wins[winner] += 1
        elif end == E.END_ENDLESS:
            self.endless += 1
        elif end < 0:
            self.cut += 1
        else:
            self.draws += 1

    def decided(self):
        """Games somebody won."""
        return self.games - self.endless - self.draws - self.cut

    def lines(self):
        """The standings as text: what was played and how the games ended, then one line a
        seat with its wins and their share of the games won."""
        decided = self.decided()
        out = ["%s, %d seats, %d games: %d won, %d endless, %d drawn, %d cut at %d cards"
               % (self.game, len(self.levels), self.games, decided, self.endless, self.draws,
                  self.cut, MAX_CARDS)]
        for seat in range(len(self.levels)):
            w = self.wins[seat]
            out.append("seat %d  %-6s  %4d win%s  %3d%%" % (seat + 1, self.levels[seat], w, " " if w == 1 else "s",
                                                         100 * w // decided if decided else 0))
        return out
