"""War's and Money's own pictures, as panels the renderer paints (``TableView.cover`` instead
of the pile, ``TableView.panels`` over the empty seats' strips, ``TableView.overlay`` over
the pile's lower part): War's two battle cards side by side with the WAR! box, the name tags
above them; Money's banks of money cards (its choice's panel is choice_words.py's). Two
seats play these games (0 at the bottom, 1 on the left), so the top strip is free for the
tags and the banks. Only a War or Money game loads this module.

A panel is repainted whole when its ``version`` changes; nothing here allocates when it
paints. The presenter
(app/duel_presenter.py) tells a panel what it shows through the panel's methods, which
count the change.
"""
from micropython import const

from drawing import colours
from drawing.text import text_width, number_width
from slapstack.duel_events import MONEY_NAMES
from painters.layout import H, W
from painters.pile import CARD_H, CARD_R, CARD_W, MID_W, MID_X, PILE_H, PILE_Y, SIDE, STRIP

UNLOAD_WITH = "game"  # let go with the game (app/unload.py)

_DOWN_W = const(14)  # beside each face-up card, on its outer side: a war's cards face down
_DOWN_STEP = const(4)  # under it, each showing this much (less when more than 3)
_LEFT_X = MID_X + _DOWN_W  # seat 1's card (it sits on the left), then seat 0's
_RIGHT_X = MID_X + MID_W - _DOWN_W - CARD_W
_CARD_Y = PILE_Y + 3


def card_box(seat):
    """(x, y, w, h) of seat ``seat``'s War card (seat 0's on the right, seat 1's on the left)."""
    return _RIGHT_X if seat == 0 else _LEFT_X, _CARD_Y, CARD_W, CARD_H


_BOX_W = const(140)  # War's WAR! box, over both cards
_BOX_H = const(70)
_BOX_X = MID_X + MID_W // 2 - _BOX_W // 2
_BOX_Y = PILE_Y + 50
_TEXT_H = const(16)  # a line of text at scale 2: the font's 8 rows twice


class Panel:
    def __init__(self, x, y, w, h):
        self.x, self.y, self.w, self.h = x, y, w, h
        self.version = 0
        self.drawn = -1
        self.painter = self.paint  # a bound method allocates when taken: once

    def changed(self):
        """What it shows changed: the renderer repaints it."""
        self.version += 1

    def update(self, r, whole):
        """Repaint it with renderer ``r`` if it changed since it was drawn, or ``whole``
        (the screen under it was drawn afresh); returns whether it painted."""
        if not whole and self.version == self.drawn:
            return False
        self.drawn = self.version
        self.repaint(r, whole)
        return True

    def repaint(self, r, whole):
        """Put the panel on screen with renderer ``r`` after its ``version`` changed (``whole``:
        the screen under it was drawn afresh): all of it, unless a panel knows better."""
        r.g.paint(self.x, self.y, self.w, self.h, colours.FELT, self.painter)

    def paint(self, g):
        pass


def _felt(g):
    """A painter of nothing: its region's felt alone."""


