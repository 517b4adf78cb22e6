"""Mashing never pays: a masher (masher.py: a press every 100-150 ms for the whole game,
whatever the cards) against normal bots, in seeded tournaments (tournament.py).

In every slap game the masher at seat 0 wins at most 5 of 100 four-seat games against three
normal bots, while a normal bot in its place wins about its share; a masher who is out never
slaps back in; in War a masher calling wars wins less than a normal bot would in its seat (and
pressing changes nothing in the document's War, without calls); in Beggar-my-neighbour,
turned by press, pressing changes nothing; and in Money mashing loses.
"""
import pytest

from slapstack import events as E
from slapstack.tournament import Standings, play

NORMALS = ["normal", "normal", "normal"]
SLAP_GAMES = ("ratscrew", "egyptian_war", "ruffle")  # (beggar has no slapping)


@pytest.mark.parametrize("game", SLAP_GAMES)
def test_a_masher_wins_at_most_5_of_100_games_and_a_normal_bot_its_share(game):
    masher = Standings(game, ["masher"] + NORMALS, range(1, 101))
    assert masher.games == 100 and masher.decided() >= 95, masher.lines()
    assert masher.wins[0] <= 5, masher.lines()
    normal = Standings(game, ["normal"] + NORMALS, range(1, 101))
    assert normal.decided() >= 95, normal.lines()
    assert 10 <= 100 * normal.wins[0] // normal.decided() <= 45, normal.lines()


def test_egyptian_wars_free_snap_is_an_option_and_there_mashing_wins():
    # document 000's game as it is written (a false snap costs nothing): why the house rule
    free = Standings("egyptian_war", ["masher"] + NORMALS, range(1, 11), {"burn_count": 0})
    assert free.wins[0] >= 9, free.lines()


def _slaps_in(game, seeds, rules=None):
    """How often the masher at seat 0 slaps back in, over seeded games against normal bots."""
    count = [0]

    def sink(kind, t, p, a, b, c):
        if kind == E.SLAPPED_IN and p == 0:
            count[0] += 1

    for seed in seeds:
        play(game, ["masher"] + NORMALS, seed, rules, sink)
    return count[0]


@pytest.mark.parametrize("game", ("ratscrew", "egyptian_war"))
def test_a_masher_who_is_out_never_slaps_back_in(game):
    # out of cards, a false slap sits the player out 2 piles (document 003's lockout): the
    # masher's first press after that falls on a new, empty pile and sits it out again
    assert _slaps_in(game, range(1, 11)) == 0
    assert _slaps_in(game, range(1, 11), {"slap_in_penalty": "none"}) > 20  # free: back in time and again


def _duel(game, seat0, seeds, rules=None):
    """The winners of seeded War or Money games: ``seat0`` against a normal bot."""
    return [play(game, [seat0, "normal"], seed, rules)[0] for seed in seeds]


def test_in_the_documents_war_pressing_changes_nothing():
    # without calls a press only says "turn": the cards turn when both have pressed, the deal decides
    seeds = range(1, 31)
    plain = {"call_war": False}
    shuffled = {"call_war": False, "gather": "shuffle"}
    assert _duel("war", "masher", seeds, plain) == _duel("war", "normal", seeds, plain)
    assert _duel("war", "masher", seeds, shuffled) == _duel("war", "normal", seeds, shuffled)


@pytest.mark.parametrize("rules", [{}, {"gather": "shuffle"}])
def test_in_war_a_masher_calling_wars_wins_less_than_a_normal_bot(rules):
    # calls (ours, on): its first press on a tie comes sooner than 100 ms after the cards
    # showed four times in five, a false start that calls no more on that tie
    seeds = range(1, 101)
    masher = _duel("war", "masher", seeds, rules).count(0)
    normal = _duel("war", "normal", seeds, rules).count(0)
    assert masher <= 30 and 35 <= normal <= 65, (masher, normal)


def test_in_war_turned_automatically_a_masher_loses_every_game():
    # each press on unequal cards is a false call: it pays a card to the opponent
    assert _duel("war", "masher", range(1, 31), {"turn": "auto"}).count(0) == 0


def _beggar(seat0, seed):
    """The winner of a seeded Beggar-my-neighbour game with ``seat0`` against normal bots,
    and when it ended."""
    end = []

    def sink(kind, t, p, a, b, c):
        if kind == E.GAME_OVER:
            end.append(t)

    return play("beggar", [seat0] + NORMALS, seed, None, sink)[0], end[0]


def test_in_beggar_my_neighbour_turned_by_press_pressing_only_turns_ones_cards_sooner():
    # a press turns only one's own card, when it is one's turn: the deal decides who wins,
    # the masher's presses only how soon
    for seed in range(1, 21):
        masher, masher_end = _beggar("masher", seed)
        normal, normal_end = _beggar("normal", seed)
        assert masher == normal and masher_end < normal_end, seed


@pytest.mark.parametrize("rules", [{}, {"variant": "syrian"}, {"penalty_take": "press"}])
def test_in_money_a_masher_loses(rules):
    # every press that is no match of one's own hands the pile over (with "press", when the
    # opponent presses: the normal bot does not let the masher's next wrong claims put it off)
    winners = _duel("money", "masher", range(1, 41), rules)
    assert winners.count(0) <= 2, winners


def test_in_egyptian_money_pressing_only_throws_sooner_and_wins_no_more():
    # captures are automatic there: a press on one's turn throws the card at once, passing up
    # a purchase; the masher wins no more than a normal bot would in its seat
    seeds = range(1, 41)
    masher = _duel("money", "masher", seeds, {"variant": "egyptian"}).count(0)
    normal = _duel("money", "normal", seeds, {"variant": "egyptian"}).count(0)
    assert masher <= normal, (masher, normal)


def test_the_tournament_command_prints_the_standings(capsys):
    from host_sim.cli import main
    assert main(["tournament", "--games", "10"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "egyptian_war, 4 seats, 10 games: 10 won, 0 endless, 0 drawn, 0 cut at 20000 cards"
    assert out[1] == "seat 1  masher     0 wins    0%" and [line[:14] for line in out[2:]] == ["seat 2  normal"] + \
        ["seat 3  normal", "seat 4  normal"]
    assert main(["tournament", "--games", "10", "--rules", '{"burn_count": 0}']) == 0   # the free snap
    assert capsys.readouterr().out.splitlines()[1] == "seat 1  masher    10 wins  100%"
    assert main(["tournament", "--game", "war", "--games", "2"]) == 0                 # a masher and a normal bot
    assert capsys.readouterr().out.startswith("war, 2 seats, 2 games")
    assert main(["tournament", "--game", "war", "--bots", "normal", "normal", "normal"]) == 2
    assert capsys.readouterr().err == "error: --bots names 3: war is for exactly 2 players, one bot a seat\n"
    assert main(["tournament", "--rules", '{"burn": 1}']) == 2
    assert capsys.readouterr().err.startswith("error: --rules: unknown rule 'burn'")
