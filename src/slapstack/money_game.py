"""Money in play (rules document 002): ``Game``, the two-seat state machine that throws the
cards, judges claims, offers purchases and exchanges as choices and ends the game. Setting a
game up (its options, the preset, the deal) is money.py's; what each option means, with its
default and where the default comes from, is the engine's README.md (Money).

Claims (Jordanian and Syrian): a capture must be claimed by its thrower pressing before the
opponent's next card is shown, else it is lost (MONEY_MISSED; document 002: "before their
opponent throws and turns the next card"). A buy in between does not end it: the claim
counts while the opponent chooses how to buy, and after, and takes the pile as it is then
with the money under it, the payment included: a floor purchase has taken its bottom cards,
or in the Syrian game its top ones, the matched cards among them (a real match claimed in
time is never a wrong claim). Every other press is a claim: a claim by anyone else, or on a
card that does not match, gives the pile (and the money under it) to the presser's opponent
(HOW_PENALTY): at once, or with ``penalty_take: "press"`` when the opponent presses before
the next card is thrown (document 002: the opponent "can claim and take the play pile"). A
press before the top card was shown (``reveal``) is judged on the pile without that card: a
good claim then takes the pile under it and the new card starts the next pile. On a live
table (the device) a thrown card is unseen until ``reveal``: until then claims are judged
without it and the claim on the card under it stays open; ``reveal`` returns the card's
delay to the screen, which the Table records, so a replay judges every claim the same.
While a choice is open the chooser's button moves through the choices, so the chooser's
presses are no claims (SLAP verdict "ignored"), nor is a wrong one by the other player; the
other player's good claim (or taking a penalty) counts as ever: document 002 ends a claim
only at the opponent's next card, whatever happens before it. A claim not made stays open
through the choice and after it until the next card is shown.

Buying: a player whose turn it is with no numeral cards must pay one money card for its
value in numeral cards: from the floor (the bottom of the pile; Syrian: the top) when it
holds at least 5 numeral cards, the payment slid under the pile; otherwise from the
opponent's hand (a block from the top; the opponent keeps the payment and may give part of
the value back in money: a ``DEC_GIVE`` choice of the opponent). Part exchange from under
the pile, and exchanges of one card for smaller ones with the floor or the opponent's
money area, are offered too. The full value is always given. A player who must buy and
cannot is out: the opponent takes the floor and the out player's money (MONEY_BROKE).
The game ends when one player holds every card, numeral and money.

Choices on the device: ``pending_choice()`` is ``(player, choices)``; ``choice_label(c)``
gives each a short text ("K: 5 from floor", "Q: 5 from floor +J", "Pay Q to opp",
"Give 10 + K", "Q -> K+J opp", "Play card"). A front end shows the labels on the chooser's
side of the screen; the chooser's arcade button moves to the next label and the console's
select button takes it (the lead's UI). Index 0 is always the default the deadline takes
(see money_choices); ``choice_due()`` is when, as a chooser's press moves it (the press
is an input, so a replay moves it the same). In the Egyptian game the player to move
presses their arcade button to play their card at once (taking "Play card" when offered). A decision with a single legal
answer is carried out at once, without a choice. Replays record choices as
``{"a": "choose", "p": .., "i": ..}``; without one the deadline default decides.

Events: CARD, SLAP (claims: verdict win/false/locked, pattern double or seven_of_diamonds,
reaction us), PILE_WON (capture/penalty/last_standing; b = numeral cards), MONEY_MISSED,
MONEY_CAPTURED, MONEY_CHOICE, MONEY_CHOSEN, MONEY_BUY, MONEY_EXCHANGE, MONEY_JOIN, MONEY_GET,
MONEY_BROKE, ELIMINATED, GAME_START (b = every card, money included), GAME_OVER.
"""
from slapstack import cards, clock, events as ev
from slapstack import duel_events as D
from slapstack import money_choices
from slapstack.cardqueue import CardQueue
from slapstack.duel import Duel

CHOICE_MOST = 4  # a choice stays open at most this many times choice_ms (presses move it)
SEVEN_OF_DIAMONDS = cards.card(7, cards.DIAMONDS)

choice_label = money_choices.label

PH_IDLE = 0
PH_PLAY = 1     # the player to move throws at ``due``
PH_CHOICE = 2   # ``chooser`` must choose by ``due``
PH_OVER = 3


