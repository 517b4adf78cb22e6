"""Money's choices in players' words, for the choice panel: what the choice is about, and
each option in two short lines (the first drawn 21 px high, so about 12 characters; the
second 14 px, about 19). The engine's ``choice_label`` ("K: 5 from floor") is for replays
and logs; these say the same for someone who has not read document 002. Only a Money game
with a person loads this module; making the texts allocates, once per choice shown.
"""
from slapstack import duel_events as D

_LETTERS = D.MONEY_NAMES


def _change(kinds):
    return "+".join([_LETTERS[k] for k in kinds])


def title(name, decision):
    """The panel's heading: ``name`` is the chooser's colour name ("Red")."""
    if decision == D.DEC_GIVE:
        return name + ": give back"
    if decision == D.DEC_TURN:
        return name + ": buy first?"
    return name + ": buy cards"


def lines(choice, other):
    """Two lines for one choice; ``other`` is the opponent's colour name ("Blue")."""
    a = choice[0]
    if a == D.ACT_PLAY:
        return "Play card", "buy nothing now"
    if a == D.ACT_BUY:
        more = " +" + _change(choice[3]) if choice[3] else ""
        return "Pay " + _LETTERS[choice[1]], "%d from the pile%s" % (choice[2], more)
    if a == D.ACT_PAY:
        return "Pay %s to %s" % (_LETTERS[choice[1]], other), "for cards from theirs"
    if a == D.ACT_GIVE:
        more = " and " + _change(choice[3]) if choice[3] else ""
        return "Give %d" % choice[2], "cards%s for the %s" % (more, _LETTERS[choice[1]])
    src = "the pile" if choice[2] == D.SRC_FLOOR else other
    if a == D.ACT_JOIN:
        return "Change " + _change(choice[3]), "for %s from %s" % (_LETTERS[choice[1]], src)
    return "Change " + _LETTERS[choice[1]], "for %s from %s" % (_change(choice[3]), src)
