"""The ``slapstack`` command (``pip install -e .``; also ``python -m host_sim``).

    slapstack replay FILE      play a replay file, print one JSON event per line
    slapstack bots [options]   a game between bots in the terminal (any game, War and
                               Money included)
    slapstack sim [options]    the device in a window: keyboard slaps, screen, sound
    slapstack shots FILE --at MOMENT... --out DIR
                               the firmware plays a replay file; PNGs at those moments
    slapstack devbench         the device benchmark on the simulated board
    slapstack tournament [options]
                               seeded games between bots (the masher too): who wins how many,
                               with head starts or the evening balance

Ctrl+C ends any of them quietly (exit status 130); so does a reader that stops reading
their output early, as `| head` does (exit status 0).
"""

import argparse
import io
import json
import os
import sys

from slapstack import eventlog, games, replay
from slapstack.games import ALL, TITLES
from slapstack.table import Table

from host_sim import files
from host_sim.command import self_command

SEED_MAX = 0xFFFFFFFF    # a deal's seed: 0 to this (slapstack/dealing.py)
MAX_GAMES = 100000       # tournament --games: far more than standings need, and a bound
MAX_CARDS = 1000000      # devbench --cards
MAX_MOMENTS = 100        # shots --at (shots.MAX_MOMENTS)
MAX_SHOT_SCALE = 16      # shots --scale: 5120 x 3840 pictures
MAX_SIM_SCALE = 8        # sim --scale: a 2560 x 1990 window


def read_json(path):
    """The replay in file ``path``, read and checked by the device's own reader
    (replay.read: slapstack/replay_file.py), so that the laptop takes and refuses a file as
    Watch last game does, in the same words: OSError if it cannot be read (or is a FIFO, a
    device, a folder or over files.LIMIT: files.read_bytes), ValueError in words for
    anything else. ``replay`` and ``shots`` both read their file with it."""
    try:
        text = files.read_bytes(path).decode("utf-8")
    except UnicodeError:
        raise ValueError(replay.NOT_TEXT)
    return replay.read(io.StringIO(text))


def cmd_replay(path):
    out = []
    try:
        spec = read_json(path)
        replay.play(spec, eventlog.JsonLines(out.append))
    except OSError as e:
        print("error: cannot read %s: %s" % (path, e.strerror), file=sys.stderr)
        return 2
    except ValueError as e:
        print("error: %s: %s" % (path, e), file=sys.stderr)
        return 2
    write = sys.stdout.write
    for d in out:
        write(json.dumps(d) + "\n")
    return 0


def _plain(name):
    """A game's name as typed, for comparing: lower case, spaces and hyphens as underscores."""
    return "_".join(name.strip().lower().replace("-", " ").split())


GAME_NAMES = ", ".join("%s (%s)" % (g, TITLES[g]) for g in ALL)  # in --help and the error


def game_id(name):
    """The game ``name`` names, by its id as in a replay file ("egyptian_war") or its full
    name as on the device ("Egyptian Ratscrew", "egyptian_ratscrew", "beggar-my-neighbour"),
    in any case: its id."""
    key = _plain(name)
    for g in ALL:
        if key == g or key == _plain(TITLES[g]):
            return g
    raise argparse.ArgumentTypeError("no game %r; the games: %s" % (name, GAME_NAMES))


def player_range(game):
    """How many players ``game`` takes, as a message names it: "2 to 8", "exactly 2"."""
    lo, hi = games.players_range(game)
    return "exactly %d" % lo if lo == hi else "%d to %d" % (lo, hi)


def cmd_bots(args):
    """A game with a bot on every seat (War and Money: two), printed as JSON lines."""
    lo, hi = games.players_range(args.game)
    players = args.players
    if players is None:
        players = min(4, hi)
    elif not lo <= players <= hi:
        print("error: --players %d: %s is for %s players" % (players, args.game, player_range(args.game)),
              file=sys.stderr)
        return 2
    bots = {seat: args.level for seat in range(players)}
    sink = eventlog.JsonLines(lambda d: print(json.dumps(d)))
    try:
        table = Table(args.game, players, deal={"seed": args.seed}, bots=bots, sink=sink,
                      bot_seed=args.seed, tempo_ms=args.tempo_ms)
    except ValueError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    table.start(0)
    table.watch_for_loops()
    now = 0
    while not table.game.over:
        now = replay.run_until(table, now, None)
    return 0


