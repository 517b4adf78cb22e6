"""Money's set-up (rules document 002): its options (``SCHEMA``, checked per variant), the
preset and the deal, seeded or given. What each option means, with its default and where
the default comes from, is the engine's README.md (Money). This module is Money's entry in
the game registry; the game in play is money_game.py's ``Game``, which the registry imports
only for a deal (``games.game_class``), so the menus hold none of its code. The deal lets
this module go (``games.forget_setup``).
"""
from slapstack import cards, chance, options
from slapstack import duel_events as D
from slapstack.dealing import check_spec, deal_alternately, parse_cards, parse_hands

SCHEMA = {
    "variant": ("jordanian", ("jordanian", "egyptian", "syrian")),
    "jokers": (False, bool),
    "auto_capture": (False, bool),
    "egypt_values": ("low", ("low", "high")),
    "aces_money": (False, bool),
    "seven_diamonds": (False, bool),
    "choice_ms": (8000, (0, 60000)),
    "penalty_take": ("auto", ("auto", "press")),
    "join_exchange": (False, bool),
}
SCHEMA.update(options.PARTY)
PRESETS = {"money": {}}
TEMPO_MS = 1000  # ms between throws at the normal tempo
EGYPT_ONLY = ("egypt_values", "aces_money", "seven_diamonds")
DEAL_KEYS = ("seed", "hands", "banks", "pile", "under", "first")


def check_rules(rules):
    """Refuse option combinations the variant does not have, naming the rule."""
    v = rules.variant
    for name in EGYPT_ONLY:
        if v != "egyptian" and getattr(rules, name) != SCHEMA[name][0]:
            raise ValueError("rule %r applies to the egyptian variant only (variant is %r)" % (name, v))
    if v == "syrian" and rules.jokers:
        raise ValueError("rule 'jokers' adds jokers as numeral cards; the syrian variant plays them as money")


def make_rules(preset="money", overrides=None):
    if preset not in PRESETS:
        raise ValueError("unknown Money preset %r (presets: %s)" % (preset, ", ".join(PRESETS)))
    rules = options.make(SCHEMA, PRESETS[preset], overrides)
    check_rules(rules)
    return rules


def start_bank(rules):
    return bytes((1 if rules.variant == "syrian" else 0, 2, 2, 2, 2 if rules.aces_money else 0))


def is_numeral(rules, c):
    r = c & 15
    if r == cards.JOKER_RANK:
        return c == cards.JOKER and rules.jokers
    if c >> 4 > 3 or r < 1 or r > 10:
        return False
    return r > 1 or not rules.aces_money


def numeral_deck(rules):
    out = bytearray()
    for c in cards.deck(1, 2 if rules.jokers else 0):
        if is_numeral(rules, c):
            out.append(c)
    return out


def parse_money(text, values, where):
    """"K", "Q", "J", "A", "JK" (or a card like "KS") to a money kind of this variant."""
    if not isinstance(text, str):
        raise ValueError("%s: money card must be text like 'K', got %r" % (where, text))
    t = text.strip().upper()
    if t in D.MONEY_NAMES:
        k = D.MONEY_NAMES.index(t)
    else:
        try:
            r = cards.parse(t) & 15
        except ValueError as e:
            raise ValueError("%s: %s" % (where, e))
        k = {cards.JACK: D.MK_JACK, cards.QUEEN: D.MK_QUEEN, cards.KING: D.MK_KING,
             cards.ACE: D.MK_ACE}.get(r, -1)
    if k < 0 or not values[k]:
        raise ValueError("%s: %r is not a money card in this variant" % (where, text))
    return k


def _money_counts(texts, values, where):
    if not isinstance(texts, list):
        raise ValueError("%s must be a list of money cards like ['K', 'Q']" % where)
    out = bytearray(5)
    for t in texts:
        out[parse_money(t, values, where)] += 1
    return out


def deal(rules, players, spec):
    """Seeded: the numeral cards shuffled and dealt one at a time, each bank as the variant
    starts it. Or given: "hands" (top card first), optional "pile" (top card first),
    "banks" (a list of money cards per player, default the starting banks), "under" (money
    under the pile) and "first" (who plays first, default 0)."""
    check_rules(rules)
    if players != 2:
        raise ValueError("Money is for 2 players, got %r" % (players,))
    seed = check_spec(spec, DEAL_KEYS)
    values = D.kind_values(rules)
    ok = lambda c: is_numeral(rules, c)
    what = "a numeral card in this variant"
    if "hands" in spec:
        hands = parse_hands(spec, 2, ok, what)
    elif "seed" in spec:
        deck = numeral_deck(rules)
        chance.shuffle_pack(deck, seed)
        hands = deal_alternately(deck, 2, len(deck))
    else:
        raise ValueError("deal needs 'seed' or 'hands'")
    top_first = parse_cards(spec.get("pile", []), "deal field 'pile'", ok, what)
    pile = bytearray(len(top_first))
    for i in range(len(pile)):
        pile[i] = top_first[len(pile) - 1 - i]
    if "banks" in spec:
        banks = spec["banks"]
        if not isinstance(banks, list) or len(banks) != 2:
            raise ValueError("deal field 'banks' must be a list of 2 lists of money cards")
        bank = _money_counts(banks[0], values, "deal field 'banks', player 0") + \
            _money_counts(banks[1], values, "deal field 'banks', player 1")
    else:
        bank = start_bank(rules) + start_bank(rules)
    under = _money_counts(spec.get("under", []), values, "deal field 'under'")
    first = spec.get("first", 0)
    if first != 0 and first != 1 or type(first) is not int:
        raise ValueError("deal field 'first' must be 0 or 1, got %r" % (first,))
    if not (len(hands[0]) + len(hands[1]) + len(pile)):
        raise ValueError("deal has no numeral cards")
    try:
        cards.check_pack((hands[0], hands[1], pile), 1, 2 if rules.jokers else 0)
    except ValueError as e:
        raise ValueError("deal fields 'hands' and 'pile': %s" % e)
    for k in range(5):
        n = bank[k] + bank[5 + k] + under[k]
        most = 2 if k == D.MK_JOKER else 4
        if n > most:
            raise ValueError("deal fields 'banks' and 'under': %d money cards %s; one pack holds %d"
                             % (n, D.MONEY_NAMES[k], most))
    return {"hands": hands, "pile": bytes(pile), "banks": bytes(bank), "under": bytes(under),
            "first": first}


