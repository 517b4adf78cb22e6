"""Who each player is and what just happened, in the words on screen: each seat's strip
names who sits there (YOU, a colour, BOT) and keeps room for its turn and a challenge's
chances; verdicts say why a pile moved or why a slap was false; the end says "You win!"
to one person playing bots; the summary names its rows and fits its lines; a replay's
status line is whole. (test_e2e_game_words.py: one name per player through a whole game, and
each game's own words.)"""
import json
import os

import pytest

from host_sim import display_rig, fakes
from painters import pile as P  # (the table's layout constants; drawing uses _firmware())
from host_sim.tests.screen_text import TextLog
from host_sim.tests.test_e2e_menu import watching
from slapstack import events as E
from slapstack.summary import Summary

TAGS = ("RED", "BLUE", "GREEN", "YELLOW")  # a person's strip, when several people play
HERE = os.path.dirname(os.path.abspath(__file__))
DEMO = os.path.join(HERE, "..", "screens", "demo_replay.json")
STATUS = P.info_box(True)  # the status line's region


def _firmware():
    """The renderer, summary and view modules as now imported (a Device imports the
    firmware afresh, and TextLog watches the gfx of the latest)."""
    from painters import renderer
    from painters import summary_table
    from painters import view
    return renderer, summary_table, view.TableView


def _strip(r, seat):
    e = r.strips.edges[seat]
    return (e.x, e.y, e.w, e.h)


def _strip_words(log, r, seat):
    return [d.text for d in log.drawn if d.region == _strip(r, seat) and not d.text.isdigit()]


def _start(make_device, players, humans, game="ratscrew"):
    dev = make_device(settings={"game": game, "players": players, "humans": humans, "tempo": "slow"})
    with TextLog() as log:
        dev.keys("ok")
        dev.run_for(50)
    return dev, log


def test_the_one_person_playing_bots_is_you_and_keeps_being_so(make_device):
    dev, log = _start(make_device, 4, 1)
    r = dev.app.r
    assert _strip_words(log, r, 0)[-1:] == ["YOU"]
    assert [_strip_words(log, r, i)[-1:] for i in (1, 2, 3)] == [["BOT"]] * 3
    with TextLog() as log:  # cards later, each strip repainted as its count changes
        dev.run_for(6000)
    assert dev.of(E.CARD) and _strip_words(log, r, 0) and set(_strip_words(log, r, 0)) <= {"YOU", "TURN"}
    assert "YOU" in _strip_words(log, r, 0)


def test_several_people_are_named_by_their_colour(make_device):
    dev, log = _start(make_device, 4, 2)
    r = dev.app.r
    assert [_strip_words(log, r, i)[-1:] for i in range(4)] == [["RED"], ["BLUE"], ["BOT"], ["BOT"]]


def test_war_names_the_person_you_on_their_strip_and_card_tag(make_device):
    dev, log = _start(make_device, 2, 1, game="war")
    r = dev.app.r
    assert "YOU" in _strip_words(log, r, 0) and "BOT" in _strip_words(log, r, 1)
    assert "You" in log.texts() and "Blue bot" in log.texts()  # the tags above the battle cards


def test_a_side_strip_holds_a_two_digit_count_the_longest_name_and_every_chance(monkeypatch):
    """Fault 2: on the left and right strips the challenge dots ran over TURN."""
    rig = display_rig.make("st7789")
    try:
        R, _, TableView = _firmware()
        from painters import seat_strip  # (as now imported, as R is)
        r = R.Renderer(rig.panel)
        discs = set()  # (each band of the strip paints them again)
        real_disc = seat_strip.Edge.disc

        def disc(e, g, u, v, rad, c):
            discs.add((e.sx(u - rad, v - rad, 2 * rad, 2 * rad), e.sy(u - rad, v - rad, 2 * rad, 2 * rad),
                          2 * rad, 2 * rad))
            real_disc(e, g, u, v, rad, c)

        monkeypatch.setattr(seat_strip.Edge, "disc", disc)
        for seat in range(4):
            for chances in (0, 3, 4, 5):
                v = TableView("Ratscrew", 4)
                v.is_bot[:] = [False] * 4  # several people: each strip names its colour
                v.count[:] = [52, 48, 52, 52]
                v.turn = seat
                v.chances = chances
                v.challenged = seat if chances else None
                discs.clear()
                with TextLog() as log:
                    r.full(v)
                box = _strip(r, seat)
                drawn = [(d.text, (d.x, d.y, d.w, d.h)) for d in log.drawn if d.region == box]
                drawn += [("dot", b) for b in discs if _within(b, box)]
                assert len([d for d in drawn if d[0] == "dot"]) == chances
                assert ("TURN" in [d[0] for d in drawn]) == (chances == 0)  # the dots stand in its place
                assert [d[0] for d in drawn if d[0] in TAGS] == [TAGS[seat]]
                for k, (a, ba) in enumerate(drawn):
                    assert _within(ba, box), (seat, chances, a)
                    for b, bb in drawn[k + 1:]:
                        assert not _overlap(ba, bb), (seat, chances, a, b)
    finally:
        fakes.uninstall()


