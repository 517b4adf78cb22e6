"""War scenarios card by card (rules document 001), on MicroPython and CPython."""

from slapstack import cards, clock, eventlog, events as ev, war
from slapstack import war_game as war_play
from slapstack import duel_events as D
from warmoney_scenario import EventCounter, Scenario, digest, heap_locked, run_auto, run_ticks

AUTO = {"turn": "auto", "call_war": False}  # the document's War, turned at the tempo


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


# --- calling a war (rule call_war, ours) -----------------------------------------------------

def _called(s):
    """(seat, verdict, why or None, reaction us) per call."""
    return [(e[2], eventlog.V_NAMES[e[3]], eventlog.WHY_NAMES[e[4]] if e[3] == ev.V_FALSE else None, e[5])
            for e in s.of(ev.SLAP)]


def _pressed(hands, rules=None):
    """A War game turned by press (the default) from ``hands``, its first battle turned at
    500 ms and on screen at 510 ms (a live table)."""
    s = Scenario(war, "war", rules, 1000, hands=hands).start(0)
    s.g.live = True
    s.press(0, 300)
    s.press(1, 500)
    s.g.reveal(clock.from_ms(510))
    return s


TIE = [["9C", "2C", "3C", "4C", "KC"], ["9H", "5H", "6H", "7H", "QH"]]


def test_the_first_topress_on_equal_cards_wins_the_war_at_once():
    s = _pressed(TIE)
    assert s.of(D.WAR_TIE)
    s.press(1, 700)                        # 190 ms after the cards showed
    s.press(0, 750)                        # later: a press to turn the next battle
    assert _called(s) == [(1, "win", None, 190000)]
    assert s.of(ev.PILE_WON)[-1][2:5] == (1, ev.HOW_CALL, 2)
    assert s.hand(1)[-2:] == ["9H", "9C"] and len(s.hand(0)) == 4 and not s.of(D.WAR_DOWN)
    assert len(s.of(ev.CARD)) == 2         # the next battle waits for both to press again
    s.press(1, 900)
    assert [e[2] for e in s.of(ev.CARD)[2:]] == [0, 1] and s.of(ev.CARD)[2][3] == cards.parse("2C")


def test_a_press_before_the_cards_showed_calls_nothing():
    s = Scenario(war, "war", None, 1000, hands=TIE).start(0)
    s.g.live = True
    s.press(0, 300)
    s.press(1, 500)                        # the tie turns at 500 ms ...
    s.press(0, 505)                        # ... not on screen until 520 ms: no call
    s.g.reveal(clock.from_ms(520))
    s.press(1, 900)
    assert _called(s) == [(1, "win", None, 380000)]


def test_a_false_start_calls_no_more_and_two_play_the_war_as_the_document_says():
    s = _pressed(TIE)
    s.press(0, 560)                        # 50 ms after the cards showed: on its way before
    s.press(0, 800)                        # no second call on this tie
    assert _called(s) == [(0, "false", "early", 50000)] and not s.of(ev.PILE_WON)
    s.press(1, 590)                        # both false-started: the war turns, 3 down, 1 up
    assert len(s.of(D.WAR_DOWN)) == 2 and s.of(ev.PILE_WON)[-1][2:5] == (0, ev.HOW_BATTLE, 10)
    assert s.of(ev.SLAP)[-1][2:4] == (1, ev.V_FALSE)


def test_calls_in_the_same_microsecond_tie_and_the_war_is_fought():
    s = _pressed(TIE)
    s.g.press(0, clock.from_ms(700))
    s.g.press(1, clock.from_ms(700))
    s.tick(701)
    assert _called(s) == [(0, "tie", None, 190000), (1, "tie", None, 190000)]
    assert s.of(ev.PILE_WON)[-1][2:5] == (0, ev.HOW_BATTLE, 10)


def test_without_calls_apress_on_equal_cards_only_turns_the_war():
    s = _pressed(TIE, {"call_war": False})
    s.press(1, 700)
    assert not s.of(ev.SLAP) and not s.of(D.WAR_DOWN)
    s.press(0, 800)
    assert s.of(ev.PILE_WON)[-1][2:5] == (0, ev.HOW_BATTLE, 10)


def test_turned_automatically_a_false_call_pays_a_card_and_a_true_one_wins():
    s = war_game(["KS", "9C", "2C", "3C", "4C", "5C"], ["QH", "9H", "6H", "7H", "8H", "10H"], {"call_war": True})
    s.tick(1000)                           # K beats Q
    s.press(1, 1300)                       # nothing to call: seat 1 pays its top card, 9H
    assert _called(s) == [(1, "false", "nothing", 300000)]
    assert s.of(D.WAR_PAY) == [(D.WAR_PAY, 1300000, 1, cards.parse("9H"), 4, 0)]
    assert s.hand(0)[-1] == "9H"
    s.tick(2000)                           # 9C against 6H
    s.tick(3000)                           # 2C against 7H
    assert not s.of(D.WAR_TIE)
    s2 = war_game(["9C", "2C", "3C", "4C", "5C"], ["9H", "6H", "7H", "8H", "10H"], {"call_war": True})
    s2.tick(1000)                          # a tie
    s2.press(0, 1050)                      # a false start: pays 2C to seat 1
    s2.press(1, 1400)                      # the call
    s2.press(0, 1500)                      # late: costs nothing
    assert _called(s2) == [(0, "false", "early", 50000), (1, "win", None, 400000), (0, "late", None, 500000)]
    assert s2.hand(1)[-3:] == ["2C", "9H", "9C"]
    s2.tick(1999)
    assert len(s2.of(ev.CARD)) == 2        # the next battle at its tempo
    s2.tick(2000)
    assert len(s2.of(ev.CARD)) == 4


def test_turned_automatically_a_tie_nobody_calls_is_fought():
    s = war_game(["9C", "2C", "3C", "4C", "5C"], ["9H", "6H", "7H", "8H", "10H"], {"call_war": True})
    s.tick(2000)
    assert not s.of(ev.SLAP) and s.of(ev.PILE_WON)[-1][2:5] == (1, ev.HOW_BATTLE, 10)


def test_paying_ones_last_card_loses_the_game():
    s = war_game(["KS", "2C"], ["QH"], {"call_war": True})
    s.tick(1000)                           # K takes Q: seat 1 holds nothing
    assert s.g.over and s.g.winner == 0
    s = war_game(["2S", "KC"], ["QH", "3D"], {"call_war": True})
    s.tick(1000)                           # Q takes 2: seat 0 holds KC
    s.press(0, 1200)                       # a false call pays it
    assert s.g.over and s.g.winner == 1 and s.of(ev.GAME_OVER)[0][1] == 1200000


def press_on(g, gap_us, limit):
    """Both seats tap in turn every ``gap_us`` (``limit`` taps at most): battles turned,
    wars called, false calls."""
    t = 0
    n = 0
    while not g.over and n < limit:
        t += gap_us
        p = n & 1
        g.press(p, t)
        g.release(p, t + 20000)
        n += 1
    return n


def test_calls_allocate_nothing():
    """On MicroPython whole games of calls under heap_lock, turned by press and automatically."""
    for rules, gap in (({}, 170000), ({"turn": "auto"}, 310000)):
        sink = EventCounter()
        r = war.make_rules("war", rules)
        g = war_play.Game(r, 2, war.deal(r, 2, {"seed": 11}), sink, war.TEMPO_MS)
        g.start(0)
        heap_locked(press_on, g, gap, 20000)
        assert g.over and sink.counts[ev.SLAP] > 10 and sink.counts[ev.CARD] > 400, rules
