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


# --- reading a file: slapstack/replay_file.py, the device's and the laptop's one reader ---

HEAD = '{"game": "ratscrew", "players": 2, "deal": {"seed": 3}, "inputs": ['


def _read(text):
    """What replay_file.Reader makes of ``text``: (spec, inputs read) or the refusal's words."""
    import io
    from slapstack import replay_file
    try:
        r = replay_file.Reader(io.StringIO(text))
        got = []
        while True:
            x = r.next()
            if x is None:
                return r.spec, got
            got.append(x)
    except ValueError as e:
        return str(e)


def _both(inputs, head=HEAD):
    """The reader's verdict on ``inputs`` (texts) in the device's layout (one a line) and
    written on one line, which must be the same (bar where the JSON breaks)."""
    lines = _read(head + "\n" + ",\n".join(inputs) + "\n]}\n")
    whole = _read(head + " " + ", ".join(inputs) + "]}")
    if type(lines) is str and lines.startswith("not valid JSON at ") and whole.startswith("not valid JSON at "):
        return lines  # (where: a line and column of each layout)
    assert lines == whole, (lines, whole)
    return lines


TIME = "must be a time in ms from 0 to 86400000 (a day), written plainly with at most 3 decimals, got "


def test_a_time_is_written_plainly_and_read_exactly():
    spec, got = _both(['{"t": 0, "a": "press", "p": 0}', '{"t": 600123.457, "a": "release", "p": 0}',
                       '{"t": 86400000.000, "a": "press", "p": 1}'])
    assert [x[0] for x in got] == [0, 600123457, 86400000000]
    shown = {'"5"': "'5'", "null": "None", "true": "True", "1" + "0" * 30: "1" + "0" * 19 + "..."}
    for t in ("1e3", "1E3", "1000e0", "-0.0", "-0", "-5", "5.0001", "86400000.001", "1" + "0" * 30,
              "0.5e-3", '"5"', "null", "true"):
        assert _both(['{"t": %s, "a": "press", "p": 0}' % t]) == "inputs[0].t: " + TIME + shown.get(t, t), t
    for t in ("NaN", "Infinity", "-Infinity", "01", "1.", ".5", "+1", "0x10", "1e"):
        assert _both(['{"t": %s, "a": "press", "p": 0}' % t]).startswith("not valid JSON at line "), t


def test_the_head_is_checked_before_the_inputs():
    bad_input = ['{"t": 5, "a": "press", "p": 7}']
    assert _both(bad_input, HEAD.replace('"players": 2', '"players": 0')) == \
        "players: must be a whole number from 2 to 8 for ratscrew, got 0"
    assert _both(bad_input, HEAD.replace('"game": "ratscrew"', '"game": "snap"')).startswith("game: must be one of")
    assert _both(bad_input, HEAD.replace('"players": 2', '"players": 2, "seats": 9')).startswith("seats: must be")
    assert _both(bad_input) == "inputs[0].p: must be a seat number from 0 to players-1, got 7"


def test_what_was_once_taken_without_a_word_is_refused_by_name():
    for deal, said in (("null", 'deal: must be an object with "seed" or "hands", got None'),
                       ("{}", 'deal: must have "seed" or "hands"'),
                       ('{"seed": 1, "hands": [["2C"], ["3D"]]}', 'deal: must have "seed" or "hands", not both'),
                       ('{"seed": 18446744073709551616}',
                        "deal.seed: must be a whole number from 0 to 4294967295, got 18446744073709551616"),
                       ('{"seed": 4294967296}', "deal.seed: must be a whole number from 0 to 4294967295, got 4294967296"),
                       ('{"seed": 1.0}', "deal.seed: must be a whole number from 0 to 4294967295, got 1.0")):
        for game in ("ratscrew", "war", "money"):
            head = HEAD.replace('{"seed": 3}', deal).replace("ratscrew", game)
            assert _both([], head) == said, (game, deal)
    assert _both([], HEAD.replace('"players": 2', '"players": 2, "tempo_ms": null')) == \
        "tempo_ms: must be a whole number from 50 to 10000, got None"
    assert _both(['{"t": 5, "a": "press", "p": 0, "i": 1}']) == \
        "inputs[0]: unknown field 'i' in a press (known: t, a, p, stamp)"
    assert _both(['{"t": 5, "a": "reveal", "shown": 6, "p": 0}']) == \
        "inputs[0]: unknown field 'p' in a reveal (known: t, a, shown)"


