"""Scenario tests, card by card, for the slap family (documents 000, 001, 003)."""
from slapstack import eventlog, events as E
from scenario import game, tap, slaps, won, pile_text, hand_text, MS

FILL0 = ["2C", "3C", "4C", "5C", "6C", "8C", "9C", "10C"]
FILL1 = ["2H", "3H", "4H", "5H", "6H", "8H", "9H", "10H"]
AUTO = {"turn": "auto"}  # Beggar-my-neighbour turned at the tempo, as the other games are


# --- challenges (A 4, K 3, Q 2, J 1) -----------------------------------------------------

def test_failed_challenge_gives_pile_to_challenger_who_starts_next():
    g, rec = game("ratscrew", [["KS"] + FILL0, ["5D", "6D", "7D"] + FILL1])
    g.tick(400 * MS)  # K, then the three chances
    assert [e[2] for e in rec.of(E.CARD)] == [0, 1, 1, 1]
    failed = rec.of(E.CHALLENGE_FAILED)
    assert len(failed) == 1 and failed[0][2] == 1 and failed[0][3] == 0
    assert won(rec) == []  # collected after collect_ms, slaps may still come
    g.tick(1200 * MS)
    assert won(rec) == [(0, "challenge", 4)]
    assert hand_text(g, 0)[-4:] == ["KS", "5D", "6D", "7D"]  # under the hand, order kept
    g.tick(1300 * MS)
    assert rec.of(E.CARD)[-1][2] == 0  # the winner starts the next pile


def test_chances_per_face_card():
    for face, n in (("AS", 4), ("KS", 3), ("QS", 2), ("JS", 1)):
        g, rec = game("beggar", [[face] + FILL0, FILL1], AUTO)
        g.tick(2000 * MS)
        assert rec.of(E.CHALLENGE)[0][4] == n
        # the challenged player turned exactly n cards before the challenger won
        assert rec.of(E.CHALLENGE_FAILED)[0][1] == (1 + n) * 100 * MS
        assert won(rec)[0] == (0, "challenge", 1 + n)


def test_challenge_met_passes_on():
    g, rec = game("beggar", [["JS", "2C", "3C"] + FILL0, ["QD"] + FILL1], AUTO)
    g.tick(1500 * MS)
    met = rec.of(E.CHALLENGE_MET)
    assert len(met) == 1 and met[0][2] == 1 and met[0][4] == 2
    # player 0 had two chances (2C, 3C) and failed: player 1 takes J, Q, 2C, 3C
    assert won(rec)[0] == (1, "challenge", 4)


def test_joker_as_fifth_challenge_card():
    g, rec = game("ratscrew", [["JK"] + FILL0, FILL1], {"jokers": "challenge"})
    g.tick(3000 * MS)
    assert rec.of(E.CHALLENGE)[0][4] == 5
    assert won(rec)[0] == (0, "challenge", 6)


def test_joker_challenge_length_is_an_option():
    g, rec = game("ratscrew", [["JK"] + FILL0, FILL1], {"jokers": "challenge", "joker_chances": 2})
    g.tick(3000 * MS)
    assert rec.of(E.CHALLENGE)[0][4] == 2
    assert won(rec)[0] == (0, "challenge", 3)  # JK and the two chances 2H, 3H


def test_running_out_in_a_challenge_challenger_wins_by_default():
    g, rec = game("ratscrew", [["KS"] + FILL0, ["2D"], FILL1])
    g.tick(2000 * MS)
    assert [e[2] for e in rec.of(E.ELIMINATED)] == [1]
    assert won(rec)[0] == (0, "challenge", 2)


def test_running_out_in_a_challenge_next_player_continues_option():
    g, rec = game("ratscrew", [["KS"] + FILL0, ["2D"], ["7H", "8H"] + FILL1],
                  {"challenge_runout": "next_player"})
    g.tick(3000 * MS)
    # player 1 used one chance; player 2 gets the two left: 7H, 8H, then fails
    assert [e[2] for e in rec.of(E.CARD)][:4] == [0, 1, 2, 2]
    assert won(rec)[0] == (0, "challenge", 4)


# --- slaps -----------------------------------------------------------------------------

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


# --- false slaps and burning --------------------------------------------------------------

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


