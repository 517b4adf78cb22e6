"""Fuzzing the files the device reads (issue 63): settings.json, stats.json, error.log and
pins.json, each damaged at random (random bytes, text that is not UTF-8, deep nesting,
wrong types, huge and special numbers, missing, unknown and repeated fields, valid files
cut short, files too big) and put on the simulated flash before power-up.

Whatever the file holds, the board never stops: it reaches the main menu (a notice first,
whose OK reaches it), no error screen comes, a game deals and its cards turn; a file it
refused is kept whole as ``<name>.bad``, and a file it kept is left as it was. A pin map it
cannot use is printed on the USB console while the Pico's LED blinks (main.py).

A few dozen examples with ``make test``; ``make test-deep`` (hypothesis profile ``deep``)
plays many more.
"""
import contextlib
import io
import json
import os
import tempfile

from hypothesis import HealthCheck, given, settings, strategies as st

from host_sim.device import PINS, Device
from host_sim.fakes.rp2040 import WDT_RESET
from slapstack import events as E

EXAMPLES = 400 if settings.default.max_examples >= 10000 else 24   # the deep profile, or make test's

GOOD = {
    "settings.json": {"version": 1, "game": "ratscrew", "players": 4, "humans": 1, "minutes": 0,
                      "level": "normal", "tempo": "fast", "sound": True, "brightness": 80,
                      "rules": {"ratscrew": {"big_mac": True}, "money": {"variant": "egyptian", "aces_money": True}}},
    "stats.json": {"version": 1, "games": {
        "ratscrew": {"played": 3, "endless": 0, "bot_wins": 1, "seats": [
            {"games": 3, "wins": 2, "slaps": 5, "fastest_ms": 231, "reaction_total_ms": 2000, "reactions": 5},
            {"games": 1, "wins": 0, "slaps": 0, "fastest_ms": None, "reaction_total_ms": 0, "reactions": 0}]},
        "war": {"played": 1, "endless": 1, "bot_wins": 0, "seats": []}}},
}
with open(PINS) as f:
    GOOD["pins.json"] = json.load(f)
LOG = b"--- error 5 s after power-up\nValueError: boom\n"

# values as JSON text: wrong types, special and huge numbers, nesting
RAW = ["1e999", "-1e999", "-0.0", "0.5", "NaN", "Infinity", "-1", "99", "4294967297", "1" * 400,
       "true", "false", "null", '""', '"x"', '"\\ud800"', "[]", "{}", "[1, 2]", '{"a": 1}',
       "[" * 40 + "]" * 40, "[" * 3000 + "]" * 3000, "[" + ", ".join(["0"] * 3000) + "]"]
JUNK = [b"\xff", b"\xfe", b"\xc3", b"\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x00"]


def _paths(obj, at=()):
    """Every place in ``obj`` that holds a value: tuples of keys and indices."""
    out = []
    if isinstance(obj, dict):
        for k in obj:
            out.append(at + (k,))
            out.extend(_paths(obj[k], at + (k,)))
    elif isinstance(obj, list):
        for i in range(len(obj)):
            out.append(at + (i,))
            out.extend(_paths(obj[i], at + (i,)))
    return out


def _dicts(obj, at=()):
    return [p for p in [at] + _paths(obj, at) if isinstance(_get(obj, p), dict)]


def _get(obj, path):
    for k in path:
        obj = obj[k]
    return obj


def _copy(obj):
    return json.loads(json.dumps(obj))


PLACE = "@@VALUE@@"


