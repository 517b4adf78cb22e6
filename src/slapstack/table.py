"""A game at a table: the engine, its bots, and a record of every input.

The firmware, the simulator and the replay runner all drive games through a Table:
``advance(now)`` does everything due up to ``now`` (game actions and bot presses, in
time order), ``press``/``release``/``reveal``/``choose`` come from the front end, and
``next_due()`` says when something is next due. Every input, bots' included, is
recorded, so ``replay_writer.write(table, f)`` writes a replay file that plays the same game
without the bots.

``seats`` is how many seats (slap buttons) the table has, ``players`` how many of them are
dealt in (seats 0..players-1). In the slap family the rest are free seats, where a late
arrival may slap in (rule ``late_slap_in``); War and Money seat only their players. Bots
sit only at seats dealt in. The deal depends on ``players`` alone, never on ``seats``.

``head_start_ms``, one whole number of ms per seat (0 to 1000), is a handicap in a race:
each seat's slaps are judged that much earlier in a slap contest (slap_contest.py, step 6), its
calls in War's calling a war (war_calls.py). Money, and War without calls, have no race and
take only zeros (handicap.py).
"""

from slapstack import clock
from slapstack import events as E
from slapstack.inputlog import CHOOSE, PRESS, RELEASE, InputLog


class Table:
    def __init__(self, game, players, rules=None, deal=None, tempo_ms=None, bots=None,
                 sink=None, bot_seed=1, record=True, live=False, seats=None, head_start_ms=None):
        self.game_name = game
        from slapstack import games  # set-up only: the device lets it go once the cards are dealt
        mod = games.game_module(game)
        lo, hi = games.players_range(game)
        if type(players) is not int or players < lo or players > hi:
            raise ValueError("players must be a whole number from %d to %d for %s" % (lo, hi, game))
        self.players = players
        if seats is None:
            seats = players
        if not games.can(game, "free_seats") and seats != players:
            raise ValueError("seats: %s seats only its players (%d), got %r" % (game, players, seats))
        if type(seats) is not int or seats < players or seats > hi:
            raise ValueError("seats: must be a whole number from players (%d) to %d for %s, got %r"
                             % (players, hi, game, seats))
        self.seats = seats
        self.rules = mod.make_rules(game, rules)
        self.rule_overrides = dict(rules or {})
        self.capabilities = games.capabilities(game, self.rules)  # what it does (``can``)
        if deal is None:
            deal = {"seed": 1}
        self.deal_spec = deal
        self.tempo_ms = mod.TEMPO_MS if tempo_ms is None else tempo_ms
        if type(self.tempo_ms) is not int or self.tempo_ms < 50 or self.tempo_ms > 10000:
            raise ValueError("tempo_ms must be a whole number from 50 to 10000")
        self.sink = sink
        dealt = mod.deal(self.rules, players, deal)
        game_class = games.game_class(game)
        if seats > players:
            self.game = game_class(self.rules, players, dealt, self._event, self.tempo_ms, seats)
        else:
            self.game = game_class(self.rules, players, dealt, self._event, self.tempo_ms)
        # live (the device): a turned card counts as unseen until reveal() says it is on screen
        self.game.live = live
        self.head_start_ms = None  # each seat's head start (handicap.py), None: nobody has one
        if head_start_ms is not None:
            from slapstack import handicap  # set-up only
            ms = handicap.check(head_start_ms, seats, game, self.can("race"))
            if handicap.any_set(ms):
                self.head_start_ms = ms
                self.game.set_head_starts(ms)
        self.bots = []
        self.listeners = []  # slap bots that hear every slap's verdict too (match_bot.py)
        # slap bots see the pile's combination on each card; War's, Money's and the bots of a
        # game turned by press (turn_bot.py) every event
        self.event_bots = not self.can("pile_bots") or self.game.rules.press_turns
        for seat in sorted(bots or {}):
            if type(seat) is not int or seat < 0 or seat >= players:
                raise ValueError("bot seat %r is not a seat dealt in at this table (0 to %d)" % (seat, players - 1))
            self.bots.append(self._new_bot(seat, bots[seat], bot_seed, bots, games.family(game)))
        self.record = record
        self.inputs = InputLog()  # every input, for the replay (see inputlog.py)
        self.last_input = 0       # time of the latest press, release or choice taken
        self.now = 0              # the latest time the table has been run to (advance)
        self.card_mark = 0        # inputs recorded when the latest card was turned
        self.watch = None
        self.piles_seen = -1
        self.party = None  # the party limit (party.py), when the rules set one

    # --- front end ---------------------------------------------------------------------

    def start(self, t0):
        self.inputs.start(t0)
        self.last_input = self.now = t0
        if self.rules.party_minutes or self.rules.party_cards:
            from slapstack.party import PartyLimit  # loaded only for a game with the limit
            self.party = PartyLimit(self.rules, t0, self.can("bank"))
        self.game.start(t0)

    def next_due(self):
        best = self.game.next_due()
        for bot in self.bots:
            t = bot.next_due()
            if t is not None and (best is None or clock.diff(t, best) < 0):
                best = t
        limit = self._party_due()
        if limit is not None and (best is None or clock.diff(limit, best) < 0):
            best = limit
        return best

    def advance(self, now):
        """Run every game action and bot input due at or before ``now``, in time order. At
        a tie the first bot in seat order goes first, and before the game's action in a
        slap game; in War, Money and a game turned by press the game's action goes first, as
        in a replay (where every action due by an input's time runs before it). A party time
        limit that runs out while the table is quiet ends the game at that moment. Each pass
        asks the game and each bot once when they are due (on the chip each ask is some 20 us,
        in a War battle's time to the screen)."""
        g = self.game
        while not g.over:
            t = g.next_due()
            first = None  # the bot that acts at t, or None: the game
            for bot in self.bots:
                b = bot.next_due()
                if b is not None and (t is None or clock.diff(b, t) < 0
                                      or (b == t and first is None and not self.event_bots)):
                    t = b
                    first = bot
            limit = self._party_due()
            if limit is not None and clock.diff(limit, now) <= 0 and (t is None or clock.diff(limit, t) <= 0):
                self._watch_end(limit)  # the time ran out while the table was quiet: it ends now
                if g.over:
                    break
            if t is None or clock.diff(t, now) > 0:
                break
            if first is None:
                g.tick(t)
            else:
                first.act(self, t)
            self._watch_end(t)
        if not g.over:
            g.tick(now)
        if clock.diff(now, self.now) > 0:
            self.now = now

    def press(self, p, t):
        """Seat p's button went down at t. Everything due before t (bots' presses too) is
        done first, so inputs reach the game in time order. A press stamped before the
        table's time (an edge the buttons' debounce reported late) is judged at its stamp
        all the same; its record keeps both times (``_record``)."""
        self.advance(t)
        self.press_now(p, t)
        self._watch_end(t)

    def release(self, p, t):
        self.advance(t)
        self.release_now(p, t)
        self._watch_end(t)

    def press_now(self, p, t):
        """Seat p's press at t with the table already at t: a bot acting in ``advance``."""
        t = self._in_order(t)
        self._record(t, p, PRESS)
        self.game.press(p, t)

    def release_now(self, p, t):
        """Seat p's release at t with the table already at t (a bot's, as ``press_now``)."""
        t = self._in_order(t)
        self._record(t, p, RELEASE)
        self.game.release(p, t)

    def reveal(self, t):
        """The top card is on screen from t: presses before t are judged without it.

        Recorded with its card's play time, its delay and how many inputs came before the
        card was turned, so the replay file puts it right after those: a replay applies it
        before the presses that came while the card was being drawn, as it was live."""
        delta = self.game.reveal(t) or 0
        if delta > 0:
            if self.record:
                self.inputs.add_reveal(clock.add(t, -delta), delta, self.card_mark)
            for bot in self.bots:
                bot.shift(delta)

    def choose(self, p, index, t):
        self.advance(t)
        self.choose_now(p, index, t)
        self._watch_end(t)

    def choose_now(self, p, index, t):
        """Seat p's choice at t with the table already at t (a bot's, as ``press_now``)."""
        t = self._in_order(t)
        self._record(t, p, CHOOSE, index)
        self.game.choose(p, index, t)

    def watch_for_loops(self):
        """From now on, report a game that repeats a quiet state as endless."""
        from slapstack.loops import RepeatWatch  # loaded only for games that can loop
        self.watch = RepeatWatch(self.game.state_size())
        self.piles_seen = -1

    def can(self, what):
        """Whether the game at this table does ``what`` (one of games.CAPABILITIES: "race"...) with its
        rules, as the registry declares it (``games.can``)."""
        return what in self.capabilities

    def input_count(self):
        return self.inputs.count

    # --- internals ---------------------------------------------------------------------

    def _in_order(self, t):
        """Inputs reach the game in time order: one stamped before an input already taken
        (a console key read after a slap) is taken at that input's time, live and in the
        replay alike."""
        if clock.diff(t, self.last_input) < 0:
            return self.last_input
        self.last_input = t
        return t

    def _record(self, t, p, action, extra=0):
        """Record an input judged at ``t`` when the table was at ``self.now``: the record
        is in the order the referee took the inputs, each at the table's time, with its own
        stamp where that was earlier, so that a replay runs the table just as far before
        giving it the input at its stamp (replay.play), and the file stays in time order."""
        if self.record:
            early = clock.diff(self.now, t)
            if early > 0:
                self.inputs.add(self.now, p, action, extra, early)
            else:
                self.inputs.add(t, p, action, extra)

    def _new_bot(self, seat, level, seed, levels, family):
        """A bot for the game: slap bots (bots.py, match_bot.py), bots turning by press
        (turn_bot.py), War or Money bots; one at level "match" is told which seats hold
        people (pace.py). Each is imported only when a seat needs it, so a table of people
        loads no bot code. Money bots make their own choices (money_strategy.bot_choice). The
        masher (masher.py) plays any game: a test and tournament tool, no menu choice."""
        if level == "masher":
            from slapstack.masher import Masher
            return Masher(seat, seed)
        people = 0
        if level == "match":
            from slapstack.pace import people_at
            people = people_at(levels, self.seats)
            if not self.event_bots:
                from slapstack.match_bot import MatchBot
                bot = MatchBot(seat, seed, people, self.players)
                self.listeners.append(bot)  # it learns from the people's verdicts
                return bot
        if not self.event_bots:
            from slapstack.bots import Bot
            return Bot(seat, level, seed)
        if self.can("pile_bots"):  # a slap-family game turned by press
            from slapstack.turn_bot import TurnBot
            return TurnBot(seat, level, seed, self.game, people)
        if family == "war":
            from slapstack.war_bot import WarBot
            return WarBot(seat, level, seed, self.game, people)
        if family == "money":
            from slapstack.money_bot import MoneyBot
            return MoneyBot(seat, level, seed, self.game, people)
        raise ValueError("no bots play %s" % self.game_name)

    def _event(self, kind, t, p, a, b, c):
        if kind == E.CARD:
            self.card_mark = self.inputs.count  # inputs taken before this card was turned
        if self.sink is not None:
            self.sink(kind, t, p, a, b, c)
        if self.bots:
            if self.event_bots:
                for bot in self.bots:
                    bot.event(kind, t, p, a, b, c)
            elif kind == E.CARD:
                pat = self.game.visible_pattern()
                for bot in self.bots:
                    bot.see(t, pat)
            elif kind == E.SLAP:
                for bot in self.listeners:
                    bot.hear(p, a, c)

    def _party_due(self):
        """When the party's time limit ends a quiet table (None: no limit, or play is on)."""
        if self.party is None or not self.game.quiet():
            return None
        return self.party.deadline()

    def _watch_end(self, t):
        """After an action at t, the game's, a bot's or a person's (a press can take the pile,
        live and in a replay at the same t): the party limit (party.py), then a repeated
        state (loops.py)."""
        g = self.game
        if self.party is not None and not g.over and g.quiet() and self.party.reached(g, t):
            self.party.end(g, t, self.seats, self.sink)  # a late arrival's cards count too
        if self.watch is None or g.over or g.piles_taken == self.piles_seen or not g.quiet():
            return
        self.piles_seen = g.piles_taken
        if self.watch.repeated(g):
            g.finish(-1)
            if self.sink is not None:
                self.sink(E.GAME_OVER, t, -1, g.cards_played, g.piles_taken, E.END_ENDLESS)
