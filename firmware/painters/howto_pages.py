"""How to play the chosen game, from the main menu: what to slap (the combinations this
game's rules switch on, each drawn as small cards), the challenges, and what each button
does; War's and Money's own ways. The first page gives the game's turn and goal; then
what is that game's own. A few pages: OK or Down the next, Up the one before, Back the menu;
OK on the last page goes back to the menu.

The pages follow the rules as set (the preset and the Rules menu's changes). Text is at
least 14 px high (scale 2). Only the menus use this module: a game lets it go
(UNLOAD_WITH = "menus").
"""
from micropython import const

from slapstack import combos, games, options
from slapstack.cards import SUIT_TEXT

from painters.layout import H, W
from hid.keys import BACK, UP
from painters import game_words
from drawing import colours
from drawing import suits
from drawing.text import text_width, wrap

UNLOAD_WITH = "menus"  # let go when a game is dealt (app/unload.py)

_HEAD = const(32)
_BODY_Y = const(_HEAD + 6)
_FOOT_Y = H - 20
_SMALL_CARD_W = const(24)
_SMALL_CARD_H = const(32)
_LINE = const(18)          # a text line at scale 2
_TEXT_H = const(16)        # its glyphs' rows (8 at scale 2)
_CARD_ROW = const(36)      # a row of small cards
_SUIT = const(12)          # a small card's suit


def page_room():
    """(top, bottom, a text line's height, a small card's): where a page's body lies,
    under the title and above the foot, and what its lines and small cards take of it."""
    return _BODY_Y, _FOOT_Y, _TEXT_H, _SMALL_CARD_H


def _combos():
    """Each combination's row, and its own options' (the run's K-A-2) after it, in the table's
    order (combos.py): the rule that switches it on, its name, its example (the replay
    format's letters), and its name and example in Egyptian Ruffle (document 001's
    variations) where it has one."""
    out = []
    for c in combos.COMBOS:
        ruffle = c[combos.RUFFLE]
        out.append((c[combos.NAME], c[combos.WORDS][0], c[combos.EXAMPLE], (ruffle[0], ruffle[2]) if ruffle else None))
        for own in c[combos.OWN]:
            out.append((own[0],) + own[3] + (None,))
    return out


_TURNS = "Take turns turning your top card onto the pile; it turns by itself."
# Money's money cards (duel_events.MK_*: joker, J, Q, K, A) as a player reads them
_MONEY_NAMES = ("Joker", "J", "Q", "K", "A")


