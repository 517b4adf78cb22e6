"""Named rule options with checked values.

Each game declares a schema: ``{name: (default, allowed)}`` where ``allowed`` is
``bool``, ``(lo, hi)`` for an int range, or a tuple of strings for a choice. Presets are
override dicts on top of the schema defaults. Every bad name or value is refused with a
message that names the option, so a replay file or a settings file can say what is wrong.
"""


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


class Options:
    """Attribute access to a game's rules: ``rules.sandwich``, ``rules.tie_window_us``.

    Each value is stored once, as an attribute (the device reads them in the hot path)."""

    def __init__(self, schema, preset=None, overrides=None):
        self._schema = schema
        for name in schema:
            setattr(self, name, schema[name][0])
        for layer in (preset, overrides):
            if layer:
                if not isinstance(layer, dict):
                    raise ValueError("rules must be an object of name: value pairs")
                for name in layer:
                    setattr(self, name, check(schema, name, layer[name]))

    def as_dict(self):
        out = {}
        for name in self._schema:
            out[name] = getattr(self, name)
        return out