def test_a_field_given_twice_is_refused_by_name_anywhere():
    assert _both([], HEAD.replace('"players": 2', '"players": 2, "players": 3')) == "players: given twice"
    assert _both([], HEAD.replace('{"seed": 3}', '{"seed": 3, "seed": 3}')) == "deal.seed: given twice"
    assert _both(['{"t": 5, "a": "press", "p": 0, "p": 1}']) == "inputs[0].p: given twice"
    assert _both([], HEAD.replace('"players": 2', '"players": 2, "rules": {"double": true, "double": false}')) == \
        "rules.double: given twice"


def test_json_too_deep_or_broken_is_refused_in_the_same_words_in_both_layouts():
    deep = "[" * 11 + "]" * 11
    assert _both([], HEAD.replace('"players": 2', '"players": 2, "comment": ' + deep)) == \
        "not a replay: its JSON is nested too deep to read (at most 10)"
    assert _both(['{"t": 5, "a": "press", "p": 0, "x": %s}' % deep]).startswith("not a replay: its JSON is nested")
    ok = "[" * 8 + "]" * 8  # the comment is at depth 2: 10 in all
    assert _both([], HEAD.replace('"players": 2', '"players": 2, "comment": ' + ok))[1] == []
    assert _read(HEAD + "\n" + '{"t": 5, "a": "press", "p": 0},\n') == "not valid JSON: the file ends too soon"
    assert _read(HEAD + "\n" + '{"t": 5, "a": "press", "p": 0}\n]}\n}') == "not valid JSON at line 4, column 1"
    assert _read(HEAD + "\n" + '{"t": 5, "a": "press", "p": 0}\n], "x": 1}') == \
        'inputs: must be the last field where the first line ends with "inputs": ['
    assert _read("") == "not a replay: the file is empty"
    assert _read('{"game": "ratscrew"} x') == "not valid JSON at line 1, column 22"
    assert _read('{"game": "rat\\u0073crew", "players": 2, "deal": {"seed": 1}}')[0]["game"] == "ratscrew"
    assert _read('{"game": "\\ud800", "players": 2, "deal": {"seed": 1}}') == "not valid JSON at line 1, column 11"
    assert _read('{"game": "\\ud83d\\ude00", "players": 2, "deal": {"seed": 1}}').startswith("game: must be one of")
    assert _read('{"game": "a\tb", "players": 2, "deal": {"seed": 1}}') == "not valid JSON at line 1, column 10"


def test_a_file_laid_out_otherwise_is_read_whole_its_head_first():
    text = '{"inputs": [{"t": 5, "a": "press", "p": 1}], "players": 2,\n "game": "war", "deal": {"seed": 2}}'
    spec, got = _read(text)
    assert spec == {"game": "war", "players": 2, "deal": {"seed": 2}, "inputs": []}
    assert got == [(5000, "press", 1, 0, 5000)]
    assert _read(text.replace('"players": 2', '"players": 3')).startswith("players:")  # before inputs[0]


def test_a_stamp_is_read_on_a_press_release_or_choice_and_is_never_after_t():
    spec, got = _both(['{"t": 700.5, "a": "press", "p": 1, "stamp": 690.25}',
                       '{"t": 800, "a": "release", "p": 1, "stamp": 800}',
                       '{"t": 900, "a": "choose", "p": 0, "i": 1, "stamp": 0}',
                       '{"t": 950, "a": "press", "p": 0}'])
    assert got == [(700500, "press", 1, 0, 690250), (800000, "release", 1, 0, 800000),
                   (900000, "choose", 0, 1, 0), (950000, "press", 0, 0, 950000)]
    assert _both(['{"t": 700, "a": "press", "p": 1, "stamp": 700.001}']) == \
        "inputs[0].stamp: must be a time in ms from 0 to t, written plainly with at most 3 decimals, got 700.001"
    assert _both(['{"t": 700, "a": "press", "p": 1, "stamp": 1e2}']).startswith("inputs[0].stamp: must be")
    assert _both(['{"t": 700, "a": "reveal", "shown": 710, "stamp": 700}']) == \
        "inputs[0]: unknown field 'stamp' in a reveal (known: t, a, shown)"