@st.composite
def damaged(draw, name):
    """A damaged ``name`` as bytes."""
    good = GOOD[name]
    text = json.dumps(good, indent=1).encode()
    how = draw(st.sampled_from(["bytes", "cut", "junk", "value", "missing", "unknown", "repeated", "big"]))
    if how == "bytes":
        return draw(st.binary(max_size=300))
    if how == "cut":
        return text[:draw(st.integers(0, len(text) - 1))]
    if how == "junk":
        at = draw(st.integers(0, len(text)))
        return text[:at] + draw(st.sampled_from(JUNK)) + text[at:]
    if how == "big":
        return text[:-1] + b" " * 17000 + b"}"
    obj = _copy(good)
    if how == "value":
        path = draw(st.sampled_from(_paths(obj)))
        _get(obj, path[:-1])[path[-1]] = PLACE
        return json.dumps(obj).replace('"%s"' % PLACE, draw(st.sampled_from(RAW))).encode()
    if how == "missing":
        path = draw(st.sampled_from(_paths(obj)))
        del _get(obj, path[:-1])[path[-1]]
        return json.dumps(obj).encode()
    where = draw(st.sampled_from(_dicts(obj)))
    if how == "unknown":
        _get(obj, where)[draw(st.sampled_from(["extra", "Game", "", "seats "]))] = PLACE
        return json.dumps(obj).replace('"%s"' % PLACE, draw(st.sampled_from(RAW))).encode()
    # repeated: a field the object has, again, with another value (the JSON's last one counts)
    inner = _get(obj, where)
    if not inner:
        return json.dumps(obj).encode()
    key = draw(st.sampled_from(sorted(inner)))
    was = json.dumps(inner[key])
    inner[key] = PLACE
    again = "%s, %s: %s" % (was, json.dumps(key), draw(st.sampled_from(RAW)))
    return json.dumps(obj).replace('"%s"' % PLACE, again).encode()


def _menu_then_a_game(dev):
    """The main menu (after a notice's OK, if one is up) and a game whose cards turn; no error."""
    assert dev.outcome is None, dev.outcome
    noticed = ""
    if dev.screen_name() == "Notice":
        noticed = " ".join(dev.app.screen.lines)
        dev.keys("ok")
    assert dev.screen_name() == "MainMenu", dev.message
    dev.run_for(600)                               # what the menu loads while it waits
    assert dev.screen_name() == "MainMenu", dev.message
    dev.keys("ok")                                 # Play (the cursor's first place)
    dev.run_until_event(E.CARD, 5000)
    dev.run_until_event(E.CARD, 5000)
    assert dev.screen_name() == "Playing", dev.message
    return noticed


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.sampled_from(["settings.json", "stats.json", "error.log", "pins.json"]).flatmap(
    lambda name: st.tuples(st.just(name), damaged(name) if name != "error.log" else st.one_of(
        st.binary(max_size=300), st.sampled_from(JUNK).map(lambda j: LOG + j * 3000 + LOG)))))
def test_no_file_stops_the_board(case):
    name, data = case
    with tempfile.TemporaryDirectory() as d:
        flash = os.path.join(d, "flash")
        dev = Device(flash)                        # (it reads the good pin map for its panel)
        try:
            with open(os.path.join(flash, name), "wb") as f:
                f.write(data)
            if name == "error.log":                # read at power-up after a watchdog restart
                open(os.path.join(flash, "watchdog.armed"), "w").close()
                dev.hw.reset_cause = WDT_RESET
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                dev.boot(400)
                if name == "pins.json" and dev.app is None:   # a map it cannot use: no screen
                    levels = set()
                    for _ in range(6):
                        dev.run_for(100)
                        levels.add(dev.hw.level(25))
                    assert dev.outcome is None and levels == {0, 1}
                    assert "pin map" in out.getvalue() and "Traceback" not in out.getvalue()
                    return
            noticed = _menu_then_a_game(dev)
            bad = os.path.join(flash, name + ".bad")
            if name == "error.log":
                assert "watchdog" in noticed
                with open(os.path.join(flash, name), "rb") as f:
                    log = f.read()
                assert len(log) <= 4096 and log.endswith(b"--- restarted by the watchdog\n")
            elif name + ".bad" in noticed:         # refused: kept whole for a look
                with open(bad, "rb") as f:
                    assert f.read() == data
            else:                                  # used as it is, and left as it was
                assert not os.path.exists(bad)
                with open(os.path.join(flash, name), "rb") as f:
                    assert f.read() == data
        finally:
            dev.close()
