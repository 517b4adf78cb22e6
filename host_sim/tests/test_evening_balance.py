"""The evening balance's target (issue 64): four person models, 250, 330, 480 and 700 ms.

Without it the quickest wins nearly every game; with it, after an evening of 10 games (the
balance updated after each), each seat wins 15-35% of the next 100 seeded games, the
balance still learning through them, in every slap game."""
import pytest

from slapstack.tournament import Standings, evening

PEOPLE = ["person:250", "person:330", "person:480", "person:700"]


@pytest.mark.parametrize("game", ["ratscrew", "egyptian_war", "ruffle"])
def test_after_an_evening_of_ten_games_each_seat_wins_its_share(game):
    b = evening(game, PEOPLE, range(1, 11))
    st = Standings(game, PEOPLE, range(11, 111), balance=b)
    assert st.decided() == 100
    assert all(15 <= w <= 35 for w in st.wins), st.lines()


def test_without_the_balance_the_quickest_wins_nearly_all():
    st = Standings("ratscrew", PEOPLE, range(11, 31))
    assert st.wins[0] >= 18, st.lines()


def _command(capsys, *argv):
    from host_sim import cli
    try:
        rc = cli.main(list(argv))
    except SystemExit as e:  # argparse's refusals
        rc = e.code
    out, err = capsys.readouterr()
    return rc, out, err


def test_the_tournament_command_plays_an_evening_and_prints_the_head_starts(capsys):
    rc, out, err = _command(capsys, "tournament", "--game", "ratscrew", "--bots", *(PEOPLE + ["--balance", "10", "--games", "20"]))
    assert rc == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("ratscrew, 4 seats, 20 games")
    assert lines[1].startswith("head starts ms, the evening balance learning: ")
    rc, out, err = _command(capsys, "tournament", "--game", "ruffle", "--bots", "person:250", "person:700",
                            "--head-start", "0", "450", "--games", "5")
    assert rc == 0 and out.splitlines()[1] == "head starts ms: 0 450", (out, err)
    rc, out, err = _command(capsys, "tournament", "--game", "war", "--bots", "hard", "normal",
                            "--head-start", "0", "200", "--games", "5")  # War's calls take them too
    assert rc == 0 and out.splitlines()[1] == "head starts ms: 0 200", (out, err)


@pytest.mark.parametrize("argv,words", [
    (["--game", "war", "--bots", "normal", "normal", "--rules", '{"call_war": false}', "--head-start", "0", "100"],
     "error: --head-start: war has no race (slaps, or War's calls) to give a head start in: all must be 0"),
    (["--game", "war", "--bots", "normal", "normal", "--balance", "3"],
     "error: --balance: the evening balance learns from the slap games only, not war"),
    (["--game", "ratscrew", "--bots", "normal", "normal", "--head-start", "100"],
     "error: --head-start names 1: one a seat, as --bots (2)"),
    (["--game", "ratscrew", "--bots", "normal", "normal", "--head-start", "0", "1001"],
     "argument --head-start: '1001' is not a whole number from 0 to 1000"),
    (["--game", "ratscrew", "--bots", "normal", "normal", "--head-start", "0", "10", "--balance", "2"],
     "error: --balance and --head-start: the balance sets the head starts itself"),
])
def test_bad_head_starts_are_one_line_naming_them(capsys, argv, words):
    rc, out, err = _command(capsys, "tournament", *argv)
    assert rc == 2 and out == "" and words in err and len(err.splitlines()) == 1, err
