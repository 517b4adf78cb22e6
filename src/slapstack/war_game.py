"""War in play (rules document 001): ``Game``, the two-seat state machine that turns the
cards, settles battles and wars and ends the game. Setting a game up (its options, the
preset, the deal) is war.py's; what each option means, with its default and where the
default comes from, is the engine's README.md (War).

The winner of a war in which the other player ran out takes the table and the loser's last
cards, so a finished game always ends with one player holding every card (a draw leaves
the cards where they are).

Calling a war (rule ``call_war``, ours) is war_calls.py's half of ``Game``.

Events: CARD for each face-up card (b = cards on the table), WAR_DOWN for face-down cards,
WAR_TIE when the face-up cards tie, PILE_WON (how=battle) when a battle or war is won,
WAR_READY for each counted press (press mode), WAR_OUT, ELIMINATED and PILE_WON
(how=last_standing) when a player runs out in a war, SLAP, PILE_WON (how=call) and WAR_PAY
for calls, GAME_OVER at the end.
Presses: a press counts only after that button was released; in "auto" mode without calls
presses do nothing. Reaction times count from when the last battle was shown: its turn, or
on a live table (the device) its ``reveal`` (a press before that, or less than
``REACT_MIN_US`` after it, was made before the cards could be seen: it reports -1);
``reveal`` returns the delay to the screen, which the Table records, so a replay reports the
same times.
``pile_top(i)``: even i = player 0's table cards, odd i = player 1's, newest first (so
pile_top(0) and pile_top(1) are the two face-up cards).
"""
from slapstack import clock, events as ev
from slapstack import duel_events as D
from slapstack.cardqueue import CardQueue
from slapstack.duel import Duel
from slapstack.war_calls import REACT_MIN_US, WarCalls


class WarRules:
    """What War's options and tempo decide for play, derived once at the deal and never
    changed: a game and its copies (``clone``) share it."""

    def __init__(self, options, tempo_ms):
        self.tempo_us = tempo_ms * 1000
        self.press_mode = options.turn == "press"
        self.call_on = options.call_war
        self.ace_high = options.aces == "high"
        self.war_down = options.war_down
        self.last_card = options.short_war == "last_card"
        self.more_cards = options.both_out == "more_cards"
        self.gather = options.gather


