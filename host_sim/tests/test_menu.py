"""The console menus: one OK plays, settings change in place, rule options follow the schema."""


from app import menu_screens
from app.menu_screens import main_menu
from painters import menu_list
from storage import settings

GAMES = ["ratscrew", "egyptian_war", "ruffle", "beggar"]


def keys(m, *names):
    out = None
    for n in names:
        out = m.key(n)
    return out


def test_first_ok_plays():
    s = settings.defaults(GAMES, 4)
    assert main_menu(s, GAMES, 4).key("ok") is menu_screens.play


def test_game_choice_cycles_through_the_games_and_wraps():
    s = settings.defaults(GAMES, 4)
    m = main_menu(s, GAMES, 4)
    keys(m, "down", "ok")
    assert s["game"] == "egyptian_war"
    keys(m, "ok", "ok", "ok")
    assert s["game"] == "ratscrew"
    assert m.items()[1] == "Game: Ratscrew\nSlap pairs and sandwiches"    # what it is, under it


def test_people_cycle_only_up_to_the_players():
    s = settings.defaults(GAMES, 4)
    s["players"] = 3
    m = main_menu(s, GAMES, 4)
    keys(m, "down", "down", "down")
    seen = []
    for _ in range(4):
        m.key("ok")
        seen.append(s["humans"])
    assert seen == [2, 3, 1, 2]


def test_up_from_the_top_goes_to_the_bottom():
    m = main_menu(settings.defaults(GAMES, 4), GAMES, 4)
    m.key("up")
    assert m.items()[m.selected] == "Test the buttons"   # a maker's entry, one Up from Play on a new board
    assert m.key("ok") is menu_screens.hardware_test
    m.key("up")
    assert m.items()[m.selected] == "Statistics"
    assert m.key("ok") is menu_screens.statistics


def test_brightness_is_edited_with_up_and_down():
    s = settings.defaults(GAMES, 4)
    m = main_menu(s, GAMES, 4)
    while not m.items()[m.selected].startswith("Brightness"):
        m.key("down")
    m.key("ok")
    assert m.editing and m.items()[m.selected] == "Brightness: < 100% >"
    keys(m, "down", "down", "down")
    assert s["brightness"] == 70
    keys(m, "up", "ok")
    assert not m.editing and s["brightness"] == 80
    assert m.key("back") == "back"


def _rules(s, game):
    from painters import rules_menu
    return rules_menu.RulesMenu(s, game)


def _select(m, text):
    m.selected = m.items().index(text)


def test_rules_are_grouped_in_players_words_and_only_changes_are_kept():
    s = settings.defaults(GAMES, 4)
    m = _rules(s, "egyptian_war")
    labels = m.items()
    assert labels[0] == "What to snap" and m.selected == 1      # a heading, the cursor under it
    assert "Tie within: 20 ms" in labels       # the preset's value, in ms (the option is us)
    assert "Sandwich: on" in labels and "Jokers: none" in labels
    # its false snaps' burn is our house rule (document 000 has none), and says so
    assert labels.index("Snapping") < labels.index("Tie within: 20 ms") < labels.index("False snaps: house rule")
    assert labels.index("False snaps: house rule") + 1 == labels.index("Burn: 1")
    _select(m, "Burn: 1")
    assert m.explanation() == "Our house rule: cards a false snap burns; 0: free."
    assert "Out, false snap: sit out" in labels and "Sit out: 2" in labels   # document 003's lockout
    assert labels[-1] == "Reset to Egypt. War rules"
    _select(m, "Big Mac: off")
    m.key("ok")
    assert s["rules"]["egyptian_war"] == {"big_mac": True}
    m.key("ok")
    assert s["rules"]["egyptian_war"] == {}      # back at the preset: nothing stored
    _select(m, "Jokers: none")
    keys(m, "ok", "ok")
    assert s["rules"]["egyptian_war"] == {"jokers": "wild"}


def test_the_cursor_skips_headings():
    m = _rules(settings.defaults(GAMES, 4), "ratscrew")
    for _ in range(len(m.rows) * 2):
        m.key("down")
        assert m.current() is not None or m.items()[m.selected].startswith("Reset")
    m.selected = 1
    m.key("up")
    assert m.items()[m.selected].startswith("Reset")        # wraps past the first heading


