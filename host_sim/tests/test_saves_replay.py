"""Every game the device saves replays: the firmware plays a game in the simulator while
people press as people do (mashing, taps shorter than the buttons' debounce, bounces,
presses while a card is drawn, several seats in one microsecond, presses at free seats and
bots' seats), saves it, and the saved file played back gives the same game, event for
event: on the laptop (``slapstack replay``'s runner) and on the device (Watch last game).

``make test`` plays a few such games, one at least of each game; ``make test-deep`` many
more (the hypothesis profile "deep").
"""
import contextlib
import json

from hypothesis import HealthCheck, given, settings, strategies as st

from slapstack import clock, replay
from slapstack import events as E

from host_sim.device import MS, Device

GAMES = ("ratscrew", "egyptian_war", "ruffle", "beggar", "war", "money")
PARTY_CARDS = 70  # each game ends after about this many cards (the party limit): a quick run
DEEP = settings.default.max_examples >= 10000  # make test-deep (the "deep" profile)


def _press():
    """One person's press: after a gap from the last (0: the same microsecond, another
    seat), held some time (shorter than the buttons' 8 ms lockout, often), maybe bouncing
    back down within the lockout after its release."""
    return st.tuples(
        st.integers(0, 3),                                        # seat
        st.one_of(st.just(0), st.integers(1, 40_000), st.integers(40_000, 400_000)),  # us after the last
        st.one_of(st.integers(200, 7_999), st.integers(8_000, 250_000)),   # held, us
        st.one_of(st.none(), st.integers(1, 7_999)),              # a bounce after the release
    )


@contextlib.contextmanager
def _device(tmp_path_factory, game, players, humans):
    """A simulated device on a new flash, dealing ``game`` on OK."""
    flash = tmp_path_factory.mktemp("flash")
    (flash / "settings.json").write_text(json.dumps({
        "game": game, "players": players, "humans": humans, "tempo": "frantic",
        "rules": {game: {"party_cards": PARTY_CARDS}}}))
    dev = Device(str(flash)).boot()
    try:
        yield dev
    finally:
        dev.close()


def _play(dev, humans, presses):
    """The game played on the simulated device with ``presses``, then the ``humans``
    people pressing in turn until it ends; returns its events as
    (kind, us since the deal, p, a, b, c) and the saved replay's text."""
    start = len(dev.game_events)
    dev.keys("ok")
    assert dev.screen_name() == "Playing"
    t = dev.now_us + 5 * MS
    for seat, gap, hold, bounce in presses:
        t += gap
        dev.press(seat, t)
        dev.release(seat, t + hold)
        if bounce is not None:
            dev.press(seat, t + hold + bounce)
            dev.release(seat, t + hold + bounce + 300)
    dev.run_until(t + 400 * MS)
    while dev.screen_name() == "Playing":  # then the people play on, one tap each in turn
        for seat in range(humans):          # (War turns no card until they press)
            if dev.screen_name() == "Playing":
                dev.tap(seat, hold_ms=70, then_ms=250)
        assert dev.now_us < t + 300_000 * MS, "the game did not end"
    assert dev.screen_name() == "Winner"
    events = dev.game_events[start:]
    started = dev.app.session.started
    with open(dev.path("last_replay.json")) as f:
        text = f.read()
    return [(k, clock.wrap(t - started), p, a, b, c) for k, t, p, a, b, c in events], text


def _replayed(text):
    out = []
    replay.play(replay.check(json.loads(text)), lambda k, t, p, a, b, c: out.append((k, t, p, a, b, c)))
    return out


def _watched(dev):
    """The saved game watched on the device (Watch last game), skipped to its end."""
    dev.keys("back")                       # the winner: back to the menu
    assert dev.screen_name() == "MainMenu"
    items = dev.app.screen.menu.items()
    for _ in range(items.index("Watch last game")):
        dev.keys("down")
    start = len(dev.game_events)
    dev.keys("ok")
    assert dev.screen_name() == "Watching", dev.message
    started = dev.app.session.started
    dev.keys("ok")                         # skip to its end
    while dev.screen_name() == "Watching":
        dev.run_for(50)
    assert dev.screen_name() == "Winner", dev.message
    return [(k, clock.wrap(t - started), p, a, b, c) for k, t, p, a, b, c in dev.game_events[start:]]


@st.composite
def _games(draw):
    game = draw(st.sampled_from(GAMES))
    players = 2 if game in ("war", "money") else draw(st.integers(2, 4))
    humans = draw(st.integers(1, players))
    presses = draw(st.lists(_press(), min_size=1, max_size=120))
    return game, players, humans, presses


def _check(tmp_path_factory, game, players, humans, presses):
    """The game played, its save replayed on the laptop and watched on the device: the
    same events; returns the saved text."""
    with _device(tmp_path_factory, game, players, humans) as dev:
        live, text = _play(dev, humans, presses)
        assert live[-1][0] == E.GAME_OVER
        assert _replayed(text) == live          # the laptop's runner (slapstack replay)
        assert _watched(dev) == live            # the device's (Watch last game)
    return text


def test_a_mashed_egyptian_war_game_with_short_taps_replays_event_for_event(tmp_path_factory):
    # what a tester found: releases the debounce reported late, stamped before a card the
    # table had turned since, made the save refuse itself ("inputs must be in time order")
    presses = [(0, 125_000, 3_000 if i % 3 else 60_000, 4_000 if i % 5 == 0 else None) for i in range(150)]
    text = _check(tmp_path_factory, "egyptian_war", 4, 1, presses)
    assert '"stamp"' in text                 # some inputs were taken after their stamp


def test_four_seats_pressing_in_one_microsecond_replay_event_for_event(tmp_path_factory):
    presses = []
    for i in range(40):
        presses.append((0, 170_000, 2_000, None))
        presses += [(s, 0, 2_000 + s, 3_000) for s in (1, 2, 3)]
    _check(tmp_path_factory, "ratscrew", 2, 2, presses)   # seats 3 and 4 free: late arrivals


@settings(max_examples=60 if DEEP else 8, suppress_health_check=[HealthCheck.too_slow])
@given(_games())
def test_every_game_saved_replays_event_for_event(tmp_path_factory, game):
    _check(tmp_path_factory, *game)
