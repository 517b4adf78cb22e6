"""Money (rules document 002): the deal, the end, and whole seeded games, on MicroPython and CPython.

Money scenarios are set up card by card by money_setup.py (tempo 1000 ms, piles top card first).
"""

from slapstack import cards, clock, eventlog, events as ev, money, money_game
from slapstack import duel_events as D
from slapstack.prng import XorShift32
from warmoney_scenario import (EventCounter, Scenario, check_money_log, digest, heap_locked,
                               random_play, run_auto, snapshot)
from money_setup import K, Q, game, bank, money_list


def test_jordanian_deal_20_numerals_each_and_two_of_each_picture():
    r = money.make_rules("money")
    d = money.deal(r, 2, {"seed": 5})
    assert len(d["hands"][0]) == 20 and len(d["hands"][1]) == 20
    every = sorted(d["hands"][0] + d["hands"][1])
    assert every == sorted(money.numeral_deck(r)) and len(every) == 40
    assert all(c & 15 <= 10 for c in every)
    assert list(d["banks"]) == [0, 2, 2, 2, 0] * 2
    assert D.kind_values(r) == (0, 10, 15, 5, 0)      # K 5, Q 15, J 10
    s = game(seed=5)
    assert s.rec.events[0] == (ev.GAME_START, 0, 0, 2, 52, 0)


def test_joker_variant_deals_21_each():
    d = money.deal(money.make_rules("money", {"jokers": True}), 2, {"seed": 5})
    assert len(d["hands"][0]) == 21 and len(d["hands"][1]) == 21
    assert len([c for c in d["hands"][0] + d["hands"][1] if c == cards.JOKER]) == 2


def test_egyptian_aces_as_money_18_numerals_and_two_aces_each():
    r = money.make_rules("money", {"variant": "egyptian", "aces_money": True})
    d = money.deal(r, 2, {"seed": 5})
    assert len(d["hands"][0]) == 18 and len(d["hands"][1]) == 18
    assert list(d["banks"]) == [0, 2, 2, 2, 2] * 2
    assert D.kind_values(r) == (0, 15, 5, 10, 30)     # Q 5, K 10, J 15, A 30
    high = money.make_rules("money", {"variant": "egyptian", "egypt_values": "high"})
    assert D.kind_values(high) == (0, 20, 10, 15, 0)  # Q 10, K 15, J 20


def test_syrian_deal_jokers_are_money():
    r = money.make_rules("money", {"variant": "syrian"})
    d = money.deal(r, 2, {"seed": 5})
    assert len(d["hands"][0]) == 20 and list(d["banks"]) == [1, 2, 2, 2, 0] * 2
    assert D.kind_values(r) == (5, 10, 15, 20, 0)     # JK 5, J 10, Q 15, K 20
    s = Scenario(money, "money", {"variant": "syrian"}, seed=5).start(0)
    assert s.rec.events[0][4] == 54


def test_bad_rules_and_deals_name_the_field():
    for bad, word in (({"aces_money": True}, "aces_money"), ({"variant": "syrian", "jokers": True}, "jokers"),
                      ({"choice_ms": -1}, "choice_ms"), ({"variant": "libyan"}, "variant")):
        try:
            money.make_rules("money", bad)
            assert False, bad
        except ValueError as e:
            assert word in str(e), str(e)
    r = money.make_rules("money")
    for spec, word in (({"hands": [["KS"], []]}, "player 0"), ({"hands": [[], []], "pile": ["JK"]}, "pile"),
                       ({"hands": [["2C"], []], "banks": [["K"], ["A"]]}, "player 1"),
                       ({"hands": [["2C"], []], "under": ["X"]}, "under"), ({"seed": 1, "first": 2}, "first"),
                       ({"hands": [[], []]}, "no numeral"), ({"seed": 1, "deck": 2}, "deck")):
        try:
            money.deal(r, 2, spec)
            assert False, spec
        except ValueError as e:
            assert word in str(e), (spec, str(e))


def test_money_events_print_as_json_fields():
    d = eventlog.to_dict(D.MONEY_BUY, 1500.0, 0, Q, D.SRC_OPPONENT, 10)
    assert d == {"t": 1500.0, "ev": "money_buy", "p": 0, "money": "Q", "source": "opponent", "cards": 10}
    d = eventlog.to_dict(ev.MONEY_CHOSEN, 0.0, 1, 2, 1, D.ACT_EXCHANGE)
    assert d["action"] == "exchange" and d["by_default"] == 1


