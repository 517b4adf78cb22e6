"""Seeded tournaments between bots: who wins how many games (a test and laptop tool).

``play`` plays one game with a bot on every seat, the deal and the bots seeded by one
number, the table watching for an endless game (loops.py) and stopping a game that runs
past ``MAX_CARDS`` cards. ``Standings`` counts a tournament's results: wins per seat, and
the games nobody won; with head starts fixed, or with the evening balance (balance.py) setting
them before each game and learning from each. A seed plays the same games on CPython and
MicroPython.
"""

from slapstack import clock
from slapstack import events as E
from slapstack.table import Table

MAX_CARDS = 20000  # far beyond a game between bots (some 1,000 cards); a game past it is cut
STEP_US = 10000000  # the time played in one go: 10 s, well within the clock's half ring


def play(game, levels, seed, rules=None, watch=None, head_start_ms=None):
    """One game of ``game`` with the bot ``levels[seat]`` on each seat ("easy", "normal",
    "hard" or "masher"), dealt and played from ``seed``; ``watch``, if given, gets every
    event as a table's sink does; ``head_start_ms``, if given, is each seat's head start.
    Returns (winner, end): the winning seat or -1, and the GAME_OVER's END_* (-1: cut at
    MAX_CARDS)."""
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
                  bot_seed=seed, record=False, head_start_ms=head_start_ms)
    table.start(0)
    table.watch_for_loops()
    g = table.game
    now = 0
    while not g.over and g.cards_played < MAX_CARDS and table.next_due() is not None:
        now = clock.add(now, STEP_US)  # (each advance does all that is due by then, in order)
        table.advance(now)
    return out[0], out[1]


def balance_game(balance, game, levels, seed, rules=None):
    """One game as ``play``, with the head starts ``balance`` proposes; the balance then
    learns from it. Returns what ``play`` does."""
    from slapstack.summary import Summary
    summary = Summary()
    summary.begin(len(levels))
    out = play(game, levels, seed, rules, summary.event, balance.head_starts())
    balance.add(summary)
    return out


def evening(game, levels, seeds, rules=None):
    """A Balance (balance.py) after an evening of ``seeds``' games, each played with the
    head starts it proposed and learnt from."""
    from slapstack.balance import Balance
    balance = Balance(len(levels))
    for seed in seeds:
        balance_game(balance, game, levels, seed, rules)
    return balance


class Standings:
    """A tournament's results: ``wins[seat]``, and the games with no winner by how they
    ended (``endless``, ``draws``: a draw or an equal most at the party limit, ``cut``)."""

    def __init__(self, game, levels, seeds, rules=None, head_start_ms=None, balance=None):
        """``head_start_ms``: each seat's head start, fixed; ``balance``: a Balance
        (balance.py) that sets them before each game and learns from it (``head_start_ms``
        unused). ``first`` and ``last`` are the head starts of the first and last game."""
        self.game = game
        self.levels = list(levels)
        self.wins = [0] * len(levels)
        self.games = 0
        self.endless = 0
        self.draws = 0
        self.cut = 0
        self.balanced = balance is not None
        self.first = self.last = head_start_ms
        for seed in seeds:
            if balance is None:
                self.add(*play(game, levels, seed, rules, head_start_ms=head_start_ms))
                continue
            self.last = balance.head_starts()
            if self.first is None:
                self.first = self.last
            self.add(*balance_game(balance, game, levels, seed, rules))

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
        if self.first is not None:
            if self.balanced:
                out.append("head starts ms, the evening balance learning: %s in the first game, %s in the last"
                           % (_ms_list(self.first), _ms_list(self.last)))
            else:
                out.append("head starts ms: %s" % _ms_list(self.first))
        for seat in range(len(self.levels)):
            w = self.wins[seat]
            out.append("seat %d  %-6s  %4d win%s  %3d%%" % (seat + 1, self.levels[seat], w, " " if w == 1 else "s",
                                                         100 * w // decided if decided else 0))
        return out


def _ms_list(ms):
    return " ".join("%d" % v for v in ms)
