"""War's and Money's events at the table (the presenter of duel.py's games: app/presenter.py):
their panels (painters/duel_panels.py, told what they show by their methods), a person's
Money choice (``Choosing``: their seat button shows the next option, OK takes it, a countdown
shows the time left, which their presses move), also in a replay. Only a War or Money game
loads this module.

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
from painters import duel_panels
from hid import sound
from painters.view import SEAT_NAMES

UNLOAD_WITH = "game"  # let go with the game (app/unload.py)

_DOWN_AFTER_US = const(20000)  # a war's face-down cards come and go this long after its cards


class DuelPresenter(Presenter):
    def __init__(self, session):
        Presenter.__init__(self, session)
        v = self.view
        g = self.game
        self.war = war = self.table.game_name == "war"
        self.takes = [v.said(p, "%s takes ", "You take ") for p in range(2)]
        self.down_at = None  # War: game time of the battle whose face-down cards are not shown yet
        if war:
            self.calls = [v.said(p, "%s calls: +", "You call: +") for p in range(2)]  # rare: said as they come
            self.press_mode = g.rules.press_mode  # (the rules': the same all game)
            self.call_on = g.rules.call_on
            self.cards = duel_panels.WarCards(self.renderer)
            self.tags = duel_panels.WarTags(v)
            v.show_panels(self.cards, (self.tags,))
            self._cue_all()
            self.choosing = None
        else:
            names = [v.said(p, "%s", "You") for p in range(2)]  # each bank's owner
            self.banks = duel_panels.MoneyBanks(v, g.rules.order, g.rules.values, names)
            v.show_panels(None, (self.banks, self.banks.pot))
            self._sync_banks()
            v.set_turn(g.turn, 0)
            self.choosing = Choosing(self, session.reader is not None)

    # --- events ----------------------------------------------------------------------------

    def event(self, kind, t, p, a, b, c):
        v = self.view
        g = self.game
        if kind == E.CARD:
            self.card(t, p, a, b)
            return
        self.changed()
        if kind == E.PILE_WON:
            v.count[p] = g.hand_size(p)
            if self.war:
                v.count[1 - p] = g.hand_size(1 - p)
                self.cards.gathered()
            else:
                self.sync_pile()
                self._sync_banks()
            if a == E.HOW_CALL:
                self.say(p, self.calls[p], b)
                self._cue_all()  # both press again for the next battle
            else:
                self.say(p, self.takes[p], b)
            if a == E.HOW_LAST_STANDING:
                self.leds.flash(p, self.s.now)
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
            self.cards.tie(c, g.pile_len())
            self.say(None, "Press first!" if self.call_on else "")
            return
        if kind == D.WAR_DOWN:
            v.count[p] = g.hand_size(p)
            self.cards.staked(b)
            return
        if kind == D.WAR_PAY:
            v.count[0] = g.hand_size(0)
            v.count[1] = g.hand_size(1)
            return
        if kind == D.WAR_OUT:
            self.say(p, v.said(p, "%s runs out", "You run out"))
            return
        if kind == D.MONEY_MISSED:
            self.say(p, v.said(p, "%s missed it", "You missed it"))
            return
        if kind == D.MONEY_BUY:
            v.count[p] = g.hand_size(p)
            v.count[1 - p] = g.hand_size(1 - p)
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
            self.choosing.opens(p, b, c)
            return
        if kind == E.MONEY_CHOSEN:
            self.choosing.closes()
            return
        if kind == E.GAME_OVER:
            if not self.war:
                self.choosing.closes()
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
            self.cards.turned(p, card)
            self.down_at = t  # its face-down cards (a war's; else none): in tick
            v.set_pile_count(count)
        else:
            v.set_turn(1 - p, 0)
            self.sync_pile()
        self.card_out(p, self.shows_now(p))

    def _sync_banks(self):
        g = self.game
        n = self.banks.counts
        for k in range(5):
            n[k] = g.bank_count(0, k)
            n[5 + k] = g.bank_count(1, k)
            n[10 + k] = g.under_count(k)
        self.banks.changed()

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
        for p in range(2):
            if v.is_bot[p] or not self.press_mode:
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
            self.tags.timed(p, react)
        if waiting:
            v.cue[p] = "READY"
            v.cue_colour[p] = colours.GREEN
            if self.cards.lift_box():
                self.say(None, "WAR! stake ", self.cards.stake)
        else:
            self._cue_all()

    def _call(self, p, verdict, why, react):
        """A War call (a SLAP event): a won one's time on a person's tag (its words come with
        the cards it takes: PILE_WON); the others in the status line."""
        v = self.view
        now = self.s.now
        if verdict == E.V_WIN:
            if not v.is_bot[p]:
                self.tags.timed(p, react)
            self.sound.play(sound.VALID_SLAP, now)
            self.leds.flash(p, now)
        elif verdict == E.V_FALSE:
            self.say(p, v.said(p, "%s: too early", "You: too early") if why == D.WHY_EARLY else
                     v.said(p, "%s: no war!", "You: no war!"))
            self.sound.play(sound.FALSE_SLAP, now)
        elif verdict == E.V_TIE:
            self.say(None, "Calls tie: war!")
        elif verdict == E.V_LATE:
            self.say(p, v.said(p, "%s too late", "You're too late"))

    # --- Money ---------------------------------------------------------------------------

    def _claim(self, p, verdict, pat, react):
        """A Money claim (a SLAP event): document 002's words, in the verdict box."""
        v = self.view
        now = self.s.now
        ms = react // 1000 if react >= 0 else None
        if verdict == E.V_WIN:
            what = "PENALTY" if pat == E.PAT_NONE else ("AL-KOUMI!" if pat == E.PAT_SEVEN_DIAMONDS
                                                        else "CAPTURE!")
            v.show_verdict((p, True, what, ms, v.said(p, "%s takes the pile", "You take the pile")))
            self.sound.play(sound.VALID_SLAP, now)
            self.leds.flash(p, now)
        elif verdict == E.V_FALSE:
            other = 1 - p
            v.show_verdict((p, False, "WRONG CLAIM", ms,
                            v.said(other, "%s may take it", "You may take it") if self.game.rules.penalty_press
                            else v.said(other, "%s gets the pile", "You get the pile")))
            self.sound.play(sound.FALSE_SLAP, now)

    def seat(self, p):
        """A person's seat button went down (the table has it too, and a replay's recorded
        press): with their choice open, it shows the next option."""
        if self.choosing is not None:
            self.choosing.next(p)

    def ok(self, t):
        """The console's OK during play: with a person's choice open, takes the option shown."""
        if self.choosing is not None:
            self.choosing.take(t)

    def tick(self, t):
        """In War, a battle's face-down cards (a war's, or none) come or go _DOWN_AFTER_US
        after its cards, in a pass of their own: with the cards, their strips made the
        engine's turn the slowest new card (22.9 ms on the chip). In Money, the choice's
        seconds and the first match's hint (``Choosing.tick``)."""
        if self.down_at is not None and clock.diff(t, self.down_at) >= _DOWN_AFTER_US:
            self.down_at = None
            if self.cards.lay_down(self.game.down):
                self.changed()
        if self.choosing is not None:
            self.choosing.tick(t)

    def due(self, t):
        """When ``tick`` next changes the table by itself: War's face-down cards, Money's
        choice's next second."""
        if self.down_at is not None:
            return clock.add(self.down_at, _DOWN_AFTER_US)
        if self.choosing is not None:
            return self.choosing.due(t)
        return None