# --- elimination and slapping in -----------------------------------------------------------

def _three_with_short_player():
    # player 2 holds one card: after turning it (300 ms) it has none, and it is out when
    # its turn comes again (600 ms); then 7C, 7H make a double at 700 ms
    return [["2C", "5C", "7C"] + FILL0, ["3H", "6H", "7H"] + FILL1, ["4D"]]


def test_eliminated_player_slaps_back_in():
    g, rec = game("ratscrew", _three_with_short_player())
    g.tick(700 * MS)
    assert [e[2] for e in rec.of(E.ELIMINATED)] == [2]
    tap(g, 2, 750)
    g.tick(1600 * MS)
    assert [e[2] for e in rec.of(E.SLAPPED_IN)] == [2]
    assert won(rec)[0][0] == 2 and not g.is_out(2)


def test_no_slapping_in_variant_ignores_the_eliminated():
    g, rec = game("ratscrew", _three_with_short_player(), {"slap_in": False})
    g.tick(700 * MS)
    tap(g, 2, 750)
    assert slaps(rec) == [(2, "ignored", "none")] and won(rec) == []


def test_negative_cards_for_false_slaps_in_and_their_limit():
    g, rec = game("ratscrew", _three_with_short_player(),
                  {"slap_in_penalty": "negative", "negative_limit": 2})
    g.tick(350 * MS)  # 2C 3H 4D: player 2 has no cards
    tap(g, 2, 360)
    tap(g, 2, 370)
    assert [e[3] for e in rec.of(E.NEGATIVE)] == [1, 2]
    g.tick(700 * MS)
    tap(g, 2, 750)  # a real double now, but the limit is reached
    assert slaps(rec)[-1] == (2, "ignored", "none")


def test_lockout_for_false_slaps_in_lasts_some_rounds():
    g, rec = game("ratscrew", _three_with_short_player(),
                  {"slap_in_penalty": "lockout", "lockout_rounds": 1})
    g.tick(350 * MS)
    tap(g, 2, 360)
    assert rec.of(E.LOCKOUT)[0][3] == 1
    g.tick(700 * MS)
    tap(g, 2, 750)   # locked out
    tap(g, 0, 760)   # player 0 wins the double: one round passes
    g.tick(1600 * MS)
    assert slaps(rec)[-2:] == [(2, "ignored", "none"), (0, "win", "double")]
    assert g.lockout[2] == 0


def test_an_out_player_who_slaps_falsely_sits_out_two_piles_by_default():
    # document 003's lockout: no card to burn, so the player may not slap for the next two
    # piles won (a masher is kept out: its next press after them falls on a new pile)
    for preset in ("ratscrew", "egyptian_war"):
        g, rec = game(preset, _three_with_short_player())
        g.tick(650 * MS)  # player 2 is out
        tap(g, 2, 660)
        assert slaps(rec) == [(2, "false", "nothing")] and rec.of(E.BURN) == []
        assert [e[2:4] for e in rec.of(E.LOCKOUT)] == [(2, 2)]
        g.tick(700 * MS)  # 7C 7H: a double
        tap(g, 2, 750)    # sitting out: not even a slap back in
        g.tick(1600 * MS)
        assert slaps(rec)[-1] == (2, "ignored", "none") and rec.of(E.SLAPPED_IN) == []
        g, rec = game(preset, _three_with_short_player(), {"slap_in_penalty": "none"})
        g.tick(650 * MS)
        tap(g, 2, 660)    # free (the documents' plain game): the next double brings it back
        g.tick(700 * MS)
        tap(g, 2, 750)
        g.tick(1600 * MS)
        assert [e[2] for e in rec.of(E.SLAPPED_IN)] == [2] and rec.of(E.LOCKOUT) == []


def test_player_with_no_cards_but_not_yet_out_may_slap():
    g, rec = game("ratscrew", [["7C"] + FILL0, ["7D"]])
    g.tick(200 * MS)  # player 1 turned its last card: a double
    tap(g, 1, 250)
    g.tick(1200 * MS)
    assert won(rec) == [(1, "slap", 2)] and rec.of(E.ELIMINATED) == []


# --- end of the game ---------------------------------------------------------------------------

