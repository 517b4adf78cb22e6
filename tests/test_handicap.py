"""Head starts (handicaps): a seat's slaps judged earlier by its head start (slap_contest.py, step 6)."""
import json

from slapstack import eventlog, events as E, replay, replay_writer
from slapstack.table import Table
from scenario import game, slaps, won, MS

FILL0 = ["2C", "3C", "4C", "5C", "6C", "8C", "9C", "10C"]
FILL1 = ["2H", "3H", "4H", "5H", "6H", "8H", "9H", "10H"]
D = 2000  # when the double is turned


def _double(preset="ratscrew", head=(0, 0), rules=None):
    """A game whose second card (at 2 s: the tempo is 1 s) makes a double, the seats' head
    starts set; times below are in ms after the double."""
    g, rec = game(preset, [["7C"] + FILL0, ["7D"] + FILL1], rules, tempo_ms=1000)
    g.set_head_starts(list(head))
    g.tick(D * MS)
    return g, rec


def test_a_slower_seat_with_a_head_start_takes_the_pile_and_its_verdict_shows_its_real_time():
    g, rec = _double(head=(0, 100))
    g.press(0, (D + 50) * MS)  # 50 ms after the double
    g.press(1, (D + 120) * MS)  # 120 ms after it, judged at 20: 30 ms before seat 0
    g.tick((D + 1900) * MS)
    assert sorted(slaps(rec)) == [(0, "late", "double"), (1, "win", "double")]
    assert won(rec) == [(1, "slap", 2)]
    win = [e for e in rec.of(E.SLAP) if e[3] == E.V_WIN][0]
    assert win[5] == 120 * MS  # the reaction the player made, not the judged one


def test_a_head_start_too_small_to_catch_up_changes_nothing():
    g, rec = _double(head=(0, 50))
    g.press(0, (D + 50) * MS)
    g.press(1, (D + 120) * MS)  # judged at 70: still after seat 0
    g.tick((D + 1900) * MS)
    assert won(rec) == [(0, "slap", 2)]


def test_the_contest_waits_for_a_seat_with_a_head_start_and_no_longer_without_one():
    g, rec = _double(head=(0, 300))
    g.press(0, (D + 50) * MS)
    g.tick((D + 300) * MS)  # a plain contest would have closed long ago
    assert slaps(rec) == []
    g.press(1, (D + 340) * MS)  # judged at 40
    g.tick((D + 1900) * MS)
    assert won(rec) == [(1, "slap", 2)]
    g, rec = _double()
    g.press(0, (D + 50) * MS)
    g.tick((D + 50) * MS + 1)  # no head starts: closed 1 us after the slap (ratscrew's window is 0)
    assert slaps(rec) == [(0, "win", "double")]


def test_once_every_seat_has_slapped_the_contest_closes_without_waiting():
    g, rec = _double(head=(0, 300))
    g.press(1, (D + 60) * MS)  # judged at -240 ms: nobody can come earlier
    g.press(0, (D + 62) * MS)
    g.tick((D + 62) * MS + 1)
    assert sorted(slaps(rec)) == [(0, "late", "double"), (1, "win", "double")]


def test_egyptian_war_ties_on_the_judged_times():
    g, rec = _double("egyptian_war", head=(100, 0))
    g.press(0, (D + 160) * MS)  # judged at 60
    g.press(1, (D + 70) * MS)  # 10 ms after the judged time: within 20 ms, no discernible victor
    g.tick((D + 1900) * MS)
    assert sorted(slaps(rec)) == [(0, "tie", "double"), (1, "tie", "double")]
    assert won(rec) == []


def test_a_press_before_the_card_was_seen_is_still_judged_without_it():
    g, rec = game("ratscrew", [["7C"] + FILL0, ["7D"] + FILL1])
    g.set_head_starts([0, 500])
    g.tick(150 * MS)
    g.press(1, 190 * MS)  # before the 7D was turned: nothing to slap, head start or none
    g.tick(1500 * MS)
    assert slaps(rec)[0] == (1, "false", "nothing")


def _table_error(**kw):
    try:
        Table(kw.pop("game", "ratscrew"), kw.pop("players", 2), **kw)
    except ValueError as e:
        return str(e)
    return None


def test_a_table_checks_its_head_starts_in_clear_words():
    assert _table_error(head_start_ms=[0, 1000]) is None
    assert _table_error(head_start_ms=[0, 0, 0, 250], seats=4) is None
    assert _table_error(head_start_ms=[0]).startswith("head_start_ms: must be a list of 2 head starts")
    for bad in (-1, 1001, 2.5, "100", None, True):
        assert _table_error(head_start_ms=[0, bad]).startswith("head_start_ms: each must be a whole number of ms"), bad
    assert _table_error(game="war", head_start_ms=[0, 0]) is None
    for g in ("money", "beggar"):
        assert _table_error(game=g, head_start_ms=[100, 0]) == (
            "head_start_ms: %s has no race (slaps, or War's calls) to give a head start in: all must be 0" % g)


def _bot_game(head):
    rec = eventlog.Recorder()
    table = Table("egyptian_war", 4, deal={"seed": 5}, sink=rec, head_start_ms=head,
                  bots={0: "hard", 1: "normal", 2: "easy", 3: "normal"}, bot_seed=5)
    table.start(0)
    while not table.game.over:
        table.advance(table.next_due())
    return table, rec


def test_a_game_with_head_starts_replays_event_for_event_and_keeps_them_in_its_head():
    table, rec = _bot_game([0, 120, 400, 0])
    text = replay_writer.dumps(table)
    head = json.loads(text)
    assert head["head_start_ms"] == [0, 120, 400, 0]
    again = eventlog.Recorder()
    replay.play(replay.check(head), again)
    assert again.events == rec.events
    plain, _ = _bot_game([0, 0, 0, 0])
    assert "head_start_ms" not in json.loads(replay_writer.dumps(plain))  # written only when set


def test_a_replay_file_with_bad_head_starts_is_refused_by_name():
    import io
    from slapstack import replay_file
    head = '{"game": "ratscrew", "players": 2, "deal": {"seed": 3}, "head_start_ms": %s, "inputs": [\n]}\n'
    for bad, words in (("[0]", "must be a list of 2"), ("[0, 1001]", "each must be a whole number"),
                       ('[0, "5"]', "each must be a whole number")):
        try:
            replay_file.Reader(io.StringIO(head % bad))
            raise AssertionError(bad)
        except ValueError as e:
            assert str(e).startswith("head_start_ms: " + words), (bad, str(e))
    assert replay_file.Reader(io.StringIO(head % "[0, 300]")).spec["head_start_ms"] == [0, 300]


def test_head_starts_of_zero_change_nothing():
    table, rec = _bot_game([0, 0, 0, 0])
    again, rec_none = _bot_game(None)
    assert rec.events == rec_none.events
    assert table.head_start_ms is None


def test_no_card_is_turned_while_a_seat_with_a_head_start_may_still_win_the_contest():
    g, rec = _double(head=(0, 1000))  # the next card is due 1 s after the double
    g.press(0, (D + 50) * MS)
    g.press(1, (D + 1020) * MS)  # judged at 20: the double is still on top to be won
    assert g.cards_played == 2
    g.tick((D + 2900) * MS)
    assert sorted(slaps(rec)) == [(0, "late", "double"), (1, "win", "double")]
