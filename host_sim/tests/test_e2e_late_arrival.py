"""Late arrivals on the simulated device (document 003: "Non-players may also slap the
play pile. If they do so correctly, they win the play pile and can enter the game with
their newly-won cards"): in a game dealt to fewer players than the board has buttons, a
person at a free seat slaps in, their strip appears, and the game goes on with them."""
import pytest

from host_sim.device import MS
from host_sim.tests import table_screen as S
from host_sim.tests.screen_text import TextLog
from host_sim.tests.test_e2e_menu import go_to
from slapstack import events as E


def _settings(players, game="ratscrew"):
    # people at every seat dealt in (no bot slaps first), a quick tempo
    return {"game": game, "players": players, "humans": players, "tempo": "frantic"}


def _slap_in(dev, seat, timeout_ms=120000):
    """Press ``seat`` 250 ms after the next card that makes a combination (on screen by
    then), until it has slapped in; returns the SLAPPED_IN event."""
    seen = len(dev.events)
    end = dev.now_us + timeout_ms * MS
    while dev.now_us < end:
        dev.run_for(5)
        for ev in dev.events[seen:]:
            if ev[1] == E.SLAPPED_IN and ev[2] == seat:
                return ev
            if ev[1] == E.CARD and dev.app.session.table.game.visible_pattern():
                t = ev[0] + 250 * MS
                dev.press(seat, t)
                dev.release(seat, t + 60 * MS)
        seen = len(dev.events)
    raise AssertionError("seat %d never slapped in" % seat)


def _felt(dev, seat):
    return S.seat_strip(dev, seat) == S.FELT


@pytest.mark.parametrize("players, joiners", [(2, (3,)), (2, (2,)), (2, (2, 3)), (3, (3,))])
def test_a_late_arrival_slaps_in_their_strip_appears_and_they_play_on(make_device, players, joiners):
    dev = make_device(settings=_settings(players))
    dev.keys("ok")
    assert dev.screen_name() == "Playing" and dev.app.session.table.seats == 4
    dev.run_for(100)
    for seat in range(4):
        assert _felt(dev, seat) == (seat >= players), seat  # the free seats: bare felt
    for k, seat in enumerate(joiners):
        with TextLog() as log:
            ev = _slap_in(dev, seat)
            dev.run_for(1500)  # the pile collected, the next cards turned
        assert ev[3] == 1  # joined from a free seat
        [win] = [e for e in dev.of(E.SLAP) if e[2] == seat and e[3] == E.V_WIN]
        assert not _felt(dev, seat) and dev.app.session.view.present[seat]
        for other in range(4):  # the seats nobody sits at are still bare
            assert _felt(dev, other) == (other >= players and other not in joiners[:k + 1]), other
        assert any(t.endswith("joins in!") for t in log.texts())
        assert dev.led(seat) > 0  # their LED glows with the others'
    dev.run_for(4000)
    seats_played = set(e[2] for e in dev.of(E.CARD))
    assert set(joiners) <= seats_played  # they take turns like anyone
    assert dev.of(E.ELIMINATED) == [] or all(e[2] < 4 for e in dev.of(E.ELIMINATED))
    assert dev.panel.errors == []


def test_a_late_arrivals_joining_is_whole_on_the_status_line_and_stays_to_be_read(make_device):
    """Fault 1: "Green joins the game!" was cut at both ends ("een joins the gam") and a
    late slap's "Blue too late" replaced it within half a second."""
    from painters import pile as P
    status = P.info_box(True)
    dev = make_device(settings=_settings(2))
    dev.keys("ok")
    seen = len(dev.events)
    with TextLog() as log:
        while not dev.of(E.SLAPPED_IN):
            assert dev.now_us < 300000 * MS, "Green never slapped in"
            dev.run_for(5)
            for ev in dev.events[seen:]:
                if ev[1] == E.CARD and dev.app.session.table.game.visible_pattern():
                    t = ev[0] + 250 * MS
                    for seat, after in ((2, 0), (1, 150)):  # Green slaps, Blue 150 ms after: too late
                        dev.press(seat, t + after * MS)
                        dev.release(seat, t + (after + 60) * MS)
            seen = len(dev.events)
        joined = dev.of(E.SLAPPED_IN)[0][0]
        dev.run_until(joined + 1500 * MS)  # Blue's late slap, the pile collected, a card turned
    assert [e for e in dev.of(E.SLAP) if e[2] == 1 and e[3] == E.V_LATE]
    assert dev.of(E.PILE_WON) and dev.of(E.CARD)[-1][0] > dev.of(E.PILE_WON)[-1][0]
    assert dev.app.session.view.banner == "Green joins in!"
    lines = [d.text for d in log.drawn if d.region == status]
    assert "Green joins in!" in lines
    since = lines[lines.index("Green joins in!"):]
    assert set(since) == {"Green joins in!"}, since  # nothing else on the status line since
    [whole] = set((d.inside(status), d.scale) for d in log.drawn if d.text == "Green joins in!")
    assert whole == (True, 2)
    dev.run_until(joined + 3000 * MS)
    assert dev.app.session.view.banner != "Green joins in!"  # then the game's lines again


def test_a_free_seats_press_is_ignored_where_the_rules_have_no_late_arrivals(make_device):
    dev = make_device(settings=_settings(2, "egyptian_war"))
    dev.keys("ok")
    seen = len(dev.events)
    pressed = 0
    while pressed < 3:
        dev.run_for(5)
        for ev in dev.events[seen:]:
            if ev[1] == E.CARD and dev.app.session.table.game.visible_pattern():
                t = ev[0] + 250 * MS
                dev.press(3, t)
                dev.release(3, t + 60 * MS)
                pressed += 1
        seen = len(dev.events)
        assert dev.now_us < 300000 * MS
    dev.run_for(1000)
    assert dev.of(E.SLAPPED_IN) == [] and _felt(dev, 3)
    assert all(e[3] == E.V_IGNORED for e in dev.of(E.SLAP) if e[2] == 3)