def test_last_player_standing_takes_the_pile_and_wins():
    g, rec = game("ratscrew", [["2C", "3C", "4C"], ["5H"]], {"slap_in_cards": 0})
    g.tick(5000 * MS)
    assert [e[2] for e in rec.of(E.ELIMINATED)] == [1]
    assert won(rec) == [(0, "last_standing", 3)]
    over = rec.of(E.GAME_OVER)
    assert len(over) == 1 and over[0][2] == 0 and over[0][3] == 3 and over[0][4] == 1
    assert g.over and g.winner == 0 and g.next_due() is None


def test_two_players_the_last_one_keeps_turning_and_the_out_one_slaps_back_in():
    # 2C 9H 3C; player 1 is out at its turn (400 ms); player 0 turns on alone:
    # 4C (400 ms) 8C (500 ms) 8D (600 ms): a double, and player 1 slaps back in on it
    g, rec = game("ratscrew", [["2C", "3C", "4C", "8C", "8D", "JC"], ["9H"]])
    g.tick(650 * MS)
    assert [e[2] for e in rec.of(E.ELIMINATED)] == [1] and won(rec) == []
    assert [e[2] for e in rec.of(E.CARD)] == [0, 1, 0, 0, 0, 0]
    tap(g, 1, 655)
    g.tick(1500 * MS)
    assert slaps(rec) == [(1, "win", "double")] and [e[2] for e in rec.of(E.SLAPPED_IN)] == [1]
    assert won(rec) == [(1, "slap", 6)] and not g.is_out(1) and not g.over
    g.tick(1600 * MS)
    assert rec.of(E.CARD)[-1][2] == 1  # back in: it starts the next pile


def test_alone_the_last_player_turns_slap_in_cards_then_takes_the_pile_and_wins():
    g, rec = game("ratscrew", [["JC", "2C", "3C", "4C", "5C", "6C"], ["7H", "9H"]], {"slap_in_cards": 3})
    g.tick(1050 * MS)      # JC; 7H fails the challenge; player 0 collects at 1000 ms
    assert won(rec) == [(0, "challenge", 2)]
    g.tick(1350 * MS)      # 2C 9H 3C (1100-1300 ms); player 1 is out at its turn (1400 ms)
    assert rec.of(E.ELIMINATED) == []
    g.tick(1650 * MS)      # alone: 4C 5C 6C (1400-1600 ms)
    assert [e[2] for e in rec.of(E.ELIMINATED)] == [1]
    assert [e[2] for e in rec.of(E.CARD)][-3:] == [0, 0, 0] and len(won(rec)) == 1
    g.tick(3000 * MS)      # the three were turned: player 0 takes the pile (1700 ms)
    assert won(rec)[-1] == (0, "last_standing", 6)
    assert g.over and g.winner == 0 and g.hand_size(0) == 8


def test_alone_no_card_challenges_anyone_and_slap_in_cards_zero_ends_at_once():
    g, rec = game("ratscrew", [["2C", "4C", "KC", "5C"], ["9H"]], {"slap_in_cards": 4})
    g.tick(3000 * MS)      # 2C 9H 4C, then alone: KC (no challenge) 5C, then no cards left
    assert rec.of(E.CHALLENGE) == []
    assert won(rec) == [(0, "last_standing", 5)] and g.winner == 0
    g, rec = game("ratscrew", [["2C", "4C", "KC", "5C"], ["9H"]], {"slap_in_cards": 0})
    g.tick(3000 * MS)
    assert won(rec) == [(0, "last_standing", 3)] and g.cards_played == 3


def test_ruffle_and_beggar_have_no_slapping_in_so_nobody_turns_alone():
    g, rec = game("beggar", [["2C", "3C", "4C"], ["5H"]], AUTO)
    g.tick(5000 * MS)
    assert won(rec) == [(0, "last_standing", 3)]


def test_player_counts_follow_the_documents():
    from slapstack import games
    from slapstack.table import Table
    assert games.players_range("ruffle") == (2, 4)
    for name in ("ratscrew", "egyptian_war", "beggar"):
        assert games.players_range(name) == (2, 8)
    assert games.players_range("war") == (2, 2) and games.players_range("money") == (2, 2)
    Table("ruffle", 4, deal={"seed": 1})
    for n in (1, 5):
        try:
            Table("ruffle", n, deal={"seed": 1})
            assert False, n
        except ValueError as e:
            assert str(e) == "players must be a whole number from 2 to 4 for ruffle"


