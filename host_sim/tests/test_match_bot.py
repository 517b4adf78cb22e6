"""Bots that match the table (match_bot.py), in seeded tournaments (tournament.py) against
three person models: at a table of person:480s it wins about its share where a hard bot
wins nearly every game; at a table of slow or fast people it slaps as slowly or as fast as
they do, where a normal bot would win every game or none."""
import pytest

from slapstack import events as E
from slapstack.tournament import Standings, play

SLAP_GAMES = ("ratscrew", "egyptian_war", "ruffle")


def _people(ms):
    return ["person:%d" % ms] * 3


@pytest.mark.parametrize("game", SLAP_GAMES)
def test_among_people_of_480_ms_it_wins_about_its_share_and_a_hard_bot_nearly_all(game):
    match = Standings(game, ["match"] + _people(480), range(1, 101))
    assert match.decided() >= 95, match.lines()
    assert 15 <= 100 * match.wins[0] // match.decided() <= 35, match.lines()
    hard = Standings(game, ["hard"] + _people(480), range(1, 101))
    assert hard.wins[0] >= 95, hard.lines()


def _reactions_and_wins(game, level, people_ms, seeds):
    """Seat 0's valid slaps' reactions (ms) and games won, ``level`` among people models."""
    reactions = []
    wins = 0

    def watch(kind, t, p, a, b, c):
        if kind == E.SLAP and p == 0 and a <= E.V_TIE and c >= 0:
            reactions.append(c // 1000)

    for seed in seeds:
        wins += play(game, [level] + _people(people_ms), seed, watch=watch)[0] == 0
    reactions.sort()
    return reactions[len(reactions) // 2], wins


@pytest.mark.parametrize("game", SLAP_GAMES)
def test_among_slow_people_it_is_slower_than_normal_and_among_fast_ones_faster(game):
    seeds = range(1, 31)
    slow, slow_wins = _reactions_and_wins(game, "match", 700, seeds)
    normal_slow, normal_slow_wins = _reactions_and_wins(game, "normal", 700, seeds)
    fast, fast_wins = _reactions_and_wins(game, "match", 250, seeds)
    normal_fast, normal_fast_wins = _reactions_and_wins(game, "normal", 250, seeds)
    # its middle slap: the people's pace, not the normal level's 480 ms
    assert slow >= normal_slow + 120 and fast <= normal_fast - 150, (slow, normal_slow, fast, normal_fast)
    # a normal bot wins nearly every game among the slow people and none among the fast
    assert normal_slow_wins >= 27 and normal_fast_wins <= 1, (normal_slow_wins, normal_fast_wins)
    # it wins some among both, no longer all or none (the figures: src/slapstack/README.md, Bots)
    assert 3 <= slow_wins <= 20 and fast_wins >= 2, (slow_wins, fast_wins)


def test_the_tournament_command_takes_the_level(capsys):
    from host_sim.cli import main
    assert main(["tournament", "--game", "ratscrew", "--games", "20", "--bots", "match"] + _people(480)) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("seat 1  match ")
    assert main(["tournament", "--game", "money", "--games", "2", "--bots", "match", "normal"]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("seat 1  match ")
