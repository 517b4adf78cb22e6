"""War and Money against a bot on the simulated device: the menu's People 1 puts a bot on
seat 2, the bot plays through the engine (war_bot, money_bot), and the saved replay plays
the same game without it."""
import json

from host_sim.device import MS

from slapstack import eventlog, replay
from slapstack import events as E
from slapstack import duel_events as D
from slapstack import turn_bot


def same_as_its_replay(dev, flash):
    """The saved replay, played without bots or people, gives the device's events."""
    spec = replay.check(json.loads((flash / "last_replay.json").read_text()))
    rec = eventlog.Recorder()
    replay.play(spec, rec)
    assert [e[1:] for e in dev.events] == [e[0:1] + e[2:] for e in rec.events]
    return spec


def test_war_against_a_bot(make_device, flash):
    dev = make_device(settings={"game": "war", "players": 2, "humans": 1, "level": "hard"})
    assert dev.app.screen.menu.items()[2:4] == ["Players: 2", "People: 1"]
    dev.keys("ok")
    assert dev.app.session.view.is_bot[:2] == [False, True]
    ready = dev.run_until_event(D.WAR_READY, 5000)
    assert (ready[2], ready[4]) == (1, 1)          # the bot pressed; it waits for you
    assert not dev.of(E.CARD)
    while not dev.of(E.GAME_OVER):                 # you press 300 ms after each battle
        dev.tap(0, hold_ms=60, then_ms=240)
        assert dev.now_us < 60 * 60 * 1000 * MS
    dev.run_for(100)
    battles = len(dev.of(E.CARD)) // 2
    bot = [ev for ev in dev.of(D.WAR_READY) if ev[2] == 1]
    assert battles > 10 and len(bot) >= battles
    mean, spread, floor, dawdle = turn_bot.LEVELS["hard"]
    assert all(ev[3] == -1 or ev[3] >= floor * MS for ev in bot)
    spec = same_as_its_replay(dev, flash)
    assert spec["game"] == "war" and any(i["a"] == "reveal" for i in spec["inputs"])


def test_money_against_a_bot(make_device, flash):
    dev = make_device(settings={"game": "money", "players": 2, "humans": 1, "level": "normal",
                                "tempo": "frantic", "rules": {"money": {"choice_ms": 2000}}})
    dev.keys("ok")
    assert dev.app.session.view.is_bot[:2] == [False, True]
    shown = []                                     # whose choices the banner offered
    seen = 0
    while not dev.of(E.GAME_OVER):
        dev.run_for(100)
        for ev in dev.events[seen:]:               # you claim your matches after 300 ms
            if ev[1] == E.CARD and ev[2] == 0 and ev[4] >= 2:
                g = dev.app.session.table.game
                if (g.pile_top(0) & 15) == (g.pile_top(1) & 15):
                    dev.press(0, ev[0] + 300 * MS)
                    dev.release(0, ev[0] + 380 * MS)
        seen = len(dev.events)
        choosing = dev.app.session.presenter.choosing
        if choosing.chooser >= 0:
            shown.append(choosing.chooser)
        assert dev.now_us < 60 * 60 * 1000 * MS
    dev.run_for(100)
    claims = [ev for ev in dev.of(E.SLAP) if ev[2] == 1]
    assert claims and {ev[3] for ev in claims} <= {E.V_WIN, E.V_FALSE}
    assert [ev for ev in claims if ev[3] == E.V_WIN]
    assert {ev[3] for ev in dev.of(E.SLAP) if ev[2] == 0} == {E.V_WIN}  # your claims
    chosen = dev.of(E.MONEY_CHOSEN)
    assert [ev for ev in chosen if ev[2] == 1 and ev[4] == 0]        # the bot chose itself
    assert not [ev for ev in chosen if ev[2] == 1 and ev[4] == 1]    # never by the deadline
    assert set(shown) <= {0}                        # only your choices are on the banner
    spec = same_as_its_replay(dev, flash)
    assert any(i["a"] == "choose" for i in spec["inputs"])


def test_a_money_game_left_mid_play_leaves_nothing_of_it_behind(make_device):
    """Its view, its panels (the banks, a choice) and their code go with it: the menu after
    it holds none of them (Renderer.leave_table, UNLOAD_WITH = "game")."""
    import gc
    import sys
    import weakref
    dev = make_device(settings={"game": "money", "players": 2, "humans": 1, "tempo": "frantic"})
    dev.keys("ok")
    dev.run_until_event(E.CARD, 20000)
    view = weakref.ref(dev.app.session.view)
    panels = [weakref.ref(pn) for pn in dev.app.session.view.panels]
    assert panels                                  # the banks are on the table
    dev.keys("back", "back")                       # paused, then the menu
    gc.collect()
    assert dev.screen_name() == "MainMenu" and dev.app.session is None
    assert view() is None and all(pn() is None for pn in panels)
    assert "painters.duel_panels" not in sys.modules and "painters.seat_strip" not in sys.modules
