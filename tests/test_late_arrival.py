"""Late arrivals (document 003: "Non-players may also slap the play pile. If they do so
correctly, they win the play pile and can enter the game with their newly-won cards"): a
person at a free seat, one nobody was dealt in at, slaps in where ``late_slap_in`` is on."""
import json

from slapstack import eventlog, events as E, replay, replay_writer
from slapstack.table import Table
from scenario import game, tap, slaps, won, hand_text, MS

FILL0 = ["2C", "3C", "4C", "5C", "6C", "8C", "9C", "10C"]
FILL1 = ["2H", "3H", "4H", "5H", "6H", "8H", "9H", "10H"]
DOUBLE_FIRST = [["7C"] + FILL0, ["7D"] + FILL1]  # 7C, 7D: a double at 200 ms


def test_free_seats_hold_no_cards_wait_and_are_never_eliminated():
    g, rec = game("ratscrew", DOUBLE_FIRST, seats=4)
    g.tick(1000 * MS)
    assert [e[2] for e in rec.of(E.CARD)] == [0, 1] * 5  # the free seats 2 and 3 take no turn
    assert rec.of(E.ELIMINATED) == [] and g.hand_size(3) == 0
    assert g.is_free(2) and g.is_free(3) and not g.is_free(0)
    assert rec.of(E.GAME_START)[0][3] == 2  # players dealt in


def test_a_late_arrival_slaps_in_takes_the_pile_and_then_plays_turns():
    g, rec = game("ratscrew", DOUBLE_FIRST, seats=4)
    g.tick(200 * MS)
    tap(g, 3, 250)
    g.tick(1100 * MS)
    assert slaps(rec) == [(3, "win", "double")]
    assert [(e[2], e[3]) for e in rec.of(E.SLAPPED_IN)] == [(3, 1)]  # a = 1: joined from a free seat
    assert won(rec) == [(3, "slap", 2)] and hand_text(g, 3) == ["7C", "7D"]
    assert not g.is_free(3) and not g.is_out(3) and g.is_free(2)
    g.tick(1460 * MS)
    # the winner starts the next pile, then round the table in seat order (2 is still free)
    assert [e[2] for e in rec.of(E.CARD)][2:] == [3, 0, 1, 3]
    assert hand_text(g, 3) == []
    g.tick(1760 * MS)  # no cards at its turn: a player like any other, out
    assert [e[2] for e in rec.of(E.ELIMINATED)] == [3] and not g.is_free(3)


def test_a_late_arrivals_false_slap_gets_the_out_players_penalty_and_never_burns():
    for penalty, kind in (("negative", E.NEGATIVE), ("lockout", E.LOCKOUT)):
        g, rec = game("ratscrew", DOUBLE_FIRST, {"slap_in_penalty": penalty}, seats=3)
        g.tick(100 * MS)
        tap(g, 2, 150)
        assert slaps(rec) == [(2, "false", "nothing")]
        assert [e[2] for e in rec.of(kind)] == [2]
        assert rec.of(E.BURN) == [] and g.pile_len() == 1 and g.is_free(2)
    g, rec = game("ratscrew", DOUBLE_FIRST, {"slap_in_penalty": "none"}, seats=3)
    g.tick(100 * MS)
    tap(g, 2, 150)
    assert slaps(rec) == [(2, "false", "nothing")] and rec.of(E.BURN) == [] and g.pile_len() == 1


def test_too_many_negative_cards_and_a_late_arrival_may_not_slap_in():
    g, rec = game("ratscrew", DOUBLE_FIRST, {"slap_in_penalty": "negative", "negative_limit": 1}, seats=3)
    g.tick(100 * MS)
    tap(g, 2, 150)
    g.tick(200 * MS)
    tap(g, 2, 250)  # the double, but the limit is reached
    assert slaps(rec)[-1] == (2, "ignored", "none") and g.is_free(2)


def test_a_free_seats_press_is_ignored_where_the_switch_is_off():
    for preset, rules in (("ratscrew", {"late_slap_in": False}), ("egyptian_war", None), ("ruffle", None)):
        g, rec = game(preset, DOUBLE_FIRST, rules, seats=3)
        g.tick(200 * MS)
        tap(g, 2, 250)
        g.tick(1100 * MS)
        assert slaps(rec)[0] == (2, "ignored", "none"), preset
        assert rec.of(E.SLAPPED_IN) == [] and g.is_free(2) and won(rec) == []
    g, rec = game("ratscrew", DOUBLE_FIRST, {"slap_in": False}, seats=3)  # eliminated stay out;
    g.tick(200 * MS)  # a late arrival is another switch
    tap(g, 2, 250)
    assert slaps(rec) == [(2, "win", "double")]


def test_the_deal_does_not_depend_on_the_seats():
    for seed in (1, 7, 12345):
        two = Table("ratscrew", 2, deal={"seed": seed})
        four = Table("ratscrew", 2, deal={"seed": seed}, seats=4)
        assert [hand_text(four.game, p) for p in range(2)] == [hand_text(two.game, p) for p in range(2)]
        assert four.game.hand_size(2) == four.game.hand_size(3) == 0


def test_a_table_refuses_bots_at_free_seats_and_wrong_seat_counts():
    for kwargs in ({"seats": 4, "bots": {3: "easy"}}, {"seats": 1}, {"seats": 9}, {"seats": "4"}):
        try:
            Table("ratscrew", 2, **kwargs)
        except ValueError as e:
            assert "seat" in str(e)
        else:
            raise AssertionError("accepted %r" % (kwargs,))
    try:
        Table("war", 2, seats=4)
    except ValueError as e:
        assert str(e).startswith("seats:")
    else:
        raise AssertionError("War seated free seats")


def _late_arrival_game(seed):
    """Two bots dealt in at a four-seat table; a person at seat 3 slaps the first
    combination 30 ms after it is turned, and again on each until they are in."""
    rec = eventlog.Recorder()
    table = Table("ratscrew", 2, deal={"seed": seed}, sink=rec, bots={0: "normal", 1: "easy"},
                  bot_seed=seed, seats=4)
    table.start(0)
    g = table.game
    while not g.over:
        due = table.next_due()
        cards = g.cards_played
        table.advance(due)
        if g.cards_played != cards and g.is_free(3) and g.visible_pattern():
            table.press(3, due + 30 * MS)
            table.release(3, due + 90 * MS)
    return table, rec


def test_a_game_with_a_late_arrival_replays_the_same():
    table, rec = _late_arrival_game(3)
    assert [e[2] for e in rec.of(E.SLAPPED_IN) if e[3]] == [3]
    assert any(e[2] == 3 for e in rec.of(E.CARD))  # they played turns
    text = replay_writer.dumps(table)
    spec = replay.check(json.loads(text))
    assert spec["seats"] == 4 and spec["players"] == 2
    again = eventlog.Recorder()
    replay.play(spec, again)
    assert again.events == rec.events
