"""The console menus: one OK plays, settings change in place, rule options follow the schema."""
from host_sim import fwpath

fwpath.use_firmware()

import menu  # noqa: E402
import settings  # noqa: E402

GAMES = ["ratscrew", "egyptian_war", "ruffle", "beggar"]


def keys(m, *names):
    out = None
    for n in names:
        out = m.key(n)
    return out


def test_first_ok_plays():
    s = settings.defaults(GAMES, 4)
    assert menu.main_menu(s, GAMES, 4).key("ok") == "play"


def test_game_choice_cycles_through_the_games_and_wraps():
    s = settings.defaults(GAMES, 4)
    m = menu.main_menu(s, GAMES, 4)
    keys(m, "down", "ok")
    assert s["game"] == "egyptian_war"
    keys(m, "ok", "ok", "ok")
    assert s["game"] == "ratscrew"
    assert m.items()[1] == "Game: Ratscrew"


def test_people_cycle_only_up_to_the_players():
    s = settings.defaults(GAMES, 4)
    s["players"] = 3
    m = menu.main_menu(s, GAMES, 4)
    keys(m, "down", "down", "down")
    seen = []
    for _ in range(4):
        m.key("ok")
        seen.append(s["humans"])
    assert seen == [2, 3, 1, 2]


def test_up_from_the_top_goes_to_the_bottom():
    m = menu.main_menu(settings.defaults(GAMES, 4), GAMES, 4)
    m.key("up")
    assert m.items()[m.selected] == "Statistics"
    assert m.key("ok") == "stats"


def test_brightness_is_edited_with_up_and_down():
    s = settings.defaults(GAMES, 4)
    m = menu.main_menu(s, GAMES, 4)
    while not m.items()[m.selected].startswith("Brightness"):
        m.key("down")
    m.key("ok")
    assert m.editing and m.items()[m.selected] == "Brightness: < 100% >"
    keys(m, "down", "down", "down")
    assert s["brightness"] == 70
    keys(m, "up", "ok")
    assert not m.editing and s["brightness"] == 80
    assert m.key("back") == "back"


def test_rules_menu_lists_every_schema_option_and_keeps_only_changes():
    s = settings.defaults(GAMES, 4)
    m = menu.rules_menu(s, "egyptian_war")
    labels = m.items()
    assert "tie window us: 20000" in labels      # the preset's value, not the schema default
    assert "sandwich: on" in labels
    assert "jokers: none" in labels
    assert labels[-1] == "Reset to Egypt. War rules"
    m.selected = labels.index("big mac: off")
    m.key("ok")
    assert s["rules"]["egyptian_war"] == {"big_mac": True}
    m.key("ok")
    assert s["rules"]["egyptian_war"] == {}      # back at the preset: nothing stored
    m.selected = labels.index("jokers: none")
    keys(m, "ok", "ok")
    assert s["rules"]["egyptian_war"] == {"jokers": "wild"}


def test_long_number_rules_step_in_round_numbers():
    s = settings.defaults(GAMES, 4)
    m = menu.rules_menu(s, "ratscrew")
    m.selected = m.items().index("collect ms: 800")
    m.key("ok")
    keys(m, "up", "up")
    assert s["rules"]["ratscrew"]["collect_ms"] == 1800
    m.key("ok")
    m.selected = m.items().index("tie window us: 0")
    keys(m, "ok", "down")
    assert "tie_window_us" not in s["rules"]["ratscrew"]  # clamped at 0, the preset value
    keys(m, "up")
    assert s["rules"]["ratscrew"]["tie_window_us"] == 5000


def test_nice_steps():
    assert menu.nice_step(1, 4) == 1
    assert menu.nice_step(0, 10000) == 500
    assert menu.nice_step(0, 200000) == 5000
    assert menu.nice_step(1, 20) == 1


def test_war_and_money_offer_bots_like_the_slap_games():
    all_games = GAMES + ["war", "money"]
    for game in ("war", "money"):
        s = settings.defaults(all_games, 4)
        m = menu.main_menu(s, all_games, 4)
        m.selected = 1                          # Game: cycle to it
        while s["game"] != game:
            keys(m, "ok")
        settings.normalise(s, 4)
        assert (s["players"], s["humans"]) == (2, 1)   # you against a bot
        assert settings.table_args(s)["bots"] == {1: "normal"}
        m.selected = [i for i, text in enumerate(m.items()) if text.startswith("People")][0]
        seen = []
        for _ in range(3):
            m.key("ok")
            seen.append(s["humans"])
        assert seen == [2, 1, 2]
        assert settings.table_args(s)["bots"] == {}
        m.selected = [i for i, text in enumerate(m.items()) if text.startswith("Bots")][0]
        keys(m, "ok")                           # normal -> hard
        s["humans"] = 1
        assert settings.table_args(s)["bots"] == {1: "hard"}
