"""War's and Money's events at the table (the presenter of duel.py's games: app/presenter.py):
their panels (screens/duel_screen.py), a person's Money choice (their seat button shows the
next option, OK takes it, a countdown shows the time left, which their presses move), also
in a replay. Only a War or Money game loads this module.

War's calls (rule call_war): a tie says "Press first!"; a won call lifts the WAR! box and
says who called it and what they took ("Blue calls: +2"), a person's time on their tag; a
false call, a false start, a late call and calls tied say so in the status line (when the
cards turn by themselves a false call's card goes over: the strips' counts show it).

Words: the status line is about one seat, in a pill of its colour, with the colour's name
only ("Blue takes 12": the strips say who is a bot), or to the one person playing a bot, whose
strip says YOU, "You" ("You take 12", "Your button: next", the bank "You"), short enough for
14 px text. Money's are document 002's: a capture (not "DOUBLE!"), a wrong claim whose
penalty is the pile to the opponent (nothing burns), a missed capture. The texts that come
per card or per battle are made once, here, and a number goes beside them
(``TableView.banner_num``), so nothing allocates per card.
"""
from micropython import const

from slapstack import clock
from slapstack import events as E
from slapstack import duel_events as D

from app.presenter import Presenter
from drawing import colours
from screens import duel_screen
from hid import sound
from screens.view import SEAT_NAMES

_DOWN_AFTER_US = const(20000)  # a war's face-down cards come and go this long after its cards


