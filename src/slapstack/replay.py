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
      "inputs": [                    # in time order; t in ms since the start (fractions = us),
                                     # at most replay.MAX_MS (a day)
        {"t": 2150.25, "p": 1, "a": "press"},
        {"t": 2230, "p": 1, "a": "release"},
        {"t": 2100, "a": "reveal", "shown": 2109.35},  # optional: the card turned at t was
                                                         # on screen from "shown"
        {"t": 9000, "p": 0, "a": "choose", "i": 1},  # Money: take choice 1
        {"t": 9400, "p": 2, "a": "release", "stamp": 9396.5}  # optional: taken at t, when
                                     # the table was there, but stamped earlier (an edge the
                                     # debounce reported late): judged at its stamp
      ]
    }

``check(obj)`` returns the checked spec or raises ValueError naming the field;
``play(spec, sink)`` plays it to the end: after the last input the game runs on by
itself, and a repeated state is reported as an endless game. Writing a table's replay
file is replay_writer.py's (the device loads only that, at a game's end).
"""

from slapstack import clock, games
from slapstack.inputlog import ACTIONS
from slapstack.table import Table

MAX_CARDS_AFTER_INPUTS = 5000000  # a safety net far beyond any game that ends

# The ValueError's words for a replay file that is not UTF-8 text (damaged, or another kind
# of file), in place of the decoder's: CPython's codec jargon, MicroPython's empty message.
NOT_TEXT = "not a replay: the file is not text"


# The latest time an input may have: a day of play, far beyond any game, so that no time
# (1e306, Infinity) overflows the clock's arithmetic or keeps the runner playing for ever.
MAX_MS = 86400000


def _time(v):
    """A time in ms: a number (not NaN) from 0 to MAX_MS."""
    return (type(v) is int or type(v) is float) and 0 <= v <= MAX_MS


def check(obj):
    if not isinstance(obj, dict):
        raise ValueError("a replay must be a JSON object")
    for key in obj:
        if key not in ("game", "rules", "players", "seats", "deal", "tempo_ms", "inputs", "comment"):
            raise ValueError("unknown field %r" % (key,))
    for key in ("game", "players", "deal"):
        if key not in obj:
            raise ValueError("missing field %r" % (key,))
    game = obj["game"]
    if game not in games.ALL:
        raise ValueError("game: must be one of %s, got %r" % (", ".join(games.ALL), game))
    players = obj["players"]
    seats = obj.get("seats", players)
    if "seats" in obj and type(players) is int:
        hi = games.players_range(game)[1]
        if type(seats) is not int or seats < players or seats > hi:
            raise ValueError("seats: must be a whole number from players (%d) to %d, got %r" % (players, hi, seats))
    rules = obj.get("rules", {})
    if not isinstance(rules, dict):
        raise ValueError("rules: must be an object of name: value pairs")
    inputs = obj.get("inputs", [])
    if not isinstance(inputs, list):
        raise ValueError("inputs: must be a list")
    last = 0
    for i in range(len(inputs)):
        e = inputs[i]
        where = "inputs[%d]" % i
        if not isinstance(e, dict):
            raise ValueError(where + ": must be an object with t, p and a")
        if not _time(e.get("t")):
            raise ValueError(where + ".t: must be a time in ms from 0 to %d (a day), got %r" % (MAX_MS, e.get("t")))
        if e["t"] < last:
            raise ValueError(where + ".t: inputs must be in time order (%r comes after %r)" % (e["t"], last))
        last = e["t"]
        a = e.get("a")
        if a not in ACTIONS:
            raise ValueError(where + ".a: must be one of %s, got %r" % (", ".join(ACTIONS), a))
        if a != "reveal":
            p = e.get("p")
            if type(p) is not int or p < 0 or (type(seats) is int and p >= seats):
                raise ValueError(where + ".p: must be a seat number from 0 to %s-1, got %r"
                                 % ("seats" if "seats" in obj else "players", p))
        if a == "choose" and (type(e.get("i")) is not int or e["i"] < 0):
            raise ValueError(where + ".i: a choice index >= 0 is needed with \"choose\"")
        if a == "reveal" and (not _time(e.get("shown")) or e["shown"] < e["t"]):
            raise ValueError(where + ".shown: a reveal needs the time the card was on screen, from t to %d" % MAX_MS)
    return obj


def table_for(spec, sink):
    """A Table set up as the replay says (errors name the field)."""
    try:
        return Table(spec["game"], spec["players"], rules=spec.get("rules"), deal=spec["deal"],
                     tempo_ms=spec.get("tempo_ms"), sink=sink, record=False, seats=spec.get("seats"))
    except ValueError as e:
        msg = str(e)
        for field in ("players", "seats", "tempo_ms", "deal"):
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
    for e in spec.get("inputs", []):
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
        except ValueError as err:
            if a != "choose":
                raise
            raise ValueError("inputs: choice at t=%r: %s" % (e["t"], err))  # (one the game cannot take)
    table.watch_for_loops()
    limit = table.game.cards_played + MAX_CARDS_AFTER_INPUTS
    while not table.game.over:
        if table.next_due() is None:
            raise ValueError("the game is waiting for an input the replay does not give")
        now = run_until(table, now, None)
        if table.game.cards_played > limit:
            raise ValueError("the game did not end within %d cards after the inputs" % MAX_CARDS_AFTER_INPUTS)
    return table
