"""War's calls: ``WarCalls``, the half of war_game's ``Game`` that takes a press on equal
cards as a call and judges it.

Calling a war (rule ``call_war``, ours): equal cards on show, the first to press after
they were on screen wins the war at once and takes the table (PILE_WON how=call), judged as
a slap is: at the press's hardware time, a held button never, a press before the cards
showed not at all. A call sooner than ``REACT_MIN_US`` after they showed was on its way
before they could be seen: a false start, and that player calls no more on this tie. A call
is judged at its judged time, the press's time less its seat's head start (a handicap,
``set_head_starts``; 0 for both by default), as a slap is in the slap family: the earliest
judged wins, and calls judged in the very same microsecond tie: nobody wins it, and the war
goes on as the document plays it. The call is judged 1 us after the last real time the
other player's call could still be judged earlier or the same (their head start after the
first call's judged time; at once if they have called or false-started), and never at or
before the call: with no head starts, 1 us after it. The next battle waits for the
verdict. The false start and each call's reaction time go by the real time. Calls are SLAP
events (win, tie, late, false with why=nothing or early). When turning is by press, a press
that is no call is a press to turn, so a false start costs nothing more than the call, and
when both players false-start the war's round turns as in the document. When turning is
automatic, a press is only ever a call: one on unequal cards (or a false start) pays the
caller's top card to the opponent (WAR_PAY), so pressing all the time loses; a tie nobody
calls before the next turn is fought out as the document says.
"""
from slapstack import clock, events as ev
from slapstack import duel_events as D

REACT_MIN_US = 100000  # a press sooner than this after the battle showed was made before it
# could be seen (athletics' false start rule: nobody reacts faster): no reaction time


class WarCalls:
    def set_head_starts(self, ms):
        """Each seat's head start in ms (a handicap: its calls are judged that much
        earlier). Table checks the values."""
        for p in range(2):
            self.head_us[p] = ms[p] * 1000

    def _call(self, p, t):
        """p's counted press at t as a call; True if it was taken as one (False: it is a
        press to turn, in press mode)."""
        r = -1 if self.unseen else clock.diff(t, self.shown)
        if r < 0:
            return not self.rules.press_mode  # before the cards showed: no call at all
        if self.caller >= 0:  # a call waits to be judged
            self._second_call(p, t, r)
            return True
        if self.tie_open:
            if self.barred[p]:
                return not self.rules.press_mode
            if r < REACT_MIN_US:
                self.barred[p] = 1
                self._false_call(p, t, D.WHY_EARLY, r)
                return not self.rules.press_mode
            self.caller = p
            self.call_judged = clock.add(t, -self.head_us[p])
            self.call_react[p] = r
            self.next_battle = self.due
            q = 1 - p  # judged once q can no longer call earlier or the same
            wait = 0 if self.barred[q] else self.head_us[q]
            close = clock.add(self.call_judged, wait + 1)
            self.due = close if clock.diff(close, t) > 0 else clock.add(t, 1)
            return True
        if self.rules.press_mode:
            return False  # no tie on show: a press to turn
        if self.tie_shown:
            self.sink(ev.SLAP, t, p, ev.V_LATE, ev.PAT_NONE, r)  # called already, or tied
        else:
            self._false_call(p, t, D.WHY_EARLY if r < REACT_MIN_US else ev.WHY_NOTHING, r)
        return True

    def _second_call(self, p, t, r):
        """p's press at t while the other's call waits: judged earlier, it takes the call
        (the other's is late); the same microsecond ties; later (or p's own again, or a
        barred p's) it is late. Both have called: the verdict is due at once."""
        c = self.caller
        j = clock.add(t, -self.head_us[p])
        d = clock.diff(j, self.call_judged)
        if p == c or self.barred[p] or d > 0:
            self.sink(ev.SLAP, t, p, ev.V_LATE, ev.PAT_NONE, r)
            return
        self.call_react[p] = r
        if d == 0:
            self.call_tied = True
        else:
            self.sink(ev.SLAP, t, c, ev.V_LATE, ev.PAT_NONE, self.call_react[c])
            self.caller = p
            self.call_judged = j
        self.due = clock.add(t, 1)

    def _false_call(self, p, t, why, r):
        """A false call: in auto mode its caller pays their top card to the opponent."""
        self.sink(ev.SLAP, t, p, ev.V_FALSE, why, r)
        h = self.hands[p]
        if self.rules.press_mode or not h:
            return
        c = h.pop_front()
        self.hands[1 - p].push_back(c)
        self.sink(D.WAR_PAY, t, p, c, len(h), 0)
        if not h and not self.pile_len():
            self._end(t, 1 - p)

    def _judge_call(self, t):
        """The call's microsecond is over: its caller takes the table, unless the other
        player called in the same one (then the tie is fought out as the document says)."""
        w = self.caller
        self.caller = -1
        self.tie_open = False
        self.due = self.next_battle
        if self.due is not None and clock.diff(self.due, t) < 0:
            self.due = t  # the next battle waited for the verdict (a head start ran past it)
        self.next_battle = None
        if self.call_tied:
            self.call_tied = False
            self.sink(ev.SLAP, t, 0, ev.V_TIE, ev.PAT_NONE, self.call_react[0])
            self.sink(ev.SLAP, t, 1, ev.V_TIE, ev.PAT_NONE, self.call_react[1])
            if self.rules.press_mode:  # both pressed: the war's round turns
                self.ready[0] = self.ready[1] = False
                self._turn(t)
                self.shown = t
            return
        self.sink(ev.SLAP, t, w, ev.V_WIN, ev.PAT_NONE, self.call_react[w])
        n = self.pile_len()
        self._gather(w)
        self.depth = 0
        self.down[0] = self.down[1] = 0
        self.piles_taken += 1
        if self.rules.press_mode:  # the next battle: both press again, timed from the call
            self.ready[0] = self.ready[1] = False
            self.shown = t
        self.sink(ev.PILE_WON, t, w, ev.HOW_CALL, n, ev.PAT_NONE)
        if not self.hands[1 - w]:
            self._end(t, w)