def test_beggar_has_no_slaps():
    g, rec = game("beggar", [["7C"] + FILL0, ["7D"] + FILL1])
    g.tick(200 * MS)
    tap(g, 0, 250)
    assert rec.of(E.SLAP) == [] and rec.of(E.BURN) == []


# --- turning by press (rule turn "press": Beggar-my-neighbour's, ours) ----------------------

def test_beggar_players_turn_their_own_cards_with_their_buttons():
    g, rec = game("beggar", [["KS"] + FILL0, FILL1])
    g.tick(2000 * MS)
    assert rec.of(E.CARD) == []                   # nobody pressed: nothing turns before the wait
    tap(g, 1, 2100)                               # not seat 1's turn: nothing
    assert rec.of(E.CARD) == []
    tap(g, 0, 2200)
    assert [(e[1], e[2]) for e in rec.of(E.CARD)] == [(2200 * MS, 0)]
    for k, t in enumerate((2300, 2350, 2400)):    # the king's three chances, paid card by card
        g.press(1, t * MS)
        assert len(rec.of(E.CARD)) == 2 + k
        g.press(1, (t + 10) * MS)                 # held down: no second card
        assert len(rec.of(E.CARD)) == 2 + k
        g.release(1, (t + 20) * MS)
    assert rec.of(E.CHALLENGE_FAILED)[0][1] == 2400 * MS
    assert rec.of(E.SLAP) == []


def test_a_card_nobody_turns_turns_by_itself_after_the_wait():
    g, rec = game("beggar", [["2S"] + FILL0, FILL1], {"turn_wait_ms": 2000})
    g.tick(1999 * MS)
    assert rec.of(E.CARD) == []
    g.tick(2000 * MS)
    assert [(e[1], e[2]) for e in rec.of(E.CARD)] == [(2000 * MS, 0)]
    tap(g, 1, 2500)
    g.tick(4499 * MS)
    assert [(e[1], e[2]) for e in rec.of(E.CARD)][1:] == [(2500 * MS, 1)]
    g.tick(4500 * MS)                             # seat 0's next, by itself 2 s after its turn came
    assert [(e[1], e[2]) for e in rec.of(E.CARD)][2:] == [(4500 * MS, 0)]


def test_a_player_with_no_card_left_is_out_at_the_tempo_not_the_wait():
    g, rec = game("beggar", [["2C", "3C", "4C"], ["5H", "6H", "8H"], ["7D"]])
    for k in range(5):
        tap(g, k % 3, 130 * (k + 1))
    assert [e[1] for e in rec.of(E.CARD)] == [130 * MS * (k + 1) for k in range(5)]
    g.tick(749 * MS)
    assert rec.of(E.ELIMINATED) == []
    g.tick(750 * MS)                              # seat 2 holds none: out at the tempo (100 ms)
    assert [(e[1], e[2]) for e in rec.of(E.ELIMINATED)] == [(750 * MS, 2)]


def test_pressing_to_turn_needs_a_game_without_slaps():
    g, rec = game("ratscrew", [["7C"] + FILL0, ["7D"] + FILL1], {"turn": "press"})
    g.tick(200 * MS)
    assert len(rec.of(E.CARD)) == 2               # at the tempo: a press is a slap there
    tap(g, 0, 250)
    assert slaps(rec) == [(0, "win", "double")]


def test_card_count_is_conserved_through_a_seeded_game():
    from slapstack import slapgame
    from slapstack import slaprules
    r = slaprules.make_rules("ratscrew")
    hands = slaprules.deal(r, 3, {"seed": 5})
    assert [len(h) for h in hands] == [18, 17, 17]
    rec = eventlog.Recorder()
    g = slapgame.Game(r, 3, hands, rec)
    g.start(0)
    t = 0
    while not g.over:
        t += 97 * MS
        g.press((t // MS) % 3, t)
        g.release((t // MS) % 3, t + 40 * MS)
        assert sum(g.hand_size(p) for p in range(3)) + g.pile_len() == 52
    assert g.hand_size(g.winner) == 52


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
