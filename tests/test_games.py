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
