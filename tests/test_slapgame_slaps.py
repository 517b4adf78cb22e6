"""Scenario tests, card by card, for the slap family (documents 000, 001, 003): who wins a slap
(the earliest, ties, a card not yet seen, a held button), false slaps and the cards they burn."""
from slapstack import events as E
from scenario import game, tap, slaps, won, pile_text, MS, FILL0, FILL1


def test_earliest_valid_slap_wins_the_pile():
    g, rec = game("ratscrew", [["7C"] + FILL0, ["7D"] + FILL1])
    g.tick(200 * MS)  # 7C then 7D: a double
    g.press(1, 230 * MS)
    g.press(0, 231 * MS)
    g.tick(250 * MS)
    assert slaps(rec) == [(1, "win", "double"), (0, "late", "double")]
    g.tick(1100 * MS)
    assert won(rec) == [(1, "slap", 2)]
    assert rec.of(E.PILE_WON)[0][5] == E.PAT_DOUBLE
    assert rec.of(E.SLAP)[0][5] == 30 * MS  # reaction time since the card appeared


def test_presses_reported_out_of_order_are_ranked_by_timestamp():
    g, rec = game("ratscrew", [["7C"] + FILL0, ["7D"] + FILL1])
    g.tick(200 * MS)
    g.press(0, 231 * MS)
    g.press(1, 230 * MS)  # earlier, reported later, before the contest closed
    g.tick(250 * MS)
    assert (1, "win", "double") in slaps(rec)


def test_exact_same_microsecond_is_a_tie_and_play_goes_on():
    g, rec = game("ratscrew", [["7C"] + FILL0, ["7D"] + FILL1])
    g.tick(200 * MS)
    g.press(0, 250 * MS)
    g.press(1, 250 * MS)
    g.tick(300 * MS)
    assert sorted(slaps(rec)) == [(0, "tie", "double"), (1, "tie", "double")]
    assert won(rec) == [] and g.cards_played == 3


def test_egyptian_war_slaps_within_the_tie_window_take_nothing():
    g, rec = game("egyptian_war", [["7C"] + FILL0, ["7D"] + FILL1])
    g.tick(200 * MS)
    g.press(0, 250 * MS)
    g.press(1, 265 * MS)  # 15 ms later: no discernible victor (window 20 ms)
    g.tick(1500 * MS)
    assert sorted(slaps(rec)) == [(0, "tie", "double"), (1, "tie", "double")]
    assert won(rec) == []


def test_after_a_tie_a_third_players_later_slap_on_the_same_cards_wins_nothing():
    g, rec = game("egyptian_war", [["7C"] + FILL0, ["7D"] + FILL1, ["2S", "3S", "4S"]])
    g.tick(200 * MS)       # 7C, 7D: a snap
    g.press(0, 250 * MS)
    g.press(1, 265 * MS)   # 15 ms later: no discernible victor
    g.tick(290 * MS)       # the contest closed as a tie
    tap(g, 2, 295)         # player 2 slaps the same pair later
    g.tick(1500 * MS)
    assert sorted(slaps(rec)) == [(0, "tie", "double"), (1, "tie", "double"), (2, "late", "double")]
    assert won(rec) == [] and rec.of(E.BURN) == []
    assert g.pile_len() > 3  # play went on with the pile on the table


def test_a_tied_player_slapping_again_wins_nothing_until_the_next_card():
    g, rec = game("ratscrew", [["7C", "5C", "9C"] + FILL0, ["7D", "5D"] + FILL1])
    g.tick(200 * MS)       # 7C 7D
    g.press(0, 250 * MS)
    g.press(1, 250 * MS)   # the very same microsecond: a tie
    g.release(0, 255 * MS)
    g.tick(260 * MS)
    g.press(0, 270 * MS)   # slaps the spent double again
    g.release(0, 275 * MS)
    g.tick(400 * MS)       # 5C (300 ms), 5D (400 ms): a new double
    assert slaps(rec) == [(0, "tie", "double"), (1, "tie", "double"), (0, "late", "double")]
    tap(g, 1, 420)         # released since 250 ms? not yet: player 1 still holds
    g.release(1, 425 * MS)
    tap(g, 1, 430)
    g.tick(1400 * MS)
    assert slaps(rec)[-1] == (1, "win", "double") and won(rec) == [(1, "slap", 4)]


def test_a_press_before_the_next_card_is_seen_still_finds_the_tied_combination_spent():
    g, rec = game("ratscrew", [["7C", "2C"] + FILL0, ["7D"] + FILL1, ["3S"] + FILL1])
    g.tick(200 * MS)       # 7C 7D
    g.press(0, 250 * MS)
    g.press(1, 250 * MS)   # tie
    g.tick(300 * MS)       # 3S turned at 300 ms, not yet on screen ...
    g.reveal(330 * MS)
    g.press(2, 310 * MS)   # ... so player 2 slaps the tied 7-7: spent
    g.tick(1300 * MS)
    assert slaps(rec)[-1] == (2, "late", "double") and won(rec) == []


