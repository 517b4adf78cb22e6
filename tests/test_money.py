"""Money scenarios card by card (rules document 002), on MicroPython and CPython.

Tempo 1000 ms: the first card is thrown at 1000 ms, the next at 2000 ms, and so on.
Piles are written top card first.
"""

from slapstack import cards, clock, eventlog, events as ev, money, money_game
from slapstack import duel_events as D
from slapstack.prng import XorShift32
from warmoney_scenario import (EventCounter, Scenario, check_money_log, digest, heap_locked,
                               random_play, run_auto, snapshot)

K, Q, J, JK, A = D.MK_KING, D.MK_QUEEN, D.MK_JACK, D.MK_JOKER, D.MK_ACE
SEVEN = ["9H", "8H", "7H", "6H", "5H", "4H", "3H"]      # 7 numeral cards, 3H at the bottom
TWELVE = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "AC", "2C"]
TWENTY = ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D",
          "AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H"]
TWENTY_NO_HEARTS = [r + s for s in "SD" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")]
NO_ACES = [str(r) + s for s in "CDHS" for r in range(2, 11)]   # 36 numeral cards, no aces


def game(rules=None, **spec):
    return Scenario(money, "money", rules, 1000, **spec).start(0)


def bank(s, p):
    return [s.g.bank_count(p, k) for k in range(5)]


def under(s):
    return [s.g.under_count(k) for k in range(5)]


def money_list(counts):
    out = [0] * 5
    for k in counts:
        out[k] += 1
    return out


# --- the deal ---------------------------------------------------------------------------

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


# --- capture and claims -----------------------------------------------------------------

def capture_deal():
    return dict(hands=[["5C", "7C", "2C"], ["7H", "9H", "3H"]], banks=[[], []])


def test_claimed_capture_takes_the_pile_under_the_hand_in_order():
    s = game(**capture_deal())
    s.tick(3000)
    assert s.pile() == ["7C", "7H", "5C"]
    s.press(0, 3400)
    assert s.of(ev.SLAP) == [(ev.SLAP, 3400000, 0, ev.V_WIN, ev.PAT_DOUBLE, 400000)]
    assert s.of(ev.PILE_WON) == [(ev.PILE_WON, 3400000, 0, ev.HOW_CAPTURE, 3, ev.PAT_DOUBLE)]
    assert s.hand(0) == ["2C", "5C", "7H", "7C"] and s.pile() == []
    s.tick(4000)
    assert s.pile() == ["9H"]


def seats(s):
    return [s.g.pile_seat(i) for i in range(s.g.pile_len())]


def test_each_pile_card_knows_who_threw_it_as_claims_and_purchases_move_them():
    s = game(**capture_deal())
    s.tick(4000)                           # 5C, 7H, 7C (p0's match), 9H
    assert s.pile() == ["9H", "7C", "7H", "5C"] and seats(s) == [1, 0, 1, 0]
    s.g.press(0, clock.from_ms(3990))      # claimed before 9H showed: 9H stays, still p1's
    s.g.release(0, clock.from_ms(3995))
    assert s.pile() == ["9H"] and seats(s) == [1] and s.g.pile_seat(1) == -1
    s = game(hands=[["2C"], ["3D", "4D"]], pile=SEVEN, banks=[["K"], []])
    s.tick(3000)                           # p0 buys the bottom five: the dealt cards nobody threw
    assert s.pile() == ["3D", "2C", "9H", "8H"] and seats(s) == [1, 0, -1, -1]
    s = game({"variant": "syrian"}, hands=[["2C"], ["3D", "4D"]], pile=SEVEN, banks=[["JK"], []])
    s.tick(3000)                           # Syrian: the top five, the thrown cards among them
    assert s.pile() == ["6H", "5H", "4H", "3H"] and seats(s) == [-1] * 4


def test_unclaimed_capture_is_lost_when_the_next_card_is_thrown():
    s = game(**capture_deal())
    s.tick(4000)
    s.tick(4001)
    assert s.of(D.MONEY_MISSED) == [(D.MONEY_MISSED, 4000000, 0, cards.parse("7C"), 0, 0)]
    assert s.pile() == ["9H", "7C", "7H", "5C"] and not s.of(ev.PILE_WON)
    s.press(0, 4300)                       # too late: a claim on 9H, which matches nothing
    assert s.of(ev.SLAP)[0][3] == ev.V_FALSE
    assert s.of(ev.PILE_WON)[0][2:5] == (1, ev.HOW_PENALTY, 4)


def test_claim_on_a_card_that_does_not_match_gives_the_pile_to_the_opponent():
    s = game(hands=[["5C", "8C"], ["7H", "9H"]], banks=[[], []])
    s.tick(2000)
    s.press(1, 2300)
    assert s.of(ev.SLAP) == [(ev.SLAP, 2300000, 1, ev.V_FALSE, ev.PAT_NONE, 300000)]
    assert s.of(ev.PILE_WON) == [(ev.PILE_WON, 2300000, 0, ev.HOW_PENALTY, 2, ev.PAT_NONE)]
    assert s.hand(0) == ["8C", "5C", "7H"] and s.hand(1) == ["9H"]


def test_a_claim_on_the_opponents_match_is_false():
    s = game(**capture_deal())
    s.tick(3000)
    s.press(1, 3200)
    assert s.of(ev.SLAP)[0][2:4] == (1, ev.V_FALSE)
    assert s.of(ev.PILE_WON)[0][2:5] == (0, ev.HOW_PENALTY, 3)


def test_claim_before_the_next_card_is_shown_takes_the_pile_under_it():
    s = game(**capture_deal())
    s.tick(4000)                           # p1 throws 9H on p0's unclaimed 7C ...
    s.g.reveal(clock.from_ms(4080))        # ... it is shown at 4080 (the front end says so
    s.g.press(0, clock.from_ms(4040))      # before it feeds presses queued while drawing)
    s.g.release(0, clock.from_ms(4050))
    assert s.of(ev.SLAP) == [(ev.SLAP, 4040000, 0, ev.V_WIN, ev.PAT_DOUBLE, 1040000)]
    assert s.of(ev.PILE_WON)[0][2:5] == (0, ev.HOW_CAPTURE, 3)
    assert s.hand(0) == ["2C", "5C", "7H", "7C"] and s.pile() == ["9H"]
    assert not s.of(D.MONEY_MISSED)


def test_reveal_keeps_the_claim_open_until_the_card_is_shown():
    s = game(**capture_deal())
    s.tick(4000)
    s.g.reveal(clock.from_ms(4080))
    assert not s.of(D.MONEY_MISSED)
    s.tick(4100)
    assert s.of(D.MONEY_MISSED) == [(D.MONEY_MISSED, 4080000, 0, cards.parse("7C"), 0, 0)]


def test_a_held_button_claims_once():
    s = game(**capture_deal())
    s.tick(2000)
    s.g.press(1, clock.from_ms(2500))      # p1 presses falsely at 2500 and holds the button
    s.tick(3000)
    s.g.press(1, clock.from_ms(3200))      # not released: not a new press
    assert len(s.of(ev.SLAP)) == 1 and len(s.of(ev.PILE_WON)) == 1


def test_capture_takes_the_money_under_the_pile():
    s = game(hands=[["5C", "7C"], ["7H", "9H"]], pile=["4S"], under=["K", "J"], banks=[[], []])
    s.tick(3000)
    s.press(0, 3100)
    assert s.of(ev.PILE_WON)[0][2:5] == (0, ev.HOW_CAPTURE, 4)
    assert [e[3:5] for e in s.of(D.MONEY_CAPTURED)] == [(J, 1), (K, 1)]
    assert bank(s, 0) == money_list([K, J]) and under(s) == [0] * 5
    assert s.hand(0) == ["4S", "5C", "7H", "7C"]


def test_jokers_match_only_each_other():
    s = game({"jokers": True}, hands=[["JK", "5C"], ["5H", "JK", "2D"]], banks=[[], []])
    s.tick(2000)                           # JK then 5H: no match
    s.press(1, 2100)
    assert s.of(ev.SLAP)[0][3] == ev.V_FALSE
    s2 = game({"jokers": True}, hands=[["5C"], ["3D"]], pile=["JK"], banks=[[], []])
    s2.tick(1000)                          # 5C on a joker: no match
    s2.press(0, 1100)
    assert s2.of(ev.SLAP)[0][3] == ev.V_FALSE
    s3 = game({"jokers": True}, hands=[["JK", "5C"], ["3D"]], pile=["JK"], banks=[[], []])
    s3.tick(1000)
    s3.press(0, 1200)
    assert s3.of(ev.SLAP)[0][3:5] == (ev.V_WIN, ev.PAT_DOUBLE)
    assert s3.hand(0) == ["5C", "JK", "JK"]


def test_auto_capture_option_needs_no_claim():
    s = game({"auto_capture": True}, **capture_deal())
    s.tick(3000)
    assert s.of(ev.PILE_WON) == [(ev.PILE_WON, 3000000, 0, ev.HOW_CAPTURE, 3, ev.PAT_DOUBLE)]
    s.press(1, 3100)
    assert s.of(ev.SLAP)[0][3] == ev.V_IGNORED and len(s.of(ev.PILE_WON)) == 1


# --- buying from the floor ----------------------------------------------------------------

def test_king_buys_the_bottom_five_and_goes_under_the_pile():
    s = game(hands=[[], ["2D", "3D"]], pile=SEVEN, banks=[["K"], ["Q"]])
    s.tick(1000)
    assert not s.of(ev.MONEY_CHOICE)                        # one legal purchase: done at once
    assert s.of(D.MONEY_BUY) == [(D.MONEY_BUY, 1000000, 0, K, D.SRC_FLOOR, 5)]
    assert s.hand(0) == ["3H", "4H", "5H", "6H", "7H"] and s.pile() == ["9H", "8H"]
    assert under(s) == money_list([K]) and bank(s, 0) == [0] * 5
    s.tick(2000)
    assert s.of(ev.CARD)[-1][2:4] == (0, cards.parse("3H"))  # the old bottom card is played next


def test_buying_leaves_money_under_the_pile_and_slides_the_payment_under_it():
    s = game(hands=[[], ["2D"]], pile=SEVEN, under=["J"], banks=[["K"], []])
    s.tick(1000)
    assert s.hand(0) == ["3H", "4H", "5H", "6H", "7H"]
    assert under(s) == money_list([J, K])


def test_twelve_numerals_with_a_king_under_a_jack_buys_ten_or_five_and_the_king():
    for pick, hand_len, under_after, bank_after in ((0, 10, [K, J], []), (1, 5, [J], [K])):
        s = game(hands=[[], ["2D"]], pile=TWELVE, under=["K"], banks=[["J"], []])
        s.tick(1000)
        assert s.labels() == ["J: 10 from floor", "J: 5 from floor +K"]
        assert s.of(ev.MONEY_CHOICE) == [(ev.MONEY_CHOICE, 1000000, 0, 2, D.DEC_BUY, 8000)]
        s.choose(0, pick, 1500)
        assert len(s.hand(0)) == hand_len and s.hand(0)[0] == "2C"
        assert under(s) == money_list(under_after) and bank(s, 0) == money_list(bank_after)
        assert s.g.pile_len() == 12 - hand_len


def test_queen_exchanged_for_king_and_jack_from_the_opponent_then_king_buys_five():
    s = game(hands=[[], ["2D"]], pile=SEVEN, banks=[["Q"], ["K", "J"]])
    s.tick(1000)
    # each step has one legal answer, so each is done at once
    assert s.rec.events[1:] == [(D.MONEY_EXCHANGE, 1000000, 0, Q, D.SRC_OPPONENT, 15),
                                (D.MONEY_GET, 1000000, 0, J, D.SRC_OPPONENT, 1),
                                (D.MONEY_GET, 1000000, 0, K, D.SRC_OPPONENT, 1),
                                (D.MONEY_BUY, 1000000, 0, K, D.SRC_FLOOR, 5)]
    assert bank(s, 0) == money_list([J]) and bank(s, 1) == money_list([Q]) and under(s) == money_list([K])


def test_queen_exchange_example_step_by_step():
    s = game(hands=[[], ["2D"]], pile=SEVEN, banks=[["Q"], ["K", "K", "K", "J"]])
    s.tick(1000)
    assert s.labels() == ["Q -> K+K+K opp", "Q -> J+K opp"]
    s.choose_label(0, "Q -> J+K opp", 2000)
    assert s.of(D.MONEY_EXCHANGE) == [(D.MONEY_EXCHANGE, 2000000, 0, Q, D.SRC_OPPONENT, 15)]
    assert bank(s, 1) == money_list([Q, K, K])
    # now the King buys five from the bottom; the Jack could not (10 > 7), or be changed
    assert s.labels() == ["K: 5 from floor", "J -> K+K opp"]
    s.choose(0, 0, 2500)
    assert s.hand(0) == ["3H", "4H", "5H", "6H", "7H"]
    assert bank(s, 0) == money_list([J]) and under(s) == money_list([K])


def test_queen_takes_a_jack_from_under_the_pile_in_part_exchange():
    s = game(hands=[[], ["2D"]], pile=SEVEN, under=["J"], banks=[["Q"], []])
    s.tick(1000)
    assert s.of(D.MONEY_BUY) == [(D.MONEY_BUY, 1000000, 0, Q, D.SRC_FLOOR, 5)]
    assert s.of(D.MONEY_GET) == [(D.MONEY_GET, 1000000, 0, J, D.SRC_FLOOR, 1)]
    assert len(s.hand(0)) == 5 and bank(s, 0) == money_list([J]) and under(s) == money_list([Q])


def test_queen_takes_two_kings_from_under_the_pile_in_part_exchange():
    s = game(hands=[[], ["2D"]], pile=SEVEN, under=["K", "K"], banks=[["Q"], []])
    s.tick(1000)
    assert s.of(D.MONEY_GET) == [(D.MONEY_GET, 1000000, 0, K, D.SRC_FLOOR, 2)]
    assert len(s.hand(0)) == 5 and bank(s, 0) == money_list([K, K]) and under(s) == money_list([Q])


def test_full_value_is_always_given():
    s = game(hands=[[], TWENTY], pile=["9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"], banks=[["J"], []])
    s.tick(1000)
    # 8 on the floor cannot pay a Jack in full and nothing can be changed: the opponent sells
    assert s.of(D.MONEY_BUY) == [(D.MONEY_BUY, 1000000, 0, J, D.SRC_OPPONENT, 10)]
    assert s.g.pile_len() == 8


def test_with_five_or_more_on_the_floor_numerals_come_from_the_floor():
    s = game(hands=[[], TWENTY_NO_HEARTS], pile=SEVEN[:6], banks=[["K", "Q"], ["K", "J"]])
    s.tick(1000)
    assert s.labels() == ["K: 5 from floor", "Q -> J+K opp"]


# --- buying from the opponent ---------------------------------------------------------------

def test_fewer_than_five_on_the_floor_buys_a_block_from_the_top_of_the_opponents_hand():
    s = game(hands=[[], TWENTY], pile=["9S", "8S", "7S"], banks=[["J"], []])
    s.tick(1000)
    assert s.of(D.MONEY_BUY) == [(D.MONEY_BUY, 1000000, 0, J, D.SRC_OPPONENT, 10)]
    assert s.hand(0) == TWENTY[:10] and s.hand(1) == TWENTY[10:]
    assert bank(s, 1) == money_list([J]) and bank(s, 0) == [0] * 5


def test_opponent_may_give_back_part_of_the_value_in_money():
    s = game(hands=[[], TWENTY], pile=["9S"], banks=[["Q"], ["K"]])
    s.tick(1000)
    assert s.g.pending_choice()[0] == 1                     # the seller chooses
    assert s.labels() == ["Give 15", "Give 10 + K"]
    assert s.of(ev.MONEY_CHOICE)[-1][2:6] == (1, 2, D.DEC_GIVE, 8000)
    assert bank(s, 0) == money_list([Q])                    # paid when the seller answers
    s.choose(1, 1, 3000)
    assert s.of(D.MONEY_BUY) == [(D.MONEY_BUY, 3000000, 0, Q, D.SRC_OPPONENT, 10)]
    assert s.of(D.MONEY_GET) == [(D.MONEY_GET, 3000000, 0, K, D.SRC_OPPONENT, 1)]
    assert s.hand(0) == TWENTY[:10] and bank(s, 0) == money_list([K]) and bank(s, 1) == money_list([Q])
    s.tick(4000)
    assert s.of(ev.CARD)[-1][2:4] == (0, cards.parse("AD"))


def test_seller_default_gives_numeral_cards_only():
    s = game(hands=[[], TWENTY], pile=["9S"], banks=[["Q"], ["K"]])
    s.tick(9000)
    assert s.of(ev.MONEY_CHOSEN) == [(ev.MONEY_CHOSEN, 9000000, 1, 0, 1, D.ACT_GIVE)]
    assert len(s.hand(0)) == 15 and bank(s, 1) == money_list([K, Q])


# --- choices and deadlines --------------------------------------------------------------------

def test_the_deadline_takes_the_default_choice():
    s = game(hands=[[], ["2D"]], pile=TWELVE, under=["K"], banks=[["J"], []])
    s.tick(8999)
    assert s.g.pending_choice() is not None and s.g.default_choice() == 0
    assert s.g.next_due() == 9000000
    s.tick(9000)
    assert s.of(ev.MONEY_CHOSEN) == [(ev.MONEY_CHOSEN, 9000000, 0, 0, 1, D.ACT_BUY)]
    assert len(s.hand(0)) == 10 and s.g.pending_choice() is None


def test_a_press_by_the_chooser_gives_them_choice_ms_again():
    # a person reading the options presses to see the next: the default waits for them
    s = game(hands=[[], ["2D"]], pile=TWELVE, under=["K"], banks=[["J"], []])
    s.tick(1000)
    assert s.g.choice_due() == 9000000
    s.press(1, 7000)                        # the other player's press gives no time
    assert s.g.choice_due() == 9000000
    s.press(0, 7500)                        # the chooser's button shows the next option
    assert s.g.choice_due() == 15500000 and s.g.next_due() == 15500000
    s.press(0, 7700)                        # a later press moves it again, never earlier
    assert s.g.choice_due() == 15700000
    s.tick(15699)
    assert s.g.pending_choice() is not None and s.of(ev.MONEY_CHOSEN) == []
    s.tick(15700)
    assert s.of(ev.MONEY_CHOSEN) == [(ev.MONEY_CHOSEN, 15700000, 0, 0, 1, D.ACT_BUY)]
    assert s.g.choice_due() is None


def test_pressing_on_never_keeps_a_choice_open_past_four_times_choice_ms():
    s = game(hands=[[], ["2D"]], pile=TWELVE, under=["K"], banks=[["J"], []])
    s.tick(1000)                            # opened at 1000 ms: 33 s at most
    t = 1500
    while t < 40000:
        s.press(0, t)
        t += 500
        if s.of(ev.MONEY_CHOSEN):
            break
    assert s.of(ev.MONEY_CHOSEN) == [(ev.MONEY_CHOSEN, 33000000, 0, 0, 1, D.ACT_BUY)]


def test_the_seller_pressing_through_the_change_gets_time_too():
    s = game(hands=[[], TWENTY], pile=["9S"], banks=[["Q"], ["K"]])
    s.tick(1000)                            # p0 pays its Q to p1, who answers
    assert s.g.pending_choice()[0] == 1 and s.g.choice_due() == 9000000
    s.press(1, 8000)
    assert s.g.choice_due() == 16000000
    s.tick(9000)
    assert s.of(ev.MONEY_CHOSEN) == [] and s.g.pending_choice()[0] == 1


def test_bad_choices_are_refused_and_change_nothing():
    s = game(hands=[[], ["2D"]], pile=TWELVE, under=["K"], banks=[["J"], []])
    s.tick(1000)
    for p, i in ((1, 0), (0, 2), (0, -1), (0, "1")):
        try:
            s.choose(p, i, 1100)
            assert False, (p, i)
        except ValueError:
            pass
    assert s.g.pending_choice()[0] == 0 and not s.of(ev.MONEY_CHOSEN)
    s.press(0, 1200)                        # a press does not claim while a choice is open
    assert s.of(ev.SLAP)[0][3] == ev.V_IGNORED and s.g.pile_len() == 12


def test_choice_labels():
    assert money_game.choice_label((D.ACT_PLAY,)) == "Play card"
    assert money_game.choice_label((D.ACT_BUY, K, 5, ())) == "K: 5 from floor"
    assert money_game.choice_label((D.ACT_BUY, Q, 5, (J,))) == "Q: 5 from floor +J"
    assert money_game.choice_label((D.ACT_PAY, Q)) == "Pay Q to opp"
    assert money_game.choice_label((D.ACT_GIVE, Q, 10, (K,))) == "Give 10 + K"
    assert money_game.choice_label((D.ACT_EXCHANGE, Q, D.SRC_FLOOR, (J, K))) == "Q -> J+K floor"
    assert money_game.choice_label((D.ACT_EXCHANGE, K, D.SRC_OPPONENT, (JK, JK, JK, JK))) == "K -> JK+JK+JK+JK opp"


def test_money_events_print_as_json_fields():
    d = eventlog.to_dict(D.MONEY_BUY, 1500.0, 0, Q, D.SRC_OPPONENT, 10)
    assert d == {"t": 1500.0, "ev": "money_buy", "p": 0, "money": "Q", "source": "opponent", "cards": 10}
    d = eventlog.to_dict(ev.MONEY_CHOSEN, 0.0, 1, 2, 1, D.ACT_EXCHANGE)
    assert d["action"] == "exchange" and d["by_default"] == 1


# --- the end ----------------------------------------------------------------------------------

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


def test_a_capture_is_still_claimable_after_the_opponent_buys_until_their_next_card():
    s = game(hands=[["5C", "7C"], ["7D"]], pile=SEVEN[:4], banks=[["K"], ["K"]])
    s.tick(4000)                            # 5C, 7D, 7C (a match), then p1 must buy: K for 5
    assert s.of(D.MONEY_BUY)[0][2:6] == (1, K, D.SRC_FLOOR, 5)
    assert s.of(D.MONEY_MISSED) == [] and s.pile() == ["7C", "7D"]
    s.press(0, 4500)                        # claimed after the buy, before p1's next card
    assert s.of(ev.SLAP)[0][2:5] == (0, ev.V_WIN, ev.PAT_DOUBLE)
    assert s.of(ev.PILE_WON)[0][2:5] == (0, ev.HOW_CAPTURE, 2)
    assert bank(s, 0)[K] == 2 and s.hand(0) == ["7D", "7C"]  # the King paid under the pile too


def test_the_capture_is_lost_only_when_the_opponents_next_card_is_turned():
    s = game(hands=[["5C", "7C"], ["7D"]], pile=SEVEN[:4], banks=[["K"], ["K"]])
    s.tick(4999)
    assert s.of(D.MONEY_MISSED) == []
    s.tick(5001)                            # p1 threw its first bought card at 5000 ms,
    s.tick(5002)                            # on screen at once: the chance ended then
    assert s.of(D.MONEY_MISSED) == [(D.MONEY_MISSED, 5000000, 0, cards.parse("7C"), 0, 0)]
    s.press(0, 5100)                        # too late: a claim on p1's card is a wrong one
    assert s.of(ev.SLAP)[0][3] == ev.V_FALSE and s.of(ev.PILE_WON)[0][2:4] == (1, ev.HOW_PENALTY)


def test_a_claim_while_the_opponent_is_choosing_how_to_buy_takes_the_pile():
    s = game(hands=[["5C", "7C"], ["7D"]], pile=SEVEN, banks=[["K"], ["K", "J"]])
    s.tick(4000)                            # 5C, 7D, 7C (a match); p1 must buy and chooses
    assert s.labels() == ["K: 5 from floor", "J: 10 from floor"]
    s.press(1, 4100)                        # the chooser's button moves through the choices
    assert s.of(ev.SLAP)[0][2:4] == (1, ev.V_IGNORED)
    s.press(0, 4300)                        # p0 claims while p1 is choosing (002: until the next card)
    assert s.of(ev.SLAP)[1][2:5] == (0, ev.V_WIN, ev.PAT_DOUBLE)
    assert s.of(ev.PILE_WON) == [(ev.PILE_WON, 4300000, 0, ev.HOW_CAPTURE, 10, ev.PAT_DOUBLE)]
    # the floor is empty now: p1 chooses again, buying from p0
    assert s.labels() == ["Pay K to opp", "Pay J to opp"] and s.g.pending_choice()[0] == 1
    assert s.of(D.MONEY_MISSED) == []


def test_a_claim_not_made_during_the_opponents_choice_stays_open_after_it():
    s = game(hands=[["5C", "7C"], ["7D"]], pile=SEVEN, banks=[["K"], ["K", "J"]])
    s.tick(4000)                            # 5C, 7D, 7C (a match); p1 must buy and chooses
    s.choose(1, 0, 4500)                    # p1 buys 5 from the bottom of the pile
    s.press(0, 4700)                        # the claim is still open: p0 takes what is left
    assert s.of(ev.SLAP)[0][2:5] == (0, ev.V_WIN, ev.PAT_DOUBLE)
    assert s.of(ev.PILE_WON) == [(ev.PILE_WON, 4700000, 0, ev.HOW_CAPTURE, 5, ev.PAT_DOUBLE)]
    assert s.of(D.MONEY_MISSED) == [] and len(s.hand(1)) == 5


def test_a_wrong_claim_during_the_opponents_choice_is_not_judged():
    s = game(hands=[["5C", "8C"], ["7D"]], pile=SEVEN, banks=[["K"], ["K", "J"]])
    s.tick(4000)                            # 5C, 7D, 8C (no match); p1 must buy and chooses
    assert s.g.pending_choice()[0] == 1
    s.press(0, 4100)                        # nothing of p0's to claim, and no wrong claim either
    assert [e[2:4] for e in s.of(ev.SLAP)] == [(0, ev.V_IGNORED)] and s.of(ev.PILE_WON) == []
    assert s.g.pending_choice()[0] == 1     # p1 still chooses


def test_the_seller_claims_after_choosing_the_change_not_while():
    spades = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S"]
    s = game(hands=[["5C", "7C"] + spades, ["7D"]], pile=["9H"], banks=[["K"], ["J"]])
    s.tick(4000)                            # 5C, 7D, 7C (a match); p1 pays its J to p0
    assert s.g.pending_choice()[0] == 0 and s.labels() == ["Give 10", "Give 5 + K"]
    s.press(0, 4200)                        # p0's button moves through its own choice
    assert s.of(ev.SLAP)[0][2:4] == (0, ev.V_IGNORED) and s.of(ev.PILE_WON) == []
    assert s.labels() == ["Give 10", "Give 5 + K"]
    s.choose(0, 0, 4300)
    assert s.hand(1) == spades
    s.press(0, 4400)                        # now the claim counts
    assert s.of(ev.SLAP)[1][2:5] == (0, ev.V_WIN, ev.PAT_DOUBLE)
    assert s.of(ev.PILE_WON)[0][2:5] == (0, ev.HOW_CAPTURE, 4)
    assert s.hand(0) == ["9H", "5C", "7D", "7C"]


def test_syrian_a_claim_after_a_purchase_of_the_matched_cards_takes_what_is_left_and_the_payment():
    s = game({"variant": "syrian"}, hands=[["2C", "5C", "10C"], ["5D"]], pile=SEVEN[:4], banks=[[], ["JK"]])
    s.tick(4000)                            # 2C, 5D, 5C (a match); p1 buys 5 from the top with its joker
    assert s.hand(1) == ["8H", "9H", "2C", "5D", "5C"] and s.pile() == ["7H", "6H"]
    s.press(0, 4500)                        # p0 claims before p1's next card: a good claim
    assert s.of(ev.SLAP) == [(ev.SLAP, 4500000, 0, ev.V_WIN, ev.PAT_DOUBLE, 1500000)]
    assert s.of(ev.PILE_WON) == [(ev.PILE_WON, 4500000, 0, ev.HOW_CAPTURE, 2, ev.PAT_DOUBLE)]
    assert s.hand(0) == ["10C", "6H", "7H"] and bank(s, 0) == money_list([JK]) and under(s) == [0] * 5
    assert s.hand(1) == ["8H", "9H", "2C", "5D", "5C"]      # the bought cards stay bought


def test_syrian_a_purchase_of_the_whole_pile_leaves_the_claim_open_until_the_next_card():
    s = game({"variant": "syrian"}, hands=[["5C", "7C"], ["7D"]], pile=SEVEN[:2], banks=[["JK"], ["JK"]])
    s.tick(4000)                            # p1 buys 5 from the top, every card: 7C 7D 5C 9H 8H
    assert s.hand(1) == ["8H", "9H", "5C", "7D", "7C"] and s.pile() == []
    assert s.of(D.MONEY_MISSED) == []
    s.tick(5001)                            # p1 throws 8H at 5000 ms, on screen at once:
    s.tick(5002)                            # the chance is gone, and the notice names the match
    assert s.of(D.MONEY_MISSED) == [(D.MONEY_MISSED, 5000000, 0, cards.parse("7C"), 0, 0)]
    s = game({"variant": "syrian"}, hands=[["5C", "7C"], ["7D"]], pile=SEVEN[:2], banks=[["JK"], ["JK"]])
    s.tick(4000)
    s.press(0, 4500)                        # claimed in time: the pile is gone, the joker under it is not
    assert s.of(ev.SLAP)[0][3] == ev.V_WIN and bank(s, 0) == money_list([JK, JK])


def test_penalty_take_press_the_opponent_takes_the_pile_with_a_press():
    s = game({"penalty_take": "press"}, hands=[["5C", "8C"], ["6D", "9D"]], pile=["2H"], banks=[[], []])
    s.tick(1000)                            # 5C on 2H
    s.press(0, 1200)                        # a wrong claim: nothing happens yet
    assert s.of(ev.SLAP)[0][2:4] == (0, ev.V_FALSE) and s.of(ev.PILE_WON) == []
    s.press(1, 1500)                        # p1 takes it
    assert s.of(ev.SLAP)[1][2:5] == (1, ev.V_WIN, ev.PAT_NONE)
    assert s.of(ev.PILE_WON) == [(ev.PILE_WON, 1500000, 1, ev.HOW_PENALTY, 2, ev.PAT_NONE)]


def test_penalty_take_press_the_chance_ends_with_the_next_card():
    s = game({"penalty_take": "press"}, hands=[["5C", "8C"], ["6D", "9D"]], pile=["2H"], banks=[[], []])
    s.tick(1000)
    s.press(0, 1200)
    s.tick(2000)                            # p1 throws 6D: the chance is gone
    s.press(1, 2100)                        # now p1's own claim on 6D is wrong
    assert [e[3] for e in s.of(ev.SLAP)] == [ev.V_FALSE, ev.V_FALSE] and s.of(ev.PILE_WON) == []
    s.press(0, 2200)                        # and p0 may take the pile for it
    assert s.of(ev.PILE_WON) == [(ev.PILE_WON, 2200000, 0, ev.HOW_PENALTY, 3, ev.PAT_NONE)]


def test_penalty_take_press_a_buyer_takes_the_penalty_after_choosing_not_while():
    s = game({"penalty_take": "press"}, hands=[["5C", "7C"], ["6D"]], pile=SEVEN, banks=[["K"], ["K", "J"]])
    s.tick(3500)                            # 5C, 6D, 7C
    s.press(0, 3600)                        # p0's wrong claim (7C is on 6D)
    s.tick(4000)                            # p1 has no cards: it chooses how to buy
    assert s.labels() == ["K: 5 from floor", "J: 10 from floor"]
    s.press(1, 4200)                        # its button moves through the choices
    assert s.of(ev.SLAP)[1][2:4] == (1, ev.V_IGNORED) and s.of(ev.PILE_WON) == []
    s.choose(1, 0, 4300)                    # K: 5 from the bottom of the pile
    s.press(1, 4400)                        # and then takes the penalty: the rest of the pile
    assert s.of(ev.PILE_WON)[0][2:5] == (1, ev.HOW_PENALTY, 5)
    assert len(s.hand(1)) == 10 and bank(s, 1)[K] == 1   # the K it paid, under the pile
    s.tick(5300)                            # p1 throws, tempo after its purchase
    assert s.of(ev.CARD)[-1][1:3] == (5300000, 1)


def test_penalty_take_is_auto_by_default():
    s = game(hands=[["5C", "8C"], ["6D", "9D"]], pile=["2H"], banks=[[], []])
    s.tick(1000)
    s.press(0, 1200)
    assert s.of(ev.PILE_WON) == [(ev.PILE_WON, 1200000, 1, ev.HOW_PENALTY, 2, ev.PAT_NONE)]


def test_a_bot_takes_the_penalty_with_a_press():
    from slapstack.table import Table
    from slapstack import eventlog
    rec = eventlog.Recorder()
    t = Table("money", 2, rules={"penalty_take": "press"}, sink=rec, bot_seed=3, bots={1: "hard"},
              deal={"hands": [["5C", "8C"], ["6D", "9D"]], "pile": ["2H"], "banks": [[], []]})
    t.start(0)
    t.press(0, 1200000)
    t.release(0, 1250000)
    t.advance(1990000)
    won = rec.of(ev.PILE_WON)
    assert [e[2:4] for e in won] == [(1, ev.HOW_PENALTY)] and 1400000 <= won[0][1] < 1990000


def test_join_exchange_several_money_cards_for_one_of_equal_value():
    # p1 must buy with 12 on the floor: K+K (5+5) joined for p0's J (10) buys 10, not 5
    pile = ["AS", "2S", "3S", "4S", "5S", "6S", "8S", "9S", "10S", "AC", "2C"]
    s = game({"join_exchange": True}, hands=[["3C"], []], pile=pile, banks=[["J"], ["K", "K"]])
    s.tick(2000)                            # 3C, then p1 has nothing to throw
    assert s.labels() == ["K: 5 from floor", "K+K -> J opp"]
    s.choose_label(1, "K+K -> J opp", 2100)
    assert bank(s, 1)[D.MK_JACK] == 1 and bank(s, 1)[K] == 0 and bank(s, 0)[K] == 2
    assert s.of(D.MONEY_JOIN) == [(D.MONEY_JOIN, 2100000, 1, K, D.SRC_OPPONENT, 2)]
    assert s.labels() == ["J: 10 from floor", "J -> K+K opp"]
    s.choose(1, 0, 2200)
    assert s.of(D.MONEY_BUY)[-1][2:6] == (1, D.MK_JACK, D.SRC_FLOOR, 10) and len(s.hand(1)) == 10
    without = game(hands=[["3C"], []], pile=pile, banks=[["J"], ["K", "K"]])
    without.tick(2000)
    assert without.of(D.MONEY_BUY)[0][2:6] == (1, K, D.SRC_FLOOR, 5)  # only choice: taken at once


# --- Egyptian ---------------------------------------------------------------------------------

def test_egyptian_capture_is_automatic():
    s = game({"variant": "egyptian"}, **capture_deal())
    s.tick(3000)
    assert s.of(ev.PILE_WON) == [(ev.PILE_WON, 3000000, 0, ev.HOW_CAPTURE, 3, ev.PAT_DOUBLE)]
    assert not s.of(ev.SLAP)


def test_egyptian_buy_with_cards_in_hand_from_the_bottom_of_the_opponents_stack():
    s = game({"variant": "egyptian"}, hands=[["2C", "3C"], ["4H", "5H", "6H", "7H", "8H", "9H", "10H"]],
             banks=[["Q"], []])
    assert s.labels() == ["Play card", "Pay Q to opp"]     # Q is worth 5 in Egypt (low table)
    assert s.of(ev.MONEY_CHOICE) == [(ev.MONEY_CHOICE, 0, 0, 2, D.DEC_TURN, 1000)]
    s.choose(0, 1, 500)
    assert s.of(D.MONEY_BUY) == [(D.MONEY_BUY, 500000, 0, Q, D.SRC_OPPONENT, 5)]
    assert s.hand(0) == ["2C", "3C", "6H", "7H", "8H", "9H", "10H"] and s.hand(1) == ["4H", "5H"]
    assert s.g.pending_choice() is None and s.g.next_due() == 1000000   # still throws on time
    s.tick(1000)
    assert s.of(ev.CARD)[0][2:4] == (0, cards.parse("2C"))


def test_egyptian_buys_from_the_floor_to_the_bottom_of_the_hand():
    s = game({"variant": "egyptian"}, hands=[["2C"], TWENTY_NO_HEARTS], pile=SEVEN[:6], banks=[["Q"], []])
    assert s.labels() == ["Play card", "Q: 5 from floor", "Pay Q to opp"]
    s.choose_label(0, "Q: 5 from floor", 100)
    assert s.hand(0) == ["2C", "4H", "5H", "6H", "7H", "8H"] and s.pile() == ["9H"]


def test_egyptian_press_plays_at_once():
    s = game({"variant": "egyptian"}, hands=[["2C", "3C"], TWENTY], banks=[["Q"], []])
    s.press(1, 200)                         # not p1's turn: nothing
    s.press(0, 300)
    assert s.of(ev.MONEY_CHOSEN) == [(ev.MONEY_CHOSEN, 300000, 0, 0, 0, D.ACT_PLAY)]
    assert s.of(ev.CARD)[0][1:4] == (300000, 0, cards.parse("2C"))
    assert s.of(ev.SLAP)[0][2:4] == (1, ev.V_IGNORED)


def test_egyptian_aces_are_money_worth_thirty():
    s = game({"variant": "egyptian", "aces_money": True}, hands=[[], NO_ACES[:32]],
             pile=["9S"], banks=[["A"], []])
    s.tick(1000)
    assert s.of(D.MONEY_BUY) == [(D.MONEY_BUY, 0, 0, A, D.SRC_OPPONENT, 30)]
    try:
        money.deal(money.make_rules("money", {"variant": "egyptian", "aces_money": True}), 2,
                   {"hands": [["AS"], []]})
        assert False
    except ValueError as e:
        assert "AS" in str(e)


def test_seven_of_diamonds_captures_any_pile_when_chosen():
    deal = dict(hands=[["5C", "7D"], ["9H", "3H"]], banks=[[], []])
    s = game({"variant": "egyptian", "seven_diamonds": True}, **deal)
    s.tick(3000)
    assert s.of(ev.PILE_WON) == [(ev.PILE_WON, 3000000, 0, ev.HOW_CAPTURE, 3, ev.PAT_SEVEN_DIAMONDS)]
    s = game({"variant": "egyptian"}, **deal)
    s.tick(3000)
    assert not s.of(ev.PILE_WON)


# --- Syrian -----------------------------------------------------------------------------------

def test_syrian_buys_from_the_top_of_the_pile():
    s = game({"variant": "syrian"}, hands=[[], ["2D"]], pile=SEVEN, banks=[["JK"], []])
    s.tick(1000)
    assert s.of(D.MONEY_BUY) == [(D.MONEY_BUY, 1000000, 0, JK, D.SRC_FLOOR, 5)]
    assert s.hand(0) == ["5H", "6H", "7H", "8H", "9H"] and s.pile() == ["4H", "3H"]


def test_syrian_king_is_worth_twenty():
    s = game({"variant": "syrian"}, hands=[[], TWENTY + ["AS"]], pile=["9S"], banks=[["K"], []])
    s.tick(1000)
    assert s.of(D.MONEY_BUY) == [(D.MONEY_BUY, 1000000, 0, K, D.SRC_OPPONENT, 20)]


# --- bots ---------------------------------------------------------------------------------------

def test_bot_takes_change_and_seller_keeps_ten_cards():
    from slapstack import money_strategy
    s = game(hands=[[], ["2D"]], pile=TWELVE, under=["K"], banks=[["J"], []])
    s.tick(1000)
    assert money_strategy.bot_choice(s.g) == 1             # J: 5 from floor +K keeps a King
    s = game(hands=[[], TWENTY], pile=["9S"], banks=[["Q"], ["K"]])
    s.tick(1000)
    assert money_strategy.bot_choice(s.g) == 1             # giving 15 would leave 5 < 10
    assert money_strategy.bot_choice(game(**capture_deal()).g) is None


# --- whole games ------------------------------------------------------------------------------

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


def test_a_bot_claims_while_the_opponent_chooses_how_to_buy():
    from slapstack.table import Table
    rec = eventlog.Recorder()
    # p1 (the bot) throws 5C, p0 7D, p1 7C (a match) at 900 ms; p0 then has no cards and must
    # choose how to buy at 1200 ms; this bot (seed 20) claims at 1221 ms, during the choice
    t = Table("money", 2, sink=rec, bot_seed=20, bots={1: "hard"}, tempo_ms=300,
              deal={"hands": [["7D"], ["5C", "7C", "2S", "3S"]], "pile": SEVEN, "banks": [["K", "J"], []],
                    "first": 1})
    t.start(0)
    t.advance(1200000)
    assert t.game.pending_choice()[0] == 0 and rec.of(ev.SLAP) == []
    t.advance(1500000)
    assert [e[1:4] for e in rec.of(ev.SLAP)] == [(1221000, 1, ev.V_WIN)]
    assert rec.of(ev.PILE_WON)[0][2:4] == (1, ev.HOW_CAPTURE)


def test_a_bot_whose_claim_falls_due_during_its_own_choice_claims_after_it():
    from slapstack.table import Table
    rec = eventlog.Recorder()
    # p1 (the bot, seed 22) throws 5C, p0 7D, p1 7C (a match) at 900 ms; p0 has no cards and
    # pays its J to p1 at 1200 ms, so p1 chooses the change: its button moves through that
    # choice, so its claim waits until it has chosen (2306 ms) and comes a reaction after it
    spades = ["AS", "2S", "3S", "4S", "6S", "8S", "9S", "10S", "AD", "2D", "3D"]
    t = Table("money", 2, sink=rec, bot_seed=22, bots={1: "hard"}, tempo_ms=300,
              deal={"hands": [["7D"], ["5C", "7C"] + spades], "pile": ["9H"], "banks": [["J", "K"], ["K"]],
                    "first": 1})
    t.start(0)
    t.advance(1200000)
    t.choose(0, 1, 1200000)                 # pay the J to p1, who owes 10 and chooses the change
    assert t.game.pending_choice()[0] == 1
    t.advance(3000000)
    chosen = rec.of(ev.MONEY_CHOSEN)[-1]
    assert chosen[2] == 1 and chosen[1] == 2306000
    slaps = rec.of(ev.SLAP)
    assert [e[2:4] for e in slaps] == [(1, ev.V_WIN)] and 2306000 < slaps[0][1] < 2306000 + 600000
    assert rec.of(ev.PILE_WON)[0][2:4] == (1, ev.HOW_CAPTURE)

