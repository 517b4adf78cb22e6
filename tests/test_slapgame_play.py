"""Scenario tests, card by card, for the slap family (documents 000, 001, 003): challenges, players
out and slapping back in, the end of the game, and turning one's own cards by press."""
from slapstack import eventlog, events as E
from scenario import game, tap, slaps, won, hand_text, MS, FILL0, FILL1, AUTO


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