class DuelPresenter(Presenter):
    def __init__(self, session):
        Presenter.__init__(self, session)
        s = session
        v = self.view
        self.war = war = s.table.game_name == "war"
        self.takes = [v.said(p, "%s takes ", "You take ") for p in range(2)]
        if war:  # War's calls: rare, so said as they come
            self.calls = [v.said(p, "%s calls: +", "You call: +") for p in range(2)]
        self.chooser = -1        # a person's seat with a choice open, or -1
        self.index = 0           # the option shown to them
        self.choice = None       # the ChoicePanel while a person chooses
        self.hint = -2 if war or s.reader is not None else -1  # -1: a person's first chance
        # to claim in Money not yet said
        self.down_at = None  # War: game time of the battle whose face-down cards are not shown yet
        v.banner_seat = None
        v.banner_num = -1
        if war:
            self.cards = duel_screen.WarCards(s.r)
            self.tags = duel_screen.WarTags(v)
            v.cover = self.cards
            v.panels = (self.tags,)
            self._cue_all()
        else:
            if s.reader is not None or not all(v.is_bot[:2]):
                from screens import choice_words  # noqa: F401  (now, not in the pass a choice's panel opens)
            g = s.table.game
            names = [v.said(p, "%s", "You") for p in range(2)]  # each bank's owner
            self.banks = duel_screen.MoneyBanks(v, g.rules.order, g.rules.values, names)
            v.panels = (self.banks, self.banks.pot)
            self._sync_banks()
            v.turn = g.turn

    # --- events ----------------------------------------------------------------------------

    def event(self, kind, t, p, a, b, c):
        v = self.view
        if kind == E.CARD:
            self.card(t, p, a, b)
            return
        self.s.dirty = True
        if kind == E.PILE_WON:
            v.count[p] = self.s.table.game.hand_size(p)
            if self.war:
                v.count[1 - p] = self.s.table.game.hand_size(1 - p)
                self.cards.war = 0
                self.cards.version += 1
            else:
                self.sync_pile()
                self._sync_banks()
            if a == E.HOW_CALL:
                self.say(p, self.calls[p], b)
                self._cue_all()  # both press again for the next battle
            else:
                self.say(p, self.takes[p], b)
            if a == E.HOW_LAST_STANDING:
                self.s.b.leds.flash(p, self.s.now)
            return
        if kind == E.SLAP:
            if self.war:
                self._call(p, a, b, c)
            else:
                self._claim(p, a, b, c)
            return
        if kind == D.WAR_READY:
            self._ready(p, a, b)
            return
        if kind == D.WAR_TIE:
            self.cards.war = c
            self.cards.stake = self.s.table.game.pile_len()
            self.cards.version += 1
            self.say(None, "Press first!" if self.s.table.game.rules.call_on else "")
            return
        if kind == D.WAR_DOWN:
            v.count[p] = self.s.table.game.hand_size(p)
            self.cards.stake = b
            self.cards.version += 1
            return
        if kind == D.WAR_PAY:
            v.count[0] = self.s.table.game.hand_size(0)
            v.count[1] = self.s.table.game.hand_size(1)
            return
        if kind == D.WAR_OUT:
            self.say(p, v.said(p, "%s runs out", "You run out"))
            return
        if kind == D.MONEY_MISSED:
            self.say(p, v.said(p, "%s missed it", "You missed it"))
            return
        if kind == D.MONEY_BUY:
            v.count[p] = self.s.table.game.hand_size(p)
            v.count[1 - p] = self.s.table.game.hand_size(1 - p)
            self.sync_pile()
            self.say(p, v.said(p, "%s: %s for ", "You pay %s for ", D.MONEY_NAMES[a]), c)
            self._sync_banks()
            return
        if kind == D.MONEY_BROKE:
            self.say(p, v.said(p, "%s is broke", "You are broke"))
            self._sync_banks()
            return
        if kind == D.MONEY_EXCHANGE or kind == D.MONEY_GET or kind == D.MONEY_JOIN \
                or kind == D.MONEY_CAPTURED:
            self._sync_banks()
            return
        if kind == E.MONEY_CHOICE:
            self._choice_opens(t, p, b, c)
            return
        if kind == E.MONEY_CHOSEN:
            self._choice_closes()
            return
        if kind == E.GAME_OVER:
            self._choice_closes()
            v.cue[0] = v.cue[1] = ""
            if not self.war:
                self._sync_banks()
            self.game_over(p, c)
        elif kind == E.ELIMINATED:
            self.eliminated(p)
        elif kind == E.TURN:
            self.turn(p, a)

    def card(self, t, p, card, count):
        """Seat ``p`` turned ``card``, the pile now ``count`` cards. War shows its battle on
        its own panel (only the count is the pile's), which goes out with the second card
        (``shows_now``); Money's pile is read again (a purchase turns several cards), and
        drawn after the turn."""
        v = self.view
        self.say(None, "")
        if self.war:
            cards = self.cards
            cards.up[p] = card
            cards.war = 0
            cards.version += 1
            self.down_at = t  # its face-down cards (a war's; else none): in tick
            v.pile_count = count
        else:
            v.turn = 1 - p
            self.sync_pile()
        self.card_out(p, self.shows_now(p))

    def _sync_banks(self):
        if self.war:
            return
        g = self.s.table.game
        n = self.banks.counts
        for k in range(5):
            n[k] = g.bank_count(0, k)
            n[5 + k] = g.bank_count(1, k)
            n[10 + k] = g.under_count(k)
        self.banks.version += 1

    def shows_now(self, p):
        """Whether seat ``p``'s card, just turned, is the last of what goes on screen at once,
        in the engine's turn (``Presenter.draw_pile``): War's battle with seat 1's card, the
        second of the two (a war's cards face down came before them), before the engine
        compares and gathers them. Money's cards go out after the turn: a purchase turns
        several."""
        return self.war and p == 1

    # --- War -----------------------------------------------------------------------------

    def _cue_all(self):
        """PRESS on each person's strip while the game waits for their press; none when the
        cards turn by themselves (rule turn "auto": a press only calls a war, if that)."""
        v = self.view
        press = self.s.table.game.rules.press_mode
        for p in range(2):
            if v.is_bot[p] or not press:
                v.cue[p] = ""
            else:
                v.cue[p] = "PRESS"
                v.cue_colour[p] = colours.GOLD

    def _ready(self, p, react, waiting):
        """p pressed to turn, ``react`` us after the last battle was shown (-1: before). A
        person's time shows on their tag (a bot's is no news to anyone); the cue says who is
        still awaited. The first press of a war's round lifts the WAR! box, its stake going
        to the banner: the box goes in this quiet pass, not with the round's two cards, in
        the engine's turn (on the chip it added 3.7-4.4 ms to them, the worst new cards)."""
        v = self.view
        if not v.is_bot[p]:
            ms = react // 1000 if react >= 0 else -1
            self.tags.ms[p] = ms if ms < 10000 else 9999
            self.tags.version += 1
        if waiting:
            v.cue[p] = "READY"
            v.cue_colour[p] = colours.GREEN
            cards = self.cards
            if cards.war:
                cards.war = 0
                cards.version += 1
                self.say(None, "WAR! stake ", cards.stake)
        else:
            self._cue_all()

    def _call(self, p, verdict, why, react):
        """A War call (a SLAP event): a won one's time on a person's tag (its words come with
        the cards it takes: PILE_WON); the others in the status line."""
        v = self.view
        s = self.s
        if verdict == E.V_WIN:
            if not v.is_bot[p]:
                ms = react // 1000
                self.tags.ms[p] = ms if ms < 10000 else 9999
                self.tags.version += 1
            s.b.sound.play(sound.VALID_SLAP, s.now)
            s.b.leds.flash(p, s.now)
        elif verdict == E.V_FALSE:
            self.say(p, v.said(p, "%s: too early", "You: too early") if why == D.WHY_EARLY else
                     v.said(p, "%s: no war!", "You: no war!"))
            s.b.sound.play(sound.FALSE_SLAP, s.now)
        elif verdict == E.V_TIE:
            self.say(None, "Calls tie: war!")
        elif verdict == E.V_LATE:
            self.say(p, v.said(p, "%s too late", "You're too late"))

    # --- Money ---------------------------------------------------------------------------

    def _claim(self, p, verdict, pat, react):
        """A Money claim (a SLAP event): document 002's words, in the verdict box."""
        s = self.s
        v = self.view
        ms = react // 1000 if react >= 0 else None
        if verdict == E.V_WIN:
            what = "PENALTY" if pat == E.PAT_NONE else ("AL-KOUMI!" if pat == E.PAT_SEVEN_DIAMONDS
                                                        else "CAPTURE!")
            v.verdict = (p, True, what, ms, v.said(p, "%s takes the pile", "You take the pile"))
            s.b.sound.play(sound.VALID_SLAP, s.now)
            s.b.leds.flash(p, s.now)
        elif verdict == E.V_FALSE:
            other = 1 - p
            v.verdict = (p, False, "WRONG CLAIM", ms,
                         v.said(other, "%s may take it", "You may take it") if s.table.game.rules.penalty_press
                         else v.said(other, "%s gets the pile", "You get the pile"))
            s.b.sound.play(sound.FALSE_SLAP, s.now)

    def _choice_opens(self, t, p, decision, ms):
        """A choice opens: a person's, live or in a replay (where each seat's recorded
        presses show the next option, as the person saw it), in a panel over the pile's
        lower part; a bot's live choice in the status line only."""
        s = self.s
        v = self.view
        if v.is_bot[p] and s.reader is None:
            self.say(p, v.said(p, "%s chooses", "You choose"))
            return
        from screens import choice_words
        self.chooser = p
        self.index = 0
        ch = self.choice = duel_screen.ChoicePanel()
        ch.colour = v.colour[p]
        ch.title = choice_words.title(None if p == v.person() else SEAT_NAMES[p], decision)
        ch.button = v.said(p, "%s button: next", "Your button: next")
        ch.total = ch.left = (ms + 999) // 1000 or 1
        v.overlay = ch
        if s.reader is None:
            self.say(p, "OK: take it")
        else:  # (OK skips a replay to its end)
            self.say(p, v.said(p, "%s chooses", "You choose"))
        self._show()

    def _show(self):
        from screens import choice_words
        pending = self.s.table.game.pending_choice()
        if pending is None:
            return
        choices = pending[1]
        i = self.index % len(choices)
        ch = self.choice
        ch.line1, ch.line2 = choice_words.lines(self.s.table.game, self.chooser, choices[i],
                                                SEAT_NAMES[1 - self.chooser])
        ch.which = "%d/%d" % (i + 1, len(choices))
        ch.version += 1
        self.s.dirty = True

    def _choice_closes(self):
        v = self.view
        self.chooser = -1
        if self.choice is not None:
            self.choice = None
            v.overlay = None
            v.banner = ""

    def seat(self, p):
        """A person's seat button went down (the table has it too, and a replay's recorded
        press): with their choice open, it shows the next option."""
        if p == self.chooser and self.choice is not None:
            self.index += 1
            self._show()

    def ok(self, t):
        """The console's OK during play: with a person's choice open, takes the option shown."""
        if self.chooser < 0:
            return
        pending = self.s.table.game.pending_choice()
        if pending is not None and pending[0] == self.chooser:
            self.s.table.choose(self.chooser, self.index % len(pending[1]), t)

    def tick(self, t):
        """Counts the choice's seconds down (game time ``t``). The first time in a game a
        person's card matches the pile, says so in their colour: their button takes it.
        In War, a battle's face-down cards (a war's, or none) come or go _DOWN_AFTER_US after
        its cards, in a pass of their own: with the cards, their strips made the engine's
        turn the slowest new card (22.9 ms on the chip)."""
        if self.down_at is not None and clock.diff(t, self.down_at) >= _DOWN_AFTER_US:
            self.down_at = None
            cards = self.cards
            down = self.s.table.game.down
            if cards.down[0] != down[0] or cards.down[1] != down[1]:
                cards.down[0] = down[0]
                cards.down[1] = down[1]
                cards.version += 1
                self.s.dirty = True
        if self.hint == -1:
            p = self.s.table.game.claim_p
            if p >= 0 and not self.view.is_bot[p]:
                self.hint = -2
                self.say(p, "Match! Press!")
                self.s.dirty = True
        ch = self.choice
        if ch is None:
            return
        due = self.s.table.game.choice_due()  # (the chooser's presses move it)
        left = clock.diff(due, t) if due is not None else 0
        s = (left + 999999) // 1000000 if left > 0 else 0
        if s != ch.left:
            ch.left = s
            ch.version += 1
            self.s.dirty = True
