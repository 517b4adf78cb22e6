"""Nothing a file on the flash holds can stop the handheld (issue 63): settings.json,
stats.json, error.log and pins.json damaged every way a tester found, end to end on the
simulated board. A file the firmware cannot use is kept as ``<name>.bad`` and the board goes
on with what it trusts, saying so once; OK on a notice or on the error screen reaches the menu."""
import json
import sys

import pytest

from host_sim.device import PINS
from host_sim.fakes.rp2040 import WDT_RESET
from slapstack import events as E

from host_sim.tests.test_e2e_menu import go_to

DEEP = b"[" * 3000 + b"]" * 3000
GOOD_STATS = {"version": 1, "games": {"ratscrew": {"played": 3, "endless": 0, "bot_wins": 1, "seats": [
    {"games": 3, "wins": 2, "slaps": 5, "fastest_ms": 231, "reaction_total_ms": 2000, "reactions": 5}]}}}


def _notice_then_menu(dev, *words):
    """The board is on a notice naming ``words``; OK leads to the main menu."""
    assert dev.outcome is None, dev.outcome            # running, not stopped
    assert dev.screen_name() == "Notice", dev.message
    text = " ".join(dev.app.screen.lines)
    for w in words:
        assert w in text, text
    dev.keys("ok")
    assert dev.screen_name() == "MainMenu" and dev.app.screen.menu.items()[0] == "Play"


def _plays(dev):
    """From the main menu (cursor on Play) OK deals a game, and its cards turn."""
    go_to(dev, "Play")
    dev.keys("ok")
    dev.run_until_event(E.CARD, 5000)
    dev.run_until_event(E.CARD, 5000)
    assert dev.screen_name() == "Playing"


@pytest.mark.parametrize("name, data", [
    ("settings.json", b'{"game": "ratscrew", "tempo": "fa\xff\xfest"}'),       # not UTF-8
    ("settings.json", b'{"game": ' + DEEP + b'}'),                               # nested 3000 deep
    ("settings.json", bytes(range(256)) * 4),                                     # binary junk
    ("settings.json", b'{"players": 3, ' + b' ' * 9000 + b'}'),                   # too big
    ("stats.json", bytes(range(256)) * 4),
    ("stats.json", b'{"version": 1, "games": {"ratscrew": \xc3}}'),
    ("stats.json", DEEP),
], ids=["settings-not-utf8", "settings-deep", "settings-junk", "settings-too-big", "stats-junk",
        "stats-not-utf8", "stats-deep"])
def test_a_damaged_file_at_power_up_is_set_aside_and_the_menu_comes(make_device, flash, name, data):
    (flash / name).write_bytes(data)
    dev = make_device(boot=False)
    dev.boot(400)
    _notice_then_menu(dev, name, "damaged")
    assert (flash / (name + ".bad")).read_bytes() == data        # kept for a look, not lost
    _plays(dev)


def test_moneys_egyptian_rule_in_the_jordanian_game_is_dropped_at_power_up(make_device, flash):
    # the tester's file: the Error screen came at power-up and after every OK, never the menu
    dev = make_device(settings={"game": "money", "players": 2, "rules": {"money": {"aces_money": True}}})
    _notice_then_menu(dev, "aces_money")
    dev.run_for(2000)                      # the menu loads How to play and the game ahead: no error
    assert dev.screen_name() == "MainMenu"
    assert dev.app.settings["game"] == "money" and dev.app.settings["rules"]["money"] == {}
    saved = json.loads((flash / "settings.json").read_text())   # what was kept, saved in its place
    assert saved["game"] == "money" and saved["rules"] == {"money": {}}
    assert (flash / "settings.json.bad").exists()
    _plays(dev)


