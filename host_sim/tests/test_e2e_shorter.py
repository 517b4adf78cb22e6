"""Shorter games where people wait, end to end on the simulated device: a game with people at
it ends by its Length (15 minutes by default), and once no person at the table has a part in
the game any more (out of cards where nobody slaps back in) the bots play the rest at x4,
the status line saying so, while the game and its saved replay stay the same as at x1."""
import json

from slapstack import clock, replay
from slapstack import events as E

from host_sim.device import MS
from host_sim.tests.screen_text import TextLog

ONE_PERSON = {"players": 4, "humans": 1, "level": "normal", "tempo": "normal"}


def _cards_within(dev, ms):
    """Cards turned in the next ``ms`` of the wall clock."""
    before = len(dev.of(E.CARD))
    dev.run_for(ms)
    return len(dev.of(E.CARD)) - before


def _to_the_end(dev, limit_ms):
    deadline = dev.now_us + limit_ms * MS
    while dev.screen_name() == "Playing":
        dev.run_for(500)
        assert dev.now_us < deadline, "the game did not end"
    assert dev.screen_name() == "Winner"


def _game_events(dev, start):
    started = dev.app.session.started
    return [(k, clock.wrap(t - started), p, a, b, c) for k, t, p, a, b, c in dev.game_events[start:]]


def _replayed(dev):
    out = []
    spec = replay.check(dev.read_json("last_replay.json"))
    replay.play(spec, lambda k, t, p, a, b, c: out.append((k, t, p, a, b, c)))
    return out


def _out(dev):
    """Run until the person at seat 1, who never slaps, is out; then 1 s more."""
    with TextLog() as log:
        dev.run_until_event(E.ELIMINATED, 20 * 60000, where=lambda ev: ev[2] == 0)
        dev.run_for(1000)
    return [d.text for d in log.drawn]


def test_a_person_out_for_good_watches_the_rest_at_x4_and_the_save_replays(make_device):
    # Egyptian War lets them back in (000: "can rejoin the game by winning a snap"): x1 on
    dev = make_device(dict(ONE_PERSON, game="egyptian_war"))
    dev.keys("ok")
    assert not any("out: x" in text for text in _out(dev))
    assert _cards_within(dev, 10000) <= 15            # x1: a card every 700 ms at most
    dev.close()
    # Egyptian Ruffle does not (001: out of cards, "that player loses")
    dev = make_device(dict(ONE_PERSON, game="ruffle"))
    start = len(dev.game_events)
    dev.keys("ok")
    assert _cards_within(dev, 10000) <= 15
    assert "You're out: x4" in _out(dev)              # the status line
    assert _cards_within(dev, 10000) > 30             # x4
    _to_the_end(dev, 5 * 60000)
    live = _game_events(dev, start)
    assert live[-1][0] == E.GAME_OVER
    assert _replayed(dev) == live                     # the save: the same game, event for event


def _dealt(dev, seed):
    """The device's next game dealt from ``seed`` (its bots' too), not the press's moment."""
    deal = dev.app.deal

    def seeded(game, players, **options):
        options["deal"] = {"seed": seed}
        options["bot_seed"] = seed
        return deal(game, players, **options)
    dev.app.deal = seeded


def test_at_default_settings_a_long_game_with_people_ends_by_15_minutes_on_most_cards(make_device):
    dev = make_device(dict(ONE_PERSON, game="ratscrew"))
    assert dev.app.settings["minutes"] == 15
    _dealt(dev, 35)                                  # some 40 minutes to its end among the bots
    start = len(dev.game_events)
    dev.keys("ok")
    _to_the_end(dev, 16 * 60000)
    over = _game_events(dev, start)[-1]
    assert over[0] == E.GAME_OVER and over[5] == E.END_PARTY  # whoever held the most cards won
    assert 15 * 60000 * MS <= over[1] <= 15 * 60000 * MS + 30000 * MS  # once the pile in play was taken
