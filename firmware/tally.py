"""One game's slaps, tallied while it is played and merged into the statistics when it ends.

Only seats played by people count (bots' wins are one number per game). The slaps are
tallied into preallocated int lists, so a slap allocates nothing; the totals are merged
into the saved dict (stats.py's, written to ``FILE``) once, when the game ends. Reading the
file and the statistics screen are stats.py's: only the menus use them, so a game does
without that code.
"""
from micropython import const

from slapstack import events as E

FILE = "stats.json"
_MAX_SEATS = const(8)


def _seat_record():
    return {"games": 0, "wins": 0, "slaps": 0, "fastest_ms": None, "reaction_total_ms": 0, "reactions": 0}


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
        self.valid = [0] * _MAX_SEATS
        self.wins = [0] * _MAX_SEATS
        self.fastest_us = [0] * _MAX_SEATS
        self.total_us = [0] * _MAX_SEATS
        self.humans = 0

    def begin(self, humans):
        """A new game; seats 0..humans-1 are people."""
        self.humans = humans
        for i in range(_MAX_SEATS):
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
