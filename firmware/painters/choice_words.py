"""Money's choice as a person sees it: a panel over the pile (``ChoicePanel``), and the
choices in players' words for it: what the choice is about, and
each option in two lines of at most the panel's width (about 20 characters): what the chooser
pays and to whom ("Pay Q to Blue"), and what they get and from whom, with the number of
cards the engine would move ("get 15 of Blue's cards", "get Blue's J+K", "get its bottom 5":
the pile's). The engine's ``choice_label`` ("Q -> J+K opp") is for
replays and logs; these say the same for someone who has not read document 002. Only a Money
game with a person loads this module; making the texts allocates, once per choice shown,
never as the panel paints.
"""
from micropython import const

from drawing import colours
from drawing.text import keep, number_width, text_width
from slapstack import duel_events as D
from slapstack.money_choices import give_choices
from painters.duel_panels import Panel
from painters.pile import MID_W, MID_X, PILE_H, PILE_Y

UNLOAD_WITH = "game"  # let go with the game (app/unload.py)

_LETTERS = D.MONEY_NAMES
LINE_W = MID_W - 16  # a line's room in the panel (ChoicePanel, inside its frame)
_CHOICE_Y = const(104)  # the panel: below the pile cards' index and seat chip (to y 103)
_CHOICE_H = PILE_Y + PILE_H - _CHOICE_Y  # to the pile's bottom
_BAR_Y = const(_CHOICE_Y + 73)  # its time bar
_TEXT_H = const(16)  # a line of text at scale 2: the font's 8 rows twice
_SECONDS_X = MID_X + MID_W - 12 - text_width(" s", 2)  # the " s" after its seconds


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


class ChoicePanel(Panel):
    """A person's Money choice, over the lower part of the pile (``TableView.overlay``): the
    cards' corners above it still show each rank and, by its chip, whose card it is. In it
    what the choice is about and the seconds left before the default is taken; the option
    in two lines; the chooser's button, which shows the next option, and which option of
    how many this is; a bar that shrinks with the time left. (OK takes it: the status line
    says so.)"""

    def __init__(self):
        Panel.__init__(self, MID_X, _CHOICE_Y, MID_W, _CHOICE_H)
        self.colour = colours.WHITE
        self.title = ""
        self.line1 = ""
        self.line2 = ""
        self.which = ""
        self.button = ""
        self.left = 0     # seconds left
        self.total = 1
        self.shown_which = None  # the option (its "i/n" made anew for each) and
        self.shown_left = -1     # the seconds as laid out
        self.drawn_which = None  # and as last put on screen
        self.drawn_left = -1
        # where the texts go (lay_out)
        self.x1 = self.x2 = self.x_which = self.x_secs = self.bar_w = 0
        self.ink = colours.WHITE

    def ask(self, colour, title, button, seconds):
        """A choice opens: the chooser's ``colour``, what it is about, their button's words,
        ``seconds`` to take it."""
        self.colour = colour
        self.title = title
        self.button = button
        self.total = self.left = seconds

    def offer(self, line1, line2, which):
        """The option shown, in two lines, and which of how many it is ("2/5")."""
        self.line1 = line1
        self.line2 = line2
        self.which = which
        self.changed()

    def count_down(self, seconds):
        """``seconds`` left; returns whether that changed."""
        if seconds == self.left:
            return False
        self.left = seconds
        self.changed()
        return True

    def repaint(self, r, whole):
        """Only what changed, inside its frame: the option's lines when the seat button shows
        the next, the seconds and the bar as they count down (the renderer paints it whole,
        with the pile's cards around its corners, when it comes)."""
        g = r.g
        if self.which is not self.drawn_which:
            g.paint(MID_X + 8, _CHOICE_Y + 23, MID_W - 16, 48, colours.FELT, self.painter)
        if self.left != self.drawn_left:
            g.paint(MID_X + MID_W // 2, _CHOICE_Y + 7, MID_W // 2 - 8, 15, colours.FELT, self.painter)
            g.paint(MID_X + 12, _BAR_Y, MID_W - 24, 3, colours.FELT, self.painter)
        self.drawn_which = self.which
        self.drawn_left = self.left

    def on_screen(self):
        """The renderer painted it whole (it came, or the table was drawn afresh)."""
        self.drawn_which = self.which
        self.drawn_left = self.left

    def lay_out(self):
        """Where the texts go, worked out once before a repaint, not in each of its bands
        (measuring texts in each band took several ms on the chip); the texts encoded now,
        as the pile's painters draw it with the heap locked."""
        w = MID_W
        if self.which is not self.shown_which:
            self.shown_which = self.which
            keep(self.line1, self.line2, self.which)
            keep(self.title, self.button)
            self.x1 = MID_X + (w - text_width(self.line1, 2)) // 2
            self.x2 = MID_X + (w - text_width(self.line2, 2)) // 2
            self.x_which = MID_X + w - 12 - text_width(self.which, 2)
        if self.left != self.shown_left:
            self.shown_left = self.left
            self.x_secs = _SECONDS_X - number_width(self.left, 2)
            self.ink = colours.GOLD if self.left <= 3 else colours.WHITE
            self.bar_w = (w - 24) * self.left // self.total

    def paint(self, g):
        """One band: the frame, and of the texts only those that meet it (plain comparisons:
        a call costs some 10 us on the chip)."""
        top = g.top
        bottom = g.bottom
        x = MID_X
        y = _CHOICE_Y
        w = MID_W
        c = self.colour
        g.round_rect(x + 2, y + 1, w - 4, _CHOICE_H - 2, 7, c)
        g.round_rect(x + 5, y + 4, w - 10, _CHOICE_H - 8, 5, colours.FELT_DARK)
        if top < y + 7 + _TEXT_H and bottom > y + 7:
            tc = self.ink
            g.text(self.title, x + 12, y + 7, 2, c)
            g.number(self.left, self.x_secs, y + 7, 2, tc)
            g.text(" s", _SECONDS_X, y + 7, 2, tc)
        if top < y + 24 + _TEXT_H and bottom > y + 24:
            g.text(self.line1, self.x1, y + 24, 2, colours.WHITE)
        if top < y + 40 + _TEXT_H and bottom > y + 40:
            g.text(self.line2, self.x2, y + 40, 2, colours.WHITE)
        if top < y + 56 + _TEXT_H and bottom > y + 56:
            g.text(self.button, x + 12, y + 56, 2, c)
            g.text(self.which, self.x_which, y + 56, 2, colours.GOLD)
        if top < _BAR_Y + 3 and bottom > _BAR_Y:
            g.rect(x + 12, _BAR_Y, self.bar_w, 3, self.ink)