def test_a_device_written_replay_reads_back_as_written():
    import io
    table, rec = _bot_game(7)
    text = replay_writer.dumps(table)
    spec = replay.read(io.StringIO(text))
    assert len(spec["inputs"]) == table.input_count()
    again = eventlog.Recorder()
    replay.play(spec, again)
    assert again.events == rec.events
    assert replay.read(io.StringIO(text.replace("\n", " "))) == spec  # read whole: the same


def test_a_replay_says_who_were_people_and_an_old_one_without_it_still_plays():
    import io
    table = Table("ratscrew", 4, deal={"seed": 5}, bots={1: "easy", 3: "hard"}, bot_seed=5)
    table.start(0)
    while not table.game.over and table.input_count() < 40:
        table.advance(table.next_due())
    text = replay_writer.dumps(table)
    spec = replay.read(io.StringIO(text))
    assert spec["people"] == [0, 2]  # the seats dealt in with no bot
    old = text.replace(', "people": [0, 2]', "")
    assert old != text and "people" not in replay.read(io.StringIO(old))  # as before: still plays
    assert _both([], HEAD.replace('"players": 2', '"players": 2, "people": []'))[0]["people"] == []
    for bad in ("[2]", "[-1]", "[1, 0]", "[0, 0]", "[true]", "[0.0]", "0", "null", '"0"'):
        assert _both([], HEAD.replace('"players": 2', '"players": 2, "people": ' + bad)).startswith(
            "people: must be a list of seat numbers from 0 to 1, each once and in order, got "), bad
    assert _error({"game": "war", "players": 2, "deal": {"seed": 1}, "people": [0, 1, 2]}).startswith("people:")


def _played(game, rules, seed):
    """A game of two normal bots to its end, its events and its replay file's text."""
    rec = eventlog.Recorder()
    table = Table(game, 2, rules=rules, deal={"seed": seed}, sink=rec, bots={0: "normal", 1: "normal"},
                  bot_seed=seed)
    table.start(0)
    while not table.game.over:
        table.advance(table.next_due())
    return rec.events, replay_writer.dumps(table)


def test_a_game_saved_before_a_default_changed_plays_as_it_did():
    """War's calls and Beggar-my-neighbour's turning by press became defaults in version 2:
    a file written before (no "version", the rule not named) plays by the old defaults."""
    import io
    for game, name, old in (("war", "call_war", False), ("beggar", "turn", "auto")):
        events, text = _played(game, {name: old}, 9)
        assert text.startswith('{"version": 2, ')
        was = text.replace('{"version": 2, ', "{").replace(', "%s": %s' % (name, json.dumps(old)), "") \
            .replace('"rules": {"%s": %s}' % (name, json.dumps(old)), '"rules": {}')
        assert name not in was and "version" not in was, was[:200]
        again = eventlog.Recorder()
        replay.play(replay.read(io.StringIO(was)), again)
        assert again.events == events, game
        now = eventlog.Recorder()  # the same file as version 2 plays by today's default
        try:
            replay.play(replay.read(io.StringIO('{"version": 2, ' + was[1:])), now)
        except ValueError:
            pass  # (or waits for presses the file does not give)
        assert now.events != events, game


def test_a_replay_of_a_newer_version_is_refused_in_words():
    assert _both([], HEAD.replace('"players": 2', '"players": 2, "version": 3')) == \
        "version: this SlapStack plays replays of versions 1 to 2, got 3"
    for bad in ("0", "1.0", '"2"', "null", "true"):
        assert _both([], HEAD.replace('"players": 2', '"players": 2, "version": ' + bad)).startswith("version: "), bad
    assert _error({"game": "ratscrew", "players": 2, "deal": {"seed": 1}, "version": 1}) is None