def test_rules_another_game_refuses_are_dropped_before_the_game_entry_reaches_it(make_device, flash):
    dev = make_device(settings={"game": "ratscrew", "players": 4,
                                "rules": {"money": {"variant": "syrian", "jokers": True},
                                          "ratscrew": {"big_mac": True}}})
    _notice_then_menu(dev, "jokers")
    assert dev.app.settings["rules"] == {"money": {"variant": "syrian"}, "ratscrew": {"big_mac": True}}
    go_to(dev, "Game")
    for _ in range(6):                     # round every game, Money among them
        dev.keys("ok")
        dev.run_for(1500)                  # each one's code and How to play loaded ahead
        assert dev.screen_name() == "MainMenu", dev.message
    go_to(dev, "Rules")
    dev.keys("ok")
    assert dev.screen_name() == "Rules"


BAD_RECORDS = {
    "ratscrew": 7,                                                                   # a number
    "egyptian_war": {"played": 2, "endless": 0, "seats": []},                        # a field missing
    "ruffle": {"played": 2, "endless": 0, "bot_wins": 0, "seats": [3]},              # a seat a number
    "beggar": {"played": 2, "endless": 0, "bot_wins": 0, "seats": [
        {"games": 1, "wins": 0, "slaps": 0, "fastest_ms": None, "reaction_total_ms": 0, "reactions": 2}]},
    "war": {"played": 1e999, "endless": 0, "bot_wins": 0, "seats": []},
    "money": {"played": 2, "endless": -1, "bot_wins": 0, "seats": [None] * 5},   # and five seats
}


@pytest.mark.parametrize("game", sorted(BAD_RECORDS))
def test_a_malformed_statistics_record_is_dropped_and_statistics_open(make_device, flash, game):
    data = {"version": 1, "games": {game: BAD_RECORDS[game]}}
    if game != "ratscrew":
        data["games"]["ratscrew"] = GOOD_STATS["games"]["ratscrew"]
    text = json.dumps(data).replace("Infinity", "1e999")
    (flash / "stats.json").write_text(text)
    dev = make_device(boot=False)
    dev.boot(400)
    _notice_then_menu(dev, "stats.json", "dropped")
    assert (flash / "stats.json.bad").read_text() == text
    assert game not in dev.app.stats["games"]
    go_to(dev, "Statistics")
    dev.keys("ok")
    for _ in range(6):                     # every game's statistics
        assert dev.screen_name() == "Statistics", dev.message
        if dev.app.screen.menu.title == "Ratscrew stats" and game != "ratscrew":
            assert dev.app.screen.menu.items()[0] == "Played 3, bots won 1"   # the good record stays
        dev.keys("ok")


def test_a_game_after_malformed_statistics_ends_and_is_counted(make_device, flash):
    (flash / "stats.json").write_text(json.dumps({"version": 1, "games": {"ratscrew": {
        "played": 2, "endless": 0, "bot_wins": 0, "seats": [
            {"games": None, "wins": 0, "slaps": 0, "fastest_ms": None, "reaction_total_ms": 0, "reactions": 0}]}}}))
    (flash / "settings.json").write_text(json.dumps({"players": 2, "humans": 1, "level": "hard", "tempo": "frantic"}))
    dev = make_device(boot=False)
    dev.boot(400)
    _notice_then_menu(dev, "stats.json")
    dev.keys("ok")
    dev.run_until_event(E.GAME_OVER, 30 * 60 * 1000, step_ms=50)
    dev.run_for(500)
    assert dev.screen_name() == "Winner", dev.message
    assert json.loads((flash / "stats.json").read_text())["games"]["ratscrew"]["played"] == 1


def _boom_on_a_slap():
    App = sys.modules["app.loop"].App
    shown = App.on_event

    def on_event(self, kind, t, p, a, b, c):
        shown(self, kind, t, p, a, b, c)
        if kind == E.SLAP:
            raise ValueError("boom in the slap handler")
    App.on_event = on_event


