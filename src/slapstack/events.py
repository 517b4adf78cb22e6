"""Events: everything that happens in a game, as small ints.

The engine reports each change by calling ``sink(kind, t, p, a, b, c)`` with ints only,
so emitting an event allocates nothing on the device. ``t`` is the wrapped microsecond
time (see clock.py) and ``p`` the player (or -1). What a, b and c mean depends on the
kind; ``SPEC`` names them and says how to print them. ``to_dict`` turns one event into
the dict printed as one JSON line (host side; it allocates).
"""

from slapstack import cards, clock

# --- shared by every game -------------------------------------------------------
GAME_START = 1      # p=first player, a=players, b=cards in play
CARD = 2            # p plays card a; b = pile size after
CHALLENGE = 3       # p (challenger) played face card a; b = chances the next player gets
CHALLENGE_MET = 4   # p met the challenge with face card a; b = chances the next player gets
CHALLENGE_FAILED = 5  # p failed; a = challenger who is owed the pile
PILE_WON = 6        # p takes the pile: a = how (HOW_*), b = cards taken, c = pattern if slap
SLAP = 7            # p slapped: a = verdict (V_*), b = pattern (PAT_*), c = reaction us or -1
BURN = 8            # p burns card a to the bottom of the pile; b = cards burned this penalty
ELIMINATED = 9      # p is out (no cards when needed)
SLAPPED_IN = 10     # p was out and is back in by a slap
NEGATIVE = 11       # p, out, slapped falsely: a = negative cards now, b = limit
LOCKOUT = 12        # p may not slap for a rounds (piles won)
GAME_OVER = 13      # p = winner or -1; a = cards played, b = piles taken, c = END_*
TURN = 14           # p is to play next; a = chances left in a challenge (0 if none)
# --- War (40-49) and Money (50-69) are defined in their game modules' section below ---

HOW_CHALLENGE = 0
HOW_SLAP = 1
HOW_LAST_STANDING = 2  # every other player is out: the one left takes the pile
HOW_BATTLE = 3         # War: higher card
HOW_CAPTURE = 4        # Money: matching number
HOW_PENALTY = 5        # Money: the opponent claimed wrongly
HOW_NAMES = ("challenge", "slap", "last_standing", "battle", "capture", "penalty")

V_WIN = 0      # valid, earliest: takes the pile
V_LATE = 1     # valid, but someone was earlier: no penalty
V_TIE = 2      # valid, but tied within the tie window: nobody takes it
V_FALSE = 3    # no combination: penalty
V_IGNORED = 4  # not counted: locked out, out with no slapping in, or slaps not allowed now
V_NAMES = ("win", "late", "tie", "false", "ignored")

END_WIN = 0
END_ENDLESS = 1   # a state repeated with no inputs left: the game can never end
END_NAMES = ("win", "endless")

# Pattern ids (what a slap was on). Names per game come from rules.pattern_name().
PAT_NONE = 0
PAT_DOUBLE = 1
PAT_SANDWICH = 2
PAT_BIG_MAC = 3
PAT_RUN = 4
PAT_FLUSH = 5
PAT_MARRIAGE = 6
PAT_TENS = 7
PAT_NILE_NINE = 8
PAT_JOKER = 9      # a wild joker on top, when "joker_slap" is on
PAT_SEVEN_DIAMONDS = 10  # Money (Egyptian): the seven of diamonds takes any pile
PAT_NAMES = ("none", "double", "sandwich", "big_mac", "run", "flush", "marriage", "tens",
             "nile_nine", "joker", "seven_of_diamonds")

# How each field prints: None (omit), "int", "card", "how", "verdict", "pattern", "end",
# "player" (int, -1 printed as null).
SPEC = {
    GAME_START: ("game_start", "player", "players", "int", "cards", "int", None, None),
    CARD: ("card", "player", "card", "card", "pile", "int", None, None),
    CHALLENGE: ("challenge", "player", "card", "card", "chances", "int", None, None),
    CHALLENGE_MET: ("challenge_met", "player", "card", "card", "chances", "int", None, None),
    CHALLENGE_FAILED: ("challenge_failed", "player", "challenger", "player", None, None, None, None),
    PILE_WON: ("pile_won", "player", "how", "how", "cards", "int", "pattern", "pattern"),
    SLAP: ("slap", "player", "verdict", "verdict", "pattern", "pattern", "reaction_us", "int"),
    BURN: ("burn", "player", "card", "card", "burned", "int", None, None),
    ELIMINATED: ("eliminated", "player", None, None, None, None, None, None),
    SLAPPED_IN: ("slapped_in", "player", None, None, None, None, None, None),
    NEGATIVE: ("negative", "player", "negatives", "int", "limit", "int", None, None),
    LOCKOUT: ("lockout", "player", "rounds", "int", None, None, None, None),
    GAME_OVER: ("game_over", "winner", "cards_played", "int", "piles_taken", "int", "result", "end"),
    TURN: ("turn", "player", "chances", "int", None, None, None, None),
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
    return d


class JsonLines:
    """A sink that turns each event into a dict with its time in ms since ``t0``."""

    def __init__(self, out, t0=0):
        self.out = out
        self.elapsed = clock.Elapsed(t0)

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
