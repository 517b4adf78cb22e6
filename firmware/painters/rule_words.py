"""The rule options in players' words: each game's options in groups, a short label and a
one-line explanation for each, values as a player says them (ms, not us), and which
options apply given the others (a penalty's limit only when that penalty is on).

Keyed by the engine's option names (each game module's SCHEMA; the slap combinations'
words are in their table, slapstack/combos.py), with a game's own words
where it has them (Egyptian Ruffle's named variations and fixed moves; Egyptian War's snaps
and Ruffle's ruffles for slaps, from game_words.py); Beggar-my-neighbour, which nobody
slaps in, shows no slapping. rules_menu.py builds the Rules menu from it. The time limit
is not there: it is the main menu's Length. Only the menus use it: a game lets it go
(UNLOAD_WITH = "menus").
"""
from slapstack import combos, games

from painters import game_words

UNLOAD_WITH = "menus"  # let go when a game is dealt (app/unload.py)


def _switches():
    """Each combination's switch and then its own options' (the run's K-A-2), in the table's
    order (combos.py)."""
    out = []
    for c in combos.COMBOS:
        out.append(c[combos.NAME])
        for own in c[combos.OWN]:
            out.append(own[0])
    return tuple(out)


# (group heading, option names) in the order the menu shows them, per game module
SLAP_GROUPS = (
    ("What to slap", ("slaps",) + _switches()),
    ("Slapping", ("tie_window_us", "slap_during_challenge", "slap_during_collect", "collect_ms")),
    ("False slaps", ("burn_count", "burn_escalate")),
    ("Out and back in", ("slap_in", "late_slap_in", "slap_in_cards", "slap_in_penalty", "negative_limit",
                         "lockout_rounds")),
    ("Cards", ("decks", "jokers", "joker_chances", "challenge_runout")),
    ("Turning: house rule", ("turn", "turn_wait_ms")),  # (with no slapping: a press is a slap)
)
WAR_GROUPS = (
    ("Battles", ("turn", "call_war", "aces")),
    ("Wars", ("war_down", "short_war", "both_out")),
    ("Won cards", ("gather",)),
)
MONEY_GROUPS = (
    ("Game", ("variant", "jokers", "egypt_values", "aces_money", "seven_diamonds")),
    ("Claims", ("auto_capture", "penalty_take")),
    ("Choices", ("choice_ms", "join_exchange")),
)
PARTY_GROUP = ("Party game: house rule", ("party_cards",))  # ours: no document has a limit
# Options set elsewhere than in the Rules menu: the time limit is the main menu's Length
ELSEWHERE = ("party_minutes",)

