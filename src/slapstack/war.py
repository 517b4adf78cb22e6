"""War's set-up (rules document 001): its options (``SCHEMA``), the preset and the deal,
seeded or given. What each option means, with its default and where the default comes
from, is the engine's README.md (War). This module is War's entry in the game registry; the
game in play is war_game.py's ``Game``, which the registry imports only for a deal
(``games.game_class``), so the menus hold none of its code. The deal lets this module go
(``games.forget_setup``).
"""
from slapstack import cards, chance, options
from slapstack.dealing import check_spec, deal_alternately, parse_hands

SCHEMA = {
    "turn": ("press", ("press", "auto")),
    "call_war": (True, bool),  # ours: the first to press on equal cards wins the war at once
    "aces": ("high", ("high", "low")),
    "war_down": (3, (1, 5)),
    "short_war": ("loses", ("loses", "last_card")),
    "both_out": ("draw", ("draw", "more_cards")),
    "gather": ("winner_first", ("winner_first", "loser_first", "shuffle")),
}
SCHEMA.update(options.PARTY)
PRESETS = {"war": {}}
TEMPO_MS = 800  # ms between battles at the normal tempo (auto mode)
DEAL_KEYS = ("seed", "hands")


def make_rules(preset="war", overrides=None):
    if preset not in PRESETS:
        raise ValueError("unknown War preset %r (presets: %s)" % (preset, ", ".join(PRESETS)))
    return options.make(SCHEMA, PRESETS[preset], overrides)


def deal(rules, players, spec):
    """A shuffled 52-card deck dealt 26 each, or the given hands (top card first)."""
    if players != 2:
        raise ValueError("War is for 2 players, got %r" % (players,))
    seed = check_spec(spec, DEAL_KEYS)
    if "hands" in spec:
        hands = parse_hands(spec, 2, lambda c: not cards.is_joker(c), "a card War uses (no jokers)")
        for p in range(2):
            if not hands[p]:
                raise ValueError("deal field 'hands', player %d: needs at least one card" % p)
        try:
            cards.check_pack(hands, 1, 0)
        except ValueError as e:
            raise ValueError("deal field 'hands': %s" % e)
    elif "seed" in spec:
        deck = cards.deck()
        chance.shuffle_pack(deck, seed)
        hands = deal_alternately(deck, 2, len(deck))
    else:
        raise ValueError("deal needs 'seed' or 'hands'")
    return {"hands": hands, "seed": seed}