def test_egyptian_war_false_snap_burns_a_card_by_our_house_rule_and_the_free_snap_is_an_option():
    # document 000 names no penalty; ours burns one card, so pressing all the time does not pay
    g, rec = game("egyptian_war", [["5D"] + FILL0, ["KH"] + FILL1])
    tap(g, 1, 150)         # a lone 5D: no snap
    assert slaps(rec) == [(1, "false", "nothing")]
    assert [e[3] for e in rec.of(E.BURN)] == [0x2D] and g.hand_size(1) == 8
    g, rec = game("egyptian_war", [["5D"] + FILL0, ["KH"] + FILL1], {"burn_count": 0})
    tap(g, 1, 150)         # the document's game: it costs nothing
    assert slaps(rec) == [(1, "false", "nothing")] and rec.of(E.BURN) == []
    assert g.hand_size(1) == 9


def test_egyptian_war_slap_outside_the_window_wins():
    g, rec = game("egyptian_war", [["7C"] + FILL0, ["7D"] + FILL1])
    g.tick(200 * MS)
    g.press(0, 250 * MS)
    g.press(1, 275 * MS)
    g.tick(1500 * MS)
    assert sorted(slaps(rec)) == [(0, "win", "double"), (1, "late", "double")]
    assert won(rec)[0][0] == 0


def test_press_before_the_card_was_visible_is_judged_without_it():
    g, rec = game("ratscrew", [["7C"] + FILL0, ["7D"] + FILL1])
    g.tick(200 * MS)      # 7D played at 200 ms ...
    g.reveal(215 * MS)    # ... but on screen only at 215 ms
    g.press(0, 210 * MS)  # slapped a lone 7C: false, as the double was not on screen yet
    g.press(1, 220 * MS)
    g.tick(300 * MS)
    assert slaps(rec) == [(0, "false", "unseen"), (1, "win", "double")]
    assert rec.of(E.SLAP)[1][5] == 5 * MS  # reaction from the reveal


def test_hovering_a_held_button_is_not_a_new_slap():
    g, rec = game("ratscrew", [["7C"] + FILL0, ["7D"] + FILL1])
    g.press(0, 150 * MS)  # false slap, and the button stays down
    g.tick(200 * MS)      # the double appears
    g.press(0, 250 * MS)  # still held: does not count
    g.press(1, 260 * MS)
    g.tick(300 * MS)
    assert slaps(rec) == [(0, "false", "nothing"), (1, "win", "double")]
    g.release(0, 270 * MS)


def test_late_valid_slap_is_not_penalised():
    g, rec = game("ratscrew", [["7C"] + FILL0, ["7D"] + FILL1])
    g.tick(200 * MS)
    tap(g, 0, 250)
    tap(g, 1, 400)  # the pile is still there until it is collected
    g.tick(2000 * MS)
    assert slaps(rec)[:2] == [(0, "win", "double"), (1, "late", "double")]
    assert rec.of(E.BURN) == []


def test_slap_during_a_challenge_and_the_setting_that_forbids_it():
    hands = [["KS", "2C"] + FILL0, ["5D", "5H", "9D"] + FILL1]
    g, rec = game("ratscrew", hands)
    g.tick(300 * MS)  # K, 5D, 5H: a double in the middle of the challenge
    tap(g, 0, 320)
    g.tick(2000 * MS)
    assert won(rec)[0] == (0, "slap", 3)
    g, rec = game("ratscrew", hands, {"slap_during_challenge": False})
    g.tick(300 * MS)
    tap(g, 0, 320)
    assert slaps(rec) == [(0, "ignored", "none")]


def test_a_challenge_joker_has_no_rank_so_queen_king_joker_is_no_run():
    for hands in ([["QS", "JK"] + FILL0, ["KD"] + FILL1], [["JK", "QS"] + FILL0, ["KD"] + FILL1]):
        g, rec = game("ratscrew", hands, {"run": True, "jokers": "challenge"})
        g.tick(300 * MS)  # each card meets the challenge before it: Q K joker, or joker K Q
        tap(g, 1, 350)
        assert slaps(rec) == [(1, "false", "nothing")]
        g.tick(2000 * MS)
        assert won(rec)[0][0] == 0  # the challenger keeps the pile
        g, rec = game("ratscrew", hands, {"run": True, "jokers": "wild"})
        g.tick(300 * MS)
        tap(g, 1, 350)
        assert slaps(rec) == [(1, "win", "run")]  # a wild joker is the ace or jack it needs


def test_slap_before_collection_steals_a_won_challenge():
    hands = [["KS"] + FILL0, ["5D", "9C", "9D"] + FILL1]  # the last chance makes a double
    g, rec = game("ratscrew", hands)
    g.tick(400 * MS)
    assert len(rec.of(E.CHALLENGE_FAILED)) == 1
    tap(g, 1, 600)
    g.tick(3000 * MS)
    assert won(rec)[0] == (1, "slap", 4)
    g, rec = game("ratscrew", hands, {"slap_during_collect": False})
    g.tick(400 * MS)
    tap(g, 1, 600)
    g.tick(3000 * MS)
    assert won(rec)[0] == (0, "challenge", 4)