# name: (label, explanation, unit shown after a number)
WORDS = {
    "slaps": ("Slapping", "Slap the pile when a combination shows.", ""),
    "tie_window_us": ("Tie within", "Slaps this close together: nobody takes the pile.", "ms"),
    "slap_during_challenge": ("In challenges", "Slaps count while a challenge is on.", ""),
    "slap_during_collect": ("Steal a pile", "Slap a won pile before it is taken.", ""),
    "collect_ms": ("Pile stays", "How long a won pile stays before it is taken.", "ms"),
    "burn_count": ("Burn", "Cards a false slap puts under the pile.", ""),
    "burn_escalate": ("Burn grows", "Each false slap burns one more card.", ""),
    "slap_in": ("Slap back in", "A player who is out returns by a good slap.", ""),
    "late_slap_in": ("Late arrivals", "At a free seat, a good slap takes the pile and joins.", ""),
    "slap_in_cards": ("Last one turns", "Cards the last player turns alone before taking the pile.", ""),
    "slap_in_penalty": ("Out, false slap", "What a false slap costs a player who is out.", ""),
    "negative_limit": ("Minus limit", "False slaps while out, then that player is done for.", ""),
    "lockout_rounds": ("Sit out", "Piles an out player must sit out after a false slap.", ""),
    "decks": ("Packs", "Packs of 52 cards shuffled together.", ""),
    "jokers": ("Jokers", "Two jokers a pack: a challenge card, or wild.", ""),
    "joker_chances": ("Joker chances", "Chances a joker gives the next player.", ""),
    "challenge_runout": ("Run out", "A challenged player runs out: who takes the pile.", ""),
    "turn": ("Turn cards", "Press to turn the cards, or they turn by themselves.", ""),
    "call_war": ("Call a war", "Our house rule: first press on equal cards wins them.", ""),
    "turn_wait_ms": ("Turns itself", "A card nobody turns turns by itself after this.", "ms"),
    "aces": ("Aces", "Aces beat kings, or lose to twos.", ""),
    "war_down": ("Cards down", "Cards face down in a war before one face up.", ""),
    "short_war": ("Short of cards", "Too few cards for a war: you lose, or turn your last.", ""),
    "both_out": ("Both short", "Both run out in one war: a draw, or more cards wins.", ""),
    "gather": ("Won cards go", "The order won cards go under the winner's.", ""),
    "variant": ("Version", "Jordanian, Egyptian or Syrian Money.", ""),
    "egypt_values": ("Money values", "Low: Q 5, K 10, J 15. High: Q 10, K 15, J 20.", ""),
    "aces_money": ("Aces money", "Aces are money worth 30.", ""),
    "seven_diamonds": ("7 of diamonds", "The seven of diamonds captures any pile.", ""),
    "auto_capture": ("Auto capture", "A match captures without pressing to claim it.", ""),
    "penalty_take": ("After a miss", "A wrong claim: the pile goes at once, or on a press.", ""),
    "choice_ms": ("Time to choose", "Each press gives it again; then the first is taken.", "ms"),
    "join_exchange": ("Join money", "Also swap several money cards for one.", ""),
    "party_minutes": ("Time limit", "Then most cards wins once the pile is taken.", "min"),
    "party_cards": ("Card limit", "Cards played, then most wins. Minutes: Length, main menu.", ""),
}

# how a choice's value reads; anything else shows with spaces for underscores
VALUE_WORDS = {
    "challenger_wins": "challenger",
    "next_player": "next player",
    "none": "none",
    "challenge": "challenge",
    "negative": "minus",
    "lockout": "sit out",
    "press": "press",
    "auto": "auto",
    "loses": "lose",
    "last_card": "turn last",
    "more_cards": "more wins",
    "winner_first": "winner's 1st",
    "loser_first": "loser's 1st",
}


# A game nobody slaps in (Beggar-my-neighbour): no group about slapping (its options about
# it stay as its preset has them: off); each player turns their own card (ours), and how
# long a won pile stays is the table's pace
BEGGAR_GROUPS = (SLAP_GROUPS[-1], ("Cards", ("collect_ms",) + SLAP_GROUPS[-2][1]))
FAMILY_GROUPS = {"slap": SLAP_GROUPS, "war": WAR_GROUPS, "money": MONEY_GROUPS}  # (games.family)


def groups(game):
    """The groups of a game's options, in its words ("What to snap"), the party group last.
    Egyptian War's false snaps cost what our house rule says: document 000 names nothing."""
    base = FAMILY_GROUPS[games.family(game)]
    if base is SLAP_GROUPS and not games.can(game, "race", games.game_module(game).make_rules(game)):
        base = BEGGAR_GROUPS  # (a game nobody slaps in)
    out = tuple((game_words.own(game, heading), names) for heading, names in base)
    if game == "egyptian_war":
        out = out[:2] + (("False snaps: house rule", out[2][1]),) + out[3:]
    return out + (PARTY_GROUP,)


# Options whose words differ in one game: Money's jokers, Egyptian War's burn (a house rule of
# ours: document 000 has no penalty), Beggar-my-neighbour's turning by press (ours), Egyptian
# Ruffle's named variations (document 001) and its switch between them and the plain game
OWN_WORDS = {
    "money": {"jokers": ("Jokers", "Two jokers as numerals: only a joker matches one.", "")},
    "egyptian_war": {"burn_count": ("Burn", "Our house rule: cards a false snap burns; 0: free.", "")},
    "beggar": {"turn": ("Turn cards", "Our house rule: press to turn your own card.", "")},
    "ruffle": {
        "slaps": ("Ruffles", "Ruffle on the named combinations. Off: plain game.", ""),
        "turn": ("Turn cards", "Our house rule: press to turn your own card.", ""),
        "slap_during_challenge": ("In fixed moves", "Ruffles count during a player's fixed moves.", ""),
        "jokers": ("Jokers", "Two jokers a pack: they give fixed moves, or are wild.", ""),
        "joker_chances": ("Joker moves", "Fixed moves a joker gives the next player.", ""),
        "challenge_runout": ("Run out", "A player runs out in fixed moves: who takes the pile.", ""),
    },
}


