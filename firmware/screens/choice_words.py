"""Money's choices in players' words, for the choice panel: what the choice is about, and
each option in two lines of at most the panel's width (about 20 characters): what the chooser
pays and to whom ("Pay Q to Blue"), and what they get and from whom, with the number of
cards the engine would move ("get 15 of Blue's cards", "get Blue's J+K", "get its bottom 5":
the pile's). The engine's ``choice_label`` ("Q -> J+K opp") is for
replays and logs; these say the same for someone who has not read document 002. Only a Money
game with a person loads this module; making the texts allocates, once per choice shown.
"""
from drawing.text import text_width
from slapstack import duel_events as D
from slapstack.money_choices import give_choices
from screens.pile import MID_W

_LETTERS = D.MONEY_NAMES
LINE_W = MID_W - 16  # a line's room in the panel (duel_screen.ChoicePanel, inside its frame)


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
    """Two lines for seat ``p``'s choice in game ``g``, ``other`` the opponent's colour name
    ("Blue"): the first what the chooser pays and to whom ("Pay Q to Blue", "Pay K to the
    pile"), the second what they get and from whom ("get Blue's J+K", "get 15 of Blue's
    cards", "get its bottom 5 + J": the pile's, or from under it); or Play card, buy nothing.
    (An exchange is of equal value: the bank's edge shows what each card is worth.)"""
    a = choice[0]
    if a == D.ACT_PLAY:
        return "Play your card", "buy nothing now"
    if a == D.ACT_BUY:
        end = "top" if g.rules.top_from_floor else "bottom"
        more = " + " + _change(choice[3]) if choice[3] else ""
        return "Pay %s to the pile" % _LETTERS[choice[1]], _fit("get its %s", "get %s", "%s",
                                                              "%s %d%s" % (end, choice[2], more))
    if a == D.ACT_PAY:  # the seller's default answer: the most numeral cards
        n = give_choices(g, 1 - p, choice[1])[0][2]
        return "Pay %s to %s" % (_LETTERS[choice[1]], other), "get %d of %s's cards" % (n, other)
    if a == D.ACT_GIVE:
        more = " + " + _change(choice[3]) if choice[3] else ""
        return "Give %d cards%s" % (choice[2], more), "get %s's %s" % (other, _worth(g, choice[1]))
    if a == D.ACT_JOIN:
        pay, get = _change(choice[3]), _LETTERS[choice[1]]
    else:
        pay, get = _LETTERS[choice[1]], _change(choice[3])
    if choice[2] == D.SRC_FLOOR:  # (the money under the pile)
        return _fit("Pay %s under the pile", "Pay %s under pile", "Pay %s", pay), \
            _fit("get %s from under it", "get %s from under", "get %s", get)
    return "Pay %s to %s" % (pay, other), "get %s's %s" % (other, get)


def _fit(long, short, shortest, what):
    """The first of the three forms with ``what`` in it that fits the panel's line (a long
    list of money cards needs the shorter ones), or the last."""
    for form in (long, short):
        text = form % what
        if text_width(text, 2) <= LINE_W:
            return text
    return shortest % what