def pages(game, rules, minutes=0):
    """The pages for ``game`` with ``rules`` (name -> value) and a length of ``minutes``
    (0: the whole game): each a (heading, items) pair, an item ("text", line) or ("cards",
    label, example). The first page gives the game's turn and goal; then what is its own."""
    goal = ("Win all the cards, or the most in %d min." % minutes if minutes else
            "Win all the cards.")
    if game == "war":
        return _war_pages(rules, goal)
    if game == "money":
        return _money_pages(rules, goal)
    slaps = rules["slaps"]
    ruffle = game == "ruffle"
    snap, snapping = game_words.of(game)[:2]  # the game's own words: slap, snap, ruffle
    snap_up = snap[0].upper() + snap[1:]
    tie = rules["tie_window_us"] // 1000
    if ruffle:
        first = "A face card or ace gives the next player fixed moves. " + (
            "Ruffle first on a named combination to take the pile." if slaps else
            "The plain game: nobody ruffles, the cards decide.")
    elif game == "beggar" and not slaps:
        first = "Pure luck: nobody slaps, nobody decides. Face cards and aces challenge."
        if rules["turn"] == "press":
            first = ("Pure luck, but you turn your own card, a challenge card by card: our house "
                     "rule. Unpressed, it turns in %d s." % (rules["turn_wait_ms"] // 1000))
    elif game == "egyptian_war" and slaps and tie:
        first = ("Snap first when a combination shows to take the pile. Snaps within %d ms of "
                 "each other take nothing." % tie)
    elif slaps:
        first = "%s first when a combination shows: the pile is yours. Face cards and aces challenge." % snap_up
    else:
        first = "Nobody slaps: the challenges decide who takes each pile."
    press = not slaps and rules["turn"] == "press"
    turns = "Take turns turning your top card onto the pile with your button." if press else _TURNS
    out = [("The game", [("text", turns + " " + goal), ("text", first)])]  # type: list
    challenges = _challenges(rules, "Pharaoh (K) 3, Queen 2, Scribe (J) 1, Ace 4: turn a face "
                                    "card or ace in time, or whoever turned the last takes "
                                    "the pile." if ruffle
                             else "Turn a face card or ace within your chances, or the "
                                  "challenger takes the pile.", ruffle)
    if ruffle or not slaps:
        out.append(challenges)
    shown = [c[3] if ruffle and c[3] else c[1:3] for c in _combos() if slaps and rules[c[0]]]
    if shown:
        heading = "What to " + snap
        for i in range(0, len(shown), 4):
            out.append((heading, [("cards", name, ex) for name, ex in shown[i:i + 4]]))
        burn = rules["burn_count"]
        judged = [("text", "The first %s on one takes the pile." % snap)]
        if tie:
            judged.append(("text", "%ss within %d ms of each other tie: nobody takes it." % (snap_up, tie)))
        burns = "A false %s burns %d card%s" % (snap, burn, "" if burn == 1 else "s")
        judged.append(("text", "A false %s costs nothing." % snap if not burn else
                       burns + ": our house rule, so mashing loses." if game == "egyptian_war" else
                       burns + "."))
        back = []
        if rules["slap_in"]:
            back.append(("text", "Out of cards? Win a %s to come back in." % snap))
            penalty = rules["slap_in_penalty"]
            if penalty == "lockout":
                n = rules["lockout_rounds"]
                back.append(("text", "A false %s then sits you out %d pile%s." % (snap, n, "" if n == 1 else "s")))
            elif penalty == "negative":
                back.append(("text", "Each false %s then counts; at %d you stay out." % (snap, rules["negative_limit"])))
        lines = _lines(judged)
        if not back or _lines(judged + back) * _LINE + 4 * len(judged + back) <= _FOOT_Y - _BODY_Y - _LINE - 4:
            judged += back  # (on one page when it fits)
            lines = _lines(judged)
            back = []
        if len(shown) % 4 == 1 and lines <= 5:  # room under the last card
            out[-1][1].extend(judged)
        else:
            out.append((snapping, judged))
        if back:
            out.append(("Out of cards", back))
    if slaps and not ruffle:
        out.append(challenges)
    if slaps and rules["late_slap_in"]:  # document 003's non-players slapping in
        out.append(("Joining late", [
            ("text", "Came late? Take a seat nobody was dealt in at. Win a %s with its button: "
                     "the pile is yours, and you play on with it." % snap),
            ("text", "A false %s there costs what it costs a player who is out." % snap)]))
    out.append(_buttons("Your button: %s the pile. The cards turn by themselves." % snap if slaps else
                        "Your button: turn your card on your turn." if press else
                        "Nothing to press: watch the cards fall and cheer."))
    return out


def _war_pages(rules, goal):
    """War's pages: the battles, the war, and calling it (our house rule, call_war)."""
    press = rules["turn"] == "press"
    calls = rules["call_war"]
    fought = "%d face down, one up; the higher takes them all. Equal again: another war." % rules["war_down"]
    pages = [
        ("The game", [("text", "Both players turn their top card together; the higher card "
                               "takes both. " + goal),
                      ("text", "Press your button to turn your card: the cards turn when "
                               "both have pressed." if press else
                       "The cards turn by themselves: watch for equal cards." if calls else
                       "The cards turn by themselves: watch the battles.")]),
        ("Battles", [("cards", "Higher wins", "KS 7H"),
                     ("text", "The higher card takes both." +
                      (" Aces are low." if rules["aces"] == "low" else " Aces are high."))]),
    ]
    if not calls:
        pages.append(("War!", [("cards", "Equal: WAR", "9C 9H"), ("text", "Equal cards: " + fought)]))
        button = "Your button: turn your card." if press else "Nothing to press: the cards turn by themselves."
    else:
        call = [("cards", "Equal: press!", "9C 9H"),
                ("text", "Equal cards: press first to win the war at once and take them. Our "
                         "house rule.")]
        early = [("text", "Sooner than 0.1 s after the cards show is too early: no call.")]
        if press:
            early.append(("text", "Both too early: " + fought))
        else:
            call.append(("text", "No call before the next cards: %d face down, one up, the "
                                 "higher takes all." % rules["war_down"]))
            early.append(("text", "A press on unequal cards, or too early, gives your top card "
                                  "to your opponent."))
        pages.append(("Call the war!", call))
        pages.append(("Too early", early))
        button = "Your button: turn your card; on equal cards, call the war." if press else \
            "Your button: call a war."
    pages.append(_buttons(button))
    return pages


def _lines(items):
    """How many lines the text items take on a page."""
    n = 0
    for item in items:
        n += len(wrap(item[1], W - 20))
    return n


def _challenges(rules, text, ruffle):
    """The challenges' page; Egyptian Ruffle's are its fixed moves (document 001)."""
    chances = "moves" if ruffle else "chances"
    return ("Fixed moves" if ruffle else "Challenges",
            [("cards", ("Moves" if ruffle else "Chances") + " 4 3 2 1", "AS KH QD JC"), ("text", text)] +
            ([("text", "A joker gives %d %s." % (rules["joker_chances"], chances))]
             if rules["jokers"] == "challenge" else []))


def _money_pages(rules, goal):
    """Money's pages: the turn and goal, claiming a capture, buying with money cards."""
    from slapstack import money
    from slapstack.duel_events import kind_values
    values = kind_values(options.make(money.SCHEMA, None, rules))
    kinds = sorted([k for k in range(5) if values[k]], key=lambda k: values[k])
    worth = ", ".join(["%s %d" % (_MONEY_NAMES[k], values[k]) for k in kinds])
    example = " ".join([_MONEY_NAMES[k] + "CHDSC"[k] for k in kinds if k])  # (no joker card)
    variant = rules["variant"]
    auto = rules["auto_capture"] or variant == "egyptian"
    where = "top" if variant == "syrian" else "bottom"
    capture = [("cards", "Match", "6C 6H")]  # type: list
    if auto:
        capture.append(("text", "A card matching the one under it takes the pile and its "
                                "money by itself."))
    else:
        capture += [("text", "Your card matches the one under it? Press before the next card "
                             "to take the pile and its money."),
                    ("text", "No match? Your press lets your opponent take the pile."
                     if rules["penalty_take"] == "press" else
                     "No match? Your press gives your opponent the pile.")]
    buy = ("Out of numbers? Buy from the %s of the pile if it has 5 or more, else from your "
           "opponent." % where)
    if variant == "egyptian":
        buy = "At the start of your turn you may buy from the pile or your opponent."
    return [
        ("The game", [("text", "Take turns throwing your top card onto the pile. " + goal),
                      ("text", "Match numbers to capture the pile; buy cards with money cards.")]),
        ("Capture", capture),
        ("Money", [("cards", "Money", example),
                   ("text", "Each buys that many cards:"),
                   ("text", worth + "."),
                   ("text", buy)]),
        ("Buying", [("text", "Your button shows the next option; OK takes it."),
                    ("text", "You have %d s, and each press gives you %d s again; then the first "
                             "option is taken." % (rules["choice_ms"] // 1000, rules["choice_ms"] // 1000)
                     if rules["choice_ms"] >= 1000 else "The first option is taken at once.")]),
        _buttons(("Your button: throw your card now." if variant == "egyptian" else
                  "Your button: claim a match.") + " Buying: the next option."),
    ]


def _buttons(seat):
    return ("Buttons", [("text", seat), ("text", "Back: pause the game."),
                        ("text", "Watching a replay: Up faster, Down slower, OK skips to the end.")])


def game_rules(s, game):
    """The rules as set for ``game`` in the settings ``s``: name -> value."""
    mod = games.game_module(game)
    return options.as_dict(mod.make_rules(game, s["rules"].get(game)), mod.SCHEMA)


class HowTo:
    """The pages and which one shows; ``key`` turns them (returns BACK to leave)."""

    def __init__(self, s, game):
        self.game = game
        self.title = "How to play " + games.short_name(game)[0]
        self.pages = pages(game, game_rules(s, game), s["minutes"])
        self.page = 0
        self._paint = self.paint
        self._paint_card = self.paint_card
        self._card = None  # the small card paint_card draws
        self._lay_out()

    def key(self, name):
        """OK or Down the next page, Up the one before; Back, or OK on the last page, the
        menu (returns BACK). The pages do not wrap round: the first page shows again
        only when How to play opens again."""
        last = len(self.pages) - 1
        if name == BACK or (name != UP and self.page == last):
            return BACK
        page = max(0, self.page - 1) if name == UP else self.page + 1
        if page != self.page:
            self.page = page
            self._lay_out()
        return None

    def _lay_out(self):
        """The page's lines and small cards with their places, worked out once: the screen
        is painted in 60 bands, and wrapping and measuring the text in each cost up to
        0.96 s a page on the chip."""
        t = self.title
        texts = [(t, (W - text_width(t, 2)) // 2, (_HEAD - 14) // 2, colours.WHITE)]
        cards = []
        heading, items = self.pages[self.page]
        y = _BODY_Y
        texts.append((heading, 10, y, colours.GOLD))
        y += _LINE + 4
        for item in items:
            if item[0] == "cards":
                texts.append((item[1], 10, y + (_CARD_ROW - 14) // 2 - 2, colours.WHITE))
                x = W - 10 - _cards_width(item[2])
                for code in item[2].split(" "):
                    cards.append((code[:-1], SUIT_TEXT.index(code[-1]), x, y))
                    x += _SMALL_CARD_W + 4
                y += _CARD_ROW
            else:
                for line in wrap(item[1], W - 20):
                    texts.append((line, 10, y, colours.WHITE))
                    y += _LINE
                y += 4
        n = len(self.pages)
        foot = ("%d/%d  OK: next  Back: menu" if self.page + 1 < n else "%d/%d  OK: back to the menu") % (self.page + 1, n)
        texts.append((foot, (W - text_width(foot, 2)) // 2, _FOOT_Y + 3, colours.GREY))
        self.texts = texts
        self.cards = cards

    def draw(self, g):
        """The page, then each small card as a region of its own: one band holds a card
        (24 px wide), where the page's 60 bands would each draw a slice of it (a page of
        combinations took 64 ms on the chip)."""
        g.paint(0, 0, W, H, colours.MENU_BG, self._paint)
        for card in self.cards:
            self._card = card
            g.paint(card[2], card[3], _SMALL_CARD_W, _SMALL_CARD_H, colours.MENU_BG, self._paint_card)

    def paint(self, g):
        """One band of the page but its cards: only the lines that meet it are drawn (the
        screen is 60 bands, and a call for each line in each band cost some 7 ms a page on
        the chip). ``_lay_out`` lists them down the page: the first below the band ends it."""
        top = g.top
        bottom = g.bottom
        if top < _HEAD:
            g.rect(0, 0, W, _HEAD, colours.MENU_BAR)
        for text, x, y, c in self.texts:
            if y >= bottom:
                break
            if y + _TEXT_H > top:
                g.text(text, x, y, 2, c)

    def paint_card(self, g):
        rank, suit, x, y = self._card
        small_card(g, rank, suit, x, y)


def _cards_width(example):
    n = len(example.split(" "))
    return n * _SMALL_CARD_W + (n - 1) * 4


_suits_made = False


def prepare(g):
    """Make the small cards' suit pictures (``suits.runs``) now, while the main menu
    waits (app/menu_screens.py's MainMenu.ahead), not in the first page's paint: 16 ms on the chip.
    Returns whether it made them now."""
    global _suits_made
    if _suits_made:
        return False
    for suit in range(4):
        suits.runs(g, suit, _SUIT)
    _suits_made = True
    return True


def small_card(g, rank, suit, x, y):
    """A card drawn 24x32: its ``rank`` ("10", "Q") over its ``suit`` (0-3: clubs, diamonds,
    hearts, spades)."""
    ink = colours.INK_RED if suit == 1 or suit == 2 else colours.INK_BLACK
    g.round_rect(x, y, _SMALL_CARD_W, _SMALL_CARD_H, 3, colours.CARD)
    g.text(rank, x + (_SMALL_CARD_W - text_width(rank, 2)) // 2, y + 2, 2, ink)
    suits.draw(g, suit, x + 6, y + 18, _SUIT, ink)
