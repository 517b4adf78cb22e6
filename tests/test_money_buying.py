"""Money (rules document 002): buying cards with money from the floor and from the opponent, in
the Jordanian, Egyptian and Syrian ways, on MicroPython and CPython (set up by money_setup.py:
tempo 1000 ms, piles top card first).
"""

from slapstack import cards, events as ev, money
from slapstack import duel_events as D
from money_setup import (K, Q, J, JK, A, SEVEN, TWELVE, TWENTY, TWENTY_NO_HEARTS, NO_ACES, game, bank,
                         under, money_list, capture_deal)


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


def test_syrian_buys_from_the_top_of_the_pile():
    s = game({"variant": "syrian"}, hands=[[], ["2D"]], pile=SEVEN, banks=[["JK"], []])
    s.tick(1000)
    assert s.of(D.MONEY_BUY) == [(D.MONEY_BUY, 1000000, 0, JK, D.SRC_FLOOR, 5)]
    assert s.hand(0) == ["5H", "6H", "7H", "8H", "9H"] and s.pile() == ["4H", "3H"]


def test_syrian_king_is_worth_twenty():
    s = game({"variant": "syrian"}, hands=[[], TWENTY + ["AS"]], pile=["9S"], banks=[["K"], []])
    s.tick(1000)
    assert s.of(D.MONEY_BUY) == [(D.MONEY_BUY, 1000000, 0, K, D.SRC_OPPONENT, 20)]
