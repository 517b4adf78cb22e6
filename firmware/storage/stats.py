"""Statistics kept across games: games and wins per seat and game, fastest slap, average reaction.

The file (``FILE``) is read at power-up and the statistics screen shows it; a game's slaps
are counted by the engine's summary.py, which a game keeps loaded while this module leaves
the heap with the menus' code: the game's end imports it again to merge them in (``add_game``).
"""
from micropython import const

FILE = "stats.json"
_VERSION = const(1)


def empty():
    return {"version": _VERSION, "games": {}}


def load(store):
    """(stats, messages); a damaged file starts the statistics afresh (the old one is kept aside)."""
    data, problem = store.load_json(FILE)
    messages = [problem] if problem else []
    if data is None:
        return empty(), messages
    if type(data) is not dict or type(data.get("games")) is not dict:
        return empty(), messages + ["stats.json held no statistics; starting afresh"]
    return data, messages


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


def summary(data, game):
    """Short lines for the statistics screen of one game (a scrolling list)."""
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
            lines.append("  best %d, avg %d ms" % (s["fastest_ms"], s["reaction_total_ms"] // s["reactions"]))
    return lines
