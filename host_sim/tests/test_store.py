"""Flash files: atomic saves, damaged and missing files, a full flash, settings and statistics."""
import json
import os

import pytest

from host_sim.fakes.filling_flash import FillingFlash

from storage import settings
from storage import stats
from storage import store
from slapstack.summary import Summary
from slapstack import events as E

GAMES = ["ratscrew", "egyptian_war", "ruffle", "beggar"]


def test_save_then_load_round_trips(tmp_path):
    st = store.Store(str(tmp_path))
    assert st.save_json("a.json", {"x": [1, 2]}) is None
    assert st.load_json("a.json") == ({"x": [1, 2]}, None)
    assert sorted(os.listdir(tmp_path)) == ["a.json"]  # no temporary file left


def test_missing_file_reads_as_nothing_without_a_message(tmp_path):
    assert store.Store(str(tmp_path)).load_json("nope.json") == (None, None)


def test_damaged_file_is_reported_and_kept_aside(tmp_path):
    (tmp_path / "a.json").write_text('{"x": [1, ')
    value, problem = store.Store(str(tmp_path)).load_json("a.json")
    assert value is None
    assert "a.json was damaged" in problem
    assert (tmp_path / "a.json.bad").read_text() == '{"x": [1, '


def full_flash(monkeypatch, root, free_bytes):
    flash = FillingFlash(free_bytes, str(root))
    monkeypatch.setattr(store, "open", flash.open, raising=False)
    monkeypatch.setattr(os, "statvfs", flash.statvfs)


@pytest.mark.parametrize("left", [5, 0])   # a file that does not fit; not even a new file's name
def test_full_flash_is_reported_and_keeps_the_old_file(tmp_path, monkeypatch, left):
    st = store.Store(str(tmp_path))
    st.save_json("stats.json", {"games": 1})
    full_flash(monkeypatch, tmp_path, left)
    problem = st.save_json("stats.json", {"games": 2, "more": "x" * 100})
    assert problem == "Flash full: stats.json not saved"
    assert json.loads((tmp_path / "stats.json").read_text()) == {"games": 1}
    assert sorted(os.listdir(tmp_path)) == ["stats.json"]


def test_another_error_in_a_save_is_named_with_its_number(tmp_path, monkeypatch):
    st = store.Store(str(tmp_path))

    def broken(path, mode="r"):
        raise OSError(5, "EIO")
    monkeypatch.setattr(store, "open", broken, raising=False)
    assert st.save_json("stats.json", {"games": 2}) == "stats.json not saved (error 5)"


def test_error_log_keeps_only_the_newest_lines(tmp_path):
    st = store.Store(str(tmp_path))
    for i in range(100):
        st.append_bounded("error.log", "error number %d\n" % i, 200)
    text = (tmp_path / "error.log").read_text()
    assert len(text) <= 200
    assert text.endswith("error number 99\n")
    assert text.startswith("error number ")  # cut at a line boundary


def test_settings_default_to_one_person_against_bots(tmp_path):
    s, messages = settings.load(store.Store(str(tmp_path)), GAMES, 4)
    assert messages == []
    assert (s["game"], s["players"], s["humans"], s["sound"]) == ("ratscrew", 4, 1, True)
    args = settings.table_args(s)
    assert args["bots"] == {1: "normal", 2: "normal", 3: "normal"}
    assert args["tempo_ms"] == 700


def test_bad_setting_values_fall_back_one_by_one_with_messages(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({
        "game": "snap", "players": 9, "humans": 2, "sound": "loud", "brightness": 40,
        "rules": {"ratscrew": {"big_mac": True, "burn_count": 99}}}))
    s, messages = settings.load(store.Store(str(tmp_path)), GAMES, 4)
    assert s["game"] == "ratscrew" and s["players"] == 4 and s["sound"] is True
    assert s["humans"] == 2 and s["brightness"] == 40  # good values survive
    assert s["rules"]["ratscrew"] == {"big_mac": True}
    text = " | ".join(messages)
    for word in ("game", "players", "sound", "burn_count"):
        assert word in text


def test_corrupt_settings_file_gives_defaults_and_a_message(tmp_path):
    (tmp_path / "settings.json").write_text("\x00\x17garbage")
    s, messages = settings.load(store.Store(str(tmp_path)), GAMES, 4)
    assert s == settings.defaults(GAMES, 4)
    assert messages and "damaged" in messages[0]


