"""Events as text: names for the numbers in ``events`` and one JSON object per event.

Host side (the replay command, tests, logs); the device never imports it. ``SPEC[kind]``
is ``(name, p field, a name, a kind, b name, b kind, c name, c kind)``; ``to_dict`` turns
one event into the dict printed as a JSON line.
"""

from slapstack import cards, clock
from slapstack import events as E
from slapstack import duel_events as D
from slapstack.pattern_names import PAT_NAMES

V_NAMES = ("win", "late", "tie", "false", "ignored")
WHY_NAMES = ("nothing", "unseen", "burned", "early")  # a false slap's b (War's call: early)
HOW_NAMES = ("challenge", "slap", "last_standing", "battle", "capture", "penalty", "call")
END_NAMES = ("win", "endless", "draw", "party")
SRC_NAMES = ("floor", "opponent")
DEC_NAMES = ("buy", "give_change", "turn")
ACT_NAMES = ("play", "buy", "pay", "give", "exchange", "join")

# How each field prints: None (omit), "int", "card", "how", "verdict", "pattern", "end",
# "money", "source", "decision", "action", "player" (int, -1 printed as null).
SPEC = {
    E.GAME_START: ("game_start", "player", "players", "int", "cards", "int", None, None),
    E.CARD: ("card", "player", "card", "card", "pile", "int", None, None),
    E.CHALLENGE: ("challenge", "player", "card", "card", "chances", "int", None, None),
    E.CHALLENGE_MET: ("challenge_met", "player", "card", "card", "chances", "int", None, None),
    E.CHALLENGE_FAILED: ("challenge_failed", "player", "challenger", "player", None, None, None, None),
    E.PILE_WON: ("pile_won", "player", "how", "how", "cards", "int", "pattern", "pattern"),
    E.SLAP: ("slap", "player", "verdict", "verdict", "pattern", "pattern", "reaction_us", "int"),
    E.BURN: ("burn", "player", "card", "card", "burned", "int", None, None),
    E.ELIMINATED: ("eliminated", "player", None, None, None, None, None, None),
    E.SLAPPED_IN: ("slapped_in", "player", None, None, None, None, None, None),
    E.NEGATIVE: ("negative", "player", "negatives", "int", "limit", "int", None, None),
    E.LOCKOUT: ("lockout", "player", "rounds", "int", None, None, None, None),
    E.GAME_OVER: ("game_over", "winner", "cards_played", "int", "piles_taken", "int", "result", "end"),
    E.TURN: ("turn", "player", "chances", "int", None, None, None, None),
    D.WAR_TIE: ("war_tie", "player", "card0", "card", "card1", "card", "depth", "int"),
    D.WAR_DOWN: ("war_down", "player", "down", "int", "table", "int", None, None),
    D.WAR_READY: ("war_ready", "player", "reaction_us", "int", "waiting", "int", None, None),
    D.WAR_OUT: ("war_out", "player", "held", "int", "needed", "int", None, None),
    D.WAR_PAY: ("war_pay", "player", "card", "card", "held", "int", None, None),
    D.MONEY_MISSED: ("money_missed", "player", "card", "card", None, None, None, None),
    D.MONEY_BUY: ("money_buy", "player", "money", "money", "source", "source", "cards", "int"),
    D.MONEY_EXCHANGE: ("money_exchange", "player", "money", "money", "source", "source", "value", "int"),
    D.MONEY_GET: ("money_get", "player", "money", "money", "source", "source", "count", "int"),
    D.MONEY_CAPTURED: ("money_captured", "player", "money", "money", "count", "int", None, None),
    E.MONEY_CHOICE: ("money_choice", "player", "choices", "int", "decision", "decision", "ms", "int"),
    E.MONEY_CHOSEN: ("money_chosen", "player", "index", "int", "by_default", "int", "action", "action"),
    D.MONEY_JOIN: ("money_join", "player", "money", "money", "source", "source", "count", "int"),
    D.MONEY_BROKE: ("money_broke", "player", "money_value", "int", None, None, None, None),
}


def _field(kind, v):
    if kind == "card":
        return cards.to_text(v)
    if kind == "how":
        return HOW_NAMES[v]
    if kind == "verdict":
        return V_NAMES[v]
    if kind == "pattern":
        return PAT_NAMES[v] if v else None
    if kind == "end":
        return END_NAMES[v]
    if kind == "money":
        return D.MONEY_NAMES[v]
    if kind == "source":
        return SRC_NAMES[v]
    if kind == "decision":
        return DEC_NAMES[v]
    if kind == "action":
        return ACT_NAMES[v]
    if kind == "player":
        return None if v < 0 else v
    return v


def to_dict(kind, t_ms, p, a, b, c):
    """One event as a dict; ``t_ms`` is the time in ms since the start (see JsonLines)."""
    spec = SPEC[kind]
    d = {"t": t_ms, "ev": spec[0]}
    d["winner" if spec[1] == "winner" else "p"] = None if p < 0 else p
    for name, fkind, v in ((spec[2], spec[3], a), (spec[4], spec[5], b), (spec[6], spec[7], c)):
        if name is not None:
            d[name] = _field(fkind, v)
    if kind == E.SLAP and a == E.V_FALSE:  # its b says why, not what it was on
        del d["pattern"]
        d["why"] = WHY_NAMES[b]
    if kind == E.SLAPPED_IN and a:  # from a free seat: a late arrival joins the game
        d["joined"] = True
    return d


class Elapsed:
    """Unwraps ring times into us elapsed since a start, for logs and replay files.

    Times must come roughly in order (each within 2**29 us of the last); a slightly
    earlier one (a press reported after the tick that followed it) is placed correctly
    without moving the reference."""

    def __init__(self, t0):
        self.last = t0
        self.us = 0

    def at(self, t):
        d = clock.diff(t, self.last)
        if d <= 0:
            return self.us + d
        self.us += d
        self.last = t
        return self.us


class JsonLines:
    """A sink that turns each event into a dict with its time in ms since ``t0``."""

    def __init__(self, out, t0=0):
        self.out = out
        self.elapsed = Elapsed(t0)

    def __call__(self, kind, t, p, a, b, c):
        self.out(to_dict(kind, self.elapsed.at(t) / 1000, p, a, b, c))


class Recorder:
    """A sink that keeps every event as a tuple (host side and tests)."""

    def __init__(self):
        self.events = []

    def __call__(self, kind, t, p, a, b, c):
        self.events.append((kind, t, p, a, b, c))

    def kinds(self):
        return [e[0] for e in self.events]

    def of(self, kind):
        return [e for e in self.events if e[0] == kind]
