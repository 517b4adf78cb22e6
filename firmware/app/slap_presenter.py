"""The slap games' events at the table (Egyptian Ratscrew, Egyptian War, Ruffle, Snap's
family, Beggar-my-neighbour): the pile, the verdict box with the combination's name and the
reaction time, challenges, burns, late arrivals slapping in, the status line, their sounds
and LEDs. The words are the game's own (``Session.words``: slap, snap, ruffle, claim). In a
game turned by press (Beggar-my-neighbour's rule turn "press"), a person's strip says PRESS
when it is their turn to turn a card (a challenge's dots instead while they pay one). Once
no person at the table has a part in the game any more, the rest plays on fast."""
from micropython import const

from slapstack import clock
from slapstack import events as E

from app.presenter import Presenter
from drawing import colours
from hid import sound

UNLOAD_WITH = "game"  # let go with the game (app/unload.py)

_HOLD_US = const(2000000)  # a seat coming (back) into the game stays on the status line this
# long, through the cards and over the lesser lines ("Blue too late", "Green takes 8"): ours,
# so that it is read, not flashed


class SlapPresenter(Presenter):
    def __init__(self, session):
        Presenter.__init__(self, session)
        self.missed = ""  # who missed the challenge whose pile is being taken ("Blue missed it")
        self.held = -1  # game time until which the status line keeps a seat's coming in, or -1
        self.held_line = ""  # that line, and its seat
        self.held_seat = None
        self.names = self.named(self._patterns_on())
        g = self.game
        self.press_turns = g.rules.press_turns
        # a player out of cards pays for a false slap (a verdict with no cost), unless the
        # rules let them slap back in for nothing
        self.out_pays = g.rules.slap_in_penalty != "none"

    def _patterns_on(self):
        return self.game.rules.patterns.on

    def named(self, pats):
        """{pattern: its display name} for ``pats`` ("SANDWICH!", Ruffle's "SPHINX SPLIT!").
        The game's switched-on combinations are named once, as it goes on the table (making a
        name is 0.8 ms on the chip, which was in the verdict's time): the names' module
        (display only) is loaded for this, before the deal lets it go (games.forget_setup)."""
        from slapstack.pattern_names import pattern_name
        game = self.table.game_name
        return {pat: pattern_name(game, pat).upper() + "!" for pat in pats}

    def event(self, kind, t, p, a, b, c):
        if kind == E.CARD:
            self.card(p, a, b)
            if self.held >= 0 and self.holds(t):  # (the card cleared the status line)
                self.say(self.held_seat, self.held_line)
            return
        s = self.s
        v = self.view
        self.changed()
        if kind == E.TURN:
            self.turn(p, a)
            if self.press_turns:
                self._cue(p, a)
        elif kind == E.SLAP:
            self.slap(t, p, a, b, c)
        elif kind == E.PILE_WON:
            v.count[p] = self.game.hand_size(p)
            self.sync_pile()
            took = v.said(p, "%s takes %d", "You take %d", b)
            self.tell(t, p, took)
            if a == E.HOW_CHALLENGE:  # why the pile moved, on the felt it left
                v.show_verdict((p, True, s.words[2], took, self.missed))
                self.sound.play(sound.CHALLENGE_WON, s.now)
                self.leds.flash(p, s.now)
        elif kind == E.BURN:
            v.count[p] = self.game.hand_size(p)
            self.sync_pile()
        elif kind == E.CHALLENGE_FAILED:  # nobody's turn until the challenger takes the pile
            v.set_turn(None, 0)
            theirs, yours = s.words[4]  # the game's own: Ruffle's "Blue: moves up"
            self.missed = v.said(p, theirs, yours)
            self.tell(t, p, self.missed)
            if self.press_turns:
                self._cue(-1, 0)
        elif kind == E.ELIMINATED:
            self.eliminated(p)
            self.people_out()
        elif kind == E.SLAPPED_IN:  # a = 1: a late arrival at a free seat, whose strip appears
            v.seat_in(p)
            self.leds.set_out(p, False)
            if a:
                self.hold(t, p, v.said(p, "%s joins in!", "You join in!"))
            else:
                self.hold(t, p, v.said(p, "%s's back in!", "You're back in!"))  # (the verdict
                # said how, in the game's words: "Yellow ruffles in!" was too wide for the line)
        elif kind == E.NEGATIVE:
            self.tell(t, p, v.said(p, "%s: %d of %d", "You: %d of %d", a, b))
            self.people_out()
        elif kind == E.LOCKOUT:
            self.tell(t, p, v.said(p, "%s sits out %d", "You sit out %d", a))
        elif kind == E.GAME_OVER:
            if self.press_turns:
                self._cue(-1, 0)
            self.game_over(p, c)

    def people_out(self):
        """Once no person at the table (a seat with no bot, a free one included) has a part
        in the game (``has_part``: out of cards where nobody slaps back in, as in Ruffle and
        Beggar-my-neighbour, or barred by minus cards), the bots play the rest at x4
        (``Session.play_fast``), which the status line says while nothing else is on it. A
        game played only: a replay has its own speed."""
        s = self.s
        if s.watched or s.speed > 1:
            return
        g = self.game
        v = self.view
        for p in range(self.table.seats):
            if not v.is_bot[p] and g.has_part(p):
                return
        s.play_fast()
        v.retitle("%s out: x%d" % ("You're" if v.person() >= 0 else "People", s.speed))

    def hold(self, t, p, line):
        """``line`` about seat ``p`` on the status line from game time ``t``, kept there
        for _HOLD_US (a later one of these replaces it)."""
        self.held = clock.add(t, _HOLD_US)
        self.held_line = line
        self.held_seat = p
        self.say(p, line)

    def holds(self, t):
        """Whether the status line still keeps its held line at game time ``t``."""
        if clock.diff(t, self.held) < 0:
            return True
        self.held = -1
        return False

    def tell(self, t, p, line):
        """``line`` about seat ``p`` on the status line at game time ``t``, unless it still
        keeps a held one."""
        if self.held < 0 or not self.holds(t):
            self.say(p, line)

    def _cue(self, p, chances):
        """Turning by press: PRESS on the strip of the person whose turn it is (``p``; -1:
        nobody's), unless a challenge's dots say how many cards they have to pay."""
        v = self.view
        for q in range(len(v.cue)):
            v.cue[q] = ""
        if p >= 0 and not v.is_bot[p] and not chances:
            v.cue[p] = "PRESS"
            v.cue_colour[p] = colours.GOLD

    def card(self, p, card, count):
        """Seat ``p`` played ``card``, the pile now ``count`` cards. It goes out at once,
        before its sound (which then starts as the card shows): the pile only ever grows by
        the card on top, so the view's pile moves down a place instead of being read again
        from the game (some 0.3 ms on the chip with a full fan)."""
        self.view.play_card(card, p, count)
        self.card_out(p, True)

    def slap(self, t, p, verdict, pat, react):
        """A slap judged: the verdict box (the combination and the reaction time, or why it
        was false and what it costs) goes out at once; a late slap is a line of status."""
        s = self.s
        v = self.view
        now = s.now
        ms = react // 1000 if react >= 0 else None
        if verdict == E.V_WIN:
            name = self.names.get(pat)
            if name is None:
                name = self.named((pat,))[pat]
            took = v.said(p, "%s takes %d", "You take %d", self.game.pile_len())
            v.show_verdict((p, True, name, ms, took))
            self.sound.play(sound.VALID_SLAP, now)
            self.leds.flash(p, now)
            self.draw_pile()
        elif verdict == E.V_FALSE:  # why it was false (the engine's ``pat``: WHY_*), and what it costs,
            # not a reaction time: it reacted to nothing
            g = self.game
            burns = min(g.burn_next, g.hand_size(p))  # (Egyptian War burns none)
            cost = v.said(p, "%s burns %d", "You burn %d", burns) if burns else \
                None if g.hand_size(p) == 0 and self.out_pays else "no penalty"
            press = s.words[0]  # the game's own word: NO SNAP, NO RUFFLE
            v.show_verdict((p, False, "TOO EARLY" if pat == E.WHY_UNSEEN else "NO " + press.upper(), cost,
                            ("nothing to " + press, "card not shown yet", "burns never count")[pat]))
            self.sound.play(sound.FALSE_SLAP, now)
            self.draw_pile()
        elif verdict == E.V_TIE:
            v.show_verdict((p, True, "TIE", ms, "nobody takes it"))
            self.draw_pile()
        elif verdict == E.V_LATE:
            self.tell(t, p, v.said(p, "%s too late", "You're too late"))