def _within(b, box):
    x, y, w, h = b
    return box[0] <= x and x + w <= box[0] + box[2] and box[1] <= y and y + h <= box[1] + box[3]


def _overlap(a, b):
    """Whether two boxes overlap or come closer than 2 px."""
    return a[0] < b[0] + b[2] + 2 and b[0] < a[0] + a[2] + 2 and a[1] < b[1] + b[3] + 2 and b[1] < a[1] + a[3] + 2


def _demo():
    with open(DEMO) as f:
        return json.load(f)


def test_a_failed_challenge_clears_the_turn_and_its_pile_says_why_it_moved(make_device, flash):
    """Fault 6: after a failed challenge the strip still showed the chance dot and TURN."""
    dev = watching(make_device, flash, _demo())
    r = dev.app.r
    with TextLog() as log:
        failed = dev.run_until_event(E.CHALLENGE_FAILED, 60000, step_ms=1)
        dev.run_for(5)
    seat, challenger = failed[2], failed[3]
    v = dev.app.session.view
    assert v.turn is None and v.chances == 0
    after = [d for d in log.drawn if d.region == _strip(r, seat)][-3:]
    assert "TURN" not in [d.text for d in after]
    names = ("Red", "Blue", "Green", "Yellow")
    assert v.banner == "%s missed it" % names[seat]
    with TextLog() as log:
        won = dev.run_until_event(E.PILE_WON, 60000, step_ms=1)
        dev.run_for(5)
    assert won[2] == challenger and won[3] == E.HOW_CHALLENGE
    assert ["CHALLENGE", "%s missed it" % names[seat], "%s takes %d" % (names[challenger], won[4])] == \
        [d.text for d in log.drawn if d.region[1] >= P.PILE_Y and d.region[1] < STATUS[1]
         and d.text in ("CHALLENGE", "%s missed it" % names[seat], "%s takes %d" % (names[challenger], won[4]))][:3]


def test_a_false_slap_says_why_and_what_it_costs_not_a_reaction_time(make_device, flash):
    dev = watching(make_device, flash, _demo())
    with TextLog() as log:
        slap = dev.run_until_event(E.SLAP, 60000, where=lambda ev: ev[3] == E.V_FALSE, step_ms=1)
        dev.run_for(5)
    names = ("Red", "Blue", "Green", "Yellow")
    texts = [d.text for d in log.drawn if d.region[1] < STATUS[1] and d.region[1] >= P.PILE_Y]
    assert slap[4] == E.WHY_NOTHING
    assert {"NO SLAP", "nothing to slap", "%s burns 1" % names[slap[2]]} <= set(texts)
    assert " ms" not in texts


def test_a_slap_before_the_card_was_on_screen_is_too_early(make_device):
    dev, _ = _start(make_device, 2, 2)
    dev.run_until_event(E.CARD, 10000)
    with TextLog() as log:
        dev.app.on_event(E.SLAP, dev.app.now, 1, E.V_FALSE, E.WHY_UNSEEN, 3000)  # as the engine says it
        dev.app.r.update(dev.app.session.view)
    assert {"TOO EARLY", "card not shown yet", "Blue burns 1"} <= set(log.texts())


@pytest.fixture
def one_person_game():
    """The end screens' code on a panel, and a 4-seat Ratscrew table where Red plays three
    bots, with its summary: (renderer, summary_table, view, summary)."""
    rig = display_rig.make("st7789")
    try:
        R, summary_table, TableView = _firmware()
        v = TableView("Ratscrew", 4)
        v.is_bot[:] = [False, True, True, True]
        s = Summary()
        s.begin(4)
        yield R.Renderer(rig.panel), summary_table, v, s
    finally:
        fakes.uninstall()


