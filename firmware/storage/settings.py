"""The player's choices (game, seats, length, bots, rules, tempo, sound, brightness), checked
on load.

Settings live in ``settings.json`` on the flash. Loading never fails: a missing file gives
the defaults (one human on seat 1 against bots at the Ratscrew table, so a new player
presses OK once and plays); a damaged file or a bad value falls back field by field, and
each fallback comes back as a short message for the screen.
"""
import os
import sys

from micropython import const

from slapstack import games
from slapstack.options import check

FILE = "settings.json"
_VERSION = const(1)
LEVELS = ("easy", "normal", "hard")
# Tempo names and the percentage of a game's own TEMPO_MS they use.
TEMPOS = ("slow", "normal", "fast", "frantic")
TEMPO_PERCENT = (150, 100, 75, 55)
BRIGHTNESS = (10, 100, 10)  # lo, hi, step (percent)
# A game's length on the main menu: 0 the whole game (as the rules documents play it), else
# minutes of play, after which the most cards wins (the engine's party_minutes, 1-60)
LENGTHS = (0, 5, 10, 15, 20, 30, 45, 60)


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
        "minutes": 0,
        "level": "normal",
        "tempo": "normal",
        "sound": True,
        "brightness": 100,
        "rules": {},
    }


def players_range(game, seats):
    lo, hi = games.players_range(game)
    return lo, min(hi, seats)


def load(store, game_names, seats):
    """(settings, messages). ``seats`` is how many seat buttons the board has."""
    base = defaults(game_names, seats)
    data, problem = store.load_json(FILE)
    messages = [problem] if problem else []
    if data is None:
        return base, messages
    if type(data) is not dict:
        return base, messages + ["settings.json held no settings; defaults used"]
    s = dict(base)
    for key in ("game", "level", "tempo"):
        allowed = {"game": game_names, "level": LEVELS, "tempo": TEMPOS}[key]
        if key in data:
            if data[key] in allowed:
                s[key] = data[key]
            else:
                messages.append("setting %s=%r unknown; using %s" % (key, data[key], base[key]))
    if "sound" in data:
        if data["sound"] is True or data["sound"] is False:
            s["sound"] = data["sound"]
        else:
            messages.append("setting sound=%r is not on/off; sound on" % (data["sound"],))
    _int_field(s, data, "brightness", BRIGHTNESS[0], BRIGHTNESS[1], messages)
    _int_field(s, data, "players", 2, seats, messages)
    _int_field(s, data, "humans", 1, seats, messages)
    _int_field(s, data, "minutes", 0, LENGTHS[-1], messages)
    aside = data.get("aside")
    if type(aside) is list and len(aside) == 2 and type(aside[0]) is int and type(aside[1]) is int \
            and 2 <= aside[0] <= seats and 1 <= aside[1] <= aside[0]:
        s["aside"] = aside
    rules = data.get("rules", {})
    if type(rules) is dict:
        for game in rules:
            if type(rules[game]) is dict:
                s["rules"][game] = dict(rules[game])
                # the time limit was a rule of each game; it is the menu's length now
                minutes = s["rules"][game].pop("party_minutes", 0)
                if game == s["game"] and "minutes" not in data and type(minutes) is int \
                        and 0 <= minutes <= LENGTHS[-1]:
                    s["minutes"] = minutes
    else:
        messages.append("setting rules is damaged; every game uses its own rules")
    for m in LENGTHS:  # a length between the menu's steps: the next one up
        if m >= s["minutes"]:
            s["minutes"] = m
            break
    normalise(s, seats)
    messages.extend(clean_rules(s, s["game"]))
    return s, messages


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
        messages.append("setting %s=%r is not %d-%d; using %d" % (key, v, lo, hi, s[key]))


def clean_rules(s, game):
    """Drop the chosen game's saved rule overrides that its schema refuses; returns messages."""
    overrides = s["rules"].get(game)
    if not overrides:
        return []
    schema = games.game_module(game).SCHEMA
    messages = []
    for name in list(overrides):
        try:
            check(schema, name, overrides[name])
        except ValueError:
            messages.append("rule %s=%r dropped" % (name, overrides[name]))
            del overrides[name]
    return messages


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


def save(store, s):
    return store.save_json(FILE, s)
