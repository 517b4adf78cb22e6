"""The game registry (slapstack/games.py): lazy game modules and letting setup code go."""
import sys

from slapstack import events as E, games
from slapstack.table import Table


def _play_out(table):
    while not table.game.over:
        table.advance(table.next_due())


def test_every_game_name_gives_a_module_that_sets_up_a_table():
    for name in games.ALL:
        lo, hi = games.players_range(name)
        assert 2 <= lo <= hi <= 8
        table = Table(name, lo, deal={"seed": 3})
        assert table.players == lo and table.rules is not None
    try:
        games.game_module("snap")
        assert False
    except ValueError as e:
        assert "unknown game 'snap'" in str(e)


def _loaded():
    return [m for m in sys.modules if m.startswith("slapstack.")]


def test_the_menus_keep_only_the_chosen_games_code_and_all_of_it():
    import slapstack
    own = ("war", "war_game", "war_calls", "duel", "duel_events", "dealing", "slaprules", "slapgame", "slap_contest",
           "slap_view", "patterns", "money", "money_game", "money_trade", "money_choices")
    for name in ("war", "ruffle", "money", "war"):
        slapstack.unload(["slapstack." + module for module in own])
        games.game_module(name)
        games.game_class(name)
        alone = sorted(_loaded())                    # what the game loads by itself, set-up and play
        for other in games.ALL:
            games.game_module(other)                 # a look at every game's rules
        games.forget_others(name)
        assert sorted(_loaded()) == alone, name


def test_war_and_money_set_up_without_their_play_code():
    """The menus read a game's set-up only: War's and Money's play code comes with the deal."""
    import slapstack
    play = ("slapstack.war_game", "slapstack.money_game", "slapstack.money_choices", "slapstack.duel")
    for name in ("war", "money"):
        slapstack.unload(list(play) + ["slapstack.war", "slapstack.money"])
        mod = games.game_module(name)
        mod.deal(mod.make_rules(name), 2, {"seed": 3})
        assert [m for m in play if m in sys.modules] == [], name
        assert games.game_class(name).__module__ == "slapstack.%s_game" % name


def test_a_game_plays_on_after_its_setup_code_is_let_go_and_the_next_one_sets_up_again():
    seen = []
    first = Table("ratscrew", 3, deal={"seed": 8}, bots={0: "hard", 1: "normal", 2: "easy"},
                  sink=lambda k, t, p, a, b, c: seen.append(k))
    first.start(0)
    games.forget_setup()
    assert sorted(_loaded()) == sorted("slapstack." + m for m in games.PLAY_MODULES if "slapstack." + m in sys.modules)
    assert "slapstack.slaprules" not in sys.modules and "slapstack.games" not in sys.modules
    _play_out(first)
    assert seen[-1] == E.GAME_OVER and first.game.winner >= 0
    again = Table("ruffle", 2, rules={"tens": True}, deal={"seed": 8})  # imports them again
    assert again.rules.tens is True and "slapstack.slaprules" in sys.modules


def test_a_table_of_people_loads_no_bot_code_and_a_bot_seat_loads_it():
    """Bot code is imported only when a seat has a bot, and the deal's PRNG goes with the
    setup code, so a game among four people keeps both off the device's heap."""
    sys.modules.pop("slapstack.bots", None)
    people = Table("ratscrew", 4, deal={"seed": 5})
    people.start(0)
    games.forget_setup()
    _play_out(people)
    assert "slapstack.bots" not in sys.modules and "slapstack.prng" not in sys.modules
    Table("ratscrew", 2, deal={"hands": [["AS"], ["2S"]]}, bots={1: "easy"})
    assert "slapstack.bots" in sys.modules and "slapstack.prng" in sys.modules


def test_each_game_is_one_record_and_the_lists_of_games_come_from_it():
    assert len(set(games.ALL)) == len(games.RECORDS) == 6
    assert games.SLAP_FAMILY == tuple(name for name in games.ALL if games.family(name) == "slap")
    for name in games.ALL:
        assert games.TITLES[name] == games.title(name)
        short, line = games.short_name(name)
        assert short and line and len(short) <= 10, name
    assert games.title("beggar") == "Beggar-my-neighbour" and games.short_name("beggar")[0] == "Beggar"
    assert games.players_range("ruffle") == (2, 4)  # document 001
    from slapstack.summary import MAX_SEATS  # what a table's per-seat counts hold
    assert max(games.players_range(name)[1] for name in games.ALL) == MAX_SEATS
    try:
        games.title("snap")
        assert False
    except ValueError as e:
        assert "unknown game 'snap'" in str(e)


def test_what_a_game_can_do_is_declared_and_its_rules_switch_it():
    for name in games.ALL:
        for capability in games.CAPABILITIES:
            games.can(name, capability)  # every game answers every capability
    try:
        games.can("ratscrew", "slaps")  # a typo is no capability, never a silent False
        assert False
    except ValueError as e:
        assert "unknown capability 'slaps'" in str(e)
    # head starts: the slap games and War can race, Money cannot
    assert [name for name in games.ALL if games.can(name, "race")] == \
        ["ratscrew", "egyptian_war", "ruffle", "beggar", "war"]
    # with their rules: Beggar-my-neighbour's preset has no slapping, War races only with calls
    assert Table("ratscrew", 2).can("race") and not Table("beggar", 2).can("race")
    assert Table("beggar", 2, rules={"slaps": True, "turn": "auto"}).can("race")
    assert Table("war", 2).can("race") and not Table("war", 2, rules={"call_war": False}).can("race")
    war = Table("war", 2, rules={"call_war": False})
    assert war.can("timed") and not war.can("presses")  # its presses to turn are timed, none counted
    assert not Table("money", 2).can("race") and Table("money", 2).can("bank")
    assert not Table("ruffle", 2, rules={"slaps": False}).can("balance")


def test_a_game_without_free_seats_refuses_them_and_one_with_them_takes_them():
    assert Table("ratscrew", 2, seats=4).seats == 4
    for name in ("war", "money"):
        assert not games.can(name, "free_seats")
        try:
            Table(name, 2, seats=3)
            assert False
        except ValueError as e:
            assert "seats only its players" in str(e)


def test_money_cards_count_as_cards_held_only_where_the_game_has_a_bank():
    from slapstack.party import held
    money = Table("money", 2, rules={"party_cards": 80}, deal={"seed": 4}, bots={0: "hard", 1: "normal"})
    money.start(0)
    _play_out(money)
    g = money.game
    bank = [sum(g.bank_count(p, k) for k in range(5)) for p in range(2)]
    assert max(bank) > 0
    assert [held(g, p, money.can("bank")) for p in range(2)] == [g.hand_size(p) + bank[p] for p in range(2)]
