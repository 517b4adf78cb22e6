"""Money's choices in players' words, for the choice panel: what the choice is about, and
each option in two short lines (the first drawn 21 px high, so about 12 characters, or 14 px
when longer; the second 14 px, about 19): what the chooser gives, with its money's value in
cards from the engine, and what they get, with the number of cards the engine would move.
The engine's ``choice_label`` ("K: 5 from floor") is for replays and logs; these say the
same for someone who has not read document 002. Only a Money game with a person loads this
module; making the texts allocates, once per choice shown.
"""
from slapstack import duel_events as D
from slapstack.money_choices import give_choices

_LETTERS = D.MONEY_NAMES


def _change(kinds):
    return "+".join([_LETTERS[k] for k in kinds])


def _worth(g, k):
    """A money card and what it buys: "J (10)"."""
    return "%s (%d)" % (_LETTERS[k], g.kind_value(k))


def title(name, decision):
    """The panel's heading: ``name`` is the chooser's colour name ("Red: buy cards"), or None
    for the one person playing a bot ("Buy cards": the panel is theirs)."""
    what = "give back" if decision == D.DEC_GIVE else "buy first?" if decision == D.DEC_TURN else "buy cards"
    if name is None:
        return what[0].upper() + what[1:]
    return name + ": " + what


def lines(g, p, choice, other):
    """Two lines for seat ``p``'s choice in game ``g``; ``other`` is the opponent's colour
    name ("Blue")."""
    a = choice[0]
    if a == D.ACT_PLAY:
        return "Play card", "buy nothing now"
    if a == D.ACT_BUY:
        end = "top" if g.top_from_floor else "bottom"
        get = "%s %d of %s" % (end, choice[2], "pile + " + _change(choice[3]) if choice[3] else "the pile")
        return "Pay " + _worth(g, choice[1]), get
    if a == D.ACT_PAY:  # the seller's default answer: the most numeral cards
        n = give_choices(g, 1 - p, choice[1])[0][2]
        return "Pay %s to %s" % (_worth(g, choice[1]), other), "get %d of their cards" % n
    if a == D.ACT_GIVE:
        more = " + " + _change(choice[3]) if choice[3] else ""
        return "Give %d cards%s" % (choice[2], more), "for %s's %s" % (other, _worth(g, choice[1]))
    src = "from pile" if choice[2] == D.SRC_FLOOR else "from " + other  # (pile: under it)
    if a == D.ACT_JOIN:
        return "Change " + _change(choice[3]), "for %s %s" % (_worth(g, choice[1]), src)
    return "Change " + _worth(g, choice[1]), "for %s %s" % (_change(choice[3]), src)
