"""How long each game runs, in minutes of table time, at the device's default tempo.  (CPython.)

    .venv/bin/python tools/game_lengths.py [--games 500] [--minutes 15]

Seeded games (slapstack.tournament.play, seeds 1 to N) with a person modelled as
``person:480`` at seat 1 and normal bots on the other three seats (War and Money: two
normal bots), at each game's own tempo; with ``--minutes`` the party limit a Length sets.
One line a game: the median, one game in ten over, the longest, and the share of games
over 15 minutes and of those that ended at the limit. The figures in src/slapstack/README.md
("A shorter game for parties") are its output.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from slapstack import clock, games, tournament  # noqa: E402
from slapstack import events as E  # noqa: E402

PERSON = "person:480"  # a person at normal speed (bots.py)


def seats(game):
    """The table measured: the person and bots for the other seats, four where the game allows."""
    if games.players_range(game)[1] == 2:
        return ["normal", "normal"]  # (person models play the slap games only)
    return [PERSON, "normal", "normal", "normal"]


def length(game, seed, minutes):
    """(minutes of table time, how it ended: E.END_*) of one seeded game."""
    rules = {"party_minutes": minutes} if minutes else None
    clock_at = [0, 0]  # the last event's time, and the us counted up to it

    def watch(kind, t, p, a, b, c):
        clock_at[1] += clock.diff(t, clock_at[0])
        clock_at[0] = t

    end = tournament.play(game, seats(game), seed, rules, watch)[1]
    return clock_at[1] / 60e6, end


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--minutes", type=int, default=0, help="the Length (party_minutes); 0: the whole game")
    args = ap.parse_args(argv)
    print("game           median  1 in 10 over  longest  over 15  at the limit  (minutes of table time)")
    for game in games.ALL:
        runs = [length(game, seed, args.minutes) for seed in range(1, args.games + 1)]
        mins = sorted(m for m, _ in runs)
        n = len(mins)
        over = sum(1 for m in mins if m > 15)
        party = sum(1 for _, end in runs if end == E.END_PARTY)
        print("%-13s  %6.1f  %12.1f  %7.1f  %6d%%  %11d%%" % (
            game, mins[n // 2], mins[n * 9 // 10], mins[-1], 100 * over // n, 100 * party // n))


if __name__ == "__main__":
    main(sys.argv[1:])