def test_the_length_loads_from_old_and_damaged_files(tmp_path):
    def load(data):
        (tmp_path / "settings.json").write_text(json.dumps(data))
        return settings.load(store.Store(str(tmp_path)), GAMES, 4)
    s, messages = load({"game": "ratscrew", "players": 3})   # a file from before the length
    assert (s["minutes"], s["players"], messages) == (15, 3, [])
    # every length an older firmware offered is offered still, whole game (0) included
    for minutes in (0, 5, 10, 15, 20, 30, 45, 60):
        s, messages = load({"version": 1, "game": "ratscrew", "players": 4, "humans": 1, "minutes": minutes,
                            "level": "normal", "tempo": "normal", "sound": True, "brightness": 100, "rules": {}})
        assert (s["minutes"], messages) == (minutes, [])
    # the time limit was a rule of each game: the chosen game's becomes the length (the next
    # step up), and no game keeps it as a rule
    s, messages = load({"game": "egyptian_war", "rules": {"egyptian_war": {"party_minutes": 4, "big_mac": True},
                                                          "ratscrew": {"party_minutes": 30}}})
    assert s["minutes"] == 5 and messages == []
    assert s["rules"] == {"egyptian_war": {"big_mac": True}, "ratscrew": {}}
    assert settings.table_args(s)["rules"] == {"big_mac": True, "party_minutes": 5}
    s, messages = load({"minutes": "ten", "aside": [9, "x"]})
    assert s["minutes"] == 15 and "aside" not in s and "minutes" in " ".join(messages)
    s, messages = load({"minutes": 61})
    assert s["minutes"] == 15 and messages
    s, messages = load({"minutes": 2})
    assert s["minutes"] == 3 and messages == []
    s, messages = load({"minutes": 25})
    assert s["minutes"] == 30 and messages == []


def test_a_two_player_games_counts_set_aside_survive_a_power_cycle(tmp_path):
    s = settings.defaults(GAMES + ["war"], 4)
    s["humans"] = 2
    s["game"] = "war"
    settings.normalise(s, 4)
    assert (s["players"], s["humans"], s["aside"]) == (2, 2, [4, 2])
    settings.save(store.Store(str(tmp_path)), s)
    s, messages = settings.load(store.Store(str(tmp_path)), GAMES + ["war"], 4)
    assert messages == [] and s["aside"] == [4, 2]
    s["game"] = "ratscrew"
    settings.normalise(s, 4)
    assert (s["players"], s["humans"]) == (4, 2) and "aside" not in s


def test_players_follow_the_board_and_the_game(tmp_path):
    s = settings.defaults(GAMES, 2)
    assert s["players"] == 2
    s = settings.defaults(GAMES, 4)
    s["humans"] = 4
    s["players"] = 3
    settings.normalise(s, 4)
    assert s["humans"] == 3


def test_statistics_count_people_not_bots(tmp_path):
    data = stats.empty()
    summary = Summary()
    summary.begin(4)
    summary.event(E.SLAP, 0, 0, E.V_WIN, E.PAT_DOUBLE, 300000)
    summary.event(E.SLAP, 0, 0, E.V_LATE, E.PAT_DOUBLE, 500000)
    summary.event(E.SLAP, 0, 1, E.V_FALSE, 0, 100000)  # a false slap has no reaction time worth keeping
    summary.event(E.SLAP, 0, 2, E.V_WIN, E.PAT_DOUBLE, 200000)  # a bot
    stats.add_game(data, summary, "ratscrew", 4, 2, 0)
    summary.begin(4)
    summary.event(E.SLAP, 0, 0, E.V_WIN, E.PAT_DOUBLE, 250000)
    stats.add_game(data, summary, "ratscrew", 4, 2, 3)
    rec = data["games"]["ratscrew"]
    assert rec["played"] == 2 and rec["bot_wins"] == 1
    seat0 = rec["seats"][0]
    assert (seat0["games"], seat0["wins"], seat0["slaps"]) == (2, 1, 2)
    assert seat0["fastest_ms"] == 250
    assert seat0["reaction_total_ms"] // seat0["reactions"] == 350
    assert rec["seats"][1]["reactions"] == 0
    assert rec["seats"][2]["games"] == 0
    lines = stats.summary(data, "ratscrew")
    assert lines[:3] == ["Played 2, bots won 1", "Seat 1: won 1 of 2", "  best 250, avg 350 ms"]
    assert lines[3:] == ["Seat 2: won 0 of 2"]  # no valid slap: no reaction times


def test_wars_statistics_say_a_press_time_in_seconds_as_its_tags_and_summary_do():
    from slapstack import duel_events as D
    from painters import game_words
    data = stats.empty()
    summary = Summary()
    summary.begin(2)
    for us in (850000, 1420000, 142000):
        summary.event(D.WAR_READY, 1000, 0, us, 0, 0)
    summary.event(E.GAME_OVER, 5000, 0, 52, 3, E.END_WIN)
    stats.add_game(data, summary, "war", 2, 1, 0)
    lines = stats.summary(data, "war", game_words.of("war")[5])
    assert lines[2] == "  best 0.14, avg 0.80 s"


def test_damaged_statistics_start_afresh_and_say_so(tmp_path):
    (tmp_path / "stats.json").write_text("[1, 2")
    data, messages = stats.load(store.Store(str(tmp_path)))
    assert data == stats.empty() and "damaged" in messages[0]


def test_a_refused_value_is_named_as_the_file_spells_it(tmp_path):
    (tmp_path / "settings.json").write_text('{"sound": null, "level": true, "tempo": 1.5}')
    s, messages = settings.load(store.Store(str(tmp_path)), GAMES, 4)
    text = " | ".join(messages)
    assert "sound=null" in text and "level=true" in text and "tempo=1.5" in text, text
    assert "None" not in text and "True" not in text
