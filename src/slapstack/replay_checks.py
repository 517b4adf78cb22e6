"""A replay's checks: its head (``check_head``) and each input (``check_input``), with
ValueErrors naming the field; times as exact us (``us``, ``ms_text``). The format is
replay.py's; src/slapstack/README.md says exactly what is accepted.
"""

from slapstack import games
from slapstack.inputlog import ACTIONS, REPLAY_VERSION
from slapstack.strict_json import Num

# The latest time an input may have: a day of play, far beyond any game, so that no time
# overflows the clock's arithmetic or keeps the runner playing for ever.
MAX_MS = 86400000
MAX_SEED = 4294967295

HEAD_FIELDS = ("version", "game", "rules", "players", "seats", "people", "deal", "tempo_ms", "head_start_ms",
               "inputs", "comment")
# An input's fields, by action
FIELDS = {"press": ("t", "a", "p", "stamp"), "release": ("t", "a", "p", "stamp"),
          "choose": ("t", "a", "p", "i", "stamp"), "reveal": ("t", "a", "shown")}


def us(v):
    """Time ``v`` (ms) as whole us, or None if it is no time: a whole number, or digits with
    up to 3 decimals, from 0 to MAX_MS, read exactly from its text (no sign, no exponent).
    (A float is taken too, rounded, for replays built in Python rather than read.)"""
    t = type(v)
    if t is int:
        return v * 1000 if 0 <= v <= MAX_MS else None
    if t is float:
        return int(round(v * 1000)) if 0 <= v <= MAX_MS else None  # (NaN fails both)
    if t is not Num:
        return None
    text = v.text
    dot = text.find(".")
    if dot < 1 or dot > 8 or len(text) - dot > 4 or "e" in text or "E" in text or text[0] == "-":
        return None
    n = int(text[:dot]) * 1000 + int((text[dot + 1:] + "00")[:3])
    return n if n <= MAX_MS * 1000 else None