def test_only_the_rules_that_apply_show():
    s = settings.defaults(GAMES, 4)
    m = _rules(s, "ratscrew")
    assert not any(t.startswith(("Minus limit", "Joker chances", "Run K-A-2")) for t in m.items())
    assert "Sit out: 2" in m.items()                             # the default: document 003's lockout
    _select(m, "Out, false slap: sit out")
    m.key("ok")                                                  # sit out -> none
    assert not any(t.startswith(("Minus limit", "Sit out")) for t in m.items())
    m.key("ok")                                                  # -> minus cards
    assert "Minus limit: 3" in m.items() and not any(t.startswith("Sit out") for t in m.items())
    assert m.items()[m.selected] == "Out, false slap: minus"   # the cursor stays on it
    m.key("ok")                                                  # -> sit out
    assert "Sit out: 2" in m.items() and not any(t.startswith("Minus limit") for t in m.items())
    _select(m, "Slapping: on")
    m.key("ok")
    assert not any(t.startswith(("Double", "Burn", "Tie within", "Slap back in")) for t in m.items())
    money = _rules(settings.defaults(GAMES + ["money"], 4), "money")
    assert not any(t.startswith(("Money values", "Aces money")) for t in money.items())
    _select(money, "Version: jordanian")
    money.key("ok")                                              # -> egyptian
    assert "Money values: low" in money.items() and not any(t.startswith("Auto capture") for t in money.items())


def test_every_rule_has_words_and_fits_its_row_and_its_explanation_two_lines():
    from painters import rule_words
    from painters import rules_menu
    from drawing.text import text_width
    from slapstack import games
    for game in games.ALL:
        s = settings.defaults(list(games.ALL), 4)
        m = _rules(s, game)
        named = [n for _, names in rule_words.groups(game) for n in names]
        unnamed = set(games.game_module(game).SCHEMA) - set(named) - set(rule_words.ELSEWHERE)
        if game == "beggar":  # nobody slaps: its slapping stays as its preset has it
            slapping = {n for _, names in rule_words.SLAP_GROUPS for n in names}
            assert unnamed <= slapping and "slaps" in unnamed, unnamed
        else:
            assert not unnamed, (game, unnamed)
        assert len(named) == len(set(named)), game
        for name in named:
            e = m.entry(name)
            values = e.allowed if e.kind == menu_list.CHOICE else (True, False) if e.kind == menu_list.SWITCH \
                else (e.allowed[0], e.allowed[1])
            for v in values:
                shown = rule_words.value_text(name, v, game)
                text = "%s: %s" % (e.label, shown if e.cycles() else "< %s >" % shown)
                assert text_width(text, 2) <= 320 - 24 - 10, text
            explain = rule_words.words(game, name)[1]
            assert len(rules_menu.wrap(explain, 320 - 16)) <= 2, explain


def test_reset_asks_first():
    s = settings.defaults(GAMES, 4)
    s["rules"]["ratscrew"] = {"big_mac": True}
    m = _rules(s, "ratscrew")
    m.selected = len(m.rows) - 1
    assert m.key("ok") == "confirm" and m.confirming
    assert m.key("back") is None
    assert s["rules"]["ratscrew"] == {"big_mac": True}            # kept
    m.key("ok")
    assert m.key("ok") == "reset"
    assert s["rules"]["ratscrew"] == {}


def test_long_number_rules_step_in_round_numbers():
    s = settings.defaults(GAMES, 4)
    m = _rules(s, "ratscrew")
    _select(m, "Pile stays: 800 ms")
    m.key("ok")
    keys(m, "up", "up")
    assert s["rules"]["ratscrew"]["collect_ms"] == 1800
    m.key("ok")
    _select(m, "Tie within: 0 ms")
    keys(m, "ok", "down")
    assert "tie_window_us" not in s["rules"]["ratscrew"]  # clamped at 0, the preset value
    keys(m, "up")
    assert s["rules"]["ratscrew"]["tie_window_us"] == 5000
    assert m.items()[m.selected] == "Tie within: < 5 ms >"


def test_nice_steps():
    assert menu_list.nice_step(1, 4) == 1
    assert menu_list.nice_step(0, 10000) == 500
    assert menu_list.nice_step(0, 200000) == 5000
    assert menu_list.nice_step(1, 20) == 1


def test_war_and_money_offer_bots_like_the_slap_games():
    all_games = GAMES + ["war", "money"]
    for game in ("war", "money"):
        s = settings.defaults(all_games, 4)
        m = main_menu(s, all_games, 4)
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


def _bots_entry(m):
    m.selected = [i for i, text in enumerate(m.items()) if text.startswith("Bots")][0]
    return m.selected