def test_game_ends_when_one_player_holds_every_card():
    s = game(hands=[["5C"], ["5H"]], banks=[[], []])
    s.tick(2000)
    s.press(1, 2100)
    assert s.g.over and s.g.winner == 1 and s.g.next_due() is None
    assert s.rec.events[-1] == (ev.GAME_OVER, 2100000, 1, 2, 1, ev.END_WIN)


def test_a_player_who_cannot_buy_is_out_and_the_opponent_takes_everything():
    s = game(hands=[["5C"], ["5H"]], banks=[["K"], []])
    s.tick(2000)
    s.press(1, 2100)
    assert not s.g.over                     # p0 still has a King
    s.tick(3000)                            # p0 must buy: 0 on the floor, p1 holds 2 < 5
    assert s.of(D.MONEY_BROKE) == [(D.MONEY_BROKE, 3000000, 0, 5, 0, 0)]
    assert s.of(D.MONEY_GET)[-1] == (D.MONEY_GET, 3000000, 1, K, D.SRC_OPPONENT, 1)
    assert s.g.over and s.g.winner == 1 and bank(s, 1) == money_list([K])


def seeded(rules, seed, limit):
    r = money.make_rules("money", rules)
    rec = eventlog.Recorder()
    g = money_game.Game(r, 2, money.deal(r, 2, {"seed": seed}), rec, money.TEMPO_MS)
    before = snapshot(g)
    random_play(g, XorShift32(seed), limit)
    check_money_log(g, rec.events, before)
    return g, rec.events


def test_seeded_log_digests():
    """Random presses, reveals and choices from one seed give the same log on both VMs."""
    got = []
    for rules, seed in DIGEST_CASES:
        g, events = seeded(rules, seed, 600)
        got.append((g.over, g.winner, g.cards_played, len(events), digest(events)))
    assert got == DIGESTS, got


def test_seeded_default_games_digest():
    """Whole games to the end with every choice left to the deadline default."""
    got = []
    for rules, seed in ((({"variant": "egyptian"}), 7), ({"auto_capture": True}, 7),
                        ({"variant": "syrian", "auto_capture": True}, 8)):
        r = money.make_rules("money", rules)
        rec = eventlog.Recorder()
        g = money_game.Game(r, 2, money.deal(r, 2, {"seed": seed}), rec, money.TEMPO_MS)
        before = snapshot(g)
        run_auto(g, clock.MASK - 20000000, 20000)     # starts 20 s before the clock wraps
        check_money_log(g, rec.events, before)
        got.append((g.over, g.winner, g.cards_played, len(rec.events), digest(rec.events)))
    assert got == DEFAULT_DIGESTS, got


def test_throws_and_captures_allocate_nothing():
    sink = EventCounter()
    r = money.make_rules("money", {"auto_capture": True})
    g = money_game.Game(r, 2, money.deal(r, 2, {"seed": 3}), sink, money.TEMPO_MS)
    g.start(0)
    # captures and throws only: stop before the first buy
    n = heap_locked(run_until_buy, g)
    assert n > 20 and sink.counts[ev.CARD] == n and sink.counts[ev.PILE_WON] > 0


def run_until_buy(g):
    n = 0
    while g.hand_size(0) and g.hand_size(1):
        g.tick(g.next_due())
        n += 1
    return n


DIGEST_CASES = (({}, 1), ({"jokers": True}, 2), ({"variant": "egyptian"}, 3),
                ({"variant": "egyptian", "egypt_values": "high", "aces_money": True, "seven_diamonds": True}, 4),
                ({"variant": "syrian"}, 5), ({"auto_capture": True}, 6))
DIGESTS = [(False, -1, 259, 632, 2753140390), (False, -1, 264, 680, 662492727), (False, -1, 276, 1544, 3681167473),
           (False, -1, 275, 1531, 2609265130), (False, -1, 244, 645, 788129133), (False, -1, 218, 545, 2558317278)]
DEFAULT_DIGESTS = [(True, 1, 1198, 3805, 4059584753), (True, 0, 861, 1061, 3363165713), (True, 1, 1742, 2085, 2707434631)]
