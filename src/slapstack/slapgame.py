"""The slap family: Egyptian Ratscrew, Egyptian War, Egyptian Ruffle, Beggar-my-neighbour.

One state machine for four presets (their rules, options and deals are in slaprules.py,
which a device needs only to set a game up; see README's rules table). Cards are turned
automatically, one every ``tempo_ms``; buttons only slap. In a game with no slapping, rule
``turn`` "press" (Beggar-my-neighbour's, ours) has each player turn their own card with
their button instead: a press when it is their turn and they hold a card turns it at once,
and a card nobody turns turns by itself ``turn_wait_ms`` after the turn came (at the tempo
for a player with no card left, who is out), so nobody stalls the table.

Time is data: ``tick(now)`` does what is due, ``press``/``release`` carry the hardware
timestamp, and ``next_due()`` tells the front end when to call again. Nothing here sleeps
or reads a clock, and the per-card path (tick, play, pattern check, events) allocates
nothing.

How a slap is judged (slap_contest.py) and what the front end may read (slap_view.py) are
the two halves of ``Game`` kept in modules of their own.

Seats and players: a table may have more seats (slap buttons) than players dealt in. The
seats from ``players`` on are free: they hold no cards, take no turns and are never
eliminated. With ``late_slap_in`` a person there may slap, as document 003's "non-players":
a valid slap wins the pile and they join (SLAPPED_IN with a = 1), taking turns from then on
in seat order; a false slap is handled as for a player who is out (``slap_in_penalty``:
nothing to burn). Without it a free seat's press is ignored.

With ``slap_in`` and ``slap_in_cards`` > 0, a player left alone with cards (everyone else
out) goes on turning up to ``slap_in_cards`` cards, with no challenges (there is nobody to
challenge), so that the out players can slap back in (document 003); then, or when they run
out, they take the pile (``last_standing``).
"""

from slapstack import clock
from slapstack import events as E
from slapstack.cardqueue import CardQueue
from slapstack.patterns import JOKER_RANK, Patterns
from slapstack.slap_contest import SlapContest
from slapstack.slap_view import SlapView

PLAYERS = (2, 8)
TEMPO_MS = 700

CHANCES = (0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 0)  # by rank; joker set per rules


def _earlier(a, b):
    """The earlier of two scheduled times, -1 meaning not scheduled."""
    if a < 0:
        return b
    if b < 0 or clock.diff(a, b) <= 0:
        return a
    return b


class SlapRules:
    """What a slap game's options and tempo decide for play, derived once at the deal and
    never changed: a game and its copies (``clone``) share it. Times in us."""

    def __init__(self, options, tempo_ms):
        self.slaps = options.slaps
        self.tempo = tempo_ms * 1000
        self.press_turns = options.turn == "press" and not options.slaps  # each turns their own card
        self.turn_wait = options.turn_wait_ms * 1000
        self.collect_delay = options.collect_ms * 1000
        self.tie_window = options.tie_window_us
        self.patterns = Patterns(options)
        self.joker_chances = options.joker_chances if options.jokers == "challenge" else 0
        self.solo_cards = options.slap_in_cards if (options.slap_in and options.slaps) else 0
        self.challenge_runout = options.challenge_runout
        self.burn_count = options.burn_count
        self.burn_escalate = options.burn_escalate
        self.slap_in = options.slap_in
        self.late_slap_in = options.late_slap_in
        self.slap_during_challenge = options.slap_during_challenge
        self.slap_during_collect = options.slap_during_collect
        self.slap_in_penalty = options.slap_in_penalty
        self.negative_limit = options.negative_limit
        self.lockout_rounds = options.lockout_rounds


