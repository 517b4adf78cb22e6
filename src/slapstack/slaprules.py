"""The slap family's rules: named options, the presets, and the deal.

Everything here is needed to set a game up (and by the device's menus), not to play it:
the device lets it go once the cards are dealt (``games.forget_setup``), so its code does
not sit in the heap during a game. ``Game`` and the play-time names are re-exported from
slapgame.py, so this module is the slap family's entry in the game registry.
"""

from slapstack import cards
from slapstack import chance
from slapstack import combos
from slapstack import options
from slapstack.dealing import check_fields
from slapstack.slapgame import TEMPO_MS, Game  # noqa: F401  (registry entry)

SCHEMA = {
    # turning: by the tempo, or (with no slapping, as a press would be a slap) each player's
    # own button, the card turning by itself ``turn_wait_ms`` after the turn came (ours)
    "turn": ("auto", ("auto", "press")),
    "turn_wait_ms": (3000, (1000, 10000)),
    # the pack
    "decks": (1, (1, 4)),
    "jokers": ("none", ("none", "challenge", "wild")),  # two per deck when used
    "joker_chances": (5, (1, 8)),  # with "challenge": document 003, "usually ... 5 cards"
    # challenges (A 4, K 3, Q 2, J 1; a joker 5 when "challenge")
    "challenge_runout": ("challenger_wins", ("challenger_wins", "next_player")),
    # slapping
    "slaps": (True, bool),  # (and a switch for each combination: combos.switches)
    "tie_window_us": (0, (0, 200000)),
    "slap_during_challenge": (True, bool),
    "slap_during_collect": (True, bool),
    "collect_ms": (800, (0, 10000)),
    # false slaps
    "burn_count": (1, (0, 5)),
    "burn_escalate": (False, bool),
    # elimination and slapping in
    "slap_in": (True, bool),
    # a person at a free seat (a button nobody was dealt in at) may slap in and join:
    # document 003's "non-players may also slap the play pile"
    "late_slap_in": (True, bool),
    # a false slap by a player who is out (no card to burn): document 003's two remedies;
    # "lockout" by default, so mashing never brings a player back in (see README)
    "slap_in_penalty": ("lockout", ("none", "negative", "lockout")),
    "negative_limit": (3, (1, 20)),
    "lockout_rounds": (2, (1, 20)),
    # with one player left holding cards: how many they turn alone so the out players can
    # slap back in (document 003), before taking the pile; 0: at once
    "slap_in_cards": (10, (0, 52)),
}
SCHEMA.update(combos.switches())
SCHEMA.update(options.PARTY)

PRESETS = {
    "ratscrew": {},
    # document 000: simultaneous snaps take nothing. It names no penalty for a false snap:
    # ours, a house rule, is the family's burn of one card (burn_count), without which pressing
    # all the time wins every game; burn_count 0 plays the document's free snap. It lets only eliminated players rejoin: nobody joins
    # at a free seat
    "egyptian_war": {"tie_window_us": 20000, "late_slap_in": False},
    # document 001: the basic game and its named variations, played here: Pyramid Pair
    # (double), Sphinx Split (sandwich), Mummy Marriage, King Tut Ten (tens), Nile Nine, won
    # by the first to "ruffle the pile"; "slaps" off is the basic game. It names no way back
    # in ("runs out of cards during a ruffle, that player loses") and no penalty for a wrong
    # ruffle: a card is burnt, as in Ratscrew, so pressing on every card does not pay
    "ruffle": {"marriage": True, "tens": True, "nile_nine": True, "slap_in": False, "late_slap_in": False},
    # ours: no document describes it; each player turns their own card with their button
    "beggar": {"slaps": False, "double": False, "sandwich": False, "slap_in": False, "late_slap_in": False,
               "turn": "press"},
}
DEAL_KEYS = ("seed", "hands")


def make_rules(preset, overrides=None):
    if preset not in PRESETS:
        raise ValueError("unknown game %r" % (preset,))
    return options.make(SCHEMA, PRESETS[preset], overrides)


def deal(rules, players, spec):
    """Hands (bytes, top card first) from ``{"seed": N}`` or ``{"hands": [[...], ...]}``.

    A seeded deal shuffles the pack(s) with the seed (chance.py) and deals one card at a time,
    starting with player 0 (left of the dealer, who plays first), so the first players get
    the odd cards when the pack does not divide evenly.
    """
    check_fields(spec, DEAL_KEYS)
    if "hands" in spec:
        hands = spec["hands"]
        if not isinstance(hands, list) or len(hands) != players:
            raise ValueError("deal.hands must list one hand per player (%d)" % players)
        out = []
        for i in range(players):
            try:
                out.append(cards.parse_list(hands[i]))
            except ValueError as e:
                raise ValueError("deal.hands[%d]: %s" % (i, e))
        if not sum(len(h) for h in out):
            raise ValueError("deal.hands holds no cards")
        try:
            cards.check_pack(out, rules.decks, 0 if rules.jokers == "none" else 2 * rules.decks)
        except ValueError as e:
            raise ValueError("deal.hands: %s" % e)
        return out
    if "seed" in spec:
        seed = spec["seed"]
        if type(seed) is not int or seed < 0:
            raise ValueError("deal.seed must be a whole number >= 0")
        jokers = 0 if rules.jokers == "none" else 2 * rules.decks
        pack = cards.deck(rules.decks, jokers)
        chance.shuffle_pack(pack, seed)
        out = [bytearray() for _ in range(players)]
        for i in range(len(pack)):
            out[i % players].append(pack[i])
        return [bytes(h) for h in out]
    raise ValueError("deal needs \"seed\" or \"hands\"")
