"""Statistics kept across games: games and wins per seat and game, fastest slap, average reaction.

Only seats played by people count (bots' wins are one number per game). During a game the
slaps are tallied into preallocated int lists, so a slap allocates nothing; the totals are
merged into the saved dict once, when the game ends.
"""
from micropython import const

from slapstack import events as E

FILE = "stats.json"
VERSION = const(1)
MAX_SEATS = const(8)


def empty():
    return {"version": VERSION, "games": {}}


def _seat_record():
    return {"games": 0, "wins": 0, "slaps": 0, "fastest_ms": None, "reaction_total_ms": 0, "reactions": 0}


def load(store):
    """(stats, messages); a damaged file starts the statistics afresh (the old one is kept aside)."""
    data, problem = store.load_json(FILE)
    messages = [problem] if problem else []
    if data is None:
        return empty(), messages
    if type(data) is not dict or type(data.get("games")) is not dict:
        return empty(), messages + ["stats.json held no statistics; starting afresh"]
    return data, messages


def game_record(data, game, seats):
    rec = data["games"].get(game)
    if type(rec) is not dict or type(rec.get("seats")) is not list:
        rec = {"played": 0, "endless": 0, "bot_wins": 0, "seats": []}
        data["games"][game] = rec
    while len(rec["seats"]) < seats:
        rec["seats"].append(_seat_record())
    return rec


class Tally:
    """One game's slaps, per seat; ``slap`` is called from the event sink."""

    def __init__(self):
        self.valid = [0] * MAX_SEATS
        self.wins = [0] * MAX_SEATS
        self.fastest_us = [0] * MAX_SEATS
        self.total_us = [0] * MAX_SEATS
        self.humans = 0

    def begin(self, humans):
        """A new game; seats 0..humans-1 are people."""
        self.humans = humans
        for i in range(MAX_SEATS):
            self.valid[i] = 0
            self.wins[i] = 0
            self.fastest_us[i] = 0
            self.total_us[i] = 0

    def slap(self, p, verdict, reaction_us):
        if p >= self.humans or reaction_us < 0 or verdict > E.V_TIE:
            return  # bots, false and ignored slaps do not count towards reaction times
        self.valid[p] += 1
        self.total_us[p] += reaction_us
        if verdict == E.V_WIN:
            self.wins[p] += 1
        if self.fastest_us[p] == 0 or reaction_us < self.fastest_us[p]:
            self.fastest_us[p] = reaction_us

    def finish(self, data, game, players, winner):
        """Merge this game into ``data``; winner -1 means the game could never end."""
        rec = game_record(data, game, players)
        rec["played"] += 1
        if winner < 0:
            rec["endless"] += 1
        elif winner >= self.humans:
            rec["bot_wins"] += 1
        for p in range(min(self.humans, players)):
            seat = rec["seats"][p]
            seat["games"] += 1
            if p == winner:
                seat["wins"] += 1
            if self.valid[p]:
                seat["slaps"] += self.wins[p]
                seat["reactions"] += self.valid[p]
                seat["reaction_total_ms"] += self.total_us[p] // 1000
                fast = self.fastest_us[p] // 1000
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
