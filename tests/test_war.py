"""War scenarios card by card (rules document 001), on MicroPython and CPython."""

from slapstack import cards, clock, eventlog, events as ev, war
from slapstack import war_game as war_play
from slapstack import duel_events as D
from warmoney_scenario import EventCounter, Scenario, digest, heap_locked, run_auto, run_ticks

AUTO = {"turn": "auto"}


def war_game(h0, h1, rules=None, **spec):
    r = dict(AUTO)
    r.update(rules or {})
    return Scenario(war, "war", r, 1000, hands=[h0, h1], **spec).start(0)


def test_higher_card_takes_both_winner_card_first():
    s = war_game(["KS", "2C"], ["QH", "3D"])
    s.tick(1000)
    assert s.hand(0) == ["2C", "KS", "QH"] and s.hand(1) == ["3D"]
    assert s.rec.events[-3:] == [(ev.CARD, 1000000, 0, cards.parse("KS"), 1, 0),
                                 (ev.CARD, 1000000, 1, cards.parse("QH"), 2, 0),
                                 (ev.PILE_WON, 1000000, 0, ev.HOW_BATTLE, 2, 0)]
    s.tick(2000)
    assert s.hand(0) == ["KS", "QH"] and s.hand(1) == ["3D", "2C"]


def test_game_ends_when_one_player_holds_every_card():
    s = war_game(["KS", "2C"], ["QH", "3D"])
    s.tick(10000)
    assert s.g.over and s.g.winner == 0 and s.g.next_due() is None
    assert s.hand(0) == ["KS", "3D", "QH", "2C"] and s.hand(1) == []
    assert s.rec.events[-1] == (ev.GAME_OVER, 4000000, 0, 8, 4, ev.END_WIN)


def test_loser_first_gather_puts_the_losing_card_first():
    s = war_game(["KS", "2C"], ["QH", "3D"], {"gather": "loser_first"})
    s.tick(1000)
    assert s.hand(0) == ["2C", "QH", "KS"]


def test_shuffle_gather_keeps_every_card_and_depends_on_the_seed():
    orders = []
    for seed in (1, 2, 3, 4, 5, 6):
        s = war_game(["KS", "5S", "4S", "3S"], ["2C", "2D", "2H", "2S"], {"gather": "shuffle"}, seed=seed)
        s.tick(4000)
        h = s.hand(0)
        assert sorted(h) == sorted(["KS", "5S", "4S", "3S", "2C", "2D", "2H", "2S"])
        orders.append(tuple(h))
    assert len(set(orders)) > 1


def test_aces_high_by_default_and_low_as_an_option():
    s = war_game(["AS", "2C"], ["KH", "3C"])
    s.tick(1000)
    assert s.of(ev.PILE_WON)[0][2] == 0
    s = war_game(["AS", "2C"], ["KH", "3C"], {"aces": "low"})
    s.tick(1000)
    assert s.of(ev.PILE_WON)[0][2] == 1


def test_single_war_three_down_one_up_winner_takes_ten():
    s = war_game(["5S", "2C", "3C", "4C", "KH", "6C"], ["5H", "2D", "3D", "4D", "QH", "7D"])
    s.tick(1000)
    tie = s.of(D.WAR_TIE)
    assert len(tie) == 1 and tie[0][5] == 1 and s.g.pile_len() == 2
    assert not s.of(ev.PILE_WON)
    assert [s.g.pile_seat(i) for i in range(3)] == [0, 1, -1]  # whose each tied five is
    s.tick(2000)
    assert [e[2:5] for e in s.of(D.WAR_DOWN)] == [(0, 3, 5), (1, 3, 8)]
    assert s.of(ev.PILE_WON) == [(ev.PILE_WON, 2000000, 0, ev.HOW_BATTLE, 10, 0)]
    assert s.hand(0) == ["6C", "5S", "2C", "3C", "4C", "KH", "5H", "2D", "3D", "4D", "QH"]
    assert s.hand(1) == ["7D"] and s.g.cards_played == 10


def test_double_war_takes_eighteen():
    s = war_game(["5S", "2C", "3C", "4C", "9C", "6C", "7C", "8C", "AS"],
                 ["5H", "2D", "3D", "4D", "9D", "6D", "7D", "8D", "KD", "10D"])
    s.tick(1000)
    assert [s.g.pile_face_down(i) for i in range(4)] == [False] * 4   # the tied fives
    s.tick(2000)  # the war: three down each, then the nines tie again
    assert s.pile() == ["9C", "9D", "4C", "4D", "3C", "3D", "2C", "2D", "5S", "5H"]
    assert [s.g.pile_face_down(i) for i in range(10)] == [False, False] + [True] * 6 + [False, False]
    s.tick(3000)
    assert [e[5] for e in s.of(D.WAR_TIE)] == [1, 2]
    assert s.of(ev.PILE_WON)[0][2:5] == (0, ev.HOW_BATTLE, 18)
    assert len(s.hand(0)) == 18 and s.hand(1) == ["10D"]