def test_how_to_play_says_a_late_arrival_may_slap_in_where_the_rules_allow_it(make_device):
    for game, says in (("ratscrew", True), ("egyptian_war", False)):
        dev = make_device(settings={"game": game})
        go_to(dev, "How to play")
        dev.keys("ok")
        pages = dev.app.screen.menu.pages
        text = " ".join(item[1] for _, items in pages for item in items if item[0] == "text")
        assert ("seat nobody was dealt in at" in text) == says, game
        if says:
            k = [heading for heading, _ in pages].index("Joining late")
            with TextLog() as log:
                for _ in range(k):
                    dev.keys("ok")
            assert any("Came late?" in t for t in log.texts())
        dev.close()


def test_the_summary_has_a_column_for_a_late_arrival_and_the_stats_count_them_as_a_person():
    from host_sim import display_rig, fakes
    from slapstack.summary import Summary
    rig = display_rig.make("st7789")
    try:
        from painters import renderer, summary_table
        from painters.view import TableView
        from storage import stats
        v = TableView("Ratscrew", 2)
        v.is_bot[1] = True
        v.present[3] = True  # Yellow slapped in at a free seat
        s = Summary()
        s.begin(2, 4)
        s.event(E.SLAP, 1000, 3, E.V_WIN, E.PAT_DOUBLE, 310000)
        s.event(E.SLAPPED_IN, 1000, 3, 1, 0, 0)
        s.event(E.PILE_WON, 1800, 3, E.HOW_SLAP, 7, E.PAT_DOUBLE)
        s.event(E.SLAP, 2000, 0, E.V_FALSE, E.WHY_NOTHING, 100000)
        s.event(E.GAME_OVER, 90000, 3, 200, 9, E.END_WIN)
        assert s.seats_played() == [0, 1, 3] and s.joined(3) and not s.joined(2)
        screen = summary_table.SummaryTable(v, s, ("Slaps won", "False slaps", "Late slaps"), "ms", [0, 0, 0, 1], 1)
        with TextLog() as log:
            screen.draw(renderer.Renderer(rig.panel).other())
        words = log.texts()
        assert "YELLOW" in words and "Yellow wins!" in words  # its column, named as on its strip
        [cards] = [line for line in screen.rows if line[0] == "Cards won"]
        assert cards[1] == [0, 0, 7]
        data = stats.empty()
        stats.add_game(data, s, "ratscrew", 2, 1, 3)
        rec = data["games"]["ratscrew"]
        assert rec["bot_wins"] == 0  # a late arrival is a person
        assert rec["seats"][3]["games"] == 1 and rec["seats"][3]["wins"] == 1 and rec["seats"][3]["slaps"] == 1
        assert rec["seats"][1]["games"] == 0 and rec["seats"][2]["games"] == 0
    finally:
        fakes.uninstall()


@pytest.mark.parametrize("joiners", [(3,), (2,), (2, 3)])
def test_the_summary_names_each_seat_as_its_strip_did_after_late_arrivals(joiners):
    """Fault 2: after late arrivals the summary named people by seat number (1 / BOT / 3 / 4)
    where their strips said RED, GREEN, YELLOW."""
    from host_sim import display_rig, fakes
    from slapstack.summary import Summary
    rig = display_rig.make("st7789")
    try:
        from painters import renderer, summary_table
        from painters.layout import H, W
        from painters.view import TableView
        v = TableView("Ratscrew", 2)
        v.is_bot[1] = True  # one person and a bot dealt in: the person's strip says YOU, then RED
        s = Summary()
        s.begin(2, 4)
        for seat in joiners:
            v.present[seat] = True
            s.event(E.SLAPPED_IN, 1000, seat, 1, 0, 0)
        s.event(E.SLAP, 2000, 0, E.V_WIN, E.PAT_DOUBLE, 412000)
        s.event(E.GAME_OVER, 90000, joiners[-1], 200, 9, E.END_WIN)
        screen = summary_table.SummaryTable(v, s, ("Slaps won", "False slaps", "Late slaps"), "ms",
                                              [0, 0, 0, 1], 1)
        with TextLog() as log:
            screen.draw(renderer.Renderer(rig.panel).other())
        strips = ["RED", "BOT", "GREEN", "YELLOW"]  # what each seat's strip said
        names = [strips[p] for p in s.seats_played()]
        drawn = sorted((d for d in log.drawn if d.text in strips), key=lambda d: d.x)
        assert [d.text for d in drawn] == names
        columns = [d for d in log.drawn if d.text in ("0", "b'0'")]  # the Slaps won row's figures
        top = min(d.y for d in columns)
        for k, d in enumerate(drawn):  # each name whole on the screen, over its column, above the rows
            assert 0 <= d.x and d.x + d.w <= W and d.y + d.h < top, d
            mid = d.x + d.w // 2
            assert screen.left + k * screen.col <= mid < screen.left + (k + 1) * screen.col or \
                d.x + d.w > W - 8, (d, k)
        for a in drawn:  # and no two on one line meet
            for b in drawn:
                assert a is b or a.y != b.y or a.x + a.w + 8 <= b.x or b.x + b.w + 8 <= a.x, (a, b)
        assert max(d.y + d.h for d in log.drawn) <= H
        foot = [d for d in log.drawn if d.text.startswith("OK:")][0]
        assert all(d.y + d.h <= foot.y for d in log.drawn if d is not foot)  # the rows clear of it
    finally:
        fakes.uninstall()