def test_an_error_log_that_is_not_text_does_not_stop_the_crash_handler(make_device, flash):
    junk = b"\xff\xfe\x00 junk \xc3\n" * 700                    # and over the log's 4 KB
    (flash / "error.log").write_bytes(junk)
    dev = make_device(settings={"players": 2, "humans": 2, "tempo": "frantic"})
    _boom_on_a_slap()
    dev.keys("ok")
    dev.run_until_event(E.CARD, 3000)
    dev.tap(0)
    assert dev.outcome is None and dev.message[0] == "Error"
    assert "ValueError: boom in the slap handler" in " ".join(dev.message[1])
    log = (flash / "error.log").read_bytes()
    assert len(log) <= 4096 and b"ValueError: boom in the slap handler" in log
    dev.keys("ok")
    assert dev.screen_name() == "MainMenu"


def test_a_watchdog_restart_with_an_error_log_that_is_not_text_still_says_so(make_device, flash):
    (flash / "error.log").write_bytes(b"\x80\x81 not text")
    (flash / "watchdog.armed").write_text("")
    dev = make_device(boot=False)
    dev.hw.reset_cause = WDT_RESET
    dev.boot(400)
    _notice_then_menu(dev, "watchdog")
    assert (flash / "error.log").read_bytes().endswith(b"--- restarted by the watchdog\n")


def test_ok_on_an_error_that_comes_back_at_once_reaches_the_menu_with_the_defaults(make_device, flash):
    dev = make_device(settings={"game": "money", "players": 2})
    # rules the engine refuses, come by another way than the file: the menu's loading
    # ahead (How to play) fails each time the menu comes back
    dev.app.settings["rules"]["money"] = {"aces_money": True}
    dev.keys("down")
    dev.run_for(1000)
    assert dev.message[0] == "Error"
    for _ in range(2):                   # the error, then the same error at once
        dev.keys("ok")
        dev.run_for(1000)
        if dev.screen_name() == "MainMenu":
            break
    assert dev.screen_name() == "MainMenu"
    dev.run_for(3000)
    assert dev.screen_name() == "MainMenu" and dev.app.settings["game"] == "ratscrew"
    _plays(dev)


def test_a_menu_that_fails_at_power_up_gives_the_error_then_the_menu(make_device, flash):
    dev = make_device(settings={"game": "beggar"}, boot=False)
    Renderer = sys.modules["painters.renderer"].Renderer
    menu = Renderer.menu

    def fails_for_beggar(r, title, items, selected, hint):
        if any("Beggar" in item for item in items):
            raise RuntimeError("a menu that cannot be drawn")
        menu(r, title, items, selected, hint)
    Renderer.menu = fails_for_beggar
    dev.boot(400)
    assert dev.outcome is None and dev.message[0] == "Error"
    dev.keys("ok")
    assert dev.screen_name() == "MainMenu" and dev.app.settings["game"] == "ratscrew"


@pytest.mark.parametrize("data", [
    b"",                                                      # cut to nothing
    b"cut",                                                   # cut inside a character (below)
    b'{"schema": 1, "notes": ' + DEEP + b'}',                  # nested deep
    bytes(range(256)) * 8,                                    # junk
    b'{"schema": 1, "notes": ["' + b"x" * 20000 + b'"]}',      # too big
], ids=["empty", "cut-mid-character", "deep", "junk", "too-big"])
def test_a_damaged_pin_map_is_printed_and_the_pico_led_blinks(make_device, flash, capsys, data):
    if data == b"cut":
        with open(PINS) as f:
            pins = json.load(f)
        pins["notes"] = ["seat 1 is the player\u2019s own"]     # a character of three bytes
        whole = json.dumps(pins, ensure_ascii=False).encode()
        data = whole[:whole.index("\u2019".encode()) + 1]
    dev = make_device(boot=False)
    (flash / "pins.json").write_bytes(data)
    dev.boot(100)
    levels = set()
    for _ in range(8):
        dev.run_for(100)
        levels.add(dev.hw.level(25))
    assert dev.outcome is None and levels == {0, 1}        # blinking, not stopped
    out = capsys.readouterr().out
    assert "pin map" in out and "pins.json" in out and "Traceback" not in out