def test_the_end_says_you_win_to_one_person_and_is_kind_when_a_bot_wins(one_person_game):
    r, summary_table, v, s = one_person_game
    v.name[1:] = ["Blue bot", "Green bot", "Yellow bot"]
    for winner, big, line in ((0, "YOU WIN!", "Well played"), (2, "GOOD GAME!", "Green bot wins")):
        v.winner = winner
        s.winner = winner
        with TextLog() as log:
            r.winner(v)
        assert log.texts()[:2] == [big, line]
        assert all(_within((d.x, d.y, d.w, d.h), (6, 6, 308, 228)) for d in log.drawn)
    s.winner = 0
    assert summary_table.headline(v, s) == "You win!"
    s.winner = 3
    assert summary_table.headline(v, s) == "Yellow bot wins!"
    v.is_bot[1] = False  # two people: each by their colour
    s.winner = 0
    assert summary_table.headline(v, s) == "Red wins!"


def test_the_summary_names_its_rows_and_its_line_keeps_off_the_edges(one_person_game):
    """Fault 8: "3:32, 245 cards, game 1 tonight" touched both edges."""
    r, summary_table, v, s = one_person_game
    s.winner = 1
    s.cards_played = 245
    for ms, games in ((212000, 1), (212000, 12), (3599000, 99)):
        s.length_ms = ms
        screen = summary_table.SummaryTable(v, s, ("Slaps won", "False slaps", "Late slaps"), "ms",
                                              [0, 1, 0, 0], games)
        with TextLog() as log:
            screen.draw(r.other())
        for d in log.drawn:
            assert 8 <= d.x and d.x + d.w <= 312, d
        words = log.texts()
        assert {"Slaps won", "False slaps", "Late slaps", "Cards won", "YOU", "BOT"} <= set(words)
        assert "Won" not in words and "Cards" not in words


@pytest.mark.parametrize("game,seats", [("ratscrew", 4), ("egyptian_war", 4), ("ruffle", 4), ("money", 2)])
def test_each_games_summary_rows_fit_left_of_the_seats_columns(game, seats):
    rig = display_rig.make("st7789")
    try:
        R, summary_table, TableView = _firmware()
        from painters import game_words
        v = TableView("x", seats)
        v.is_bot[1:seats] = [True] * (seats - 1)
        s = Summary()
        s.begin(seats)
        s.winner = 0
        screen = summary_table.SummaryTable(v, s, game_words.of(game)[3], "ms", [1] + [0] * (seats - 1), 1)
        with TextLog() as log:
            screen.draw(R.Renderer(rig.panel).other())
        labels = [d for d in log.drawn if d.text in game_words.of(game)[3]]
        assert len(labels) == 3
        columns = [d for d in log.drawn if d.text in ("YOU", "BOT") or d.text.isdigit()]
        assert columns and max(d.x + d.w for d in labels) + 4 <= min(d.x for d in columns)
    finally:
        fakes.uninstall()


def test_a_replays_status_line_is_whole_at_every_speed(make_device, flash):
    """Fault 3: watching a replay the status line was cut at both ends ("eplay x4: Ratscre")."""
    spec = _demo()
    for game in ("ratscrew", "egyptian_war"):
        spec["game"] = game
        dev = watching(make_device, flash, spec)
        for key in (None, "up", "up"):
            with TextLog() as log:
                if key:
                    dev.keys(key)
                dev.app.r.full(dev.app.session.view)
            status = [d for d in log.drawn if d.region == STATUS]
            assert [d.text for d in status] and status[0].text.startswith("Replay")
            assert all(_within((d.x, d.y, d.w, d.h), STATUS) for d in status), status
        assert "x4" in status[0].text
        dev.close()


def test_a_player_slapping_back_in_is_whole_on_the_status_line_in_every_game(make_device, flash):
    """Ruffle's "Yellow ruffles in!" (with Ruffle back in on) was wider than the status line:
    Yellow runs out of cards, then presses 300 ms after a 10-10 (Pyramid Pair) is shown."""
    hands = [["2C", "5C", "10C", "3C", "4C", "6C", "7C", "8C"], ["3D", "9D", "2D", "4D", "5D", "6D", "7D", "8D"],
             ["4H", "10H", "2H", "3H", "5H", "6H", "7H", "8H"], ["8S"]]
    for game in ("ruffle", "ratscrew", "egyptian_war"):
        spec = {"game": game, "rules": {"slap_in": True}, "players": 4, "deal": {"hands": hands},
                "inputs": [{"t": 5900, "a": "press", "p": 3}, {"t": 5960, "a": "release", "p": 3}]}
        dev = watching(make_device, flash, spec)
        with TextLog() as log:
            dev.run_until_event(E.SLAPPED_IN, 10000)
            dev.run_for(5)
        said = dev.app.session.view.banner
        assert said == "Yellow's back in!", (game, said)
        [line] = [d for d in log.drawn if d.text == said]
        assert _within((line.x, line.y, line.w, line.h), STATUS), (game, line)
        dev.close()