def test_running_out_in_a_war_loses():
    s = war_game(["5S", "2C", "3C", "4C", "KC"], ["5H", "2D", "3D"])
    s.tick(2000)
    assert s.of(D.WAR_OUT) == [(D.WAR_OUT, 2000000, 1, 2, 4, 0)]
    assert s.of(ev.ELIMINATED)[0][2] == 1
    assert s.of(ev.PILE_WON)[-1][2:5] == (0, ev.HOW_LAST_STANDING, 4)
    assert s.g.over and s.g.winner == 0
    assert s.hand(0) == ["2C", "3C", "4C", "KC", "5S", "5H", "2D", "3D"]


def test_last_card_option_plays_a_short_war():
    s = war_game(["5S", "2C", "3C", "4C", "KC"], ["5H", "2D", "3D"], {"short_war": "last_card"})
    s.tick(2000)
    assert [e[2:4] for e in s.of(D.WAR_DOWN)] == [(0, 3), (1, 1)]
    assert s.of(ev.PILE_WON)[0][2:5] == (0, ev.HOW_BATTLE, 8)
    assert s.g.over and s.g.winner == 0 and not s.of(D.WAR_OUT)


def test_last_card_option_still_loses_with_no_card():
    s = war_game(["5S", "2C"], ["5H"], {"short_war": "last_card"})
    s.tick(2000)
    assert s.of(D.WAR_OUT) == [(D.WAR_OUT, 2000000, 1, 0, 4, 0)]
    assert s.g.winner == 0 and s.hand(0) == ["2C", "5S", "5H"]


def test_both_out_is_a_draw_by_default():
    s = war_game(["5S", "2C"], ["5H", "3D", "4D"])
    s.tick(2000)
    assert [e[2] for e in s.of(D.WAR_OUT)] == [0, 1]
    assert s.g.over and s.g.winner == -1
    assert s.rec.events[-1] == (ev.GAME_OVER, 2000000, -1, 2, 0, ev.END_DRAW)
    assert eventlog.to_dict(*s.rec.events[-1])["result"] == "draw"
    assert s.g.pile_len() == 2 and s.hand(0) == ["2C"] and s.hand(1) == ["3D", "4D"]


def test_both_out_more_cards_option_gives_the_game_to_the_bigger_hand():
    s = war_game(["5S", "2C"], ["5H", "3D", "4D"], {"both_out": "more_cards"})
    s.tick(2000)
    assert s.g.winner == 1 and s.hand(1) == ["3D", "4D", "5H", "5S", "2C"] and s.hand(0) == []
    s = war_game(["5S", "2C"], ["5H", "3D"], {"both_out": "more_cards"})
    s.tick(2000)
    assert s.g.over and s.g.winner == -1


def test_press_mode_turns_when_both_pressed_and_reports_reaction():
    s = Scenario(war, "war", None, 1000, hands=[["KS", "2C"], ["QH", "3D"]]).start(0)
    assert s.g.next_due() is None
    s.g.press(0, clock.from_ms(300))
    s.g.press(0, clock.from_ms(350))       # still held: no new press
    s.g.release(0, clock.from_ms(360))
    s.press(0, 400)                        # already waiting: counts once
    assert s.of(D.WAR_READY) == [(D.WAR_READY, 300000, 0, 300000, 1, 0)]
    assert not s.of(ev.CARD)
    s.press(1, 500)
    assert s.of(D.WAR_READY)[-1] == (D.WAR_READY, 500000, 1, 500000, 0, 0)
    assert len(s.of(ev.CARD)) == 2 and s.of(ev.PILE_WON)[0][2] == 0
    s.g.reveal(clock.from_ms(550))
    s.press(1, 800)
    s.press(0, 900)
    assert [e[3] for e in s.of(D.WAR_READY)[2:]] == [250000, 350000]
    assert s.of(ev.PILE_WON)[1][1] == 900000


def test_auto_mode_ignores_presses():
    s = war_game(["KS", "2C"], ["QH", "3D"])
    s.press(0, 100)
    s.press(1, 200)
    assert not s.of(D.WAR_READY) and not s.of(ev.CARD)
    assert s.g.next_due() == 1000000


