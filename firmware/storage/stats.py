"""Statistics kept across games: games and wins per seat and game, fastest slap, average reaction.

The file (``FILE``) is read at power-up and the statistics screen shows it; a game's slaps
are counted by the engine's summary.py, which a game keeps loaded while this module leaves
the heap with the menus' code: the game's end imports it again to merge them in (``add_game``).
"""
from micropython import const

from slapstack import games
from drawing.text import seconds
from storage.store import shown
from hid.seats import MOST_SEATS  # seats a record holds

UNLOAD_WITH = "menus"  # let go when a game is dealt (app/unload.py)

FILE = "stats.json"
_VERSION = const(1)
_MOST = const(1000000000)  # a count's most: far beyond any evening, and a small int on the chip
_GAME_FIELDS = ("played", "endless", "bot_wins", "seats")
_SEAT_FIELDS = ("games", "wins", "slaps", "fastest_ms", "reaction_total_ms", "reactions")


def empty():
    return {"version": _VERSION, "games": {}}


def load(store):
    """(stats, messages). Every record is checked as it is read (known fields only, each a
    count in range, up to four seats): a game's record that is not right is dropped with a
    message, the file kept as stats.json.bad and what was kept saved in its place; a file
    that holds no statistics at all starts them afresh. So the statistics screen and a
    game's end never meet a record they cannot use."""
    data, problem = store.load_json(FILE)
    if problem:
        return empty(), [problem]
    if data is None:
        return empty(), []
    out = empty()
    messages = []
    if type(data) is not dict or type(data.get("games")) is not dict:
        messages.append("stats.json held no statistics; starting afresh")
    else:
        for key in data:
            if key != "games" and not (key == "version" and type(data[key]) is int and data[key] == _VERSION):
                messages.append("stats.json: %s=%s unknown; dropped" % (shown(key), shown(data[key])))
        recs = data["games"]
        for game in recs:
            why = "not a game" if game not in games.ALL else _bad_game(recs[game])
            if why:
                messages.append("stats.json: %s's statistics dropped (%s)" % (
                    game if game in games.ALL else shown(game), why))
            else:
                out["games"][game] = recs[game]
    if messages:
        store.set_aside(FILE)
        saved = store.save_json(FILE, out)
        if saved:
            messages.append(saved)
        messages.append("The old file is kept as stats.json.bad.")
    return out, messages


def _count(rec, key, most):
    """Why ``rec[key]`` is not a whole number from 0 to ``most``, or None."""
    v = rec[key]
    if type(v) is not int or v < 0 or v > most:
        return "%s=%s is not a count up to %d" % (key, shown(v), most)
    return None


def _fields(rec, fields):
    """Why ``rec`` is not an object with exactly ``fields``, or None."""
    if type(rec) is not dict:
        return "%s is not a record" % shown(rec)
    for key in fields:
        if key not in rec:
            return "%s is missing" % key
    for key in rec:
        if key not in fields:
            return "%s is unknown" % shown(key)
    return None


def _bad_game(rec):
    """Why a game's record cannot be used, or None: its counts, and each seat's, whole
    numbers in range and consistent (no more wins than games, no more games than played)."""
    why = _fields(rec, _GAME_FIELDS)
    if why:
        return why
    why = _count(rec, "played", _MOST)
    if why:
        return why
    played = rec["played"]
    why = _count(rec, "endless", played) or _count(rec, "bot_wins", played - rec["endless"])
    if why:
        return why
    seats = rec["seats"]
    if type(seats) is not list or len(seats) > MOST_SEATS:
        return "seats is not a list of up to %d seats" % MOST_SEATS
    for i in range(len(seats)):
        seat = seats[i]
        why = _fields(seat, _SEAT_FIELDS)
        if not why:
            why = _count(seat, "games", played) or _count(seat, "wins", seat["games"]) or \
                _count(seat, "slaps", _MOST) or _count(seat, "reactions", _MOST) or \
                _count(seat, "reaction_total_ms", _MOST)
        if not why and (seat["reactions"] or seat["fastest_ms"] is not None):
            why = _count(seat, "fastest_ms", _MOST)
        if why:
            return "seat %d: %s" % (i + 1, why)
    return None


def _seat_record():
    return {"games": 0, "wins": 0, "slaps": 0, "fastest_ms": None, "reaction_total_ms": 0, "reactions": 0}


def _game_record(data, game, seats):
    rec = data["games"].get(game)
    if type(rec) is not dict or type(rec.get("seats")) is not list:
        rec = {"played": 0, "endless": 0, "bot_wins": 0, "seats": []}
        data["games"][game] = rec
    while len(rec["seats"]) < seats:
        rec["seats"].append(_seat_record())
    return rec


def add_game(data, summary, game, players, humans, winner):
    """Merge a finished game's counts (slapstack.summary.Summary) for the people's seats
    into ``data``: 0..humans-1, and a late arrival's who slapped in at a free seat (a
    person: bots sit only at seats dealt in, humans..players-1); winner -1 means the game
    had no winner."""
    people = list(range(min(humans, players)))
    for p in range(players, summary.seats):
        if summary.joined(p):
            people.append(p)
    rec = _game_record(data, game, people[-1] + 1 if people and people[-1] >= players else players)
    rec["played"] += 1
    if winner < 0:
        rec["endless"] += 1
    elif humans <= winner < players:
        rec["bot_wins"] += 1
    for p in people:
        seat = rec["seats"][p]
        seat["games"] += 1
        if p == winner:
            seat["wins"] += 1
        seat["slaps"] += summary.won[p]
        if summary.reactions[p]:
            seat["reactions"] += summary.reactions[p]
            seat["reaction_total_ms"] += summary.total_ms[p]
            fast = summary.fastest_ms[p]
            if seat["fastest_ms"] is None or fast < seat["fastest_ms"]:
                seat["fastest_ms"] = fast


def summary(data, game, unit="ms"):
    """Short lines for the statistics screen of one game (a scrolling list), its reaction
    times in ``unit``, the game's (painters.game_words): "ms", or War's "s"."""
    rec = data["games"].get(game)
    if not rec or not rec.get("played"):
        return ["No games yet."]
    lines = ["Played %d, bots won %d" % (rec["played"], rec["bot_wins"])]
    for i in range(len(rec["seats"])):
        s = rec["seats"][i]
        if not s["games"]:
            continue
        lines.append("Seat %d: won %d of %d" % (i + 1, s["wins"], s["games"]))
        if s["reactions"]:
            best, avg = s["fastest_ms"], s["reaction_total_ms"] // s["reactions"]
            if unit == "s":
                lines.append("  best %s, avg %s s" % (seconds(best), seconds(avg)))
            else:
                lines.append("  best %d, avg %d ms" % (best, avg))
    return lines
