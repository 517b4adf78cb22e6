"""A bot for a War seat: it presses its button to turn the next battle, and to call a
war (rule ``call_war``), like a person.

In War's "press" mode (the default) the cards turn once both players have pressed; on
equal cards the same press calls the war, so the faster caller takes it. It sees what a
player sees: the deal (GAME_START), each battle or war round as it is shown (the table's
CARD events; seat 1's card is the last one of every turn) and a won call (whoever's: then
it presses again for the next battle, a reaction time after the call). When the cards turn by themselves it presses only to call a
war, on each tie as it is shown (WAR_TIE), and drops that plan with the next battle. For
each it draws a reaction time from the same bell-shaped (Irwin-Hall) model as the slap
bots, at the pace of a person pressing to turn (turn_bot.py, whose table of levels it
plays by). On a live table the reaction counts from the battle's reveal (``shift``). In
"auto" mode without calls presses do nothing and the bot never presses. Deciding allocates
nothing (the PRNG stays in small ints).
"""

from slapstack import events as E
from slapstack import duel_events as D
from slapstack.turn_bot import TurnBot


class WarBot(TurnBot):
    def __init__(self, seat, level, seed, game, people=0):
        TurnBot.__init__(self, seat, level, seed, game, people)
        self.turns = game.rules.press_mode  # "auto": its presses turn nothing
        self.calls = game.rules.call_on

    def event(self, kind, t, p, a, b, c):
        """Every event of the game, as the table's sink gets it."""
        if kind == D.WAR_READY:
            self.learn(p, a // 1000 if a >= 0 else -1)  # a press to turn, from the battle shown
        elif kind == E.CARD:
            if not self.turns:
                self.press_at = -1  # a new battle: the tie it meant to call is gone
            elif p == 1:        # the last card of a battle or war round: it is shown
                self._plan(t)
        elif kind == D.WAR_TIE:
            if self.calls and not self.turns:
                self._plan(t)
        elif kind == E.PILE_WON:
            if a == E.HOW_CALL and self.turns:
                self._plan(t)   # a war called: both press again for the next battle, once seen
        elif kind == E.GAME_START:
            if self.turns:
                self._plan(t)
        elif kind == E.GAME_OVER:
            self.press_at = -1
