"""How to play the chosen game, from the main menu: what to slap (the combinations this
game's rules switch on, each drawn as small cards), the challenges, and what each button
does; War's and Money's own ways. A few pages: OK or Down the next, Up the last, Back the menu.

The pages follow the rules as set (the preset and the Rules menu's changes). Text is at
least 14 px high (scale 2). Only the menus use this module: a game lets it go
(unload.MENU_ONLY).
"""
from micropython import const

from slapstack import games, options

import menu
from colours import MENU_BG, WHITE
from gfx import text_width, wrap

_W = const(320)
_H = const(240)
_HEAD = const(32)
_BODY_Y = const(_HEAD + 6)
_FOOT_Y = const(_H - 20)
_BAR = const(0x2AD9)       # rgb(40, 90, 200)
_GREY = const(0x94B3)      # rgb(150, 150, 158)
_GOLD = const(0xF542)      # rgb(240, 170, 20)
_CARD = const(0xFFDE)      # rgb(250, 250, 244)
_INK_RED = const(0xD0A4)   # rgb(215, 20, 35)
_INK_BLACK = const(0x10A3)  # rgb(20, 20, 28)
_CARD_W = const(24)
_CARD_H = const(32)
_LINE = const(18)          # a text line at scale 2
_TEXT_H = const(16)        # its glyphs' rows (8 at scale 2)
_CARD_ROW = const(36)      # a row of small cards
_SUIT = const(12)          # a small card's suit

# Each combination: the rule that switches it on, its name, an example (rank and suit
# letters, as the replay format writes cards)
COMBOS = (
    ("double", "Double", "7S 7H"),
    ("sandwich", "Sandwich", "4C 9D 4H"),
    ("big_mac", "Big Mac", "8S 3H 3C 8D"),
    ("run", "Run", "5H 6C 7S"),
    ("run_wrap", "Run round", "KD AS 2H"),
    ("flush", "Flush", "2H 9H KH"),
    ("marriage", "Marriage", "KS QH"),
    ("tens", "Tens", "3C 7D"),
    ("nile_nine", "Nile Nine", "3S 3H 3D"),
)
_SUITS = "CDHS"


def pages(game, rules):
    """The pages for ``game`` with ``rules`` (name -> value): each a (heading, items) pair,
    an item ("text", line) or ("cards", label, example)."""
    if game == "war":
        return [
            ("Turning", [("text", "Press your button to turn your card; the cards turn when both "
                                  "have pressed." if rules["turn"] == "press" else
                          "The cards turn by themselves."),
                         ("cards", "Higher wins", "KS 7H"),
                         ("text", "The higher card takes both." +
                          (" Aces are low." if rules["aces"] == "low" else ""))]),
            ("War!", [("cards", "Equal: WAR", "9C 9H"),
                      ("text", "Equal cards: %d face down, one up; the higher takes all." % rules["war_down"]),
                      ("text", "Whoever holds every card wins.")]),
            _buttons("Your button: turn your card."),
        ]
    if game == "money":
        auto = rules["auto_capture"] or rules["variant"] == "egyptian"
        claim = ("A card matching the number on top captures the pile by itself." if auto else
                 "Your card matches the number on top: press your button to take the pile, "
                 "before the next card.")
        return [
            ("Capture", [("cards", "Match", "6C 6H"), ("text", claim)] +
             ([] if auto else [("text", "A wrong claim gives your opponent the pile.")])),
            ("Money", [("cards", "Money", "JS QH KD"),
                       ("text", "No numbers left: buy cards with your money cards. "
                                "Whoever holds every card wins.")]),
            _buttons("Your button: claim; with a choice on screen it shows the next option, "
                     "OK takes it."),
        ]
    out = []  # type: list
    combos = [c for c in COMBOS if rules.get("slaps") and rules.get(c[0])]
    if combos:
        out.append(("What to slap", [("cards", name, ex) for _, name, ex in combos[:4]] +
                     [("text", "One on top? Slap! The first good slap takes the pile.")]))
        if len(combos) > 4:
            out.append(("What to slap", [("cards", name, ex) for _, name, ex in combos[4:]]))
    else:
        out.append(("No slapping", [("text", "The cards turn by themselves; challenges decide "
                                             "who takes each pile.")]))
    burn = rules.get("burn_count", 0)
    challenges = [("cards", "Chances 4 3 2 1", "AS KH QD JC"),
                  ("text", "Turn a face card or ace within your chances, or the challenger "
                           "takes the pile.")]
    if rules.get("slaps"):
        challenges.append(("text", "A false slap burns %d card%s." % (burn, "" if burn == 1 else "s")
                           if burn else "A false slap costs nothing."))
    out.append(("Challenges", challenges))
    out.append(_buttons("Your button: slap. Cards turn by themselves." if rules.get("slaps") else
                        "Sit back: the cards turn by themselves."))
    return out