def test_every_game_offers_a_bot_that_matches_the_table():
    all_games = GAMES + ["war", "money"]
    s = settings.defaults(all_games, 4)
    m = main_menu(s, all_games, 4)
    bots = _bots_entry(m)
    seen = []
    for _ in range(4):
        m.key("ok")
        seen.append(m.items()[bots])
    assert seen == ["Bots: hard", "Bots: match", "Bots: easy", "Bots: normal"]
    keys(m, "ok", "ok")
    assert settings.table_args(s)["bots"] == {1: "match", 2: "match", 3: "match"}
    for game in ("war", "money", "ratscrew"):
        _cycle_game_to(m, s, game)
        assert m.items()[bots] == "Bots: match" and settings.table_args(s)["bots"][1] == "match"


def _cycle_game_to(m, s, game, seats=4):
    """OK on the Game entry until ``game`` is chosen, each change settled as the App does
    (player_settings.changed)."""
    m.selected = 1
    while True:
        m.key("ok")
        settings.normalise(s, seats)
        if s["game"] == game:
            return


def test_players_and_people_come_back_after_a_two_player_game():
    all_games = GAMES + ["war", "money"]
    s = settings.defaults(all_games, 4)
    s["humans"] = 3
    m = main_menu(s, all_games, 4)
    _cycle_game_to(m, s, "war")
    assert m.items()[2:4] == ["Players: 2", "People: 2"]         # War seats two
    _cycle_game_to(m, s, "money")
    _cycle_game_to(m, s, "ratscrew")
    assert m.items()[2:4] == ["Players: 4", "People: 3"]         # the table as it was
    assert "aside" not in s
    _cycle_game_to(m, s, "war")
    m.selected = 3
    m.key("ok")                                                   # People in War: 2 -> 1
    settings.normalise(s, 4)
    _cycle_game_to(m, s, "ruffle")                                # 2-4 players: it seats four
    assert (s["players"], s["humans"]) == (4, 3)


def test_the_length_is_chosen_beside_the_players_in_a_partys_steps_15_minutes_at_first():
    s = settings.defaults(GAMES, 4)
    m = main_menu(s, GAMES, 4)
    assert m.items()[2:5] == ["Players: 4", "People: 1", "Length: 15 min"]
    assert settings.table_args(s)["rules"] == {"party_minutes": 15}
    m.selected = 4
    seen = []
    for _ in range(9):
        m.key("ok")
        seen.append(m.items()[4])
    assert seen == ["Length: %d min" % n for n in (20, 30, 45, 60)] + ["Length: whole game"] + \
        ["Length: %d min" % n for n in (3, 5, 10, 15)]
    keys(m, "ok", "ok", "ok", "ok", "ok")
    assert m.items()[4] == "Length: whole game"
    assert "party_minutes" not in settings.table_args(s)["rules"]
    keys(m, "ok")
    assert settings.table_args(s)["rules"] == {"party_minutes": 3}


def test_the_rules_menu_leaves_the_time_limit_to_the_main_menu_and_names_the_party_game_ours():
    s = settings.defaults(GAMES + ["war", "money"], 4)
    for game in GAMES + ["war", "money"]:
        items = _rules(s, game).items()
        assert "Party game: house rule" in items and "Card limit: off" in items
        assert not any(t.startswith("Time limit") for t in items), game


def test_egyptian_ruffle_plays_its_ruffles_and_the_plain_game_is_one_switch_away():
    from slapstack import slaprules
    r = slaprules.make_rules("ruffle")
    assert (r.slaps, r.double, r.sandwich, r.marriage, r.tens, r.nile_nine) == (True,) * 6
    assert (r.big_mac, r.run, r.flush, r.slap_in) == (False,) * 4
    s = settings.defaults(GAMES, 4)
    s["game"] = "ruffle"
    m = _rules(s, "ruffle")
    items = m.items()
    for shown in ("Ruffles: on", "Pyramid Pair: on", "Sphinx Split: on", "Mummy Marriage: on",
                  "King Tut Ten: on", "Nile Nine: on", "Big Mac: off"):
        assert shown in items, shown
    assert items[:2] == ["What to ruffle", "Ruffles: on"] and m.explanation().endswith("Off: plain game.")
    main = main_menu(s, GAMES, 4)
    assert main.items()[1] == "Game: Ruffle\nRuffle on pairs, tens, K-Q"
    m.key("ok")                                                  # the one switch
    assert s["rules"]["ruffle"] == {"slaps": False}
    assert not any(t.startswith(("Pyramid", "Sphinx")) for t in m.items())
    assert settings.table_args(s)["rules"] == {"slaps": False, "party_minutes": settings.LENGTH}
    assert main.items()[1] == "Game: Ruffle\nPlain: challenges only"


def test_each_games_line_on_the_main_menu_fits_its_row():
    from drawing.text import text_width
    from slapstack import games
    for game in games.ALL:
        assert 0 < text_width(games.short_name(game)[1], 2) <= 320 - 40, game
