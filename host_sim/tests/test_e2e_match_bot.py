"""The menu's Bots: match on the simulated device: in Ratscrew the bot learns the person's
pace from the verdicts and slaps as slowly as they do, and the saved replay plays the same
game without it; in War it presses to turn at the person's pace."""
import json

from host_sim.device import MS

from slapstack import eventlog, replay
from slapstack import events as E


def test_a_match_bot_slaps_at_the_persons_pace_and_its_game_replays(make_device, flash):
    dev = make_device(settings={"game": "ratscrew", "players": 2, "humans": 1, "level": "match",
                                "tempo": "slow"})
    assert "Bots: match" in dev.app.screen.menu.items()
    dev.keys("ok")
    assert dev.app.session.view.is_bot[:2] == [False, True]
    seen = combinations = 0
    while not dev.of(E.GAME_OVER) and dev.now_us < 20 * 60 * 1000 * MS:
        dev.run_for(50)
        for ev in dev.events[seen:]:  # the person slaps each combination 750-849 ms after it
            if ev[1] == E.CARD and dev.app.session.table.game.visible_pattern():
                t = ev[0] + (750 + combinations * 37 % 100) * MS
                dev.press(0, t)
                dev.release(0, t + 80 * MS)
                combinations += 1
        seen = len(dev.events)
    dev.run_for(100)
    bot = [ev[5] // MS for ev in dev.of(E.SLAP) if ev[2] == 1 and ev[3] <= E.V_TIE and ev[5] >= 0]
    assert len(bot) > 15, bot
    later = sorted(bot[10:])
    assert 700 <= later[len(later) // 2] <= 900, bot  # the normal level's is 480 ms
    assert dev.of(E.GAME_OVER)
    spec = replay.check(json.loads((flash / "last_replay.json").read_text()))
    rec = eventlog.Recorder()
    replay.play(spec, rec)
    assert [e[1:] for e in dev.events] == [e[0:1] + e[2:] for e in rec.events]


def test_at_war_a_match_bot_presses_at_the_persons_pace(make_device, flash):
    from slapstack import duel_events as D
    dev = make_device(settings={"game": "war", "players": 2, "humans": 1, "level": "match"})
    assert "Bots: match" in dev.app.screen.menu.items()
    dev.keys("ok")
    seen = battles = 0
    while not dev.of(E.GAME_OVER) and battles < 60 and dev.now_us < 30 * 60 * 1000 * MS:
        dev.run_for(20)
        for ev in dev.events[seen:]:  # the person presses 1.2-1.4 s after the deal and each battle
            if ev[1] == E.GAME_START or (ev[1] == E.CARD and ev[2] == 1):
                t = ev[0] + (1200 + battles * 37 % 200) * MS
                dev.press(0, t)
                dev.release(0, t + 80 * MS)
                battles += 1
        seen = len(dev.events)
    bot = [ev[3] // MS for ev in dev.of(D.WAR_READY) if ev[2] == 1 and ev[3] >= 0]
    later = sorted(bot[10:])
    assert len(later) > 20 and 1150 <= later[len(later) // 2] <= 1450, bot  # normal: 650 ms
