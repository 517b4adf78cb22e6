"""Money (rules document 002): claiming a capture, when the chance ends, and the penalty for a
wrong claim, on MicroPython and CPython (set up by money_setup.py: tempo 1000 ms, piles top card first).
"""

from slapstack import cards, clock, eventlog, events as ev
from slapstack import duel_events as D
from money_setup import K, J, JK, SEVEN, game, bank, under, money_list, capture_deal


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
    rec = eventlog.Recorder()
    t = Table("money", 2, rules={"penalty_take": "press"}, sink=rec, bot_seed=3, bots={1: "hard"},
              deal={"hands": [["5C", "8C"], ["6D", "9D"]], "pile": ["2H"], "banks": [[], []]})
    t.start(0)
    t.press(0, 1200000)
    t.release(0, 1250000)
    t.advance(1990000)
    won = rec.of(ev.PILE_WON)
    assert [e[2:4] for e in won] == [(1, ev.HOW_PENALTY)] and 1400000 <= won[0][1] < 1990000