def _buttons(seat):
    return ("Buttons", [("text", seat), ("text", "Back: pause the game."),
                        ("text", "Watching a replay: Up faster, Down slower, OK skips to the end.")])


def game_rules(s, game):
    """The rules as set for ``game`` in the settings ``s``: name -> value."""
    mod = games.game_module(game)
    return options.as_dict(mod.make_rules(game, s["rules"].get(game)), mod.SCHEMA)


class HowTo:
    """The pages and which one shows; ``key`` turns them (returns menu.BACK to leave)."""

    def __init__(self, s, game):
        self.game = game
        self.title = "How to play " + menu.SHORT.get(game, game)
        self.pages = pages(game, game_rules(s, game))
        self.page = 0
        self._paint = self.paint
        self._lay_out()

    def key(self, name):
        if name == menu.BACK:
            return menu.BACK
        step = -1 if name == menu.UP else 1
        self.page = (self.page + step) % len(self.pages)
        self._lay_out()
        return None

    def _lay_out(self):
        """The page's lines and small cards with their places, worked out once: the screen
        is painted in 30 bands, and wrapping and measuring the text in each cost up to
        0.96 s a page on the chip."""
        t = self.title
        texts = [(t, (_W - text_width(t, 2)) // 2, (_HEAD - 14) // 2, WHITE)]
        cards = []
        heading, items = self.pages[self.page]
        y = _BODY_Y
        texts.append((heading, 10, y, _GOLD))
        y += _LINE + 4
        for item in items:
            if item[0] == "cards":
                texts.append((item[1], 10, y + (_CARD_ROW - 14) // 2 - 2, WHITE))
                x = _W - 10 - _cards_width(item[2])
                for code in item[2].split(" "):
                    cards.append((code[:-1], _SUITS.index(code[-1]), x, y))
                    x += _CARD_W + 4
                y += _CARD_ROW
            else:
                for line in wrap(item[1], _W - 20):
                    texts.append((line, 10, y, WHITE))
                    y += _LINE
                y += 4
        foot = "%d/%d  OK: next  Back: menu" % (self.page + 1, len(self.pages))
        texts.append((foot, (_W - text_width(foot, 2)) // 2, _FOOT_Y + 3, _GREY))
        self.texts = texts
        self.cards = cards

    def draw(self, g):
        g.paint(0, 0, _W, _H, MENU_BG, self._paint)

    def paint(self, g):
        """One band: only the lines and cards that meet it are drawn (the screen is 30
        bands, and a call for each item in each band cost some 7 ms a page on the chip)."""
        top = g.top
        bottom = g.bottom
        if top < _HEAD:
            g.rect(0, 0, _W, _HEAD, _BAR)
        for text, x, y, c in self.texts:
            if y < bottom and y + _TEXT_H > top:
                g.text(text, x, y, 2, c)
        for rank, suit, x, y in self.cards:
            if y < bottom and y + _CARD_H > top:
                small_card(g, rank, suit, x, y)


def _cards_width(example):
    n = len(example.split(" "))
    return n * _CARD_W + (n - 1) * 4


_suits_made = False


def prepare(g):
    """Make the small cards' suit pictures (``Gfx.suit_runs``) now, while the main menu
    waits (menu_actions.load_ahead), not in the first page's paint: 16 ms on the chip.
    Returns whether it made them now."""
    global _suits_made
    if _suits_made:
        return False
    for suit in range(4):
        g.suit_runs(suit, _SUIT)
    _suits_made = True
    return True


def small_card(g, rank, suit, x, y):
    """A card drawn 24x32: its ``rank`` ("10", "Q") over its ``suit`` (0-3: clubs, diamonds,
    hearts, spades)."""
    ink = _INK_RED if suit == 1 or suit == 2 else _INK_BLACK
    g.round_rect(x, y, _CARD_W, _CARD_H, 3, _CARD)
    g.text(rank, x + (_CARD_W - text_width(rank, 2)) // 2, y + 2, 2, ink)
    g.suit(suit, x + 6, y + 18, _SUIT, ink)
