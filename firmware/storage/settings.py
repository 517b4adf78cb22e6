"""The player's choices (game, seats, length, bots, rules, tempo, sound, brightness, head
starts and the evening balance), checked on load.

Settings live in ``settings.json`` on the flash. Loading never fails: a missing file gives
the defaults (one human on seat 1 against bots at the Ratscrew table, so a new player
presses OK once and plays); a damaged file (store.py) gives them too, and a bad value, an
unknown field or a saved rule a game refuses falls back alone; each comes back as a short
message for the screen, and the file is kept aside as settings.json.bad.
"""
import os
import sys

from micropython import const

from slapstack import games
from slapstack.options import check
from storage.store import shown

UNLOAD_WITH = "menus"  # let go when a game is dealt (app/unload.py)

FILE = "settings.json"
_VERSION = const(1)
# The bots' levels: the fixed ones, then "match", which learns the people's pace as the game
# goes (slapstack/pace.py), in every game
LEVELS = ("easy", "normal", "hard", "match")
# Tempo names and the percentage of a game's own TEMPO_MS they use.
TEMPOS = ("slow", "normal", "fast", "frantic")
TEMPO_PERCENT = (150, 100, 75, 55)
BRIGHTNESS = (10, 100, 10)  # lo, hi, step (percent)
# A game's length on the main menu: 0 the whole game (as the rules documents play it), else
# minutes of play, after which the most cards wins (the engine's party_minutes, 1-60). By
# default 15: played whole, one Ratscrew or Money game in ten with three bots ran past 30
# minutes (src/slapstack/README.md, "A shorter game for parties"). An older file's length is
# kept: every one offered before is offered still.
LENGTHS = (0, 3, 5, 10, 15, 20, 30, 45, 60)
LENGTH = const(15)
# A seat's head start on the menu (ms: lo, hi, step), kept by seat number ("2": 150) where not 0
HEAD_START = (0, 500, 25)
_FIELDS = ("version", "game", "players", "humans", "minutes", "level", "tempo", "sound", "brightness",
           "rules", "aside", "head_start", "balance")


def available_games():
    """The games this build has: the slap family always; war and money when their module
    is on the device (``slapstack/<name>.mpy`` or ``.py`` on the path). Importing them to
    find out would keep ~14 KB of heap for good (interned names), so only the file is
    looked for; a module that is there but broken shows the error screen when played."""
    out = []
    for name in games.ALL:
        if name in games.SLAP_FAMILY or _module_file(name):
            out.append(name)
    return out


def _module_file(name):
    for d in sys.path:
        for ext in (".mpy", ".py"):
            try:
                os.stat((d + "/" if d else "") + "slapstack/" + name + ext)
                return True
            except OSError:
                pass
    return False


def defaults(game_names, seats):
    return {
        "version": _VERSION,
        "game": game_names[0],
        "players": players_range(game_names[0], seats)[1],
        "humans": 1,
        "minutes": LENGTH,
        "level": "normal",
        "tempo": "normal",
        "sound": True,
        "brightness": 100,
        "rules": {},
        "head_start": {},
        "balance": False,
    }


def players_range(game, seats):
    lo, hi = games.players_range(game)
    return lo, min(hi, seats)


def load(store, game_names, seats):
    """(settings, messages). ``seats`` is how many seat buttons the board has. Every field
    is checked (known fields only, each value's type and range, each game's saved rules
    against its schema and against what the game accepts as a whole); what is refused
    falls back alone, with a message that names it. A file with anything refused is kept
    as settings.json.bad and what was kept is saved in its place."""
    base = defaults(game_names, seats)
    data, problem = store.load_json(FILE)
    if problem:
        return base, [problem]
    if data is None:
        return base, []
    messages = []
    if type(data) is not dict:
        s = base
        messages.append("settings.json held no settings; defaults used")
    else:
        s = _read(data, base, game_names, seats, messages)
    if messages:
        store.set_aside(FILE)
        saved = save(store, s)
        if saved:
            messages.append(saved)
        messages.append("The old file is kept as settings.json.bad.")
    return s, messages


def _read(data, base, game_names, seats, messages):
    s = dict(base)
    s["rules"] = {}
    for key in data:
        if key not in _FIELDS:
            messages.append("settings.json: unknown setting %s dropped" % shown(key))
    if "version" in data and not (type(data["version"]) is int and data["version"] == _VERSION):
        messages.append("settings.json: version %s unknown; read as version %d" % (shown(data["version"]), _VERSION))
    for key in ("game", "level", "tempo"):
        allowed = {"game": game_names, "level": LEVELS, "tempo": TEMPOS}[key]
        if key in data:
            if type(data[key]) is str and data[key] in allowed:
                s[key] = data[key]
            else:
                messages.append("setting %s=%s unknown; using %s" % (key, shown(data[key]), base[key]))
    if "sound" in data:
        if data["sound"] is True or data["sound"] is False:
            s["sound"] = data["sound"]
        else:
            messages.append("setting sound=%s is not on/off; sound on" % shown(data["sound"]))
    if "balance" in data:
        if data["balance"] is True or data["balance"] is False:
            s["balance"] = data["balance"]
        else:
            messages.append("setting balance=%s is not on/off; balance off" % shown(data["balance"]))
    s["head_start"] = _head_starts(data.get("head_start", {}), seats, messages)
    _int_field(s, data, "brightness", BRIGHTNESS[0], BRIGHTNESS[1], messages)
    _int_field(s, data, "players", 2, seats, messages)
    _int_field(s, data, "humans", 1, seats, messages)
    _int_field(s, data, "minutes", 0, LENGTHS[-1], messages)
    if "aside" in data:
        aside = data["aside"]
        if type(aside) is list and len(aside) == 2 and type(aside[0]) is int and type(aside[1]) is int \
                and 2 <= aside[0] <= seats and 1 <= aside[1] <= aside[0]:
            s["aside"] = aside
        else:
            messages.append("setting aside=%s is not two counts of players; dropped" % shown(aside))
    rules = data.get("rules", {})
    if type(rules) is dict:
        for game in rules:
            if game not in game_names:
                messages.append("settings.json: rules of an unknown game %s dropped" % shown(game))
            elif type(rules[game]) is not dict:
                messages.append("settings.json: %s's rules are not a list of rules; dropped" % game)
            else:
                overrides = dict(rules[game])
                # the time limit was a rule of each game; it is the menu's length now
                minutes = overrides.pop("party_minutes", 0)
                if game == s["game"] and "minutes" not in data and type(minutes) is int \
                        and 0 <= minutes <= LENGTHS[-1]:
                    s["minutes"] = minutes
                s["rules"][game] = _good_rules(game, overrides, messages)
    else:
        messages.append("setting rules is damaged; every game uses its own rules")
    for m in LENGTHS:  # a length between the menu's steps: the next one up
        if m >= s["minutes"]:
            s["minutes"] = m
            break
    normalise(s, seats)
    return s


