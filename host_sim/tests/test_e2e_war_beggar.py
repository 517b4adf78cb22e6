"""Something to do in War and Beggar-my-neighbour, on the simulated device: a person calls
wars against a bot (rule call_war, ours), and turns their own cards in Beggar-my-neighbour
(rule turn "press", ours), as they would at the table; each game's save replays to the
device's very events."""
import json

from slapstack import eventlog, events as E, replay
from slapstack import duel_events as D

from host_sim.device import MS
from host_sim.tests.screen_text import TextLog


def _same_as_its_replay(dev, flash):
    spec = replay.check(json.loads((flash / "last_replay.json").read_text()))
    rec = eventlog.Recorder()
    replay.play(spec, rec)
    assert [e[1:] for e in dev.events] == [e[0:1] + e[2:] for e in rec.events]


def test_a_person_calls_wars_against_a_bot_and_sees_who_took_them(make_device, flash):
    dev = make_device(settings={"game": "war", "players": 2, "humans": 1, "level": "hard",
                                "rules": {"war": {"party_cards": 300}}})
    with TextLog() as log:
        dev.keys("ok")
        while not dev.of(E.GAME_OVER):                 # you press 260 ms after the cards show
            assert dev.now_us < 30 * 60 * 1000 * MS
            dev.run_for(10)
            cards = dev.of(E.CARD)
            if dev.app.session.view.cue[0] == "PRESS" and (not cards or dev.now_us - cards[-1][0] >= 260 * MS):
                dev.tap(0, hold_ms=40, then_ms=0)
        dev.run_for(100)
    calls = [e for e in dev.of(E.SLAP) if e[3] == E.V_WIN]
    mine = [e for e in calls if e[2] == 0]
    assert dev.of(D.WAR_TIE) and mine and len(mine) > len(calls) - len(mine)  # faster than the hard bot
    assert all(260 * MS <= e[5] < 400 * MS for e in mine)     # your time, from the cards on screen
    texts = log.texts()
    assert "Press first!" in texts and "You call: +" in texts
    if len(mine) < len(calls):
        assert "Blue calls: +" in texts
    won = [e for e in dev.of(E.PILE_WON) if e[3] == E.HOW_CALL]
    assert [(e[2], e[4]) for e in won] == [(e[2], won[i][4]) for i, e in enumerate(calls)]
    assert not dev.of(D.WAR_DOWN) or len(dev.of(D.WAR_TIE)) > len(calls)  # a war fought: nobody called it
    _same_as_its_replay(dev, flash)


def test_without_calls_war_is_the_documents(make_device, flash):
    dev = make_device(settings={"game": "war", "players": 2, "humans": 1, "level": "hard",
                                "rules": {"war": {"party_cards": 200, "call_war": False}}})
    with TextLog() as log:
        dev.keys("ok")
        while not dev.of(E.GAME_OVER):
            assert dev.now_us < 30 * 60 * 1000 * MS
            dev.run_for(10)
            if dev.app.session.view.cue[0] == "PRESS":
                dev.tap(0, hold_ms=40, then_ms=200)
    assert dev.of(D.WAR_TIE) and not dev.of(E.SLAP) and dev.of(D.WAR_DOWN)
    assert "Press first!" not in log.texts()


def _next(dev, seen, wanted):
    """Run until an event from index ``seen`` on is ``wanted``; the index after it."""
    while True:
        for i in range(seen, len(dev.events)):
            if wanted(dev.events[i]):
                return i + 1
        seen = len(dev.events)
        assert dev.now_us < 20 * 60 * 1000 * MS
        dev.run_for(5)


def test_a_person_turns_their_own_card_in_beggar_my_neighbour(make_device, flash):
    dev = make_device(settings={"game": "beggar", "players": 3, "humans": 1, "level": "normal",
                                "rules": {"beggar": {"party_cards": 60}}})
    pressed = waited = 0
    seen = 0
    with TextLog() as log:
        dev.keys("ok")
        while not dev.of(E.GAME_OVER) and not dev.app.session.view.out[0]:
            assert dev.now_us < 20 * 60 * 1000 * MS
            seen = _next(dev, seen, lambda ev: ev[1] == E.GAME_OVER or ev[1] == E.TURN and ev[2] == 0)
            turn = dev.events[seen - 1]
            if turn[1] == E.GAME_OVER:
                break
            n = len(dev.of(E.CARD))
            if pressed + waited < 8 and pressed % 3 == 2:  # now and then you let it turn itself
                dev.run_until_event(E.CARD, 4000, since=len(dev.events))
                assert dev.of(E.CARD)[-1][2] == 0 and dev.of(E.CARD)[-1][0] - turn[0] >= 2990 * MS
                waited += 1
                pressed += 1
                continue
            dev.run_for(400)
            assert len(dev.of(E.CARD)) == n or dev.of(E.GAME_OVER)  # it waits for you
            if dev.of(E.GAME_OVER):
                break
            if not dev.app.session.view.chances:
                assert dev.app.session.view.cue[0] == "PRESS"
            t = dev.now_us
            dev.tap(0, hold_ms=40, then_ms=20)
            card = dev.of(E.CARD)[n]
            assert card[2] == 0 and card[0] - t < 30 * MS     # your press turned it
            pressed += 1
    assert pressed > 5 and waited >= 1
    assert "PRESS" in log.texts()
    _same_as_its_replay(dev, flash)
