import json

from slapstack import eventlog, events as E, replay, replay_writer
from slapstack import duel_events as D
from slapstack.table import Table

ENDLESS_BEGGAR = ("---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA")


def _bot_game(seed):
    rec = eventlog.Recorder()
    table = Table("ratscrew", 4, rules={"marriage": True}, deal={"seed": seed}, sink=rec,
                  bots={0: "hard", 1: "normal", 2: "easy", 3: "normal"}, bot_seed=seed)
    table.start(0)
    while not table.game.over:
        table.advance(table.next_due())
    return table, rec


def test_a_recorded_game_replays_to_the_same_events():
    table, rec = _bot_game(12)
    assert table.input_count() > 20
    text = replay_writer.dumps(table)
    again = eventlog.Recorder()
    replay.play(replay.check(json.loads(text)), again)
    assert again.events == rec.events
    assert again.events[-1][0] == E.GAME_OVER and again.events[-1][5] == E.END_WIN


def _error(obj):
    try:
        replay.play(replay.check(obj), eventlog.Recorder())
    except ValueError as e:
        return str(e)
    return None


def test_malformed_replays_name_the_field():
    ok = {"game": "ratscrew", "players": 2, "deal": {"seed": 1}}
    assert _error(ok) is None
    assert "missing field 'deal'" in _error({"game": "ratscrew", "players": 2})
    assert _error(dict(ok, game="snap")).startswith("game:")
    assert _error(dict(ok, players=9)).startswith("players")
    assert _error(dict(ok, rules={"sandwhich": True})).startswith("rules: unknown rule 'sandwhich'")
    assert _error(dict(ok, rules={"tie_window_us": -5})).startswith("rules: rule 'tie_window_us'")
    assert "deal.hands[1]" in _error(dict(ok, deal={"hands": [["AS"], ["ZZ"]]}))
    assert _error(dict(ok, deal={"seed": "x"})).startswith("deal.seed")
    assert _error(dict(ok, tempo_ms=5)).startswith("tempo_ms")
    assert _error(dict(ok, inputs=[{"t": 5, "p": 0, "a": "jump"}])).startswith("inputs[0].a")
    assert _error(dict(ok, inputs=[{"t": 5, "p": 3, "a": "press"}])).startswith("inputs[0].p")
    bad_order = [{"t": 5, "p": 0, "a": "press"}, {"t": 4, "p": 0, "a": "release"}]
    assert _error(dict(ok, inputs=bad_order)).startswith("inputs[1].t")
    assert "unknown field 'extra'" in _error(dict(ok, extra=1))
    assert _error([1, 2]) == "a replay must be a JSON object"


def test_a_time_too_large_for_the_clock_is_refused_by_name():
    # 1e306 and Infinity once overflowed into a traceback; a day (replay.MAX_MS) is the most
    ok = {"game": "ratscrew", "players": 2, "deal": {"hands": [["2C"], ["3D"]]}}
    assert _error(dict(ok, inputs=[{"t": 86400000, "p": 0, "a": "press"}])) is None
    for t in (1e306, float("inf"), float("nan"), 86400000.5, 10 ** 40, -1, "5", None, True):
        said = _error(dict(ok, inputs=[{"t": t, "p": 0, "a": "press"}]))
        assert said is not None and said.startswith("inputs[0].t: must be a time in ms from 0 to 86400000"), (t, said)
    for shown in (1e306, float("inf"), 10 ** 40):
        said = _error(dict(ok, inputs=[{"t": 5, "a": "reveal", "shown": shown}]))
        assert said is not None and said.startswith("inputs[0].shown"), (shown, said)


def test_a_game_that_can_never_end_is_reported_as_endless():
    hands = []
    for k in range(2):
        nums = ["2", "3", "4", "5", "6", "7", "8", "9", "10"] * 4
        hands.append([(nums.pop() if ch == "-" else ch) + "CDHS"[(i + k) % 4]
                      for i, ch in enumerate(ENDLESS_BEGGAR[k])])
    rec = eventlog.Recorder()
    # the made-up hands repeat numerals, so they come from four packs
    replay.play(replay.check({"game": "beggar", "players": 2, "rules": {"decks": 4},
                              "deal": {"hands": hands}}), rec)
    last = rec.events[-1]
    assert last[0] == E.GAME_OVER and last[2] == -1 and last[5] == E.END_ENDLESS
    assert len(rec.of(E.GAME_OVER)) == 1


