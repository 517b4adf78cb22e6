"""Random Money games per variant (4,000 in make test, 10,000 in make test-deep): no card lost or made, money value kept, every
purchase and exchange paid in full, and an event log that explains the final state.

Each game gets random presses (claims, true and false), reveals, choices and deadlines.
"""

from hypothesis import given, strategies as st

from slapstack import eventlog, money, money_game
from slapstack.prng import XorShift32
from host_sim.tests.warmoney_cases import money_case, money_deal
from warmoney_scenario import check_money_log, random_play, snapshot

STEPS = 80    # a bounded game: an unfinished one must still keep every card
CHOICE_MS = {"choice_ms": st.sampled_from([0, 500, 8000]),
             "penalty_take": st.sampled_from(["auto", "press"]), "join_exchange": st.booleans()}


def play(case):
    rules, small, deal_seed, inputs = case
    r = money.make_rules("money", rules)
    rec = eventlog.Recorder()
    g = money_game.Game(r, 2, money.deal(r, 2, money_deal(rules, small, deal_seed)), rec, 1000)
    before = snapshot(g)
    total = g.bank_value(0) + g.bank_value(1) + sum(g.under[k] * g.rules.values[k] for k in range(5))
    random_play(g, XorShift32(inputs), STEPS)
    check_money_log(g, rec.events, before)
    assert g.bank_value(0) + g.bank_value(1) + sum(g.under[k] * g.rules.values[k] for k in range(5)) == total
    pending = g.pending_choice()
    if pending is not None:
        assert g.default_choice() == 0 and pending[1]
        for ch in pending[1]:
            assert money_game.choice_label(ch)
    return g, rec


@given(money_case({"variant": "jordanian"}, dict(CHOICE_MS, auto_capture=st.booleans())))
def test_jordanian(case):
    play(case)


@given(money_case({"variant": "jordanian", "jokers": True}, CHOICE_MS))
def test_jordanian_with_jokers(case):
    play(case)


@given(money_case({"variant": "egyptian", "egypt_values": "low"}, dict(CHOICE_MS, seven_diamonds=st.booleans())))
def test_egyptian_low_values(case):
    play(case)


@given(money_case({"variant": "egyptian", "egypt_values": "high"}, dict(CHOICE_MS, jokers=st.booleans())))
def test_egyptian_high_values(case):
    play(case)


@given(money_case({"variant": "egyptian", "aces_money": True},
                  dict(CHOICE_MS, egypt_values=st.sampled_from(["low", "high"]), seven_diamonds=st.booleans())))
def test_egyptian_aces_as_money(case):
    play(case)


@given(money_case({"variant": "syrian"}, dict(CHOICE_MS, auto_capture=st.booleans())))
def test_syrian(case):
    play(case)
