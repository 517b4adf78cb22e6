"""Statistics kept across games: games and wins per seat and game, fastest slap, average reaction.

The file (``FILE``) is read at power-up and the statistics screen shows it; a game's slaps
are tallied by tally.py, which a game keeps loaded while this module leaves the heap with
the menus' code.
"""
from micropython import const

from tally import FILE, Tally, game_record  # noqa: F401  # the names stats has always had

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
