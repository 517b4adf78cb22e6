"""The party limit (slapstack/party.py): a shorter game that ends after a time or a number
of cards, at a quiet moment, the most cards winning; off in every preset; replays the same."""
from slapstack import events as E, games
from slapstack.table import Table


def _play(game, rules, seed=5, players=2):
    seen = []
    bots = {}
    for p in range(players):
        bots[p] = "hard"
    table = Table(game, players, rules=rules, deal={"seed": seed}, bots=bots,
                  sink=lambda k, t, p, a, b, c: seen.append((k, t, p, a, b, c)))
    table.start(0)
    while not table.game.over:
        table.advance(table.next_due())
    return table, seen


def test_no_preset_has_a_party_limit():
    for name in games.ALL:
        rules = games.game_module(name).make_rules(name)
        assert rules.party_minutes == 0 and rules.party_cards == 0


def test_a_card_limit_ends_the_game_once_the_pile_is_taken_and_the_most_cards_win():
    for game, players in (("ratscrew", 4), ("egyptian_war", 3), ("war", 2), ("money", 2)):
        table, seen = _play(game, {"party_cards": 30}, players=players)
        over = seen[-1]
        assert over[0] == E.GAME_OVER and over[5] == E.END_PARTY, (game, over)
        g = table.game
        assert over[3] >= 30 and over[3] == g.cards_played
        assert g.pile_len() == 0                       # the pile in play was taken first
        from slapstack.party import held
        counts = [held(g, p, table.can("bank")) for p in range(players)]
        if over[2] >= 0:
            assert counts[over[2]] == max(counts) and counts.count(max(counts)) == 1, (game, counts)
        else:
            assert counts.count(max(counts)) > 1
        assert g.winner == over[2]


def test_a_time_limit_counts_the_games_own_time_across_the_clock_wrap():
    # the clock wraps at 2**30 us (about 18 minutes); start just before it
    seen = []
    table = Table("ratscrew", 4, rules={"party_minutes": 1}, deal={"seed": 9},
                  bots={0: "hard", 1: "hard", 2: "hard", 3: "hard"},
                  sink=lambda k, t, p, a, b, c: seen.append((k, t)))
    t0 = (1 << 30) - 20000000
    table.start(t0)
    while not table.game.over:
        table.advance(table.next_due())
    assert seen[-1][0] == E.GAME_OVER
    played = (seen[-1][1] - t0) % (1 << 30)
    assert 60000000 <= played < 90000000              # a minute, then the pile in play
    assert table.game.cards_played < 200


def test_a_party_game_replays_to_the_same_end():
    import json
    from slapstack import replay, replay_writer
    table, seen = _play("ratscrew", {"party_cards": 40}, seed=11, players=3)
    spec = replay.check(json.loads(replay_writer.dumps(table)))
    again = []
    replay.play(spec, lambda k, t, p, a, b, c: again.append((k, t, p, a, b, c)))
    assert again[-1] == seen[-1] and again[-1][5] == E.END_PARTY


def test_a_press_that_takes_the_last_pile_ends_a_party_game_there_live_and_in_the_replay():
    # War between two people: the second press turns the cards and takes the pile; with
    # the limit reached the game ends at that press, not at whatever is due next (nothing
    # is: both wait for presses), so the saved replay ends at the same card and time
    import json
    from slapstack import replay, replay_writer
    seen = []
    table = Table("war", 2, rules={"party_cards": 4}, deal={"hands": [["KS", "2C", "9H"], ["QH", "3D", "8S"]]},
                  sink=lambda k, t, p, a, b, c: seen.append((k, t, p, a, b, c)))
    table.start(0)
    for t_ms, p in ((100, 0), (200, 1), (300, 0), (400, 1)):
        table.press(p, t_ms * 1000)
        table.release(p, t_ms * 1000 + 50000)
    over = [e for e in seen if e[0] == E.GAME_OVER]
    assert over == [(E.GAME_OVER, 400000, -1, 4, 2, E.END_PARTY)]   # 3 cards each: a draw
    spec = replay.check(json.loads(replay_writer.dumps(table)))
    again = []
    replay.play(spec, lambda k, t, p, a, b, c: again.append((k, t, p, a, b, c)))
    assert again == seen


