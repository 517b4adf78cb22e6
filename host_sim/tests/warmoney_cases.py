"""Random War and Money games for the property tests: rules drawn by Hypothesis, deals
and input streams built from Hypothesis-drawn seeds with the project's XorShift32.

Building a deal from one seed keeps Hypothesis's own work per example small (a few ints),
so thousands of games per variant run in seconds; a failing example names its seeds, which
rebuild the same game. Small given positions (a few cards, random banks and money under
the pile) reach buying, exchanges and the end of the game far more often than full deals.
The games are played by tests/warmoney_scenario.random_play and checked against their
event logs by check_war_log / check_money_log from the same module.
"""
from hypothesis import strategies as st

from slapstack import cards, money
from slapstack import duel_events as D
from slapstack.prng import XorShift32

U32 = st.integers(0, 2**32 - 1)
# Few ranks, so small War hands tie (wars) often.
WAR_SMALL = [r + s for r in ("2", "3", "K", "A") for s in "CDHS"]


def war_rules():
    return st.fixed_dictionaries({
        "turn": st.sampled_from(["press", "auto"]),
        "call_war": st.booleans(),
        "aces": st.sampled_from(["high", "low"]),
        "war_down": st.integers(1, 5),
        "short_war": st.sampled_from(["loses", "last_card"]),
        "both_out": st.sampled_from(["draw", "more_cards"]),
        "gather": st.sampled_from(["winner_first", "loser_first", "shuffle"]),
    })


def _pick(rng, pool, lo, hi):
    """lo..hi cards taken from ``pool`` (a list, shuffled in place by the caller's rng):
    without putting back, so a deal never holds a card twice (a real pack, as the deals
    require); fewer if the pool runs out."""
    n = lo + rng.below(hi - lo + 1)
    out = pool[:n]
    del pool[:n]
    return out


def _pool(rng, items):
    pool = list(items)
    rng.shuffle(pool)
    return pool


def war_deal(small, seed):
    """A shuffled full deck, or two hands of 1-12 cards from a few ranks."""
    if not small:
        return {"seed": seed}
    rng = XorShift32(seed)
    pool = _pool(rng, WAR_SMALL)
    return {"hands": [_pick(rng, pool, 1, 8), _pick(rng, pool, 1, 8)], "seed": seed}


def money_deal(rules, small, seed):
    """A full seeded deal, or a small position: hands of 0-10 cards from a few numbers,
    0-8 cards on the floor, 0-4 money cards per bank and 0-2 under the pile."""
    if not small:
        return {"seed": seed}
    r = money.make_rules("money", rules)
    values = D.kind_values(r)
    numerals = [cards.to_text(c) for c in money.numeral_deck(r)]
    # every card of a few numbers (so captures are common), each once
    few = [c for c in numerals if c[:-1] in ("A", "2", "3", "4", "5", "JK")]
    kinds = []
    for k in range(5):
        if values[k]:
            kinds += [D.MONEY_NAMES[k]] * (2 if k == D.MK_JOKER else 4)
    rng = XorShift32(seed)
    pool = _pool(rng, few)
    money_pool = _pool(rng, kinds)
    deal = {"hands": [_pick(rng, pool, 0, 10), _pick(rng, pool, 0, 10)], "pile": _pick(rng, pool, 0, 8),
            "banks": [_pick(rng, money_pool, 0, 4), _pick(rng, money_pool, 0, 4)],
            "under": _pick(rng, money_pool, 0, 2), "first": rng.below(2)}
    if not (deal["hands"][0] or deal["hands"][1] or deal["pile"]):
        deal["pile"] = [numerals[0]]
    return deal


def money_case(fixed, free=None):
    """(rules, small deal?, deal seed, input seed): rules = ``fixed`` plus a draw of ``free``."""
    extra = st.fixed_dictionaries(free or {}).map(lambda e: dict(fixed, **e))
    return st.tuples(extra, st.booleans(), U32, U32)