def test_a_live_device_loop_with_draw_delays_replays_exactly():
    """The firmware's loop: drain the buttons up to now, advance the table to that time,
    draw a new card (2-11 ms) and report when it was on screen. Presses made while a card
    was being drawn reach the table after its reveal; the replay must still agree."""
    from slapstack.prng import XorShift32
    rec = eventlog.Recorder()
    table = Table("ratscrew", 3, deal={"seed": 4}, sink=rec, bots={1: "hard", 2: "normal"}, bot_seed=4,
                  live=True)
    table.start(0)
    person = XorShift32(99)
    edge_at, down = 900000, False
    t, seen = 0, 0
    while not table.game.over and t < 400000000:
        t += 3000 + person.below(4000)  # one pass of the main loop
        while edge_at <= t:             # the seat-0 player's edges, from the IRQ ring
            if down:
                table.release(0, edge_at)
                edge_at += 150000 + person.below(900000)
            else:
                table.press(0, edge_at)
                edge_at += 60000 + person.below(80000)
            down = not down
        table.advance(t)
        if table.game.cards_played != seen:
            seen = table.game.cards_played
            t += 2000 + person.below(9000)  # drawing the card
            table.reveal(t)
    assert table.game.over and len(rec.of(E.SLAP)) > 20
    again = eventlog.Recorder()
    replay.play(replay.check(json.loads(replay_writer.dumps(table))), again)
    assert again.events == rec.events


def _live_duel(game, deal, seed, gap_us=900000):
    from live_loop import play_live, replayed
    rec = eventlog.Recorder()
    table = Table(game, 2, deal=deal, sink=rec, live=True)
    table.start(0)
    play_live(table, (0, 1), seed, gap_us=gap_us)
    assert table.game.over
    return table, rec, replayed(table)


def test_a_live_war_game_with_draw_delays_replays_exactly():
    """War's battles are unseen until drawn: reaction times count from the reveal, which
    the replay records, so WAR_READY's times come back the same."""
    hands = [["KS", "2C", "9D", "9H", "5S", "4C", "3S", "JD"], ["QH", "3D", "9C", "9S", "6D", "7H", "8S", "10C"]]
    table, rec, again = _live_duel("war", {"hands": hands}, 5)
    assert len(rec.of(D.WAR_READY)) > 10 and '"reveal"' in replay_writer.dumps(table)
    assert again == rec.events


def test_a_live_money_game_with_draw_delays_replays_exactly():
    """Claims pressed while the thrown card was being drawn are judged without it, and a
    missed capture ends when the next card is shown: both come back the same in the replay."""
    deal = {"hands": [["5C", "7C", "2C", "3H", "9S", "4D", "AC", "6C", "8D", "7S"],
                      ["7H", "9H", "3C", "5D", "AS", "4C", "2D", "6H", "8C", "10S"]],
            "banks": [["K"], ["K"]]}
    table, rec, again = _live_duel("money", deal, 3, 6000000)
    assert len(rec.of(E.SLAP)) > 50 and rec.of(D.MONEY_MISSED)
    assert again == rec.events


def test_replay_seats_are_checked_with_a_clear_message():
    ok = {"game": "ratscrew", "players": 2, "deal": {"seed": 1}}
    assert _error(ok) is None  # without "seats": the players' seats only
    assert _error(dict(ok, seats=4, inputs=[{"t": 5, "p": 3, "a": "press"}])) is None
    assert _error(dict(ok, inputs=[{"t": 5, "p": 3, "a": "press"}])).startswith("inputs[0].p")
    assert _error(dict(ok, seats=4, inputs=[{"t": 5, "p": 4, "a": "press"}])).startswith("inputs[0].p")
    for bad in (1, 9, "4", 2.5, None):
        assert _error(dict(ok, seats=bad)).startswith("seats: must be a whole number from players (2)"), bad
    assert _error({"game": "war", "players": 2, "seats": 4, "deal": {"seed": 1}}).startswith("seats:")
