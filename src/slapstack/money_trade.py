"""Money's money: ``MoneyTrade``, the half of money_game's ``Game`` that keeps the money
cards (each player's bank, and those under the pile), offers a player their choices to buy
or exchange (money_choices lists them), takes one (chosen, or the default at the deadline)
and carries it out, and puts out a player who must buy and cannot.
"""
from slapstack import clock, events as ev
from slapstack import duel_events as D
from slapstack import money_choices

CHOICE_MOST = 4  # a choice stays open at most this many times choice_ms (presses move it)
# where a Money game is (money_game.Game.phase)
PH_IDLE = 0     # not started
PH_PLAY = 1     # the player to move throws at ``due``
PH_CHOICE = 2   # ``chooser`` must choose by ``due``
PH_OVER = 3


class MoneyTrade:
    # --- the money, for front ends and bots ---------------------------------------------------
    def bank_count(self, p, kind):
        return self.bank[p * 5 + kind]

    def under_count(self, kind):
        return self.under[kind]

    def kind_value(self, kind):
        return self.rules.values[kind]

    def bank_value(self, p):
        v = 0
        for k in range(5):
            v += self.bank[p * 5 + k] * self.rules.values[k]
        return v

    def pending_choice(self):
        if self.phase != PH_CHOICE:
            return None
        return (self.chooser, self.choices)

    def choose(self, p, index, t):
        self._seat(p)
        self._run(t, False)
        if self.phase != PH_CHOICE or p != self.chooser:
            raise ValueError("player %d has no choice to make now" % p)
        if type(index) is not int or index < 0 or index >= len(self.choices):
            raise ValueError("choice %r is not one of player %d's %d choices" % (index, p, len(self.choices)))
        self._settle(t, False, False)
        self._take(index, t, 0)

    def choice_due(self):
        """When the open choice's default is taken (wrapped us; None with no choice open):
        a front end counts it down, as a chooser's press may move it."""
        return self.due if self.phase == PH_CHOICE else None

    def _more_time(self, t):
        """The chooser pressed at t (their button shows the next option): the deadline moves
        to ``choice_ms`` after the press if that is later, but never past ``CHOICE_MOST``
        times ``choice_ms`` after the choice opened, so a button held on pressing cannot stop
        the game. Not for the Egyptian turn (a press plays the card, and the card is thrown
        on time)."""
        due = clock.add(t, self.rules.choice_us)
        most = clock.add(self.opened, CHOICE_MOST * self.rules.choice_us)
        if clock.diff(due, most) > 0:
            due = most
        if clock.diff(due, self.due) > 0:
            self.due = due

    def default_choice(self):
        """Index 0: the lists are sorted so the first choice is the documented default."""
        return 0 if self.phase == PH_CHOICE else None

    # --- choices ------------------------------------------------------------------------
    def _offer_buy(self, t):
        """Jordanian and Syrian: the player to move has no numeral cards and must buy."""
        chs = money_choices.buy_choices(self, self.turn)
        if not chs:
            self._broke(t)
            return
        self._offer(t, self.turn, D.DEC_BUY, chs, clock.add(t, self.rules.choice_us))

    def _offer_turn(self, t):
        """Egyptian: at the start of each turn the player may buy or exchange first."""
        p = self.turn
        chs = money_choices.buy_choices(self, p)
        if not chs:
            self._broke(t)
        elif not len(self.hands[p]):
            self._offer(t, p, D.DEC_BUY, chs, clock.add(t, self.rules.choice_us))
        elif len(chs) == 1:
            self.phase = PH_PLAY
            self.due = self.throw_due
        else:
            self._offer(t, p, D.DEC_TURN, chs, self.throw_due)

    def _offer(self, t, p, decision, chs, deadline):
        if len(chs) == 1:
            self._apply(p, chs[0], t)
            return
        self.phase = PH_CHOICE
        self.chooser = p
        self.decision = decision
        self.choices = chs
        self.due = deadline
        self.opened = t
        self.sink(ev.MONEY_CHOICE, t, p, len(chs), decision, clock.diff(deadline, t) // 1000)

    def _take(self, i, t, by_default):
        ch = self.choices[i]
        p = self.chooser
        self.choices = None
        self.chooser = -1
        self.phase = PH_PLAY
        self.due = None
        self.sink(ev.MONEY_CHOSEN, t, p, i, by_default, ch[0])
        self._apply(p, ch, t)

    def _apply(self, p, ch, t):
        a = ch[0]
        if a == D.ACT_PLAY:
            self._throw(t)
            return
        if a == D.ACT_PAY:
            # the payment stays in p's money area until the seller has answered
            o = 1 - p
            chs = money_choices.give_choices(self, o, ch[1])
            self._offer(t, o, D.DEC_GIVE, chs, clock.add(t, self.rules.choice_us))
            return
        if a == D.ACT_EXCHANGE or a == D.ACT_JOIN:
            if a == D.ACT_JOIN:
                self._join(p, ch[1], ch[2], ch[3], t)
            else:
                self._exchange(p, ch[1], ch[2], ch[3], t)
            if self.rules.free_buy:
                self._offer_turn(t)
            else:
                self._offer_buy(t)
            return
        if a == D.ACT_BUY:
            self._buy_from_floor(p, ch[1], ch[2], ch[3], t)
        else:
            p = 1 - p   # ACT_GIVE: the seller chose; the buyer goes on
            self._buy_from_opponent(p, ch[1], ch[2], ch[3], t)
        if self.rules.free_buy:
            if clock.diff(self.throw_due, t) <= 0:
                self.throw_due = clock.add(t, self.rules.tempo_us)
            self._offer_turn(t)
        else:
            self.phase = PH_PLAY
            self.due = clock.add(t, self.rules.tempo_us)

    def _get(self, p, change, src, t):
        """Move the money cards ``change`` from src to p's bank, one event per kind."""
        o = 1 - p
        i = 0
        while i < len(change):
            k = change[i]
            n = 0
            while i < len(change) and change[i] == k:
                n += 1
                i += 1
            if src == D.SRC_FLOOR:
                self.under[k] -= n
            else:
                self.bank[o * 5 + k] -= n
            self.bank[p * 5 + k] += n
            self.sink(D.MONEY_GET, t, p, k, src, n)

    def _buy_from_floor(self, p, k, n, change, t):
        self.bank[p * 5 + k] -= 1
        self.under[k] += 1
        seats = self.pile_seats
        if self.rules.top_from_floor:
            _block_from_back(self.pile, n, self.hands[p])
            for _ in range(n):
                seats.pop_back()
        else:
            self.pile.move_front_to_back_of(n, self.hands[p])
            for _ in range(n):
                seats.pop_front()
        self.sink(D.MONEY_BUY, t, p, k, D.SRC_FLOOR, n)
        self._get(p, change, D.SRC_FLOOR, t)

    def _buy_from_opponent(self, p, k, n, change, t):
        self.bank[p * 5 + k] -= 1
        self.bank[(1 - p) * 5 + k] += 1
        seller = self.hands[1 - p]
        if self.rules.free_buy:
            _block_from_back(seller, n, self.hands[p])
        else:
            seller.move_front_to_back_of(n, self.hands[p])
        self.sink(D.MONEY_BUY, t, p, k, D.SRC_OPPONENT, n)
        self._get(p, change, D.SRC_OPPONENT, t)

    def _exchange(self, p, k, src, change, t):
        self.bank[p * 5 + k] -= 1
        if src == D.SRC_FLOOR:
            self.under[k] += 1
        else:
            self.bank[(1 - p) * 5 + k] += 1
        self.sink(D.MONEY_EXCHANGE, t, p, k, src, self.rules.values[k])
        self._get(p, change, src, t)

    def _join(self, p, k, src, given, t):
        """p gives the money cards ``given`` to src for one card k of equal value."""
        i = 0
        while i < len(given):
            g = given[i]
            n = 0
            while i < len(given) and given[i] == g:
                n += 1
                i += 1
            self.bank[p * 5 + g] -= n
            if src == D.SRC_FLOOR:
                self.under[g] += n
            else:
                self.bank[(1 - p) * 5 + g] += n
            self.sink(D.MONEY_JOIN, t, p, g, src, n)
        self._get(p, (k,), src, t)

    def _broke(self, t):
        """The player to move has no numeral cards and cannot buy: the opponent takes all."""
        p = self.turn
        o = 1 - p
        if self.claim_p >= 0:
            # the opponent cannot go on, so no next card: the capture was not claimed
            self.sink(D.MONEY_MISSED, t, self.claim_p, self.pile.from_back(0), 0, 0)
            self.claim_p = -1
        self.sink(D.MONEY_BROKE, t, p, self.bank_value(p), 0, 0)
        self.sink(ev.ELIMINATED, t, p, 0, 0, 0)
        self.hands[p].move_all_to_back_of(self.hands[o])
        self._capture(o, t, ev.HOW_LAST_STANDING, ev.PAT_NONE, 0)
        for k in range(5):
            c = self.bank[p * 5 + k]
            if c:
                self.bank[p * 5 + k] = 0
                self.bank[o * 5 + k] += c
                self.sink(D.MONEY_GET, t, o, k, D.SRC_OPPONENT, c)
        if not self.over:
            self._check_over(t)


def _block_from_back(src, n, dst):
    """Move the last n cards of src, as one block in their order, onto the back of dst."""
    start = len(src) - n
    for i in range(n):
        dst.push_back(src.at(start + i))
    for _ in range(n):
        src.pop_back()