def test_a_time_limit_that_runs_out_while_the_table_is_quiet_ends_the_game_then():
    # War between two people: one battle, its pile taken, then nobody presses; the minute
    # runs out with nothing in play, so the game ends at 60 s, not at some later card
    import json
    from slapstack import replay, replay_writer
    seen = []
    table = Table("war", 2, rules={"party_minutes": 1}, deal={"hands": [["KS", "2C", "9H"], ["QH", "3D", "8S"]]},
                  sink=lambda k, t, p, a, b, c: seen.append((k, t, p, a, b, c)))
    table.start(0)
    for t_ms, p in ((100, 0), (200, 1)):
        table.press(p, t_ms * 1000)
        table.release(p, t_ms * 1000 + 50000)
    assert table.game.quiet() and not table.game.over
    assert table.next_due() == 60000000               # the device wakes for the limit
    table.advance(59999999)
    assert not table.game.over
    table.advance(61000000)
    over = [e for e in seen if e[0] == E.GAME_OVER]
    assert over == [(E.GAME_OVER, 60000000, 0, 2, 1, E.END_PARTY)]   # seat 0 took the K-Q battle
    spec = replay.check(json.loads(replay_writer.dumps(table)))
    again = []
    replay.play(spec, lambda k, t, p, a, b, c: again.append((k, t, p, a, b, c)))
    assert again == seen


def test_a_time_limit_longer_than_the_clocks_reach_still_ends_a_quiet_table_on_time():
    # ten minutes is beyond clock.diff's +-9 minutes: the table looks ahead in steps, never
    # at a time that reads as past (the device's loop would spin without sleeping)
    seen = []
    table = Table("war", 2, rules={"party_minutes": 10}, deal={"hands": [["KS", "2C", "9H"], ["QH", "3D", "8S"]]},
                  sink=lambda k, t, p, a, b, c: seen.append((k, t)))
    t0 = (1 << 30) - 5000000                           # across the clock's wrap too
    table.start(t0)
    table.press(0, t0 + 100000)
    table.press(1, t0 + 200000)
    steps = 0
    while not table.game.over:
        due = table.next_due()
        assert 0 < (due - t0) % (1 << 30) <= 600000000, due   # ahead of the start, never past the limit
        table.advance(due)
        steps += 1
        assert steps <= 4, "the table asked to be woken again and again"
    assert seen[-1] == (E.GAME_OVER, (t0 + 600000000) % (1 << 30))


def test_a_time_limit_ends_a_slap_game_waiting_between_piles_at_once():
    # a slow tempo: ten seconds between cards; 5D 5C make a double at 50 s, seat 1 takes it
    # at 51 s, and the minute runs out in the gap before the next card (61.8 s): the game
    # ends at 60 s rather than turning that card
    seen = []
    table = Table("ratscrew", 2, rules={"party_minutes": 1}, tempo_ms=10000,
                  deal={"hands": [["2C", "4C", "5C", "7C", "9C"], ["3D", "5D", "8D", "10D", "6D"]]},
                  sink=lambda k, t, p, a, b, c: seen.append((k, t, p, a, b, c)))
    table.start(0)
    table.press(1, 51000000)
    table.release(1, 51100000)
    while not table.game.over:
        table.advance(table.next_due())
    assert [e[2] for e in seen if e[0] == E.PILE_WON] == [1]
    assert len([e for e in seen if e[0] == E.CARD]) == 5
    assert seen[-1] == (E.GAME_OVER, 60000000, 1, 5, 1, E.END_PARTY)
