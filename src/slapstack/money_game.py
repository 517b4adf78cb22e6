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
from slapstack.money_trade import PH_CHOICE, PH_IDLE, PH_OVER, PH_PLAY, MoneyTrade

SEVEN_OF_DIAMONDS = cards.card(7, cards.DIAMONDS)

choice_label = money_choices.label


class MoneyRules:
    """What Money's options and tempo decide for play, derived once at the deal and never
    changed: a game and its copies (``clone``) share it. ``values[kind]`` is each money
    card's worth (0: not in this variant), ``order`` the kinds in play, dearest first."""

    def __init__(self, options, tempo_ms):
        self.values = D.kind_values(options)
        self.order = tuple(sorted([k for k in range(5) if self.values[k]], key=lambda k: -self.values[k]))
        self.tempo_us = tempo_ms * 1000
        self.choice_us = options.choice_ms * 1000
        variant = options.variant
        self.free_buy = variant == "egyptian"
        self.auto = self.free_buy or options.auto_capture
        self.top_from_floor = variant == "syrian"
        self.seven = options.seven_diamonds
        self.penalty_press = options.penalty_take == "press"
        self.joins = options.join_exchange


class Game(MoneyTrade, Duel):
    """Money in play: its ``rules`` (a ``MoneyRules``) and everything that changes as it is
    played, which ``clone`` copies."""
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
        self.rules = MoneyRules(rules, tempo_ms)
        self.total = n + sum(self.bank) + sum(self.under)
        self.sink = sink
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

    def clone(self, sink):
        """An independent copy that plays on identically, reporting to ``sink``."""
        from slapstack import gamestate  # (tests and tools: the device never copies a game)
        return gamestate.clone(self, sink)

    # --- the contract -----------------------------------------------------------------
    def start(self, t):
        self.shown = t
        self.sink(ev.GAME_START, t, self.turn, 2, self.total, 0)
        if not self._check_over(t):
            self._begin_turn(t, clock.add(t, self.rules.tempo_us))

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
        if self.rules.auto:
            if self.rules.free_buy and p == self.turn and not choosing:
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
            if self.rules.penalty_press:
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
        if self.rules.free_buy:
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
            elif self.rules.seven and c == SEVEN_OF_DIAMONDS:
                pat = ev.PAT_SEVEN_DIAMONDS
        if self.rules.auto:
            self.claim_p = -1
            if pat:
                self._capture(p, t, ev.HOW_CAPTURE, pat, 0)
                if self.over:
                    return
        else:
            self.claim_p = p if pat else -1
            self.claim_pat = pat
            self.claim_card = c
        self._begin_turn(t, clock.add(t, self.rules.tempo_us))

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
