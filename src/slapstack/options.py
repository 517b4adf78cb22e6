"""Named rule options with checked values.

Each game declares a schema: ``{name: (default, allowed)}`` where ``allowed`` is
``bool``, ``(lo, hi)`` for an int range, or a tuple of strings for a choice. Presets are
override dicts on top of the schema defaults. Every bad name or value is refused with a
message that names the option, so a replay file or a settings file can say what is wrong.
"""

# The party limit (a house rule: no rules document has it; party.py plays it), in every
# game's schema, off (0) in every preset: minutes of play, or cards played, after which
# the game ends once the pile in play is taken, and whoever holds the most cards wins.
PARTY = {
    "party_minutes": (0, (0, 60)),
    "party_cards": (0, (0, 2000)),
}


def check(schema, name, value):
    if name not in schema:
        known = sorted(schema)
        raise ValueError("unknown rule %r (known rules: %s)" % (name, ", ".join(known)))
    allowed = schema[name][1]
    if allowed is bool:
        if value is not True and value is not False:
            raise ValueError("rule %r must be true or false, got %r" % (name, value))
    elif isinstance(allowed, tuple) and len(allowed) == 2 and isinstance(allowed[0], int):
        lo, hi = allowed
        if type(value) is not int or value < lo or value > hi:
            raise ValueError("rule %r must be a whole number from %d to %d, got %r" % (name, lo, hi, value))
    else:
        if value not in allowed:
            raise ValueError("rule %r must be one of %s, got %r" % (name, ", ".join(allowed), value))
    return value


class Rules:
    """A game's rules as attributes (``rules.sandwich``, ``rules.tie_window_us``), each value
    stored once: the device reads them in the hot path. No methods, so a game in play
    holds only the values, not this module's code (see games.forget_setup)."""


def make(schema, preset=None, overrides=None):
    """The schema's defaults, then the preset's, then the overrides, each checked."""
    rules = Rules()
    for name in schema:
        setattr(rules, name, schema[name][0])
    for layer in (preset, overrides):
        if layer:
            if not isinstance(layer, dict):
                raise ValueError("rules must be an object of name: value pairs")
            for name in layer:
                setattr(rules, name, check(schema, name, layer[name]))
    return rules


def as_dict(rules, schema):
    out = {}
    for name in schema:
        out[name] = getattr(rules, name)
    return out
