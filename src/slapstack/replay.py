"""Replay files, the public format: one game, fully determined.

    {
      "game": "ratscrew",            # ratscrew, egyptian_war, ruffle, beggar, war, money
      "rules": {"big_mac": true},    # overrides of the preset (optional)
      "players": 4,
      "seats": 4,                    # optional: seats at the table (slap buttons), players
                                     # and more; the seats from "players" on are free: a
                                     # late arrival there may slap in (rule late_slap_in)
      "deal": {"seed": 42},          # or {"hands": [["AS", "10H", ...], ...]} top card first
      "tempo_ms": 700,               # optional: ms between automatic card turns
      "head_start_ms": [0, 120, 0, 300],  # optional: each seat's head start (handicap) in
                                     # ms, 0 to 1000, slap games only; written when one is set
      "inputs": [                    # in time order; t in ms since the start, at most
                                     # replay.MAX_MS (a day), written plainly: digits, up
                                     # to 3 decimals (whole us), no sign, no exponent
        {"t": 2100, "a": "reveal", "shown": 2109.35},  # optional: the card turned at t was
                                                         # on screen from "shown"
        {"t": 2150.25, "p": 1, "a": "press"},
        {"t": 2230, "p": 1, "a": "release", "stamp": 2228.5},  # optional on a press, release
                      # or choose: the game judges the input at "stamp" (<= t), the time its
                      # button's edge was (the debounce reported it late); it was taken at t
        {"t": 9000, "p": 0, "a": "choose", "i": 1}   # Money: take choice 1
      ]
    }

Reading a file is replay_file.py's (``read(f)`` here: the spec, checked as the device
checks it); src/slapstack/README.md says exactly what a file may hold.
``check(obj)`` returns the checked spec or raises ValueError naming the field;
``play(spec, sink)`` plays it to the end: after the last input the game runs on by
itself, and a repeated state is reported as an endless game. Writing a table's replay
file is replay_writer.py's (the device loads only that, at a game's end).
"""

from slapstack import clock
from slapstack.replay_checks import MAX_MS, as_input, check_head, check_input  # noqa: F401 (MAX_MS: replay's name too)
from slapstack.replay_file import Reader
from slapstack.strict_json import NOT_TEXT  # noqa: F401 (replay's name too)
from slapstack.table import Table

MAX_CARDS_AFTER_INPUTS = 5000000  # a safety net far beyond any game that ends


def check(obj):
    """Replay ``obj`` (a dict, as json.loads makes it) checked as replay_file reads a file:
    the head first, then each input in order; returns it, or raises ValueError naming the
    field. A file is read with ``read`` (or replay_file.Reader), which also refuses what a
    dict cannot show: "1e3" or "-0" for a time, a field given twice."""
    check_head(obj)
    seats = obj.get("seats", obj["players"])
    last = 0
    inputs = obj.get("inputs", [])
    for i in range(len(inputs)):
        last = check_input(inputs[i], "inputs[%d]" % i, seats, "seats" in obj, last)[0]
    return obj


def read(f):
    """The replay in open text file ``f``, read and checked as the device reads it
    (replay_file.Reader: the head, then the deal and rules as the table takes them, then
    each input): the spec, its inputs with times in exact ms (``play`` takes it)."""
    r = Reader(f)
    spec = r.spec
    table_for(spec, None)
    inputs = spec["inputs"]
    while True:
        x = r.next()
        if x is None:
            return spec
        inputs.append(as_input(x))


# Rules whose default changed, each with the replay version that changed it: (version, game,
# rule, the default before). A file of an older version that does not name the rule plays
# by the default it was written under.
DEFAULTS_BEFORE = (
    (2, "war", "call_war", False),   # calling a war (ours) is War's default from version 2
    (2, "beggar", "turn", "auto"),   # Beggar-my-neighbour turned by press, likewise
)


def rules_for(spec):
    """The rules a replay plays by: its own, and for an older file the defaults it was
    written under (DEFAULTS_BEFORE)."""
    rules = spec.get("rules")
    if rules is not None and not isinstance(rules, dict):
        return rules  # (the table refuses it, naming the field)
    version = spec.get("version", 1)
    for since, game, name, value in DEFAULTS_BEFORE:
        if version < since and spec["game"] == game and (rules is None or name not in rules):
            rules = dict(rules or {})
            rules[name] = value
    return rules


def table_for(spec, sink):
    """A Table set up as the replay says (errors name the field)."""
    try:
        return Table(spec["game"], spec["players"], rules=rules_for(spec), deal=spec["deal"],
                     tempo_ms=spec.get("tempo_ms"), sink=sink, record=False, seats=spec.get("seats"),
                     head_start_ms=spec.get("head_start_ms"))
    except ValueError as e:
        msg = str(e)
        for field in ("players", "seats", "tempo_ms", "deal", "head_start_ms"):
            if msg.startswith(field):
                raise
        if msg.startswith("unknown rule") or msg.startswith("rule "):
            raise ValueError("rules: " + msg)
        raise


def run_until(table, now, limit):
    """Step the table from absolute time ``now`` (us) through what is due up to ``limit``
    (None: one step); returns the new absolute time. Stepping due by due keeps each
    wrapped-time step short, so games of any length run right (also used by the CLI)."""
    while not table.game.over:
        due = table.next_due()
        if due is None:
            break
        d = clock.diff(due, clock.wrap(now))
        if d < 0:
            d = 0
        if limit is not None and now + d > limit:
            break
        now += d
        table.advance(due)
        if limit is None:
            return now
    if limit is not None and limit > now:
        now = limit
        table.advance(clock.wrap(now))
    return now


def apply(table, action, p, t, extra):
    """Give ``table`` one input of a replay, stamped at wrapped time ``t`` (the table run
    first to the time the input was taken, where that was later): ``action`` is "press",
    "release", "reveal" or "choose", ``p`` the seat, ``extra`` a choice's index or, for a
    reveal, the wrapped time its card was on screen from. ``play`` and the device's replay
    (firmware/app/watch.py) both go through here."""
    if action == "press":
        table.press(p, t)
    elif action == "release":
        table.release(p, t)
    elif action == "reveal":
        table.reveal(extra)
    else:
        table.choose(p, extra, t)


def play(spec, sink):
    """Play a checked replay to the end; returns the Table (its game is over)."""
    table = table_for(spec, sink)
    table.start(0)
    now = 0
    inputs = spec.get("inputs", [])
    for i in range(len(inputs)):
        e = inputs[i]
        t_abs = int(round(e["t"] * 1000))
        if t_abs > now:  # (not again for an input taken at the table's time: see Table._record)
            now = run_until(table, now, t_abs)
        if table.game.over:
            break
        a = e["a"]
        at = clock.wrap(int(round(e["stamp"] * 1000)) if "stamp" in e else t_abs)
        try:
            apply(table, a, e.get("p", -1), at,
                  clock.wrap(int(round(e["shown"] * 1000))) if a == "reveal" else e.get("i", 0))
        except ValueError as err:  # (a choice the game does not offer), in the device's words
            raise ValueError("inputs[%d]: %s" % (i, err))
    table.watch_for_loops()
    limit = table.game.cards_played + MAX_CARDS_AFTER_INPUTS
    while not table.game.over:
        if table.next_due() is None:
            raise ValueError("the game is waiting for an input the replay does not give")
        now = run_until(table, now, None)
        if table.game.cards_played > limit:
            raise ValueError("the game did not end within %d cards after the inputs" % MAX_CARDS_AFTER_INPUTS)
    return table
