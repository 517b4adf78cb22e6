"""Command line of the host simulator.

    python -m host_sim replay FILE      play a replay file, print one JSON event per line
    python -m host_sim bots [options]   a game between bots in the terminal
"""

import argparse
import json
import sys

from slapstack import eventlog, replay
from slapstack.games import ALL
from slapstack.table import Table


def cmd_replay(path):
    try:
        with open(path) as f:
            text = f.read()
    except OSError as e:
        print("error: cannot read %s: %s" % (path, e.strerror), file=sys.stderr)
        return 2
    try:
        obj = json.loads(text)
    except ValueError as e:
        print("error: %s is not valid JSON: %s" % (path, e), file=sys.stderr)
        return 2
    out = []
    try:
        spec = replay.check(obj)
        replay.play(spec, eventlog.JsonLines(out.append))
    except ValueError as e:
        print("error: %s: %s" % (path, e), file=sys.stderr)
        return 2
    write = sys.stdout.write
    for d in out:
        write(json.dumps(d) + "\n")
    return 0


def cmd_bots(args):
    bots = {seat: args.level for seat in range(args.players)}
    sink = eventlog.JsonLines(lambda d: print(json.dumps(d)))
    table = Table(args.game, args.players, deal={"seed": args.seed}, bots=bots, sink=sink,
                  bot_seed=args.seed, tempo_ms=args.tempo_ms)
    table.start(0)
    table.watch_for_loops()
    now = 0
    while not table.game.over:
        now = replay._run_until(table, now, None)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_sim")
    sub = ap.add_subparsers(dest="cmd", required=True)
    rp = sub.add_parser("replay", help="play a replay file and print its events as JSON lines")
    rp.add_argument("file")
    bp = sub.add_parser("bots", help="a game between bots, printed as JSON lines")
    bp.add_argument("--game", default="ratscrew", choices=ALL)
    bp.add_argument("--players", type=int, default=4)
    bp.add_argument("--seed", type=int, default=1)
    bp.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
    bp.add_argument("--tempo-ms", type=int, default=None)
    args = ap.parse_args(argv)
    if args.cmd == "replay":
        return cmd_replay(args.file)
    return cmd_bots(args)


if __name__ == "__main__":
    sys.exit(main())
