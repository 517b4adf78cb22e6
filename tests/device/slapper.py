"""The presses the device tests make in a 4-seat Ratscrew game, as a rule both sides follow.

The same rule runs against the laptop engine (to pick a deal whose game ends soon and to
know its winner beforehand) and against the emulated Pico (presses from outside at exact
emulated microseconds). It reads only the engine's events, so both runs press alike:

- a double or a sandwich on top: the next seat in turn (0, 1, 2, 3, 0...) slaps
  ``SLAP_AFTER_US`` after the card was turned; a card shows within 136 ms on the chip
  and the next comes ``tempo`` later, so the press lands while the combination is seen;
- the ``FALSE_AT``-th card, if it makes no combination: seat 1 slaps (a false slap).
"""
from slapstack import cards
from slapstack import events as E

SLAP_AFTER_US = 250000
HOLD_US = 60000
FALSE_AT = 4
FALSE_SEAT = 1
SETTINGS = {"game": "ratscrew", "players": 4, "humans": 4, "tempo": "frantic"}
TEMPO_MS = 700 * 55 // 100  # Ratscrew's 700 ms at "frantic" (firmware/storage/settings.py)


class Slapper:
    """Feed it the game's events in order; ``due`` holds the presses to make: (t, seat)."""

    def __init__(self, false_at=FALSE_AT):
        self.false_at = false_at
        self.top = []         # ranks of the cards played onto the pile since it was taken
        self.combos = 0
        self.cards = 0
        self.due = []

    def event(self, kind, t, p, a, b, c):
        if kind == E.CARD:
            self.cards += 1
            self.top = (self.top + [cards.rank(a)])[-3:]
            r = self.top
            combo = len(r) >= 2 and r[-1] == r[-2] or len(r) >= 3 and r[-1] == r[-3]
            if combo:
                self.due.append((t + SLAP_AFTER_US, self.combos % 4))
                self.combos += 1
            elif self.cards == self.false_at:
                self.due.append((t + SLAP_AFTER_US, FALSE_SEAT))
        elif kind == E.PILE_WON:
            self.top = []


def play_on_laptop(deal, limit_cards=400):
    """The game the device will play with ``deal`` (as a replay file gives it: a seed or
    the hands) and these presses: (events, table)."""
    from slapstack.table import Table

    got = []
    slapper = Slapper()

    def sink(*ev):
        got.append(ev)
        slapper.event(*ev)

    table = Table("ratscrew", 4, deal=deal, tempo_ms=TEMPO_MS, sink=sink, live=True)
    t = 1000000
    table.start(t)
    seen = 0
    held = []  # (release time, seat)
    while not table.game.over and slapper.cards < limit_cards:
        t += 5000
        for when, seat in sorted(slapper.due):
            if when <= t:
                table.press(seat, when)
                held.append((when + HOLD_US, seat))
        slapper.due = [d for d in slapper.due if d[0] > t]
        for when, seat in sorted(held):
            if when <= t:
                table.release(seat, when)
        held = [h for h in held if h[0] > t]
        table.advance(t)
        if slapper.cards != seen:
            seen = slapper.cards
            table.reveal(t)
    return got, table