class Game(SlapContest, SlapView):
    """A slap game in play: its ``rules`` (a ``SlapRules``) and everything that changes as
    it is played, which ``clone`` copies."""

    def __init__(self, rules, players, dealt, sink, tempo_ms=TEMPO_MS, seats=None):
        if players < PLAYERS[0] or players > PLAYERS[1]:
            raise ValueError("players must be from %d to %d" % PLAYERS)
        if seats is None:
            seats = players
        if seats < players or seats > PLAYERS[1]:
            raise ValueError("seats must be from players (%d) to %d" % (players, PLAYERS[1]))
        self.rules = SlapRules(rules, tempo_ms)
        self.n = seats           # every seat at the table, free ones included
        self.players = players   # the seats dealt in (0..players-1)
        self.sink = sink
        self.solo_left = -1      # cards the last player with cards still turns alone (-1: not alone)
        total = 0
        for h in dealt:
            total += len(h)
        self.total = total
        self.hands = [CardQueue(total, h) for h in dealt]
        for _ in range(players, seats):
            self.hands.append(CardQueue(total))  # a free seat: no cards until it slaps in
        self.pile = CardQueue(total)
        self.pile_seats = CardQueue(total)  # who put each pile card there (played or burned)
        self.burned = 0          # burned cards at the bottom of the pile
        self.turn = 0
        self.last_player = 0
        self.challenger = -1
        self.chances = 0
        self.out = bytearray(seats)
        self.free = bytearray(seats)  # 1: a free seat nobody was dealt in at, until it slaps in
        for p in range(players, seats):
            self.out[p] = 1
            self.free[p] = 1
        self.down = bytearray(seats)
        self.negatives = bytearray(seats)
        self.lockout = bytearray(seats)
        self.burn_next = self.rules.burn_count
        # time line
        self.now = 0
        self.play_due = -1       # -1: not scheduled (times are >= 0 on the ring)
        self.resolve_due = -1
        self.collect_due = -1
        self.vis_top = 0         # when the top card became visible
        self.vis_prev = 0        # when the card under it became visible
        self.live = False        # on a device: a card is not visible until reveal()
        self.top_pending = False  # live: the top card has not been reported on screen yet
        # slap contest (one valid slap per player at most)
        self.contest_time = [0] * seats
        self.contest_react = [0] * seats
        self.contest_on = bytearray(seats)
        self.head_us = [0] * seats  # each seat's head start in the slap contest (set_head_starts)
        self.head_set = False       # some seat has one: no card is turned while a contest is open
        self.contest_pat = 0
        self.contest_open = False
        self.contest_mark = 0    # cards_played when the contest's top card was turned
        self.spent_mark = -1     # the same for the latest tied combination: nobody wins it
        # award waiting for collection
        self.award_to = -1
        self.award_how = 0
        self.award_pat = 0
        # totals
        self.cards_played = 0
        self.piles_taken = 0
        self.over = False
        self.winner = -1

    def clone(self, sink):
        """An independent copy that plays on identically, reporting to ``sink``."""
        from slapstack import gamestate  # (tests and tools: the device never copies a game)
        return gamestate.clone(self, sink)

    def finish(self, winner):
        """Over now, won by seat ``winner`` (-1: nobody): the table's end of a game its rules
        alone would not end (the party limit, a game that can never end)."""
        self.over = True
        self.winner = winner

    # --- front-end interface ---------------------------------------------------------

    def start(self, t):
        self.now = self.vis_top = self.vis_prev = t  # (a reaction before the first card: from the deal)
        self._emit(E.GAME_START, self.turn, self.players, self.total, 0)
        self._schedule_play()
        self._emit(E.TURN, self.turn, 0, 0, 0)

    def next_due(self):
        if self.over:
            return None
        best = _earlier(_earlier(self.play_due, self.resolve_due), self.collect_due)
        return None if best < 0 else best

    def tick(self, now):
        while not self.over:
            due = self.next_due()
            if due is None or clock.diff(due, now) > 0:
                break
            self.now = due
            if due == self.resolve_due:
                self.resolve_due = -1
                self._resolve()
            elif due == self.collect_due:
                self.collect_due = -1
                self._collect()
            elif self.contest_open and self.head_set:
                self.play_due = self.resolve_due  # a head start still runs: the card waits for the verdict
            else:
                self.play_due = -1
                self._play()
        if clock.diff(now, self.now) > 0:
            self.now = now

    def reveal(self, t):
        """The top card finished drawing at t: presses before t did not see it.

        Returns how many us later than its play time the card became visible."""
        if self.pile.count and (self.top_pending or clock.diff(t, self.vis_top) > 0):
            self.top_pending = False
            delta = clock.diff(t, self.vis_top)
            self.vis_top = t
            return delta
        return 0

    def release(self, p, t):
        self.tick(t)
        self.down[p] = 0

    def press(self, p, t):
        self.tick(t)
        if self.over or self.down[p]:
            return  # a held button is not a new slap (no hovering)
        self.down[p] = 1
        later = self.now
        self.now = t  # what the press causes is reported at the press's own time
        if self.rules.press_turns:
            self._press_to_turn(p)
        else:
            self._judge(p, t)
        if clock.diff(later, t) > 0:
            self.now = later

    def _press_to_turn(self, p):
        """Rule turn "press": p's press turns p's card, when it is p's turn and p holds one."""
        if p == self.turn and self.play_due >= 0 and self.hands[p].count:
            self.play_due = -1
            self._play()

    def choose(self, p, index, t):
        raise ValueError("no choice is pending")  # the slap family leaves players none

    # --- internals ---------------------------------------------------------------------

    def _emit(self, kind, p, a, b, c):
        self.sink(kind, self.now, p, a, b, c)

    def _chances_for(self, c):
        r = c & 15
        if r == JOKER_RANK:
            return self.rules.joker_chances
        return CHANCES[r]

    def _next_player(self, p):
        """The next player round the table who is not out (may be p itself)."""
        q = p
        for _ in range(self.n):
            q += 1
            if q == self.n:
                q = 0
            if not self.out[q]:
                return q
        return p

    def _active_count(self):
        k = 0
        for q in range(self.n):
            if not self.out[q]:
                k += 1
        return k

    def _play(self):
        p = self.turn
        if self.solo_left >= 0 and not self.hands[p].count:
            self.solo_left = -1  # the last player turned every card alone: they take the pile
            self._last_standing(p)
            return
        while not self.hands[p].count:
            # out of cards when it is time to play: eliminated
            self.out[p] = 1
            self._emit(E.ELIMINATED, p, 0, 0, 0)
            if self.challenger >= 0 and self.rules.challenge_runout == "challenger_wins":
                self._challenge_failed(p)
                return
            q = self._next_player(p)
            if q == p:
                # nobody has cards left to play: the pile goes to whoever played its top card
                self._last_standing(self.last_player)
                return
            p = q  # with "next_player", the challenge passes on with the chances left
            self.turn = p
            self._emit(E.TURN, p, self.chances, 0, 0)
        if self._active_count() == 1:
            if self.solo_left < 0:
                self.solo_left = self.rules.solo_cards
                self.challenger = -1  # alone: nobody to challenge, nor to be challenged by
                self.chances = 0
            if self.solo_left == 0:
                self.solo_left = -1
                self._last_standing(p)
                return
            self.solo_left -= 1
        else:
            self.solo_left = -1
        c = self.hands[p].pop_front()
        self.pile.push_back(c)
        self.pile_seats.push_back(p)
        self.last_player = p
        self.cards_played += 1
        self.vis_prev = self.vis_top
        self.vis_top = self.now
        self.top_pending = self.live
        self._emit(E.CARD, p, c, self.pile.count, 0)
        chances = self._chances_for(c) if self.solo_left < 0 else 0
        if chances:
            kind = E.CHALLENGE_MET if self.challenger >= 0 else E.CHALLENGE
            self.challenger = p
            self.chances = chances
            self.turn = self._next_player(p)
            self._emit(kind, p, c, chances, 0)
        elif self.challenger >= 0:
            self.chances -= 1
            if self.chances == 0:
                self._challenge_failed(p)
                return
        else:
            self.turn = self._next_player(p)
        self._schedule_play()
        self._emit(E.TURN, self.turn, self.chances, 0, 0)

    def _schedule_play(self):
        """The next card is due at the tempo, or when turning by press, ``turn_wait`` after
        the turn came if the player to turn holds a card."""
        rules = self.rules
        wait = rules.turn_wait if rules.press_turns and self.hands[self.turn].count else rules.tempo
        self.play_due = clock.add(self.now, wait)

    def _challenge_failed(self, p):
        self._emit(E.CHALLENGE_FAILED, p, self.challenger, 0, 0)
        self._award(self.challenger, E.HOW_CHALLENGE, 0)

    def _last_standing(self, p):
        if self.pile.count:
            self._award(p, E.HOW_LAST_STANDING, 0)
        else:
            self._check_over()

    def _award(self, p, how, pat):
        """p is owed the pile; it is collected after collect_ms (slaps may still come)."""
        self.award_to = p
        self.award_how = how
        self.award_pat = pat
        self.challenger = -1
        self.chances = 0
        self.play_due = -1
        self.collect_due = clock.add(self.now, self.rules.collect_delay)

    def _collect(self):
        p = self.award_to
        n = self.pile.count
        self.pile.move_all_to_back_of(self.hands[p])
        self.pile_seats.clear()
        self.burned = 0
        self.burn_next = self.rules.burn_count
        self.piles_taken += 1
        for q in range(self.n):
            if self.lockout[q]:
                self.lockout[q] -= 1
        self._emit(E.PILE_WON, p, self.award_how, n, self.award_pat)
        self.award_to = -1
        self.turn = p
        if self._check_over():
            return
        self._schedule_play()
        self._emit(E.TURN, p, 0, 0, 0)

    def _check_over(self):
        for q in range(self.n):
            if self.hands[q].count == self.total:
                self.over = True
                self.winner = q
                self.play_due = self.resolve_due = self.collect_due = -1
                self._emit(E.GAME_OVER, q, self.cards_played, self.piles_taken, E.END_WIN)
                return True
        return False
