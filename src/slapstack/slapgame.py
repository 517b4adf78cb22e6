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

Slap judging, in the order it is applied to a press at time t:
1. Everything due at or before t happens first (the engine catches up to t).
2. A press counts only if the button was released since its last press (no hovering).
3. A player who is locked out, or out with slapping in not allowed, is ignored.
4. The pile is judged as the player could see it at t: before the top card's reveal time
   the top card is not there yet. Burned cards at the bottom never count.
5. No combination: a false slap (burn, or the slap-in penalty for a player with no cards).
6. A combination: the first valid slap opens a contest. Each slap in it is judged at its
   judged time, t less its seat's head start (a handicap, ``set_head_starts``; 0 for all
   by default). If another valid slap's judged time is within ``tie_window_us`` of the
   earliest it is a tie and nobody takes the pile (Egyptian War's "no discernible victor");
   otherwise the earliest judged takes it. The contest closes 1 us after the last real time
   a slap could still come within the window of the earliest: earliest judged + window +
   the largest head start of the seats yet to slap in it (no head starts: just after the
   window). With head starts, no card is turned while a contest is open (a slower seat
   still sees the combination it may win). Valid slaps after that are late: no penalty.
   Steps 4 and 5 and each verdict's reaction time use the real t. The pile is collected
   ``collect_ms`` after a win.
7. A tied combination is spent (document 000: "play continues with no player taking the
   pile"; document 003: "Hands that are slapped on top of other hands do not win"): later
   slaps on the same top card, by the tied players or anyone else, are late. The next card
   turned makes a new combination.

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


class Game:
    def __init__(self, rules, players, dealt, sink, tempo_ms=TEMPO_MS, seats=None):
        if players < PLAYERS[0] or players > PLAYERS[1]:
            raise ValueError("players must be from %d to %d" % PLAYERS)
        if seats is None:
            seats = players
        if seats < players or seats > PLAYERS[1]:
            raise ValueError("seats must be from players (%d) to %d" % (players, PLAYERS[1]))
        self.rules = rules
        self.n = seats           # every seat at the table, free ones included
        self.players = players   # the seats dealt in (0..players-1)
        self.sink = sink
        self.tempo = tempo_ms * 1000
        self.press_turns = rules.turn == "press" and not rules.slaps  # each turns their own card
        self.turn_wait = rules.turn_wait_ms * 1000
        self.collect_delay = rules.collect_ms * 1000
        self.tie_window = rules.tie_window_us
        self.patterns = Patterns(rules)
        self.joker_chances = rules.joker_chances if rules.jokers == "challenge" else 0
        self.solo_cards = rules.slap_in_cards if (rules.slap_in and rules.slaps) else 0
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
        self.burn_next = rules.burn_count
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

    def set_head_starts(self, ms):
        """Each seat's head start in ms (a handicap: its slaps are judged that much earlier
        in the contest). Table checks the values."""
        for p in range(self.n):
            self.head_us[p] = ms[p] * 1000
            if ms[p]:
                self.head_set = True

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
        if self.press_turns:
            self._press_to_turn(p)
        else:
            self._judge(p, t)
        if clock.diff(later, t) > 0:
            self.now = later

    def _judge(self, p, t):
        if not self.rules.slaps:
            return
        if self._ignored(p):
            self._emit(E.SLAP, p, E.V_IGNORED, 0, -1)
            return
        seen = 1 if (self.pile.count and (self.top_pending or clock.diff(t, self.vis_top) < 0)) else 0
        avail = self.pile.count - self.burned - seen
        pat = self.patterns.find(self.pile, avail, seen)
        react = clock.diff(t, self.vis_prev if seen else self.vis_top) if self.pile.count else -1
        if pat == E.PAT_NONE:
            why = E.WHY_NOTHING  # (looked for only now: false slaps are rare)
            if seen and self.patterns.find(self.pile, avail + 1):
                why = E.WHY_UNSEEN
            elif self.burned and self.patterns.find(self.pile, self.pile.count - seen, seen):
                why = E.WHY_BURNED
            self._emit(E.SLAP, p, E.V_FALSE, why, react)
            self._penalise(p)
            return
        if self.award_to >= 0 and self.award_how == E.HOW_SLAP:
            # the pile is won: a slap on it is late, but the winner's own again is no slap
            # later than anyone's (nor counted: it is the same player taking what they won)
            if p == self.award_to:
                self._emit(E.SLAP, p, E.V_IGNORED, pat, -1)
            else:
                self._emit(E.SLAP, p, E.V_LATE, pat, react)
            return
        if self.contest_on[p]:
            self._emit(E.SLAP, p, E.V_LATE, pat, react)  # one slap each per contest
            return
        mark = self.cards_played - seen
        if mark == self.spent_mark:
            self._emit(E.SLAP, p, E.V_LATE, pat, react)  # a tied combination is spent
            return
        judged = clock.add(t, -self.head_us[p])
        if not self.contest_open:
            self.contest_open = True
            self.contest_pat = pat
            self.contest_mark = mark
            self.resolve_due = -1
        self.contest_on[p] = 1
        self.contest_time[p] = judged
        self.contest_react[p] = react
        self._close_contest_after(t)

    def _close_contest_after(self, t):
        """Schedule the contest's end (step 6) after a slap at real time t: 1 us after the
        last real time a slap from a seat yet to slap could be judged within the window of
        the earliest, so presses at its last us still count; never at or before t."""
        first = -1
        wait = 0
        for q in range(self.n):
            if self.contest_on[q]:
                if first < 0 or clock.diff(self.contest_time[q], self.contest_time[first]) < 0:
                    first = q
            elif self.head_us[q] > wait:
                wait = self.head_us[q]
        close = clock.add(self.contest_time[first], self.tie_window + wait + 1)
        if clock.diff(close, t) <= 0:
            close = clock.add(t, 1)
        if self.resolve_due < 0 or clock.diff(close, self.resolve_due) < 0:
            self.resolve_due = close  # (a slap reported late but earlier closes it earlier)

    def _press_to_turn(self, p):
        """Rule turn "press": p's press turns p's card, when it is p's turn and p holds one."""
        if p == self.turn and self.play_due >= 0 and self.hands[p].count:
            self.play_due = -1
            self._play()

    def choose(self, p, index, t):
        raise ValueError("no choice is pending")  # the slap family leaves players none

    # --- what the front end may look at -------------------------------------------------

    def hand_size(self, p):
        return self.hands[p].count

    def pile_len(self):
        return self.pile.count

    def pile_top(self, i):
        return self.pile.from_back(i)

    def pile_face_down(self, i):
        return False  # every pile card lies face up, burned ones too

    def pile_seat(self, i):
        """The seat that put the i-th card from the top on the pile (-1: no card there):
        at a table everyone sees whose hand each card came from."""
        return self.pile_seats.from_back(i) if i < self.pile.count else -1

    def is_out(self, p):
        return self.out[p] == 1

    def is_free(self, p):
        """Whether seat p is free: nobody was dealt in there, and nobody has slapped in."""
        return self.free[p] == 1

    def has_part(self, p):
        """Whether seat p has a part in the game still: it holds cards, or it may slap (back)
        in (``slap_in``; ``late_slap_in`` at a free seat), not barred by its negative cards.
        The device plays on faster once no person at the table has one."""
        if not self.out[p]:
            return True
        may = self.rules.late_slap_in if self.free[p] else self.rules.slap_in
        return bool(may and self.rules.slaps and not self._too_negative(p))

    def visible_pattern(self):
        """The combination on the pile now (what every player can see)."""
        return self.patterns.find(self.pile, self.pile.count - self.burned)

    def quiet(self):
        return self.pile.count == 0 and self.award_to < 0 and not self.contest_open

    def state_size(self):
        return 2 + 4 * len(self.hands) + self.total

    def state_into(self, out):
        """The quiet state (loops.py; the pile empty: every card is in a hand): whose turn,
        the burn due, each seat's out (2: free), negatives, lockout and hand length, then the hands;
        ``state_size()`` bytes, written without allocating."""
        out[0] = self.turn
        out[1] = self.burn_next
        n = len(self.hands)
        for p in range(n):
            out[2 + p] = self.out[p] + self.free[p]
            out[2 + n + p] = self.negatives[p]
            out[2 + 2 * n + p] = self.lockout[p]
            out[2 + 3 * n + p] = len(self.hands[p])
        i = 2 + 4 * n
        for h in self.hands:
            i = h.copy_to(out, i)

    # --- internals ---------------------------------------------------------------------

    def _emit(self, kind, p, a, b, c):
        self.sink(kind, self.now, p, a, b, c)

    def _ignored(self, p):
        if self.lockout[p]:
            return True
        if self.free[p]:
            if not self.rules.late_slap_in or self._too_negative(p):
                return True
        elif self.out[p] and (not self.rules.slap_in or self._too_negative(p)):
            return True
        if self.challenger >= 0 and not self.rules.slap_during_challenge:
            return True
        if self.award_to >= 0 and not self.rules.slap_during_collect:
            return True
        return False

    def _too_negative(self, p):
        return self.rules.slap_in_penalty == "negative" and self.negatives[p] >= self.rules.negative_limit

    def _penalise(self, p):
        hand = self.hands[p]
        if not hand.count:
            self._slap_in_penalty(p)
            return
        n = self.burn_next
        if self.rules.burn_escalate:
            self.burn_next += 1
        k = 0
        while k < n and hand.count:
            c = hand.pop_front()
            self.pile.push_front(c)
            self.pile_seats.push_front(p)
            self.burned += 1
            k += 1
            self._emit(E.BURN, p, c, k, 0)

    def _slap_in_penalty(self, p):
        rule = self.rules.slap_in_penalty
        if rule == "negative":
            if self.negatives[p] < 255:
                self.negatives[p] += 1
            self._emit(E.NEGATIVE, p, self.negatives[p], self.rules.negative_limit, 0)
        elif rule == "lockout":
            self.lockout[p] = self.rules.lockout_rounds
            self._emit(E.LOCKOUT, p, self.rules.lockout_rounds, 0, 0)

    def _chances_for(self, c):
        r = c & 15
        if r == JOKER_RANK:
            return self.joker_chances
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
                self.solo_left = self.solo_cards
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
        wait = self.turn_wait if self.press_turns and self.hands[self.turn].count else self.tempo
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
        self.collect_due = clock.add(self.now, self.collect_delay)

    def _resolve(self):
        """Close the slap contest: the earliest valid slap wins, unless another valid slap
        came within the tie window of it; then nobody takes the pile and play goes on."""
        self.contest_open = False
        first = -1
        for q in range(self.n):
            if self.contest_on[q] and (first < 0 or clock.diff(self.contest_time[q], self.contest_time[first]) < 0):
                first = q
        tied = 0
        for q in range(self.n):
            if self.contest_on[q] and clock.diff(self.contest_time[q], self.contest_time[first]) <= self.tie_window:
                tied += 1
        winner = -1 if tied > 1 else first
        if winner < 0:
            self.spent_mark = self.contest_mark
        for q in range(self.n):
            if not self.contest_on[q]:
                continue
            self.contest_on[q] = 0
            if q == winner:
                continue
            close = clock.diff(self.contest_time[q], self.contest_time[first]) <= self.tie_window
            verdict = E.V_TIE if tied > 1 and close else E.V_LATE
            self._emit(E.SLAP, q, verdict, self.contest_pat, self.contest_react[q])
        if winner < 0:
            return
        self._emit(E.SLAP, winner, E.V_WIN, self.contest_pat, self.contest_react[winner])
        if self.out[winner]:
            joined = self.free[winner]  # a late arrival at a free seat: they join the game
            self.out[winner] = 0
            self.free[winner] = 0
            self.negatives[winner] = 0
            self._emit(E.SLAPPED_IN, winner, joined, 0, 0)
        self._award(winner, E.HOW_SLAP, self.contest_pat)

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