def ms_text(n):
    """us ``n`` as the format writes ms: "2150.25", "700"."""
    if n % 1000 == 0:
        return "%d" % (n // 1000)
    return ("%d.%03d" % (n // 1000, n % 1000)).rstrip("0")


def check_head(obj):
    """Refuse a replay's head (all but its inputs' items) with a ValueError naming the field:
    its version, the game, the players, the seats and the people first, then the deal, the tempo, the rules, the
    inputs' type. Head starts are checked by handicap.py (whether the rules leave a race,
    by the table). Each rule's value and the deal's cards are the game's (replay.table_for)."""
    if not isinstance(obj, dict):
        raise ValueError("a replay must be a JSON object")
    for key in obj:
        if key not in HEAD_FIELDS:
            raise ValueError("unknown field %r" % (key,))
    for key in ("game", "players", "deal"):
        if key not in obj:
            raise ValueError("missing field %r" % (key,))
    version = obj.get("version", 1)
    if type(version) is not int or not 1 <= version <= REPLAY_VERSION:
        raise ValueError("version: this SlapStack plays replays of versions 1 to %d, got %r" % (REPLAY_VERSION, version))
    game = obj["game"]
    if type(game) is not str or game not in games.ALL:
        raise ValueError("game: must be one of %s, got %r" % (", ".join(games.ALL), game))
    lo, hi = games.players_range(game)
    players = obj["players"]
    if type(players) is not int or players < lo or players > hi:
        raise ValueError("players: must be a whole number from %d to %d for %s, got %r" % (lo, hi, game, players))
    if "seats" in obj:
        seats = obj["seats"]
        if type(seats) is not int or seats < players or seats > hi:
            raise ValueError("seats: must be a whole number from players (%d) to %d, got %r" % (players, hi, seats))
    if "people" in obj:  # the seats dealt in that people played at (the others: bots)
        people = obj["people"]
        if not isinstance(people, list) or [p for p in people if type(p) is not int or not 0 <= p < players] \
                or sorted(set(people)) != people:
            raise ValueError("people: must be a list of seat numbers from 0 to %d, each once and in order, got %r"
                             % (players - 1, people))
    deal = obj["deal"]
    if not isinstance(deal, dict):
        raise ValueError('deal: must be an object with "seed" or "hands", got %r' % (deal,))
    if ("seed" in deal) == ("hands" in deal):
        raise ValueError('deal: must have "seed" or "hands"' + (", not both" if "seed" in deal else ""))
    if "seed" in deal:
        seed = deal["seed"]
        if type(seed) is not int or seed < 0 or seed > MAX_SEED:
            raise ValueError("deal.seed: must be a whole number from 0 to %d, got %r" % (MAX_SEED, seed))
    if "tempo_ms" in obj:
        tempo = obj["tempo_ms"]
        if type(tempo) is not int or tempo < 50 or tempo > 10000:
            raise ValueError("tempo_ms: must be a whole number from 50 to 10000, got %r" % (tempo,))
    if not isinstance(obj.get("rules", {}), dict):
        raise ValueError("rules: must be an object of name: value pairs")
    if "head_start_ms" in obj:
        from slapstack import handicap  # (whether its rules leave a race: replay.table_for)
        handicap.check(obj["head_start_ms"], obj.get("seats", players), game, games.can(game, "race"))
    if not isinstance(obj.get("inputs", []), list):
        raise ValueError("inputs: must be a list")


def check_input(e, where, seats, named, last):
    """Input ``e``, ``where`` ("inputs[3]") in the file, after one at ``last`` us, at a table
    of ``seats`` (``named``: the replay gives "seats"): (t us, action, seat or -1, extra,
    stamp us), ``extra`` a choice's index or a reveal's shown us, ``stamp`` t's when not
    given; or a ValueError naming the field."""
    if not isinstance(e, dict):
        raise ValueError(where + ": must be an object with t, a and p")
    t = us(e.get("t"))
    if t is None:
        raise ValueError(where + ".t: must be a time in ms from 0 to %d (a day), written plainly with at most "
                         "3 decimals, got %r" % (MAX_MS, e.get("t")))
    if t < last:
        raise ValueError(where + ".t: inputs must be in time order (%s comes after %s)" % (ms_text(t), ms_text(last)))
    a = e.get("a")
    if type(a) is not str or a not in FIELDS:
        raise ValueError(where + ".a: must be one of %s, got %r" % (", ".join(ACTIONS), a))
    known = FIELDS[a]
    for key in e:
        if key not in known:
            raise ValueError(where + ": unknown field %r in a %s (known: %s)" % (key, a, ", ".join(known)))
    if a == "reveal":
        shown = us(e.get("shown"))
        if shown is None or shown < t:
            raise ValueError(where + ".shown: a reveal needs the time the card was on screen, from t to %d" % MAX_MS)
        return t, a, -1, shown, t
    p = e.get("p")
    if type(p) is not int or p < 0 or p >= seats:
        raise ValueError(where + ".p: must be a seat number from 0 to %s-1, got %r" % ("seats" if named else "players", p))
    extra = 0
    if a == "choose":
        extra = e.get("i")
        if type(extra) is not int or extra < 0:
            raise ValueError(where + '.i: a choice index >= 0 is needed with "choose"')
    stamp = t
    if "stamp" in e:
        stamp = us(e["stamp"])
        if stamp is None or stamp > t:
            raise ValueError(where + ".stamp: must be a time in ms from 0 to t, written plainly with at most "
                             "3 decimals, got %r" % (e["stamp"],))
    return t, a, p, extra, stamp


def as_input(x):
    """A read input (``Reader.next``) as a replay's input object, times as exact ms."""
    t, a, p, extra, stamp = x
    e = {"t": _ms(t), "a": a}
    if a == "reveal":
        e["shown"] = _ms(extra)
        return e
    e["p"] = p
    if a == "choose":
        e["i"] = extra
    if stamp != t:
        e["stamp"] = _ms(stamp)
    return e


def _ms(n):
    return n // 1000 if n % 1000 == 0 else n / 1000
