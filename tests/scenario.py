"""Helpers for card-by-card scenario tests (MicroPython and CPython alike).

Scenario games use a 100 ms tempo, so with ``start(0)`` the k-th card (k from 1) is
played at k * 100 ms until a pile is collected; collection waits ``collect_ms``.
"""
from slapstack import eventlog, slapgame, events as E
from slapstack import slaprules
from slapstack.pattern_names import PAT_NAMES

MS = 1000
FILL0 = ["2C", "3C", "4C", "5C", "6C", "8C", "9C", "10C"]   # a hand's filler: no face card, no pair
FILL1 = ["2H", "3H", "4H", "5H", "6H", "8H", "9H", "10H"]
AUTO = {"turn": "auto"}  # Beggar-my-neighbour turned at the tempo, as the other games are


def game(preset, hands, rules=None, tempo_ms=100, seats=None):
    """Scenario hands are short made-up piles whose fillers repeat cards, so they are dealt
    from four packs (the most ``decks`` allows; it changes nothing else in play) unless
    the rules say how many. ``seats``: seats at the table, free ones (no hand) included."""
    rules = dict(rules or {})
    if "decks" not in rules:
        rules["decks"] = 4
    r = slaprules.make_rules(preset, rules)
    rec = eventlog.Recorder()
    g = slapgame.Game(r, len(hands), slaprules.deal(r, len(hands), {"hands": hands}), rec, tempo_ms, seats)
    g.start(0)
    return g, rec


def cards_played_by(g, t_ms):
    g.tick(t_ms * MS)
    return g.cards_played


def tap(g, p, t_ms, hold_ms=5):
    """Press and release seat p's button at t_ms."""
    g.press(p, int(t_ms * MS))
    g.release(p, int((t_ms + hold_ms) * MS))


def slaps(rec):
    """(seat, verdict, the pattern, or for a false slap why it was false) per slap."""
    return [(e[2], eventlog.V_NAMES[e[3]], eventlog.WHY_NAMES[e[4]] if e[3] == E.V_FALSE else PAT_NAMES[e[4]])
            for e in rec.of(E.SLAP)]


def won(rec):
    return [(e[2], eventlog.HOW_NAMES[e[3]], e[4]) for e in rec.of(E.PILE_WON)]


def pile_text(g):
    from slapstack import cards
    return [cards.to_text(g.pile.at(i)) for i in range(g.pile.count)]


def hand_text(g, p):
    from slapstack import cards
    h = g.hands[p]
    return [cards.to_text(h.at(i)) for i in range(h.count)]