def _head_starts(saved, seats, messages):
    """The saved head starts a seat of this board takes: by seat number ("1" to seats), each
    a menu value (HEAD_START); the others dropped, each with a message."""
    kept = {}
    if type(saved) is not dict:
        messages.append("setting head_start is damaged; no head starts")
        return kept
    lo, hi, step = HEAD_START
    for key in saved:
        v = saved[key]
        if key not in [str(p) for p in range(1, seats + 1)]:
            messages.append("setting head_start of a seat %s this board lacks dropped" % shown(key))
        elif type(v) is not int or not lo <= v <= hi or v % step:
            messages.append("setting head_start %s=%s is not %d-%d ms in steps of %d; 0 used" % (key, shown(v), lo, hi, step))
        elif v:
            kept[key] = v
    return kept


def _good_rules(game, overrides, messages):
    """The saved rule overrides of ``game`` it accepts: each by its schema, and all that are
    kept together by the game's ``make_rules`` (Money refuses an Egyptian rule in the
    Jordanian game); the others dropped, each with a message."""
    mod = games.game_module(game)
    kept = {}
    for name in overrides:
        value = overrides[name]
        kept[name] = value
        try:
            check(mod.SCHEMA, name, value)
        except ValueError:
            messages.append("rule %s=%s dropped" % (shown(name), shown(value)))
            del kept[name]
            continue
        try:
            mod.make_rules(game, kept)
        except ValueError:
            messages.append("rule %s=%s dropped: %s does not play it with its other rules" % (
                name, shown(value), game))
            del kept[name]
    return kept


def humans_range(s):
    """People at the table: from 1 (every other seat a bot; every game has bots, War and
    Money included) to every seat."""
    return 1, s["players"]


def normalise(s, seats):
    """Keep players within what the game and the board allow, and humans within players.
    A game with fewer seats (War, Money) sets the counts it cannot seat aside ("aside"),
    and the next game that seats them brings them back: Ratscrew for four, War, then
    Ratscrew is four again."""
    lo, hi = players_range(s["game"], seats)
    aside = s.get("aside")
    if aside is not None and lo <= aside[0] <= hi:
        s["players"], s["humans"] = aside
        del s["aside"]
    elif not lo <= s["players"] <= hi:
        if aside is None:
            s["aside"] = [s["players"], s["humans"]]
        s["players"] = max(lo, min(hi, s["players"]))
    lo, hi = humans_range(s)
    s["humans"] = max(lo, min(hi, s["humans"]))


def _int_field(s, data, key, lo, hi, messages):
    if key not in data:
        return
    v = data[key]
    if type(v) is int and lo <= v <= hi:
        s[key] = v
    else:
        messages.append("setting %s=%s is not %d-%d; using %d" % (key, shown(v), lo, hi, s[key]))


def tempo_ms(s):
    mod = games.game_module(s["game"])
    return mod.TEMPO_MS * TEMPO_PERCENT[TEMPOS.index(s["tempo"])] // 100


def table_args(s):
    """What ``Table`` needs for a new game with these settings (seed added by the caller)."""
    bots = {}
    for seat in range(s["humans"], s["players"]):
        bots[seat] = s["level"]
    rules = dict(s["rules"].get(s["game"], {}))
    if s["minutes"]:
        rules["party_minutes"] = s["minutes"]
    return {
        "game": s["game"],
        "players": s["players"],
        "rules": rules,
        "tempo_ms": tempo_ms(s),
        "bots": bots,
    }


def head_starts(s, seats, table_args, balance=None):
    """Each of the table's ``seats`` seats' head start (ms) for a new game with these
    settings and ``table_args``: the evening balance's (balance.py; all 0 before its first
    game) when it is on, else the menu's; None when the game has no race (slaps, or War's
    calls: games.can "race") or nobody has one. War's two seats take seats 1 and 2's."""
    if s["balance"]:
        out = balance.head_starts()[:seats] if balance is not None else [0] * seats
    else:
        out = [s["head_start"].get(str(p + 1), 0) for p in range(seats)]
    if not max(out):
        return None
    mod = games.game_module(s["game"])
    return out if games.can(s["game"], "race", mod.make_rules(s["game"], table_args["rules"])) else None


def save(store, s):
    return store.save_json(FILE, s)
