"""Every text a player reads during play is at least 12 px high and lies whole in the box
it is painted in, in every game: each game is played on the simulated device for a while
(one person pressing now and then, bots on the other seats) to its winner screen or for a
minute and a half of play, and every text and number the firmware draws is measured
(screen_text.TextLog). The font's capitals are 7 rows, so 12 px means scale 2 (14 px).
A text must lie whole in the screen region it belongs to (a seat's strip, the pile, the
status line, a panel): the pile is often repainted in small boxes, which clip its texts on
purpose, so the region is the smallest of those that holds the box painted.
"""
import pytest

from host_sim.device import MS

from host_sim.tests.screen_text import TextLog

MIN_PX = 12
REGIONS = [(0, 0, 320, 240), (0, 0, 320, 28), (0, 212, 320, 28), (0, 28, 36, 184), (284, 28, 36, 184),
           (36, 28, 248, 156), (36, 184, 64, 28), (100, 184, 184, 28), (36, 0, 248, 28)]


def region_of(painted):
    x, y, w, h = painted
    holding = [r for r in REGIONS if r[0] <= x and x + w <= r[0] + r[2] and r[1] <= y and y + h <= r[1] + r[3]]
    return min(holding, key=lambda r: r[2] * r[3])
GAMES = [
    ("ratscrew", 4, {}), ("egyptian_war", 4, {}), ("ruffle", 3, {}), ("beggar", 2, {}),
    ("war", 2, {}), ("money", 2, {}), ("money", 2, {"variant": "syrian", "penalty_take": "press"}),
]


def play(make_device, game, players, rules):
    dev = make_device(settings={"game": game, "players": players, "humans": 1, "tempo": "frantic",
                                "rules": {game: rules}})
    with TextLog() as log:
        dev.keys("ok")
        for i in range(900):  # 90 s of play, seat 1 pressing every 0.7 s
            dev.run_for(100)
            if i % 7 == 3:
                dev.tap(0)
            if dev.app.session is not None and dev.app.session.view.winner is not None:
                break
            choosing = getattr(dev.app.session.presenter, "choosing", None)  # (Money's)
            if choosing is not None and choosing.chooser == 0 and i % 5 == 0:  # a Money choice of yours
                dev.keys("ok")
    return dev, log


@pytest.mark.parametrize("game,players,rules", GAMES, ids=[g[0] + ("-" + g[2].get("variant", "")
                                                                  if g[2] else "") for g in GAMES])
def test_every_text_in_play_is_12_px_high_and_whole(make_device, game, players, rules):
    dev, log = play(make_device, game, players, rules)
    assert len(set(log.texts())) > 5                         # the game was drawn, with words
    small = [d for d in log.drawn if d.cap_px < MIN_PX]
    assert small == []
    cut = [d for d in log.drawn if not d.inside(region_of(d.region))]
    assert sorted(set(repr(d) for d in cut))[:20] == []