class Game(WarCalls, Duel):
    """War in play: its ``rules`` (a ``WarRules``) and everything that changes as it is
    played, which ``clone`` copies."""
    NAME = "War"

    def __init__(self, rules, players, dealt, sink, tempo_ms):
        if players != 2:
            raise ValueError("War is for 2 players, got %r" % (players,))
        h = dealt["hands"]
        n = len(h[0]) + len(h[1])
        self.total = n
        self.hands = [CardQueue(n, h[0]), CardQueue(n, h[1])]
        self.table = [CardQueue(n), CardQueue(n)]
        self.sink = sink
        self.rules = WarRules(rules, tempo_ms)
        from slapstack import chance  # (set-up only)
        self.prng = chance.gather_stream(dealt["seed"])
        self.scratch = bytearray(n) if self.rules.gather == "shuffle" else None
        self.over = False
        self.winner = -1
        self.cards_played = 0
        self.piles_taken = 0
        self.depth = 0          # wars in the battle under way; > 0: the next turn is a war
        self.down = bytearray(2)  # cards each player put face down in the latest turn (a war's)
        self.due = None
        self.shown = 0          # when the last battle became visible (reaction times start here)
        self.live = False       # set by a live Table: a turned battle is unseen until reveal()
        self.unseen = False
        self.ready = [False, False]
        self.up = [True, True]  # released since the last counted press
        self.tie_shown = False  # the battle on show tied: a call on it is no false one
        self.tie_open = False   # ... and nobody has won or tied its call yet
        self.barred = bytearray(2)  # false-started on this tie: calls it no more
        self.caller = -1        # the earliest judged valid call on the tie, while it waits
        self.call_judged = 0    # its judged time (its real time less its head start)
        self.call_react = [0, 0]  # each call's reaction (real time)
        self.head_us = [0, 0]   # each seat's head start in its calls (set_head_starts)
        self.call_tied = False  # the other player called in the very same us
        self.next_battle = None  # auto mode: the next battle's time while a call is judged

    def clone(self, sink):
        """An independent copy that plays on identically, reporting to ``sink``."""
        from slapstack import gamestate  # (tests and tools: the device never copies a game)
        return gamestate.clone(self, sink)

    # --- the contract -----------------------------------------------------------------
    def start(self, t):
        self.shown = t
        self.sink(ev.GAME_START, t, -1, 2, self.total, 0)
        if not self.rules.press_mode:
            self.due = clock.add(t, self.rules.tempo_us)

    def tick(self, now):
        self._run(now, True)

    def press(self, p, t):
        if not self._counted_press(p, t) or self.over:
            return
        if self.rules.call_on and self._call(p, t):
            return
        if not self.rules.press_mode or self.ready[p]:
            return
        self.ready[p] = True
        r = -1 if self.unseen else clock.diff(t, self.shown)
        if r < REACT_MIN_US:
            r = -1  # on its way before the cards could be seen: no reaction to them
        both = self.ready[1 - p]
        self.sink(D.WAR_READY, t, p, r if r >= 0 else -1, 0 if both else 1, 0)
        if both:
            self.ready[0] = False
            self.ready[1] = False
            self._turn(t)
            self.shown = t

    def reveal(self, t):
        """The last battle finished drawing at t: reaction times count from t. Returns how
        many us later than its turn it became visible (0 if not later), so a Table records it."""
        self._run(t, False)
        self.unseen = False
        d = clock.diff(t, self.shown)
        if self.over or d <= 0:
            return 0
        self.shown = t
        return d

    def pending_choice(self):
        return None  # as Money's: War leaves players no choices

    def choose(self, p, index, t):
        raise ValueError("War has no choices to make")

    def pile_len(self):
        return len(self.table[0]) + len(self.table[1])

    def pile_top(self, i):
        q = self.table[i & 1]
        j = i >> 1
        return q.from_back(j) if j < len(q) else 0

    def pile_seat(self, i):
        """Whose card pile_top(i) is (-1: no card there): even places player 0's."""
        return i & 1 if (i >> 1) < len(self.table[i & 1]) else -1

    def pile_face_down(self, i):
        """Whether pile_top(i) lies face down: in a war, each player's cards under the new
        face-up one (the latest turn's; the face-up card under them is the tie's)."""
        j = i >> 1
        return 0 < j <= self.down[i & 1] and j < len(self.table[i & 1])

    def quiet(self):
        return not self.over and not self.depth and self.pile_len() == 0

    def state_size(self):
        return 1 + self.total + (4 if self.scratch is not None else 0)

    def state_into(self, out):
        """The state between battles (loops.py; quiet: every card is in a hand): the hands,
        split after player 0's, and the shuffling PRNG; ``state_size()`` bytes, written
        without allocating."""
        h = self.hands
        out[0] = len(h[0])
        h[1].copy_to(out, h[0].copy_to(out, 1))
        if self.scratch is not None:
            self.prng.state_into(out, 1 + self.total)

    # --- play -------------------------------------------------------------------------
    def _act(self, t):
        """A call to judge, or in auto mode the next battle (or war round)."""
        if self.caller >= 0:
            self._judge_call(t)
            return
        self.due = clock.add(t, self.rules.tempo_us)
        self.shown = t
        self._turn(t)

    def _value(self, c):
        r = c & 15
        return 14 if r == 1 and self.rules.ace_high else r

    def _put_up(self, p, t):
        self.hands[p].move_front_to_back_of(1, self.table[p])
        self.cards_played += 1
        self.sink(ev.CARD, t, p, self.table[p].from_back(0), self.pile_len(), 0)

    def _turn(self, t):
        """One battle, or one round of a war when the last face-up cards tied."""
        self.unseen = self.live
        if self.depth:
            need = self.rules.war_down + 1
            short0 = self._short(0, need)
            short1 = self._short(1, need)
            if short0 or short1:
                self._run_out(t, short0, short1, need)
                return
            for p in range(2):
                down = min(need, len(self.hands[p])) - 1
                self.down[p] = down
                if down:
                    self.hands[p].move_front_to_back_of(down, self.table[p])
                    self.cards_played += down
                    self.sink(D.WAR_DOWN, t, p, down, self.pile_len(), 0)
        else:
            self.down[0] = self.down[1] = 0
        self._put_up(0, t)
        self._put_up(1, t)
        c0 = self.table[0].from_back(0)
        c1 = self.table[1].from_back(0)
        v0 = self._value(c0)
        v1 = self._value(c1)
        self.tie_shown = v0 == v1
        self.tie_open = self.rules.call_on and self.tie_shown
        self.barred[0] = self.barred[1] = 0
        if v0 == v1:
            self.depth += 1
            self.sink(D.WAR_TIE, t, -1, c0, c1, self.depth)
            return
        w = 0 if v0 > v1 else 1
        n = self.pile_len()
        self._gather(w)
        self.depth = 0
        self.piles_taken += 1
        self.sink(ev.PILE_WON, t, w, ev.HOW_BATTLE, n, ev.PAT_NONE)
        if not self.hands[1 - w]:
            self._end(t, w)

    def _short(self, p, need):
        h = len(self.hands[p])
        return h == 0 if self.rules.last_card else h < need

    def _run_out(self, t, short0, short1, need):
        if short0:
            self.sink(D.WAR_OUT, t, 0, len(self.hands[0]), need, 0)
        if short1:
            self.sink(D.WAR_OUT, t, 1, len(self.hands[1]), need, 0)
        if short0 and short1:
            h0 = len(self.hands[0])
            h1 = len(self.hands[1])
            if not self.rules.more_cards or h0 == h1:
                self.over = True
                self.due = None
                self.sink(ev.GAME_OVER, t, -1, self.cards_played, self.piles_taken, ev.END_DRAW)
                return
            w = 0 if h0 > h1 else 1
        else:
            w = 1 if short0 else 0
        loser = 1 - w
        self.sink(ev.ELIMINATED, t, loser, 0, 0, 0)
        n = self.pile_len() + len(self.hands[loser])
        self._gather(w)
        self.hands[loser].move_all_to_back_of(self.hands[w])
        self.piles_taken += 1
        self.sink(ev.PILE_WON, t, w, ev.HOW_LAST_STANDING, n, ev.PAT_NONE)
        self._end(t, w)

    def _gather(self, w):
        hand = self.hands[w]
        if self.scratch is None:
            first = w if self.rules.gather == "winner_first" else 1 - w
            self.table[first].move_all_to_back_of(hand)
            self.table[1 - first].move_all_to_back_of(hand)
            return
        buf = self.scratch
        n = 0
        for p in range(2):
            q = self.table[p]
            while len(q):
                buf[n] = q.pop_front()
                n += 1
        i = n - 1
        while i > 0:
            j = self.prng.below(i + 1)
            buf[i], buf[j] = buf[j], buf[i]
            i -= 1
        for i in range(n):
            hand.push_back(buf[i])

    def _end(self, t, w):
        self.over = True
        self.winner = w
        self.due = None
        self.tie_open = False
        self.depth = 0
        self.sink(ev.GAME_OVER, t, w, self.cards_played, self.piles_taken, ev.END_WIN)