def _state(g):
    """The game's state as the loop watch reads it (``state_into``), as bytes."""
    out = bytearray(g.state_size())
    g.state_into(out)
    return bytes(out)


def test_fixed_gather_order_can_repeat_a_state():
    s = war_game(["10S", "KS"], ["2C", "4H", "QS"])
    seen = []
    repeated = False
    for i in range(1, 20):
        s.tick(i * 1000)
        if s.g.quiet():
            key = _state(s.g)
            if key in seen:
                repeated = True
                break
            seen.append(key)
    assert repeated and not s.g.over and i == 9


def test_bad_deals_and_rules_name_the_field():
    r = war.make_rules("war")
    for spec, word in (({"hands": [["KS"]]}, "hands"), ({"hands": [["KS"], ["XX"]]}, "player 1"),
                       ({"hands": [["KS"], []]}, "at least one"), ({"seed": -1}, "seed"),
                       ({"deck": 1}, "deck"), ({}, "seed"), ({"hands": [["KS"], ["JK"]]}, "jokers")):
        try:
            war.deal(r, 2, spec)
            assert False, spec
        except ValueError as e:
            assert word in str(e), (spec, str(e))
    for bad in ({"war_down": 0}, {"gather": "random"}, {"tempo": 1}):
        try:
            war.make_rules("war", bad)
            assert False, bad
        except ValueError as e:
            assert list(bad)[0] in str(e)


def test_seeded_deal_is_26_each_and_the_whole_deck():
    d = war.deal(war.make_rules("war"), 2, {"seed": 42})
    assert len(d["hands"][0]) == 26 and len(d["hands"][1]) == 26
    assert sorted(d["hands"][0] + d["hands"][1]) == sorted(cards.deck())


def test_seeded_log_digest():
    """The same seed gives the same event log on MicroPython and CPython (constant from CPython)."""
    r = war.make_rules("war", AUTO)
    rec = eventlog.Recorder()
    g = war_play.Game(r, 2, war.deal(r, 2, {"seed": 11}), rec, war.TEMPO_MS)
    run_auto(g, 0, 3000)
    assert (g.over, g.winner, g.cards_played, len(rec.events)) == WAR_11
    assert digest(rec.events) == WAR_11_DIGEST


def test_seeded_shuffle_gather_digest():
    r = war.make_rules("war", {"turn": "auto", "gather": "shuffle", "aces": "low", "short_war": "last_card"})
    rec = eventlog.Recorder()
    g = war_play.Game(r, 2, war.deal(r, 2, {"seed": 77}), rec, war.TEMPO_MS)
    run_auto(g, clock.MASK - 5000000, 3000)   # starts 5 s before the clock wraps
    assert digest(rec.events) == WAR_77_SHUFFLE_DIGEST


def test_battles_allocate_nothing():
    """On MicroPython a whole auto game under heap_lock: no allocation per card."""
    sink = EventCounter()
    r = war.make_rules("war", AUTO)
    g = war_play.Game(r, 2, war.deal(r, 2, {"seed": 11}), sink, war.TEMPO_MS)
    g.start(0)
    n = heap_locked(run_ticks, g, 3000)
    assert g.over and sink.counts[ev.GAME_OVER] == 1 and sink.counts[ev.CARD] == 954 and n == 477


WAR_11 = (True, 1, 1152, 1499)
WAR_11_DIGEST = 275275182
WAR_77_SHUFFLE_DIGEST = 1804786813


def test_a_press_made_before_the_cards_could_be_seen_is_no_reaction_time():
    # issue 49 screen fault 2: mashing showed "0.00 s" and a best of 5 ms
    s = Scenario(war, "war", None, 1000, hands=[["KS", "2C", "4C"], ["QH", "3D", "5D"]]).start(0)
    s.g.live = True
    s.press(0, 300)
    s.press(1, 500)                        # the first battle turns at 500 ms ...
    s.press(0, 503)                        # ... not on screen yet: before it
    s.g.reveal(clock.from_ms(510))         # on screen from 510 ms
    s.press(1, 515)                        # 5 ms after: made before it could be seen; turns
    s.g.reveal(clock.from_ms(520))         # the second battle shows at 520 ms
    s.press(0, 619)                        # 99 ms after: still too soon to be a reaction
    s.press(1, 720)                        # 200 ms after: a reaction
    assert [e[3] for e in s.of(D.WAR_READY)] == [300000, 500000, -1, -1, -1, 200000]
