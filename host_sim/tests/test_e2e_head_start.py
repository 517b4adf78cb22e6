"""Head starts and the evening balance on the device: set on the menu, shown on each seat's
strip, given to the table, kept in the saved replay and watched again; the balance setting
them from the games played since power-up."""
import json

from slapstack import clock, replay
from slapstack import events as E

from host_sim.device import MS
from host_sim.tests.screen_text import TextLog
from host_sim.tests.test_e2e_menu import go_to

QUICK = {"players": 4, "humans": 1, "tempo": "frantic", "rules": {"ratscrew": {"party_cards": 60}}}


def _to_the_end(dev):
    """The game on the table played to its winner by the bots (the person never presses)."""
    while dev.screen_name() == "Playing":
        dev.run_for(500)
        assert len(dev.of(E.CARD)) < 5000
    assert dev.screen_name() == "Winner", dev.message


def test_a_head_start_set_on_the_menu_is_shown_on_its_strip_and_kept_in_the_replay(make_device, flash):
    dev = make_device(dict(QUICK))
    go_to(dev, "Head starts")
    dev.keys("ok")
    assert dev.app.screen.menu.items() == ["Evening balance: off", "Red: +0 ms", "Blue: +0 ms",
                                           "Green: +0 ms", "Yellow: +0 ms"]
    dev.keys("down", "down", "ok", "up", "up", "up", "up", "up", "up", "ok")  # Blue: 6 steps of 25 ms
    assert dev.app.screen.menu.items()[2] == "Blue: +150 ms"
    dev.keys("back")
    go_to(dev, "Play")
    start = len(dev.game_events)
    with TextLog() as log:
        dev.keys("ok")
        dev.run_for(100)
    assert dev.app.session.table.head_start_ms == [0, 150, 0, 0]
    assert "150" in log.texts() and "+" in log.texts()  # "+150" on Blue's strip, and no other number so
    assert json.loads((flash / "settings.json").read_text())["head_start"] == {"2": 150}
    _to_the_end(dev)
    started = dev.app.session.started
    live = [(k, clock.wrap(t - started), p, a, b, c) for k, t, p, a, b, c in dev.game_events[start:]]
    text = (flash / "last_replay.json").read_text()
    assert json.loads(text.splitlines()[0] + "]}")["head_start_ms"] == [0, 150, 0, 0]
    out = []
    replay.play(replay.check(json.loads(text)), lambda k, t, p, a, b, c: out.append((k, t, p, a, b, c)))
    assert out == live
    dev.keys("back")
    go_to(dev, "Watch last game")
    dev.keys("ok")
    assert dev.screen_name() == "Watching", dev.message
    assert dev.app.session.table.head_start_ms == [0, 150, 0, 0]
    assert dev.app.session.view.head_start == [0, 150, 0, 0]


def test_the_evening_balance_sets_the_head_starts_from_the_games_played_since_power_up(make_device):
    dev = make_device(dict(QUICK, balance=True, head_start={"2": 150}))
    dev.keys("ok")
    assert dev.app.session.table.head_start_ms is None  # no game yet tonight: nobody has one
    _to_the_end(dev)
    proposed = dev.app.balance.head_starts()
    assert max(proposed) > 0
    dev.keys("back")
    go_to(dev, "Head starts")
    dev.keys("ok")
    items = dev.app.screen.menu.items()
    assert items[0] == "Evening balance: on"
    assert items[1:] == ["%s: +%d ms (balance)" % (n, v) for n, v in zip(("Red", "Blue", "Green", "Yellow"), proposed)]
    dev.keys("back")
    go_to(dev, "Play")
    dev.keys("ok")
    assert dev.app.session.table.head_start_ms == proposed
    assert dev.app.session.view.head_start == proposed


def test_games_without_a_race_are_dealt_with_no_head_start(make_device):
    dev = make_device({"game": "beggar", "players": 2, "humans": 1, "head_start": {"2": 150}})
    dev.keys("ok")
    assert dev.screen_name() == "Playing", dev.message
    assert dev.app.session.table.head_start_ms is None and dev.app.session.view.head_start == [0, 0, 0, 0]


def test_war_with_calls_takes_the_head_starts_of_its_two_seats_and_shows_them_on_the_strip(make_device):
    dev = make_device({"game": "war", "players": 2, "humans": 1, "head_start": {"2": 150, "3": 400}})
    with TextLog() as log:
        dev.keys("ok")
        dev.run_for(100)
    assert dev.screen_name() == "Playing", dev.message
    assert dev.app.session.table.head_start_ms == [0, 150]  # seats 3 and 4 have no War seat
    assert dev.app.session.view.head_start == [0, 150, 0, 0]
    assert "150" in log.texts() and "400" not in log.texts()  # "+150" on Blue's strip
    dev = make_device({"game": "war", "players": 2, "humans": 1, "head_start": {"2": 150},
                       "rules": {"war": {"call_war": False}}})
    dev.keys("ok")
    assert dev.screen_name() == "Playing", dev.message
    assert dev.app.session.table.head_start_ms is None  # no calls: no race to give a head start in


def test_saved_head_starts_are_checked_on_load(make_device):
    dev = make_device({"head_start": {"2": 150, "5": 25, "3": 30, "4": 900, "1": "x"}, "balance": "yes"})
    s = dev.app.settings
    assert s["head_start"] == {"2": 150} and s["balance"] is False
    dev2 = make_device({"head_start": [1, 2]})
    assert dev2.app.settings["head_start"] == {}
