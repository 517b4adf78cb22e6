"""Deal-spec checks: a seed or explicit hands, with clear errors. ``check_fields`` is every
game's; the rest is War's and Money's (the slap family's deal has its own messages)."""

from slapstack import cards


def check_fields(spec, keys):
    """Refuse a deal spec that is not an object or names a field this game does not know:
    a card in an unknown field would be silently dropped from the deal."""
    if not isinstance(spec, dict):
        raise ValueError("deal must be an object with 'seed' or 'hands'")
    for k in spec:
        if k not in keys:
            raise ValueError("unknown deal field %r (known: %s)" % (k, ", ".join(keys)))


def check_spec(spec, keys):
    """``check_fields``, then the seed (default 1), which is returned."""
    check_fields(spec, keys)
    seed = spec.get("seed", 1)
    if type(seed) is not int or seed < 0 or seed > 0xFFFFFFFF:
        raise ValueError("deal field 'seed' must be a whole number from 0 to 4294967295, got %r" % (seed,))
    return seed


def parse_cards(texts, where, ok_card, what):
    """Card texts to bytes; ``ok_card`` says which cards the game allows there."""
    try:
        out = cards.parse_list(texts)
    except ValueError as e:
        raise ValueError("%s: %s" % (where, e))
    for c in out:
        if not ok_card(c):
            raise ValueError("%s: %s is not %s" % (where, cards.to_text(c), what))
    return out


def parse_hands(spec, players, ok_card, what):
    """Parse spec["hands"] (a list per player, top card first) with ``ok_card`` as the check."""
    hands = spec["hands"]
    if not isinstance(hands, list) or len(hands) != players:
        raise ValueError("deal field 'hands' must be a list of %d lists of cards" % players)
    out = []
    for p in range(players):
        out.append(parse_cards(hands[p], "deal field 'hands', player %d" % p, ok_card, what))
    return out


def deal_alternately(buf, players, n):
    """Deal the first n cards of buf one at a time, player 0 first: a list of bytes per player."""
    out = []
    for p in range(players):
        h = bytearray((n - p + players - 1) // players)
        for i in range(len(h)):
            h[i] = buf[p + i * players]
        out.append(bytes(h))
    return out
