"""War on the simulated device, as the players see it: the cue on each seat's strip to press,
the cards tagged with their seat and the person's time to press, a war's box and the cards at
stake, its cards face down under each face-up card.
"""
from host_sim.tests import table_screen as S
from painters import duel_panels as DS
from host_sim.tests.screen_text import TextLog
from painters.view import SEAT_NAMES as R_NAMES
from slapstack import events as E
from slapstack import duel_events as D


def test_war_cues_each_seat_to_press_tags_the_cards_and_times_the_person(make_device):
    dev = make_device(settings={"game": "war", "players": 2, "humans": 2})
    with TextLog() as log:
        dev.keys("ok")
        dev.run_for(3000)
        assert dev.of(E.CARD) == []                                # "press" mode: nothing turns by itself
        cues = [d for d in log.drawn if d.text == "PRESS"]
        assert {region_seat(dev, d) for d in cues} == {0, 1}      # on both seats' strips
        log.clear()
        dev.tap(0)
        dev.run_for(50)
        first = dev.of(D.WAR_READY)[0][3] // 1000                 # the reaction time since the deal was shown
        assert [region_seat(dev, d) for d in log.drawn if d.text == "READY"] == [0] and first >= 3000
        assert "Red" in log.texts()                                # on Red's tag, in seconds
        assert "%d.%02d s" % (first // 1000, first % 1000 // 10) in "".join(log.texts())
        log.clear()
        dev.tap(1)
        dev.run_for(100)
        assert len(dev.of(E.CARD)) == 2                            # both face-up cards
        up = {ev[2]: ev[3] for ev in dev.of(E.CARD)}
        assert list(dev.app.session.presenter.cards.up) == [up[0], up[1]]       # each under its own tag
        won = dev.of(E.PILE_WON)[-1]
        assert dev.app.session.view.banner == R_NAMES[won[2]] + " takes " and dev.app.session.view.banner_num == won[4]
        assert dev.app.session.view.banner_seat == won[2]
        assert {region_seat(dev, d) for d in log.drawn if d.text == "PRESS"} == {0, 1}


def test_war_shows_a_war_with_the_cards_at_stake(make_device):
    dev = make_device(settings={"game": "war", "players": 2, "humans": 1,
                                "rules": {"war": {"call_war": False}}})  # (the document's war)
    with TextLog() as log:
        dev.keys("ok")
        for _ in range(200):
            dev.tap(0)
            dev.run_for(700)
            if dev.of(D.WAR_TIE):
                break
        tie = dev.of(D.WAR_TIE)[0]
        dev.run_for(50)
        assert "WAR!" in log.texts() and " at stake" in log.texts()
        assert str(dev.app.session.table.game.pile_len()) in log.texts()
        if dev.app.session.presenter.cards.war:                                 # the box up: no banner
            assert dev.app.session.view.banner == ""
        else:                                                      # lifted by the bot's press: the stake in the banner
            assert (dev.app.session.view.banner, dev.app.session.view.banner_num) == ("WAR! stake ", dev.app.session.table.game.pile_len())
        assert tie[3] & 15 == tie[4] & 15


def _battle_until_a_tie(dev):
    """Both people press, battle after battle, until two cards tie (a war)."""
    for _ in range(300):
        dev.tap(0)
        dev.run_for(40)
        dev.tap(1)
        dev.run_for(100)
        if dev.of(D.WAR_TIE):
            return


def test_war_s_round_lifts_the_war_box_at_its_first_press_and_keeps_the_stake_in_the_banner(make_device):
    # the WAR! box goes when the round's first press comes, in that quiet pass, not with the
    # round's two cards in the engine's turn (on the chip it added 3.7-4.4 ms to them, the
    # slowest new cards of a War game); the stake stays on screen, in the banner
    dev = make_device(settings={"game": "war", "players": 2, "humans": 2,
                                "rules": {"war": {"call_war": False}}})  # (the document's war)
    dev.keys("ok")
    dev.run_for(500)
    _battle_until_a_tie(dev)
    cards = dev.app.session.presenter.cards
    assert dev.of(D.WAR_TIE) and cards.war == 1 and cards.war_shown == 1   # the box is up
    painted = S.regions_painted(dev.app.r)
    dev.tap(0)                                                    # the round's first press
    dev.run_for(40)
    stake = dev.app.session.table.game.pile_len()
    assert cards.war == 0 and cards.war_shown == 0                # lifted, and painted so
    assert [r for r in painted if r[1] == 78 and r[3] == 70] == [(90, 78, 68, 70), (158, 78, 4, 70),
                                                                 (162, 78, 68, 70)]
    assert (dev.app.session.view.banner, dev.app.session.view.banner_num) == ("WAR! stake ", stake)
    painted.clear()
    cards_before = len(dev.of(E.CARD))
    dev.tap(1)                                                    # the round
    dev.run_for(100)
    assert len(dev.of(E.CARD)) == cards_before + 2 or dev.of(D.WAR_OUT)
    assert not [r for r in painted if r[1] == 78 and r[3] == 70]  # no box to take off with its cards


def test_war_draws_a_wars_cards_face_down_under_each_face_up_card_until_the_next_battle(make_device):
    dev = make_device(settings={"game": "war", "players": 2, "humans": 2,
                                "rules": {"war": {"call_war": False}}})  # (the document's war)
    dev.keys("ok")
    dev.run_for(500)
    beside = {1: DS.card_box(1)[0] - 9, 0: DS.card_box(0)[0] + DS.CARD_W + 8}     # where a player lays them
    y = DS.card_box(0)[1] + DS.CARD_H // 2
    _battle_until_a_tie(dev)
    assert {dev.pixel(x, y) for x in beside.values()} == {S.FELT}       # a tie: nothing down yet
    tie = dev.of(D.WAR_TIE)[-1][0]
    while not [e for e in dev.of(E.PILE_WON) if e[0] > tie]:             # the war's rounds
        dev.tap(0)
        dev.run_for(40)
        dev.tap(1)
        dev.run_for(100)
    assert dev.of(E.PILE_WON)[-1][3] == E.HOW_BATTLE
    downs = [e for e in dev.of(D.WAR_DOWN) if e[0] == dev.of(E.CARD)[-1][0]]
    assert sorted(e[2] for e in downs) == [0, 1] and all(e[3] == 3 for e in downs)
    assert [dev.pixel(beside[p], y) for p in (0, 1)] == [S.CARD_BACK] * 2  # their backs, beside the face-up cards
    seen = dev.image()
    dev.app.r.full(dev.app.session.view)
    assert dev.image().tobytes() == seen.tobytes()                      # as a whole repaint draws them
    battles = len(dev.of(E.PILE_WON))
    dev.tap(0)
    dev.run_for(40)
    dev.tap(1)
    dev.run_for(100)                                                    # the next battle
    if len(dev.of(E.PILE_WON)) > battles:                               # (not another tie)
        assert {dev.pixel(x, y) for x in beside.values()} == {S.FELT}
        seen = dev.image()
        dev.app.r.full(dev.app.session.view)
        assert dev.image().tobytes() == seen.tobytes()


def test_war_with_cards_turning_by_themselves_asks_nobody_to_press(make_device):
    # fault 4: turn "auto" showed PRESS on the person's strip, and pressing did nothing
    dev = make_device(settings={"game": "war", "players": 2, "humans": 1, "rules": {"war": {"turn": "auto"}}})
    with TextLog() as log:
        dev.keys("ok")
        dev.run_for(3000)
        assert len(dev.of(E.CARD)) >= 4                                 # battles went on by themselves
        assert "PRESS" not in log.texts() and dev.app.session.view.cue[:2] == ["", ""]


def test_war_tag_shows_the_name_and_the_time_to_press_apart_in_seconds(make_device):
    # fault 8: a slow press read "Red1764 ms", the name and the time run together
    dev = make_device(settings={"game": "war", "players": 2, "humans": 1})
    with TextLog() as log:
        dev.keys("ok")
        dev.run_for(1864)
        dev.tap(0)
        dev.run_for(200)
        ms = [e for e in dev.of(D.WAR_READY) if e[2] == 0][0][3] // 1000   # Red's, a person's
        assert ms >= 1800
        tag = (DS.MID_X + DS.MID_W // 2 + 2, 2, DS.MID_W // 2 - 4, DS.STRIP - 4)   # Red's
        drawn = [d for d in log.drawn if d.region[1] == 0 and d.inside(tag)]
        name = [d for d in drawn if d.text == "You"][-1]                # (one person: "You")
        parts = [d for d in drawn if d.x > name.x and d.y == name.y]
        assert "".join(d.text for d in sorted(parts, key=lambda d: d.x)[-4:]) == \
            "%d.%02d s" % (ms // 1000, ms % 1000 // 10)
        assert min(d.x for d in parts) >= name.x + name.w + 12            # well apart
        assert "ms" not in "".join(log.texts()) and " ms" not in log.texts()


def region_seat(dev, d):
    """Which seat's strip a text was painted in (None: elsewhere)."""
    for i, e in enumerate(dev.app.r.strips.edges):
        if d.inside((e.x, e.y, e.w, e.h)):
            return i
    return None