class Choosing:
    """Money's choices as a person sees them: their seat button shows the next option, OK
    takes it, a panel over the pile (choice_words.ChoicePanel) counts the seconds down; a
    bot's live choice is said in the status line only. Also the first time in a game that
    a person's card matches the pile, the status line says so (their button takes it)."""

    def __init__(self, presenter, watched):
        """For ``presenter``'s Money game; ``watched``: a replay, where each seat's recorded
        presses show the next option, as the person saw it."""
        self.pr = presenter
        self.view = presenter.view
        self.table = presenter.table
        self.game = presenter.game
        self.chooser = -1        # a person's seat with a choice open, or -1
        self.index = 0           # the option shown to them
        self.panel = None        # the ChoicePanel while a person chooses
        self.hinted = watched    # the first chance to claim said (a replay says none)
        if watched or not all(self.view.is_bot[:2]):
            from painters import choice_words  # noqa: F401  (now, not in the pass a choice's panel opens)

    def opens(self, p, decision, ms):
        """A choice opens for seat ``p`` (its ``decision``, ``ms`` to take it): a person's,
        live or in a replay, in a panel over the pile's lower part; a bot's live choice in
        the status line only."""
        v = self.view
        pr = self.pr
        live = pr.s.reader is None
        if v.is_bot[p] and live:
            pr.say(p, v.said(p, "%s chooses", "You choose"))
            return
        from painters import choice_words
        self.chooser = p
        self.index = 0
        self.panel = panel = choice_words.ChoicePanel()
        panel.ask(v.colour[p], choice_words.title(None if p == v.person() else SEAT_NAMES[p], decision),
                  v.said(p, "%s button: next", "Your button: next"), (ms + 999) // 1000 or 1)
        v.set_overlay(panel)
        if live:
            pr.say(p, "OK: take it")
        else:  # (OK skips a replay to its end)
            pr.say(p, v.said(p, "%s chooses", "You choose"))
        self.show()

    def show(self):
        """The option ``index`` on the panel."""
        from painters import choice_words
        pending = self.game.pending_choice()
        if pending is None:
            return
        choices = pending[1]
        i = self.index % len(choices)
        line1, line2 = choice_words.lines(self.game, self.chooser, choices[i], SEAT_NAMES[1 - self.chooser])
        self.panel.offer(line1, line2, "%d/%d" % (i + 1, len(choices)))
        self.pr.changed()

    def closes(self):
        self.chooser = -1
        if self.panel is not None:
            self.panel = None
            self.view.set_overlay(None)
            self.view.clear_banner()

    def next(self, p):
        """Seat ``p``'s button went down: with their choice open, the next option."""
        if p == self.chooser and self.panel is not None:
            self.index += 1
            self.show()

    def take(self, t):
        """OK at game time ``t``: the option shown, if the choice is still theirs."""
        if self.chooser < 0:
            return
        pending = self.game.pending_choice()
        if pending is not None and pending[0] == self.chooser:
            self.table.choose(self.chooser, self.index % len(pending[1]), t)

    def tick(self, t):
        """Counts the choice's seconds down (game time ``t``). The first time in a game a
        person's card matches the pile, says so in their colour: their button takes it."""
        pr = self.pr
        if not self.hinted:
            p = self.game.claim_p
            if p >= 0 and not self.view.is_bot[p]:
                self.hinted = True
                pr.say(p, "Match! Press!")
                pr.changed()
        panel = self.panel
        if panel is None:
            return
        due = self.game.choice_due()  # (the chooser's presses move it)
        left = clock.diff(due, t) if due is not None else 0
        if panel.count_down((left + 999999) // 1000000 if left > 0 else 0):
            pr.changed()

    def due(self, t):
        """When the countdown next shows one second less (game time ``t`` now), or None."""
        if self.panel is None:
            return None
        due = self.game.choice_due()
        if due is None:
            return None
        left = clock.diff(due, t)
        if left <= 0:
            return None
        return clock.add(due, -((left - 1) // 1000000) * 1000000)