def _combination_of():
    """{option: the combination it belongs to} of each combination's switch (its own name)
    and its own options' (the run's K-A-2: the run)."""
    out = {}
    for c in combos.COMBOS:
        out[c[combos.NAME]] = c[combos.NAME]
        for own in c[combos.OWN]:
            out[own[0]] = c[combos.NAME]
    return out


_COMBINATION_OF = _combination_of()


def _combination_words(game, name):
    """(label, explanation, unit) of a combination's switch or its own option's, from the
    table (Egyptian Ruffle's words for its named variations): made when asked for, not kept
    beside the table's."""
    for c in combos.COMBOS:
        if c[combos.NAME] == name:
            w = c[combos.RUFFLE] if game == "ruffle" and c[combos.RUFFLE] else c[combos.WORDS]
            return w[0], w[1], ""
        for own in c[combos.OWN]:
            if own[0] == name:
                return own[2][0], own[2][1], ""
    raise KeyError(name)


def words(game, name):
    """(label, explanation, unit) of option ``name`` in ``game`` (its own words, or its
    module's). (Looking up a string made at run time, such as "money." + name, first
    searches every interned name for it: some 300 us on the chip, a tenth of the Rules
    menu's opening.)"""
    own = OWN_WORDS.get(game)
    if own is not None and name in own:
        return own[name]
    w = WORDS[name] if name in WORDS else _combination_words(game, name)
    label = game_words.own(game, w[0])
    text = game_words.own(game, w[1])
    return w if label is w[0] and text is w[1] else (label, text, w[2])


# values in a game's own words: Egyptian Ruffle's challenges are its fixed moves
OWN_VALUES = {"ruffle": {"challenger_wins": "last face card", "challenge": "fixed moves"}}


def value_text(name, v, game=""):
    """A value as the menu shows it (in ``game``'s words)."""
    if v is True:
        return "on"
    if v is False:
        return "off"
    if type(v) is int:
        unit = WORDS[name][2]
        if name.endswith("_us"):
            v = v // 1000
        if v == 0 and name.startswith("party_"):
            return "off"
        return "%d %s" % (v, unit) if unit else str(v)
    own = OWN_VALUES.get(game)
    if own is not None and v in own:
        return own[v]
    return VALUE_WORDS.get(v, str(v).replace("_", " "))


def applies(name, r):
    """Whether option ``name`` matters given the values ``r`` (name -> value) of the rest."""
    g = r.get
    combination = _COMBINATION_OF.get(name)
    if combination is not None:  # (a combination's own option: only with it on)
        return g("slaps", True) and (combination == name or g(combination))
    if name in ("tie_window_us", "slap_during_challenge", "slap_during_collect", "burn_count",
                "slap_in", "late_slap_in"):
        return g("slaps", True)
    if name == "burn_escalate":
        return g("slaps", True) and g("burn_count", 0) > 0
    if name == "slap_in_cards":
        return g("slaps", True) and g("slap_in")
    slap_in = g("slaps", True) and (g("slap_in") or g("late_slap_in"))  # an out or a late arrival's
    if name == "slap_in_penalty":
        return slap_in
    if name == "negative_limit":
        return slap_in and g("slap_in_penalty") == "negative"
    if name == "lockout_rounds":
        return slap_in and g("slap_in_penalty") == "lockout"
    if name == "turn":  # (War's always; the slap family's with no slapping)
        return not g("slaps", False)
    if name == "turn_wait_ms":
        return not g("slaps", False) and g("turn") == "press"
    if name == "joker_chances":
        return g("jokers") == "challenge"
    if name in ("egypt_values", "aces_money", "seven_diamonds"):
        return g("variant") == "egyptian"
    if name == "jokers" and "variant" in r:
        return g("variant") != "syrian"
    if name == "auto_capture":
        return g("variant") != "egyptian"
    if name == "penalty_take":
        return g("variant") != "egyptian" and not g("auto_capture")
    return True