def cmd_tournament(args):
    """Seeded games between the bots named, one a seat: the standings (tournament.py)."""
    from slapstack.tournament import Standings, evening
    lo, hi = games.players_range(args.game)
    if args.bots is None:
        args.bots = ["masher"] + ["normal"] * (min(4, hi) - 1)
    if not lo <= len(args.bots) <= hi:
        print("error: --bots names %d: %s is for %s players, one bot a seat"
              % (len(args.bots), args.game, player_range(args.game)), file=sys.stderr)
        return 2
    if not games.can(args.game, "pile_bots") and any(b.startswith("person:") for b in args.bots):
        print("error: --bots: person models play the slap games, not %s" % args.game, file=sys.stderr)
        return 2
    if args.balance and args.head_start is not None:
        print("error: --balance and --head-start: the balance sets the head starts itself", file=sys.stderr)
        return 2
    if args.balance and not games.can(args.game, "balance"):
        print("error: --balance: the evening balance learns from the slap games only, not %s" % args.game,
              file=sys.stderr)
        return 2
    if args.head_start is not None and len(args.head_start) != len(args.bots):
        print("error: --head-start names %d: one a seat, as --bots (%d)" % (len(args.head_start), len(args.bots)),
              file=sys.stderr)
        return 2
    last = args.seed + args.balance + args.games - 1
    if last > SEED_MAX:
        print("error: --seed %d with --games %d: the last game's seed would be %d, over %d"
              % (args.seed, args.balance + args.games, last, SEED_MAX), file=sys.stderr)
        return 2
    try:
        try:
            rules = json.loads(args.rules)
        except RecursionError:
            raise ValueError("nested too deep to read")
        except ValueError as e:
            raise ValueError("not valid JSON: %s" % e)
        if not isinstance(rules, dict):
            raise ValueError("rules must be an object of name: value pairs")
        balance = None
        if args.balance:
            balance = evening(args.game, args.bots, range(args.seed, args.seed + args.balance), rules)
        first = args.seed + args.balance
        st = Standings(args.game, args.bots, range(first, first + args.games), rules, args.head_start, balance)
    except ValueError as e:
        msg = str(e)
        field = "head_start_ms: "
        if msg.startswith(field):
            print("error: --head-start: %s" % msg[len(field):], file=sys.stderr)
        else:
            print("error: --rules: %s" % msg, file=sys.stderr)
        return 2
    for line in st.lines():
        print(line)
    return 0


def cmd_shots(args):
    """Each problem is named for what it is about: a moment (--at), the replay (its path),
    the pictures' folder (--out)."""
    from host_sim import shots
    try:
        moments = shots.moments(args.at, MAX_MOMENTS)
    except ValueError as e:
        print("error: --at: %s" % e, file=sys.stderr)
        return 2
    try:
        spec = read_json(args.file)
        game = shots.check(spec)
    except OSError as e:
        print("error: cannot read %s: %s" % (args.file, e.strerror), file=sys.stderr)
        return 2
    except ValueError as e:
        print("error: %s: %s" % (args.file, e), file=sys.stderr)
        return 2
    try:
        out = shots.Out(args.out, [m.file for m in moments], inputs=[args.file])
    except shots.OutError as e:
        print("error: --out %s: %s" % (args.out, e), file=sys.stderr)
        return 2
    from host_sim.device import FirmwareStopped
    try:
        paths = shots.take(spec, moments, out, scale=args.scale, game=game)
    except shots.OutError as e:
        print("error: --out %s: %s" % (args.out, e), file=sys.stderr)
        return 2
    except ValueError as e:
        print("error: %s: %s" % (args.file, e), file=sys.stderr)
        return 2
    except (FirmwareStopped, RuntimeError) as e:  # (the firmware crashed, or never idled)
        cause = e.__cause__ if e.__cause__ is not None else e
        print("error: %s: the simulated device stopped playing it: %s: %s"
              % (args.file, type(cause).__name__, cause), file=sys.stderr)
        return 2
    for p in paths:
        print(p)
    return 0


def cmd_sim(args):
    from host_sim import window
    if args.flash is not None:
        problem = files.folder_problem(args.flash)
        if problem:
            print("error: --flash %s: %s" % (args.flash, problem), file=sys.stderr)
            return 2
    return window.main(args)


def bot_level(text):
    """An argparse type: a tournament bot's level (bots.py's levels, the one that matches the
    people, the masher, or a person model)."""
    from slapstack import bots
    if text in ("easy", "normal", "hard", "match", "masher"):
        return text
    try:
        if bots.person_ms(text) is not None:
            return text
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e))
    raise argparse.ArgumentTypeError("%r is no bot: easy, normal, hard, match, masher or person:MS" % text)


def whole(lo, hi):
    """An argparse type: a whole number from ``lo`` to ``hi`` (None: no top), the error
    naming that range."""
    def parse(text):
        n = None
        if 0 < len(text.strip()) <= 24:
            try:
                n = int(text)
            except ValueError:
                pass
        if n is None or n < lo or (hi is not None and n > hi):
            top = "of %d or more" % lo if hi is None else "from %d to %d" % (lo, hi)
            raise argparse.ArgumentTypeError("%r is not a whole number %s" % (text, top))
        return n
    return parse