class WarCards(Panel):
    """The two face-up battle cards, seat 1's on the left, seat 0's on the right (0: none
    yet, a blank card), and from a tie to its round's first press the WAR! box with the
    cards at stake (``DuelPresenter._ready`` lifts it). After a war's round each face-up card
    lies on the cards its player put face down (``down``), fanned out on its outer side as
    a player lays them, until the next battle."""

    def __init__(self, renderer):
        Panel.__init__(self, MID_X, PILE_Y, MID_W, PILE_H)
        self.r = renderer
        self.up = bytearray(2)
        self.down = bytearray(2)  # cards face down under each (a war's round; else 0)
        self.war = 0      # wars in a row (0: none)
        self.stake = 0    # cards on the table
        self.shown = bytearray(2)  # the cards as last put on screen
        self.down_shown = bytearray(2)
        self.war_shown = 0
        self.seat = 0     # the card paint_place paints
        self._place = self.paint_place  # (a bound method allocates when taken: once)

    def turned(self, p, card):
        """Seat ``p`` turned ``card`` for the next battle: the WAR! box is gone."""
        self.up[p] = card
        self.war = 0
        self.changed()

    def tie(self, wars, stake):
        """A battle tied, ``wars`` in a row, ``stake`` cards on the table: the WAR! box."""
        self.war = wars
        self.stake = stake
        self.changed()

    def staked(self, stake):
        """Cards went face down for a war: ``stake`` on the table now."""
        self.stake = stake
        self.changed()

    def gathered(self):
        """The battle's cards were taken: no WAR! box."""
        self.war = 0
        self.changed()

    def lift_box(self):
        """The war's round begins: the WAR! box goes; returns whether it was up."""
        if not self.war:
            return False
        self.war = 0
        self.changed()
        return True

    def lay_down(self, down):
        """The cards face down under each face-up card (``down``, two counts); returns
        whether that changed."""
        mine = self.down
        if mine[0] == down[0] and mine[1] == down[1]:
            return False
        mine[0] = down[0]
        mine[1] = down[1]
        self.changed()
        return True

    def repaint(self, r, whole):
        """A battle's two new cards: only what differs on their faces (on the chip the whole
        panel took 25 ms, beyond a new card's 10), and the WAR! box again while a war is on
        or when it goes, as it lies over both cards. The first battle's cards come onto
        blank ones, so they too paint only their faces' boxes (onto the bare felt, the
        two whole cards were 15-16 ms on the chip). A card going (none does in a game): its
        place alone (the panel whole is 16 bands each drawing both cards, 17-22 ms on the
        chip; a place is 7 bands of one card, 6-7.5 ms). Face-down cards coming or going:
        their strip beside the card and the card's corners over them."""
        up = self.up
        shown = self.shown
        down = self.down
        g = r.g
        if whole and not self.war:  # a card at a time, each with the felt beside it: a band
            # then draws one card, not both (on the chip a War table's redraw was 44-51 ms)
            self.seat = 1
            g.paint(self.x, self.y, _RIGHT_X - self.x, self.h, colours.FELT, self._place)
            self.seat = 0
            g.paint(_RIGHT_X, self.y, self.x + self.w - _RIGHT_X, self.h, colours.FELT, self._place)
        elif whole:  # the WAR! box lies over both cards
            g.paint(self.x, self.y, self.w, self.h, colours.FELT, self.painter)
        else:
            for seat in range(2):
                x = _RIGHT_X if seat == 0 else _LEFT_X
                if up[seat]:  # (over a card, or the blank one before the first battle)
                    r.replace_card(x, _CARD_Y, shown[seat], up[seat])
                elif shown[seat]:
                    self.seat = seat
                    g.paint(x, _CARD_Y, CARD_W, CARD_H, colours.FELT, self._place)
                if down[seat] != self.down_shown[seat]:
                    self.seat = seat
                    if seat:
                        g.paint(MID_X, _CARD_Y, _DOWN_W + CARD_R, CARD_H, colours.FELT, self._place)
                    else:
                        g.paint(_RIGHT_X + CARD_W - CARD_R, _CARD_Y, CARD_R + _DOWN_W, CARD_H, colours.FELT,
                                self._place)
            if self.war:
                g.paint(_BOX_X, _BOX_Y, _BOX_W, _BOX_H, colours.FELT, self.painter)
            elif self.war_shown:  # the box goes (a war's round): what lies under it, a card
                # at a time (its region whole drew both cards in each band: 5-7 ms on the chip)
                self.seat = 1
                g.paint(_BOX_X, _BOX_Y, _LEFT_X + CARD_W - _BOX_X, _BOX_H, colours.FELT, self._place)
                g.paint(_LEFT_X + CARD_W, _BOX_Y, _RIGHT_X - _LEFT_X - CARD_W, _BOX_H, colours.FELT, _felt)
                self.seat = 0
                g.paint(_RIGHT_X, _BOX_Y, _BOX_X + _BOX_W - _RIGHT_X, _BOX_H, colours.FELT, self._place)
        shown[0] = up[0]
        shown[1] = up[1]
        self.down_shown[0] = down[0]
        self.down_shown[1] = down[1]
        self.war_shown = self.war

    def paint_place(self, g):
        """Seat ``self.seat``'s card (or the blank card its first is turned onto) on the
        cards it put face down."""
        seat = self.seat
        x = _RIGHT_X if seat == 0 else _LEFT_X
        self._backs(g, seat, x)
        c = self.up[seat]
        if c:
            self.r.card(g, c, x, _CARD_Y)
        else:
            self.r.blank_card(g, x, _CARD_Y)

    def paint(self, g):
        y = _CARD_Y  # (paint_place's drawing, inline: a call a card a band made the panel
        # whole 1.5 ms slower on the chip, its table's redraw 4.5 ms)
        for seat in range(2):
            x = _RIGHT_X if seat == 0 else _LEFT_X
            self._backs(g, seat, x)
            c = self.up[seat]
            if c:
                self.r.card(g, c, x, y)
            else:
                self.r.blank_card(g, x, y)
        if self.war:
            bx = _BOX_X
            by = _BOX_Y
            g.round_rect(bx, by, _BOX_W, _BOX_H, 8, colours.GOLD)
            g.round_rect(bx + 4, by + 4, _BOX_W - 8, _BOX_H - 8, 5, colours.BLACK)
            t = "WAR!"
            g.text(t, bx + (_BOX_W - text_width(t, 4)) // 2, by + 9, 4, colours.GOLD)
            w = number_width(self.stake, 2) + text_width(" at stake", 2)
            x = bx + (_BOX_W - w) // 2
            g.number(self.stake, x, by + 46, 2, colours.WHITE)
            g.text(" at stake", x + number_width(self.stake, 2), by + 46, 2, colours.WHITE)


    def _backs(self, g, seat, x):
        """Seat ``seat``'s cards face down under its face-up card at ``x``: the farthest first,
        each a card's edge, its white rim and its back showing beside the one on it."""
        n = self.down[seat]
        if not n:
            return
        step = _DOWN_STEP if n <= 3 else (_DOWN_W - 2) // n
        d = -step if seat else step
        bx = x + n * d
        for _ in range(n):
            g.round_rect(bx, _CARD_Y, CARD_W, CARD_H, CARD_R, colours.CARD_EDGE)
            g.round_rect(bx + 1, _CARD_Y + 1, CARD_W - 2, CARD_H - 2, CARD_R - 1, colours.CARD)
            g.round_rect(bx + 2, _CARD_Y + 2, CARD_W - 4, CARD_H - 4, CARD_R - 2, colours.FACE_DOWN)
            bx -= d


class WarTags(Panel):
    """Above each battle card, whose it is: a tag in the seat's colour with its name on
    the left ("You" for the one person playing a bot), and on the right a person's time to
    press once they pressed, in seconds ("0.85 s"; a bot's is not shown)."""

    def __init__(self, view):
        Panel.__init__(self, MID_X, 0, MID_W, STRIP)
        self.view = view
        self.ms = [-1, -1]

    def timed(self, p, react):
        """Seat ``p`` pressed ``react`` us after the cards showed (-1: before): its time
        on its tag, in ms, at most 9999."""
        ms = react // 1000 if react >= 0 else -1
        self.ms[p] = ms if ms < 10000 else 9999
        self.changed()

    def paint(self, g):
        v = self.view
        for seat in range(2):
            x = MID_X + (MID_W // 2 if seat == 0 else 0)
            c = v.colour[seat]
            fg = colours.contrast(c)
            g.round_rect(x + 2, 2, MID_W // 2 - 4, STRIP - 4, 6, c)
            name = "You" if seat == v.person() else v.name[seat]  # as its strip says YOU
            g.text(name, x + 10, 7, 2, fg)
            ms = self.ms[seat]
            if ms < 0:
                continue
            whole = ms // 1000
            cs = ms % 1000 // 10  # hundredths, after "." or ".0"
            point = ".0" if cs < 10 else "."
            w = number_width(whole, 2) + text_width(point, 2) + number_width(cs, 2) + text_width(" s", 2) + 6
            tx = x + MID_W // 2 - 10 - w  # (a gap of the font's between the four parts)
            g.number(whole, tx, 7, 2, fg)
            tx += number_width(whole, 2) + 2
            g.text(point, tx, 7, 2, fg)
            tx += text_width(point, 2) + 2
            g.number(cs, tx, 7, 2, fg)
            g.text(" s", tx + number_width(cs, 2) + 2, 7, 2, fg)


def money_card(g, kind, x, y):
    """A small money card (14 or 26 x 22) with its letter 14 px high; returns its width."""
    t = MONEY_NAMES[kind]
    w = text_width(t, 2) + 4
    g.round_rect(x, y, w, 22, 3, colours.CARD_EDGE)
    g.round_rect(x + 1, y + 1, w - 2, 20, 2, colours.CARD)
    g.text(t, x + 2, y + 4, 2, colours.INK_BLACK)
    return w


_HALF = W // 2  # each bank's width (the top strip, free with two seats)
_POT_H = H - 2 * STRIP  # the money under the pile, on the right strip (free with two seats)
_LINE = const(18)  # a line of the values' list
_NAME = const(-1)  # a bank's parts but its kinds: its owner's name; the name and "no money"
_EMPTY = const(-2)


class MoneyBanks(Panel):
    """Each player's bank across the top, labelled with its owner: seat 1's on the left (it
    sits there), seat 0's on the right, each kind held as a small card and how many. The
    right strip (``pot``, a panel of its own) shows the money under the pile, which a capture
    takes with it, as a column of small cards, and under it what each kind buys, from the
    engine (``values``; "K 5, Q 15, J 10" in the Jordanian game). ``counts`` is the game's:
    bank[p * 5 + kind], then the 5 kinds under the pile; ``order`` the kinds, highest value
    first."""

    def __init__(self, view, order, values, names):
        Panel.__init__(self, 0, 0, W, STRIP)
        self.view = view
        self.order = order
        self.values = values
        self.names = names  # the seats' colour names, the banks' labels
        self.counts = bytearray(15)
        self.shown = bytearray(15)  # the counts as last put on screen
        self.seat = 0  # the bank, and the part of it (a kind, _NAME, _EMPTY), paint_part paints
        self.part = _NAME
        self._part = self.paint_part  # (bound methods allocate when taken: once)
        self.pot = Panel(W - SIDE, STRIP, SIDE, _POT_H)
        self.pot.painter = self.paint_pot

    def repaint(self, r, whole):
        """Each bank, and only those whose counts changed."""
        g = r.g
        v = self.view
        if whole or _differs(self.counts, self.shown, 5):
            self._bank(g, 1, 0, colours.dim(v.colour[1]))
        if whole or _differs(self.counts, self.shown, 0):
            self._bank(g, 0, W - _HALF, colours.dim(v.colour[0]))
        if _differs(self.counts, self.shown, 10):
            self.pot.changed()  # (the renderer paints it next, as the panel after this one)
        self.shown[:] = self.counts

    def _bank(self, g, seat, x, bg):
        """Seat ``seat``'s bank at ``x``: the owner's name, then each kind held, a small card
        and how many, each a region of its own, side by side. A region goes band by band,
        each band drawing all of it: the bank whole was four bands of every card and number
        (12 ms on the chip, a quarter of the Money table); a part is one band. The gaps
        between kinds narrow when four would not fit (the Syrian joker's card is twice as
        wide)."""
        self.seat = seat
        end = x + _HALF
        name = self.names[seat]
        room = _HALF - 14 - text_width(name, 2)
        kinds = 0
        for k in self.order:
            n = self.counts[seat * 5 + k]
            if n:
                kinds += 1
                room -= text_width(MONEY_NAMES[k], 2) + 5 + number_width(n, 2)
        if not kinds:
            self.part = _EMPTY
            g.paint(x, 0, _HALF, STRIP, bg, self._part)
            return
        gap = 4 if kinds < 2 or room >= 4 * (kinds - 1) else room // (kinds - 1)
        self.part = _NAME
        w = 10 + text_width(name, 2)
        g.paint(x, 0, w, STRIP, bg, self._part)
        x += w
        for k in self.order:
            n = self.counts[seat * 5 + k]
            if n and x < end:
                kinds -= 1
                w = text_width(MONEY_NAMES[k], 2) + 5 + number_width(n, 2) + gap
                if not kinds or x + w > end:
                    w = end - x  # the last reaches the bank's end
                elif w < 1:
                    w = 1
                self.part = k
                g.paint(x, 0, w, STRIP, bg, self._part)
                x += w

    def paint_part(self, g):
        """One band of a bank's part (``seat``, ``part``), with its share of the owner's
        colour line along the bottom."""
        seat = self.seat
        x = g.ox
        g.rect(x, STRIP - 3, g.right - x, 3, self.view.colour[seat])
        k = self.part
        if k < 0:
            name = self.names[seat]
            g.text(name, x + 4, 6, 2, colours.WHITE)
            if k == _EMPTY:
                g.text("no money", x + 10 + text_width(name, 2), 6, 2, colours.WHITE)
            return
        x += money_card(g, k, x, 2) + 1
        g.number(self.counts[seat * 5 + k], x, 6, 2, colours.WHITE)

    def paint_pot(self, g):
        """The right strip: the money under the pile, a column of small cards from the top;
        at the bottom each kind's letter and, in gold, the numeral cards it buys. Only what
        meets the band (the strip is several bands)."""
        top = g.top
        bottom = g.bottom
        x0 = W - SIDE
        y = STRIP + _POT_H - 4 - _LINE * len(self.order)
        g.rect(x0 + 4, y - 4, SIDE - 8, 1, colours.GOLD)
        for k in self.order:
            if y + 2 < bottom and y + 2 + _TEXT_H > top:
                t = MONEY_NAMES[k]
                val = self.values[k]
                w = text_width(t, 2) + number_width(val, 2)
                w += 6 if w <= SIDE - 10 else 2  # a space between, when it fits
                tx = x0 + (SIDE - w) // 2
                g.text(t, tx, y + 2, 2, colours.WHITE)
                g.number(val, tx + w - number_width(val, 2), y + 2, 2, colours.GOLD)
            y += _LINE
        n = 0
        for k in self.order:
            n += self.counts[10 + k]
        if not n:
            return
        room = _POT_H - 4 - _LINE * len(self.order) - 14  # a column of its money cards
        step = (room - 22) // (n - 1) if n > 1 else 0
        if step > 24:
            step = 24
        y = STRIP + 4
        for k in self.order:
            w = text_width(MONEY_NAMES[k], 2) + 4
            for _ in range(self.counts[10 + k]):
                if y >= bottom:
                    return
                if y + 22 > top:
                    money_card(g, k, x0 + (SIDE - w) // 2, y)
                y += step


def _differs(a, b, start):
    """Whether ``a`` and ``b`` differ in the 5 counts from ``start`` (slices would allocate)."""
    for i in range(start, start + 5):
        if a[i] != b[i]:
            return True
    return False
