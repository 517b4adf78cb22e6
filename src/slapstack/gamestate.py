"""Copying a game in play, as OpenSpiel's ``state.clone()``: every game (slapgame, war_game,
money_game) keeps what never changes in its ``rules`` (derived once from the options at the
deal) and everything else in its own attributes, so a copy shares the rules and copies the
rest. The copy plays on identically and independently: fed the same inputs it reports the
same events (to its own sink), and neither sees the other's moves. Set-up and tests only:
a copy allocates, play never does.
"""

SHARED = ("rules", "sink")  # never copied: the immutable rules; the sink is the copy's own
_ATOMS = (int, bool, str, bytes, tuple, type(None))


def clone(state, sink):
    """A copy of ``state`` (a game in play) reporting its events to ``sink``."""
    copy = object.__new__(type(state))
    for name, value in state.__dict__.items():
        setattr(copy, name, sink if name == "sink" else value if name in SHARED else _copied(value))
    return copy


def _copied(value):
    """A deep copy of one piece of state: numbers, texts and tuples are kept (they never
    change), lists and bytearrays copied, and objects (card queues, a PRNG) copied field by
    field."""
    if isinstance(value, _ATOMS):
        return value
    if isinstance(value, bytearray):
        return bytearray(value)
    if isinstance(value, list):
        return [_copied(v) for v in value]
    copy = object.__new__(type(value))
    for name, v in value.__dict__.items():
        setattr(copy, name, _copied(v))
    return copy