def main(argv=None, prog="slapstack"):
    try:
        return run(argv, prog)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (`| head`): a normal end, so stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # (and exit's flush)
        return 0


class Parser(argparse.ArgumentParser):
    """argparse's parser with a bad argument in one line (its usage is in --help)."""

    def error(self, message):
        self.exit(2, "%s: error: %s (%s --help)\n" % (self.prog, " ".join(message.split()), self.prog))


def run(argv, prog):
    ap = Parser(prog=prog, description="SlapStack on a laptop: replays, bot games, "
                                 "the simulated device, its screenshots and its benchmark.")
    sub = ap.add_subparsers(dest="cmd", required=True)
    rp = sub.add_parser("replay", help="play a replay file and print its events as JSON lines")
    rp.add_argument("file")
    bp = sub.add_parser("bots", help="a game between bots, printed as JSON lines")
    bp.add_argument("--game", default="ratscrew", type=game_id, help="the game, by its id or its full name (any case): " + GAME_NAMES)
    bp.add_argument("--players", type=int, default=None,
                    help="default: 4, or as many as the game allows (War and Money: exactly 2)")
    bp.add_argument("--seed", type=whole(0, SEED_MAX), default=1)
    bp.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
    bp.add_argument("--tempo-ms", type=whole(50, 10000), default=None, help="ms between cards (50 to 10000)")
    tp = sub.add_parser("tournament", help="seeded games between bots (the masher too): who wins how many")
    tp.add_argument("--game", default="egyptian_war", type=game_id, help="the game, by its id or its full name (any case): " + GAME_NAMES)
    tp.add_argument("--bots", nargs="+", default=None, type=bot_level, metavar="LEVEL",
                    help="one bot a seat, seat 1 first: easy, normal, hard, match (learns the person "
                         "models' reactions and presses near their median; with no person model, as "
                         "normal), masher (a press every "
                         "100-150 ms whatever the cards) or person:MS (a person model reacting in MS ms "
                         "on average, slap games); default: a masher and normal bots, 4 seats "
                         "(War and Money: 2)")
    tp.add_argument("--games", type=whole(1, MAX_GAMES), default=100, help="how many games (1 to %d)" % MAX_GAMES)
    tp.add_argument("--seed", type=whole(0, SEED_MAX), default=1, help="the first game's seed; each next game's is one more")
    tp.add_argument("--rules", default="{}", help='overrides of the preset, as in a replay: \'{"burn_count": 0}\'')
    tp.add_argument("--head-start", nargs="+", default=None, type=whole(0, 1000), metavar="MS",
                    help="each seat's head start in ms (0 to 1000), seat 1 first: its slaps (War: its calls) are judged that much earlier")
    tp.add_argument("--balance", type=whole(0, MAX_GAMES), default=0, metavar="N",
                    help="play an evening of N games first (seeds from --seed on, not counted), the evening "
                         "balance setting the head starts; it goes on learning through the games counted")
    sp = sub.add_parser("shots", help="screenshots of the firmware playing a replay file")
    sp.add_argument("file")
    sp.add_argument("--at", nargs="+", required=True, metavar="MOMENT",
                    help="menu, rules, howto, card:N, slap:N, false:N, challenge:N, pile:N, war:N, choice:N, "
                         "winner, summary, t:MS (at most %d moments)" % MAX_MOMENTS)
    sp.add_argument("--out", required=True, help="folder for the PNG files (made if missing)")
    sp.add_argument("--scale", type=whole(1, MAX_SHOT_SCALE), default=1,
                    help="enlarge the pictures this many times (1 to %d)" % MAX_SHOT_SCALE)
    wp = sub.add_parser("sim", help="the device in a window (pygame): keyboard slaps, screen, sound")
    wp.add_argument("--flash", default=None, help="folder used as the device's flash (default: a temporary one)")
    wp.add_argument("--scale", type=whole(1, MAX_SIM_SCALE), default=None,
                    help="window pixels per display pixel (1 to %d); default: the most that fits "
                         "the screen (3 on 1920x1080, 2 on 1366x768)" % MAX_SIM_SCALE)
    wp.add_argument("--mute", action="store_true", help="no sound")
    dp = sub.add_parser("devbench", help="tests/bench_device.py on the simulated board (SPI timed, CPU not)")
    dp.add_argument("--cards", type=whole(1, MAX_CARDS), default=250,
                    help="cards of 4-player Ratscrew to time (1 to %d)" % MAX_CARDS)
    args = ap.parse_args(argv)
    if args.cmd == "devbench":
        from host_sim import devbench
        return devbench.main(args.cards)
    if args.cmd == "replay":
        return cmd_replay(args.file)
    if args.cmd == "shots":
        return cmd_shots(args)
    if args.cmd == "sim":
        return cmd_sim(args)
    if args.cmd == "tournament":
        return cmd_tournament(args)
    return cmd_bots(args)