class Game(Duel):
    NAME = "Money"

    def __init__(self, rules, players, dealt, sink, tempo_ms):
        if players != 2:
            raise ValueError("Money is for 2 players, got %r" % (players,))
        h = dealt["hands"]
        n = len(h[0]) + len(h[1]) + len(dealt["pile"])
        self.hands = [CardQueue(n, h[0]), CardQueue(n, h[1])]
        self.pile = CardQueue(n, dealt["pile"])
        self.pile_seats = CardQueue(n, bytes(len(dealt["pile"])))  # 1 + who threw each pile
        # card (0: dealt there): whose card is on top decides a claim (a wrong one loses the pile)
        self.bank = bytearray(dealt["banks"])    # bank[p * 5 + kind]: money cards held
        self.under = bytearray(dealt["under"])   # money cards under the pile, per kind
        self.values = D.kind_values(rules)
        self.order = sorted([k for k in range(5) if self.values[k]], key=lambda k: -self.values[k])
        self.total = n + sum(self.bank) + sum(self.under)
        self.sink = sink
        self.tempo_us = tempo_ms * 1000
        self.choice_us = rules.choice_ms * 1000
        variant = rules.variant
        self.free_buy = variant == "egyptian"
        self.auto = self.free_buy or rules.auto_capture
        self.top_from_floor = variant == "syrian"
        self.seven = rules.seven_diamonds
        self.penalty_press = rules.penalty_take == "press"
        self.joins = rules.join_exchange
        self.penalty_p = -1     # penalty_take "press": who may take the pile for a wrong claim
        self.turn = dealt["first"]
        self.phase = PH_IDLE
        self.due = None
        self.over = False
        self.winner = -1
        self.cards_played = 0
        self.piles_taken = 0
        self.up = [True, True]
        self.claim_p = -1       # who may claim the top card (its thrower, if it matched)
        self.claim_pat = 0
        self.claim_card = 0     # the card that matched (a purchase may take it off the pile)
        self.prev_claim = -1    # who could claim the card under it until the top card is shown
        self.prev_pat = 0
        self.prev_card = 0
        self.shown = 0          # when the top card was shown
        self.live = False       # set by a live Table: a thrown card is unseen until reveal()
        self.unseen = False
        self.prev_shown = 0
        self.throw_due = 0      # Egyptian: when the player to move throws if they buy nothing
        self.chooser = -1
        self.decision = 0
        self.choices = None
        self.opened = 0         # when the open choice opened

    # --- the contract -----------------------------------------------------------------
    def start(self, t):
        self.shown = t
        self.sink(ev.GAME_START, t, self.turn, 2, self.total, 0)
        if not self._check_over(t):
            self._begin_turn(t, clock.add(t, self.tempo_us))

    def tick(self, now):
        self._settle(now, False, True)
        self._run(now, True)

    def press(self, p, t):
        if not self._counted_press(p, t) or self.phase == PH_IDLE or self.phase == PH_OVER:
            return
        self._settle(t, False, False)
        choosing = self.phase == PH_CHOICE
        if choosing and self.chooser == p:
            if self.decision == D.DEC_TURN:
                self._take(0, t, 0)
                return
            self._more_time(t)  # (and the press is judged as ever below: no claim)
        if self.auto:
            if self.free_buy and p == self.turn and not choosing:
                self.due = None
                self._throw(t)
            else:
                self.sink(ev.SLAP, t, p, ev.V_IGNORED, ev.PAT_NONE, -1)
            return
        keep = 1 if len(self.pile) and (self.unseen or clock.diff(t, self.shown) < 0) else 0
        if keep:
            claimant, pat, r = self.prev_claim, self.prev_pat, clock.diff(t, self.prev_shown)
            self.prev_claim = -1
        else:
            claimant, pat, r = self.claim_p, self.claim_pat, clock.diff(t, self.shown)
        if r < 0:
            r = -1
        if choosing and (p == self.chooser or (claimant != p and self.penalty_p != p)):
            # a choice is open: the chooser's button moves through it, and the other's
            # press is no wrong claim, so neither is judged; a claim not made stays open
            # (keep took it off: put it back) until the next card is shown
            if keep and claimant >= 0:
                self.prev_claim = claimant
            self.sink(ev.SLAP, t, p, ev.V_IGNORED, ev.PAT_NONE, -1)
            return
        if claimant == p:
            # a good claim counts whatever happens before the opponent's next card is shown
            # (002), the opponent choosing how to buy included
            self.sink(ev.SLAP, t, p, ev.V_WIN, pat, r)
            self._capture(p, t, ev.HOW_CAPTURE, pat, keep)
        elif self.penalty_p == p:
            self.sink(ev.SLAP, t, p, ev.V_WIN, ev.PAT_NONE, r)
            self._capture(p, t, ev.HOW_PENALTY, ev.PAT_NONE, keep)
        else:
            self.sink(ev.SLAP, t, p, ev.V_FALSE, ev.PAT_NONE, r)
            if self.penalty_press:
                self.penalty_p = 1 - p
            else:
                self._capture(1 - p, t, ev.HOW_PENALTY, ev.PAT_NONE, keep)
            return
        if choosing and self.phase == PH_CHOICE and self.decision == D.DEC_BUY and not self.over:
            # the pile went while the buyer was choosing: what they can buy is new
            self.phase = PH_PLAY
            self.choices = None
            self.chooser = -1
            self._offer_buy(t)

    def reveal(self, t):
        """The top card became visible at t: claims pressed before t are judged without it.
        Returns how many us later than its throw it became visible (0 if not later), so a
        Table records it."""
        self._run(t, False)
        self.unseen = False
        if self.phase == PH_IDLE or self.phase == PH_OVER or not len(self.pile):
            return 0
        d = clock.diff(t, self.shown)
        if d <= 0:
            return 0
        self.shown = t
        return d

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
        due = clock.add(t, self.choice_us)
        most = clock.add(self.opened, CHOICE_MOST * self.choice_us)
        if clock.diff(due, most) > 0:
            due = most
        if clock.diff(due, self.due) > 0:
            self.due = due

    def default_choice(self):
        """Index 0: the lists are sorted so the first choice is the documented default."""
        return 0 if self.phase == PH_CHOICE else None

    def pile_len(self):
        return len(self.pile)

    def pile_top(self, i):
        return self.pile.from_back(i) if i < len(self.pile) else 0

    def pile_face_down(self, i):
        return False

    def pile_seat(self, i):
        """Who threw the i-th card from the top (-1: no card there, or one dealt there):
        at the table everyone sees whose card is on top, which decides a claim."""
        return self.pile_seats.from_back(i) - 1 if i < len(self.pile) else -1

    def quiet(self):
        if self.over or len(self.pile):
            return False
        return self.phase == PH_PLAY or (self.phase == PH_CHOICE and self.decision == D.DEC_TURN)

    def state_size(self):
        return 4 + self.total + 15

    def state_into(self, out):
        """The quiet state (loops.py): whose turn, the hands and the pile, split by their
        lengths, then the banks and the money cards under the pile; ``state_size()`` bytes,
        written without allocating."""
        h0, h1, pile = self.hands[0], self.hands[1], self.pile
        out[0] = self.turn
        out[1] = len(h0)
        out[2] = len(h1)
        out[3] = len(pile)
        i = pile.copy_to(out, h1.copy_to(out, h0.copy_to(out, 4)))
        n = 4 + self.total
        while i < n:  # (the money cards in the banks are not in these three)
            out[i] = 0
            i += 1
        for k in range(10):
            out[n + k] = self.bank[k]
        for k in range(5):
            out[n + 10 + k] = self.under[k]

    # --- money, for front ends and bots ---------------------------------------------------
    def bank_count(self, p, kind):
        return self.bank[p * 5 + kind]

    def under_count(self, kind):
        return self.under[kind]

    def kind_value(self, kind):
        return self.values[kind]

    def bank_value(self, p):
        v = 0
        for k in range(5):
            v += self.bank[p * 5 + k] * self.values[k]
        return v

    # --- time -------------------------------------------------------------------------
    def _act(self, t):
        """The throw is due, or a choice's deadline passed (the default is taken)."""
        self._settle(t, False, False)
        if self.phase == PH_PLAY:
            self._turn_due(t)
        else:
            self._take(0, t, 1)

    def _settle(self, t, force, strict):
        """The previous card's claim chance ends when the card on it is shown (``force``:
        now, the next card is being thrown). A card still unseen on a live table has not
        been shown. ``strict`` (a tick): only once time has passed the showing, so that a
        reveal recorded at the card's throw time still moves it when a replay plays
        (the replay ticks to the throw time before it applies the reveal)."""
        if self.prev_claim < 0:
            return
        d = clock.diff(t, self.shown)
        if force or (not self.unseen and (d > 0 or (d == 0 and not strict))):
            te = self.shown if d >= 0 else t
            self.sink(D.MONEY_MISSED, te, self.prev_claim, self.prev_card, 0, 0)
            self.prev_claim = -1

    def _begin_turn(self, t, at):
        if self.free_buy:
            self.throw_due = at
            self._offer_turn(t)
        else:
            self.phase = PH_PLAY
            self.due = at

    def _turn_due(self, t):
        if len(self.hands[self.turn]):
            self._throw(t)
            return
        self._offer_buy(t)  # a claim on the top card stays open through the buying

    # --- throwing and capturing ----------------------------------------------------------
    def _throw(self, t):
        self._settle(t, True, False)
        self.penalty_p = -1
        p = self.turn
        c = self.hands[p].pop_front()
        self.cards_played += 1
        pile = self.pile
        top = pile.from_back(0) if len(pile) else 0
        pile.push_back(c)
        self.pile_seats.push_back(p + 1)
        self.sink(ev.CARD, t, p, c, len(pile), 0)
        self.prev_claim = self.claim_p
        self.prev_pat = self.claim_pat
        self.prev_card = self.claim_card
        self.prev_shown = self.shown
        self.shown = t
        self.unseen = self.live
        self.turn = 1 - p
        pat = ev.PAT_NONE
        if top:
            if (c & 15) == (top & 15):
                pat = ev.PAT_DOUBLE
            elif self.seven and c == SEVEN_OF_DIAMONDS:
                pat = ev.PAT_SEVEN_DIAMONDS
        if self.auto:
            self.claim_p = -1
            if pat:
                self._capture(p, t, ev.HOW_CAPTURE, pat, 0)
                if self.over:
                    return
        else:
            self.claim_p = p if pat else -1
            self.claim_pat = pat
            self.claim_card = c
        self._begin_turn(t, clock.add(t, self.tempo_us))

    def _capture(self, p, t, how, pat, keep):
        """p takes the pile (all but the top ``keep`` card) and the money under it."""
        pile = self.pile
        n = len(pile) - keep
        top = pile.pop_back() if keep else 0
        pile.move_all_to_back_of(self.hands[p])
        seats = self.pile_seats
        thrower = seats.pop_back() if keep else 0
        seats.clear()
        if keep:
            pile.push_back(top)
            seats.push_back(thrower)
        self.claim_p = -1
        self.penalty_p = -1
        money = 0
        for k in range(5):
            money += self.under[k]
        if not n and not money:
            return
        self.piles_taken += 1
        self.sink(ev.PILE_WON, t, p, how, n, pat)
        if money:
            for k in range(5):
                c = self.under[k]
                if c:
                    self.under[k] = 0
                    self.bank[p * 5 + k] += c
                    self.sink(D.MONEY_CAPTURED, t, p, k, c, 0)
        self._check_over(t)

    def _check_over(self, t):
        if len(self.pile):
            return False
        for k in range(5):
            if self.under[k]:
                return False
        for q in range(2):
            o = 1 - q
            if not len(self.hands[o]) and not self.bank_value(o):
                self.over = True
                self.winner = q
                self.phase = PH_OVER
                self.due = None
                self.choices = None
                self.sink(ev.GAME_OVER, t, q, self.cards_played, self.piles_taken, ev.END_WIN)
                return True
        return False

    # --- choices ------------------------------------------------------------------------
    def _offer_buy(self, t):
        """Jordanian and Syrian: the player to move has no numeral cards and must buy."""
        chs = money_choices.buy_choices(self, self.turn)
        if not chs:
            self._broke(t)
            return
        self._offer(t, self.turn, D.DEC_BUY, chs, clock.add(t, self.choice_us))

    def _offer_turn(self, t):
        """Egyptian: at the start of each turn the player may buy or exchange first."""
        p = self.turn
        chs = money_choices.buy_choices(self, p)
        if not chs:
            self._broke(t)
        elif not len(self.hands[p]):
            self._offer(t, p, D.DEC_BUY, chs, clock.add(t, self.choice_us))
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
            self._offer(t, o, D.DEC_GIVE, chs, clock.add(t, self.choice_us))
            return
        if a == D.ACT_EXCHANGE or a == D.ACT_JOIN:
            if a == D.ACT_JOIN:
                self._join(p, ch[1], ch[2], ch[3], t)
            else:
                self._exchange(p, ch[1], ch[2], ch[3], t)
            if self.free_buy:
                self._offer_turn(t)
            else:
                self._offer_buy(t)
            return
        if a == D.ACT_BUY:
            self._buy_from_floor(p, ch[1], ch[2], ch[3], t)
        else:
            p = 1 - p   # ACT_GIVE: the seller chose; the buyer goes on
            self._buy_from_opponent(p, ch[1], ch[2], ch[3], t)
        if self.free_buy:
            if clock.diff(self.throw_due, t) <= 0:
                self.throw_due = clock.add(t, self.tempo_us)
            self._offer_turn(t)
        else:
            self.phase = PH_PLAY
            self.due = clock.add(t, self.tempo_us)

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
        if self.top_from_floor:
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
        if self.free_buy:
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
        self.sink(D.MONEY_EXCHANGE, t, p, k, src, self.values[k])
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
