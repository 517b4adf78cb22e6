"""Random War games (4,000 in make test, 10,000 in make test-deep): every card kept, events that explain the final state exactly."""

from hypothesis import given, strategies as st

from slapstack import eventlog, events as ev, war, war_game
from slapstack import duel_events as D
from slapstack.prng import XorShift32
from host_sim.tests.warmoney_cases import U32, war_deal, war_rules
from warmoney_scenario import check_war_log, random_play, snapshot

STEPS = 100   # a bounded game: an unfinished one still has to keep every card


@given(rules=war_rules(), small=st.booleans(), deal_seed=U32, inputs=U32)
def test_random_war_games_keep_every_card_and_log_every_move(rules, small, deal_seed, inputs):
    r = war.make_rules("war", rules)
    rec = eventlog.Recorder()
    g = war_game.Game(r, 2, war.deal(r, 2, war_deal(small, deal_seed)), rec, war.TEMPO_MS)
    before = snapshot(g)
    random_play(g, XorShift32(inputs), STEPS)
    check_war_log(g, rec.events, before)
    if g.quiet():
        state = bytearray(g.state_size())
        g.state_into(state)  # between battles every card is in a hand, and in the state
        assert g.pile_len() == 0 and state[0] == g.hand_size(0) and all(state[1:1 + g.total])
    turning = [e for e in rec.of(D.WAR_READY) if e[4] == 0]
    calls = rec.of(ev.SLAP)
    tied = [e for e in calls if e[3] == ev.V_TIE]
    if not rules["call_war"]:
        assert not calls and not rec.of(D.WAR_PAY)
    if rules["turn"] == "press":
        # every battle or war round was turned by the second of two counted presses, or by
        # two calls in the same microsecond
        assert len(turning) + len(tied) // 2 == len(rec.of(ev.CARD)) // 2 + (1 if rec.of(D.WAR_OUT) else 0)
        for e in turning:
            assert e[3] >= -1
        assert not rec.of(D.WAR_PAY)  # a press that is no call turns: it costs nothing
    else:
        assert not rec.of(D.WAR_READY)
    for e in calls:  # a call won, tied or late came at least 100 ms after the cards showed
        assert e[3] != ev.V_WIN or e[5] >= war_game.REACT_MIN_US
    wins = [e for e in calls if e[3] == ev.V_WIN]
    assert len(wins) <= len(rec.of(D.WAR_TIE))
    assert len(wins) == len([e for e in rec.of(ev.PILE_WON) if e[3] == ev.HOW_CALL])