def test_mummy_marriage_ends_the_ruffle():
    g, rec = game("ruffle", [["QS"] + FILL0, ["KD"] + FILL1], {"marriage": True, "slaps": True})
    g.tick(200 * MS)  # Q then K: the K met the challenge, and it is a marriage
    assert len(rec.of(E.CHALLENGE_MET)) == 1
    tap(g, 0, 250)
    g.tick(1100 * MS)
    assert won(rec) == [(0, "slap", 2)]
    g.tick(1200 * MS)
    # no challenge goes on: player 0 (the slapper) starts a fresh pile
    assert rec.of(E.CARD)[-1][2] == 0 and g.challenger == -1
    assert rec.of(E.TURN)[-1][3] == 0


def test_false_slap_burns_a_card_to_the_bottom_of_the_pile():
    g, rec = game("ratscrew", [["5D"] + FILL0, ["KH"] + FILL1])
    g.tick(100 * MS)
    tap(g, 1, 150)
    assert slaps(rec) == [(1, "false", "nothing")]
    assert pile_text(g) == ["KH", "5D"]  # burned face up under the pile
    assert rec.of(E.BURN)[0][3] == g.pile.at(0)


def test_the_pile_knows_who_put_each_card_there_played_or_burned():
    g, rec = game("ratscrew", [["5D", "2C"] + FILL0, ["9H", "3S"] + FILL1])
    g.tick(200 * MS)    # seat 0's 5D, then seat 1's 9H on top
    tap(g, 0, 250)      # a false slap: seat 0 burns its 2C under the pile
    assert pile_text(g) == ["2C", "5D", "9H"]
    assert [g.pile_seat(i) for i in range(4)] == [1, 0, 0, -1]  # top first: 9H, 5D, 2C
    g.tick(300 * MS)    # seat 0's next card
    assert [g.pile_seat(i) for i in range(4)] == [0, 1, 0, 0]


def test_burned_cards_never_make_a_combination():
    g, rec = game("ratscrew", [["7C"] + FILL0, ["7H"] + FILL1])
    tap(g, 1, 50)      # burns 7H onto the empty pile
    g.tick(100 * MS)   # 7C lands on the burned 7H
    tap(g, 0, 150)
    assert slaps(rec) == [(1, "false", "nothing"), (0, "false", "burned")]


def test_escalating_burn_and_its_reset_when_a_pile_is_won():
    hands = [["9S"] + FILL0, ["9D"] + FILL1]
    g, rec = game("ratscrew", hands, {"burn_escalate": True})
    g.tick(100 * MS)  # 9S
    tap(g, 0, 110)
    tap(g, 0, 130)
    tap(g, 0, 150)
    assert [e[4] for e in rec.of(E.BURN)] == [1, 1, 2, 1, 2, 3]
    g.tick(200 * MS)  # 9D on 9S: a double above the six burned cards
    tap(g, 1, 250)
    g.tick(1100 * MS)
    assert won(rec)[0][0] == 1
    n = len(rec.of(E.BURN))
    tap(g, 0, 1120)
    assert [e[4] for e in rec.of(E.BURN)][n:] == [1]


def test_burn_count_zero_means_no_penalty():
    g, rec = game("ratscrew", [["5D"] + FILL0, ["KH"] + FILL1], {"burn_count": 0})
    tap(g, 1, 50)
    assert slaps(rec) == [(1, "false", "nothing")] and rec.of(E.BURN) == []


def test_on_a_device_a_card_is_unseen_until_it_is_on_screen():
    g, rec = game("ratscrew", [["7C"] + FILL0, ["7D"] + FILL1])
    g.live = True
    g.tick(200 * MS)      # 7D turned at 200 ms; the screen is still drawing it
    g.press(0, 205 * MS)  # after its play time, before it was shown: a lone 7C
    g.reveal(212 * MS)
    g.press(1, 215 * MS)
    g.tick(250 * MS)
    assert slaps(rec) == [(0, "false", "unseen"), (1, "win", "double")]
    assert rec.of(E.SLAP)[1][5] == 3 * MS


def test_the_winners_own_second_press_is_ignored_not_late():
    # issue 49 screen fault 6: "Red too late" came right after "SANDWICH! Red takes 18"
    g, rec = game("ratscrew", [["7C"] + FILL0, ["7D"] + FILL1, ["2S"] + FILL1])
    g.tick(200 * MS)       # 7C 7D: a double
    tap(g, 0, 230)         # player 0 wins it
    g.tick(260 * MS)
    tap(g, 0, 300)         # ... and presses again before the pile is collected
    tap(g, 2, 310)         # player 2 slaps the won pile: late
    g.tick(1500 * MS)
    assert slaps(rec) == [(0, "win", "double"), (0, "ignored", "double"), (2, "late", "double")]
    assert rec.of(E.SLAP)[1][5] == -1 and won(rec) == [(0, "slap", 2)]
