"""How the slap family judges a slap: ``SlapContest``, the half of ``slapgame.Game`` that
takes a press as a slap, opens and closes the slap contest and hands out its penalties.
It reads the game's rules (``self.rules``, a ``slapgame.SlapRules``) and state, and calls
back into the game to emit events and award the pile.

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
"""

from slapstack import clock
from slapstack import events as E


class SlapContest:
    def set_head_starts(self, ms):
        """Each seat's head start in ms (a handicap: its slaps are judged that much earlier
        in the contest). Table checks the values."""
        for p in range(self.n):
            self.head_us[p] = ms[p] * 1000
            if ms[p]:
                self.head_set = True

    def _judge(self, p, t):
        if not self.rules.slaps:
            return
        if self._ignored(p):
            self._emit(E.SLAP, p, E.V_IGNORED, 0, -1)
            return
        seen = 1 if (self.pile.count and (self.top_pending or clock.diff(t, self.vis_top) < 0)) else 0
        avail = self.pile.count - self.burned - seen
        pat = self.rules.patterns.find(self.pile, avail, seen)
        react = clock.diff(t, self.vis_prev if seen else self.vis_top) if self.pile.count else -1
        if pat == E.PAT_NONE:
            why = E.WHY_NOTHING  # (looked for only now: false slaps are rare)
            if seen and self.rules.patterns.find(self.pile, avail + 1):
                why = E.WHY_UNSEEN
            elif self.burned and self.rules.patterns.find(self.pile, self.pile.count - seen, seen):
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
        close = clock.add(self.contest_time[first], self.rules.tie_window + wait + 1)
        if clock.diff(close, t) <= 0:
            close = clock.add(t, 1)
        if self.resolve_due < 0 or clock.diff(close, self.resolve_due) < 0:
            self.resolve_due = close  # (a slap reported late but earlier closes it earlier)

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
            if self.contest_on[q] and clock.diff(self.contest_time[q], self.contest_time[first]) <= self.rules.tie_window:
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
            close = clock.diff(self.contest_time[q], self.contest_time[first]) <= self.rules.tie_window
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

