"""What the game screen shows, as plain data: the renderer never sees the engine.

The game's presenter (app/presenter.py) fills a ``TableView`` from the game and its events,
through the methods below (``play_card``, ``say``, ``set_turn``...) and the per-seat lists
(``view.count[2] = 17``), and the renderer draws it (``Renderer.update``); changing it in
place allocates nothing. Seat ``i`` sits at a fixed edge of the screen:
0 bottom, 1 left, 2 top, 3 right (the renderer draws it there), matching the slap buttons
around the box.
"""
from micropython import const

from drawing.colours import SEAT_COLOURS
from hid.seats import MOST_SEATS

PILE_SHOWN = const(4)
CARD_BACK = const(0x0F)  # in ``pile``: a card lying face down (rank 15), drawn as its back

SEAT_NAMES = ("Red", "Blue", "Green", "Yellow")
SEAT_TAGS = ("RED", "BLUE", "GREEN", "YELLOW")  # on a person's strip, when several people play


class TableView:
    """The table as shown. Seats are 0..seats-1; "no seat" is ``None``.

    - ``game_name``: text shown when no banner is up.
    - ``seats``: seats dealt in, 1-4 (the device has four buttons); ``present[i]``: someone
      plays at seat i (dealt in, or a late arrival who slapped in at a free seat): the
      seats not present show bare felt.
    - ``count[i]``: cards in seat i's hand; ``colour[i]``: RGB565 seat colour;
      ``name[i]``: the seat's name on the winner screen (its colour by default);
      ``out[i]``: eliminated; ``is_bot[i]``: played by the device (its strip says BOT;
      a person's says YOU when they are the one person playing, ``person()``, else the
      colour's name).
    - ``turn``: seat to play a card, or None.
    - ``chances``: cards the challenged seat may still turn (0 = no challenge);
      ``challenged``: that seat, or None.
    - ``pile``: the top ``PILE_SHOWN`` cards, top card first, as card ints
      (``suit << 4 | rank``; 0 = no card, ``CARD_BACK`` = face down); ``pile_seat``: for each, 1 + the seat that put
      it there (its colour marks the card; 0 = not known); ``pile_count``: cards in the
      whole pile.
    - ``verdict``: None, or ``(seat, valid, pattern, reaction_ms, result)`` for the last
      slap, e.g. ``(1, True, "SANDWICH!", 212, "Blue takes 12")``; replace the tuple to
      change it.
    - ``banner``: one line of text across the middle ("" for none), 14 px high; then
      ``banner_num`` if it is not negative (drawn without building a string), in a pill
      of seat ``banner_seat``'s colour (None: white on the felt).
    - ``cue``: per seat, a word in a pill at the far end of its strip instead of TURN
      ("" for none): War's PRESS / READY; ``cue_colour``: its pill's colour.
    - ``cover``: None, or a panel drawn instead of the pile (War's two cards);
      ``panels``: more panels drawn over the bare strips of the empty seats (War's
      name tags, Money's banks); ``overlay``: None, or a panel drawn over the lower part of
      the pile, its cards' corners showing above it (Money's choice). A panel has ``x, y, w, h``, ``painter`` (a painter for
      ``Gfx.paint``) and ``version``: the renderer repaints it when that changes.
    - ``winner``: winning seat or None.
    - ``stuck``: seats whose slap button reads pressed for too long (a fault), as a list.
    - ``head_start``: per seat, its head start in ms this game (0: none), "+120" on its
      strip; set before the table is first drawn.

    ``bots``: the seats the device plays, made so as the view is (their strips say BOT, the
    winner "Blue bot").
    """

    def __init__(self, game_name="", seats=MOST_SEATS, bots=()):
        if not 1 <= seats <= MOST_SEATS:
            raise ValueError("seats must be 1-%d, got %r" % (MOST_SEATS, seats))
        self.game_name = game_name
        self.seats = seats
        self.present = [i < seats for i in range(MOST_SEATS)]
        self.count = [0] * MOST_SEATS
        self.colour = list(SEAT_COLOURS)
        self.name = list(SEAT_NAMES)
        self.out = [False] * MOST_SEATS
        self.is_bot = [False] * MOST_SEATS
        self.turn = None
        self.chances = 0
        self.challenged = None
        self.pile = bytearray(PILE_SHOWN)
        self.pile_seat = bytearray(PILE_SHOWN)
        self.pile_count = 0
        self.verdict = None
        self.banner = ""
        self.banner_num = -1
        self.banner_seat = None
        self.cue = ["", "", "", ""]
        self.cue_colour = [0, 0, 0, 0]
        self.cover = None
        self.overlay = None
        self.panels = ()
        self.winner = None
        self.stuck = []
        self.head_start = [0] * MOST_SEATS
        for i in bots:
            self.is_bot[i] = True
            self.name[i] = SEAT_NAMES[i] + " bot"

    def name_game(self, text):
        """The status line's text when no banner is up (a replay's says its speed)."""
        self.game_name = text

    def lift_verdict(self):
        """The last slap's verdict off the pile (before the next card)."""
        self.verdict = None

    def mark_stuck(self, seats):
        """``seats`` (a list) are the seats whose button is stuck down."""
        self.stuck = seats

    # --- what the presenters change (app/presenter.py): in place, allocating nothing -------

    def play_card(self, card, seat, count):
        """``card`` put on the pile by ``seat``, the pile now ``count`` cards: the pile only
        ever grows by the card on top, so the cards shown move down a place."""
        pile = self.pile
        seats = self.pile_seat
        for i in range(len(pile) - 1, 0, -1):
            pile[i] = pile[i - 1]
            seats[i] = seats[i - 1]
        pile[0] = card
        seats[0] = seat + 1
        self.pile_count = count

    def lay_pile(self, i, card, seat):
        """The pile's ``i``th card from the top is ``card`` (0: none), put there by ``seat``
        (-1: nobody)."""
        self.pile[i] = card
        self.pile_seat[i] = seat + 1

    def set_pile_count(self, n):
        self.pile_count = n

    def set_turn(self, p, chances):
        """Seat ``p``'s turn (None: nobody's), with ``chances`` cards to pay a challenge (0:
        none)."""
        self.turn = p
        self.chances = chances
        self.challenged = p if chances else None

    def say(self, p, text, num=-1):
        """The status line: ``text`` about seat ``p`` (in its colour; None: white), then
        ``num`` if it is not negative."""
        self.banner = text
        self.banner_seat = p
        self.banner_num = num

    def show_verdict(self, verdict):
        """A slap's verdict box (see the class), or None for none."""
        self.verdict = verdict

    def clear_line(self):
        """A card played: the verdict and the status line go."""
        self.verdict = None
        self.banner = ""

    def clear_banner(self):
        self.banner = ""

    def retitle(self, text):
        """The text shown when no banner is up."""
        self.game_name = text

    def set_out(self, p, out):
        self.out[p] = out

    def seat_in(self, p):
        """Seat ``p`` plays (again): a late arrival at a free seat, or a player back in."""
        self.out[p] = False
        self.present[p] = True

    def show_panels(self, cover, panels):
        """War's and Money's panels: ``cover`` instead of the pile (or None), ``panels`` over
        the empty seats' strips."""
        self.cover = cover
        self.panels = panels

    def set_overlay(self, panel):
        """A panel over the pile's lower part (Money's choice), or None."""
        self.overlay = panel

    def game_over(self, winner):
        """Nobody's turn any more; ``winner`` the winning seat (-1: none)."""
        self.turn = None
        if winner >= 0:
            self.winner = winner

    def person(self):
        """The seat of the one person playing bots, whom the screens call "you"; -1 when
        several people play (or a replay is watched that does not say who were people), as then each is named
        by their colour."""
        seat = -1
        for i in range(MOST_SEATS):
            if self.present[i] and not self.is_bot[i]:
                if seat >= 0:
                    return -1
                seat = i
        return seat

    def said(self, p, theirs, yours, *args):
        """A line about seat ``p``: ``theirs`` with its colour's name and ``args`` ("%s takes
        %d": "Blue takes 12"), or to the one person playing bots, whose strip says YOU,
        ``yours`` with ``args`` ("You take %d")."""
        if p == self.person():
            return yours % args
        return theirs % ((SEAT_NAMES[p],) + args)
