"""Who each player is and what just happened, in the words on screen: each seat's strip
names who sits there (YOU, a colour, BOT) and keeps room for its turn and a challenge's
chances; verdicts say why a pile moved or why a slap was false; the end says "You win!"
to one person playing bots; the summary names its rows and fits its lines; a replay's
status line is whole."""
import json
import os

import pytest

from host_sim import display_rig, fakes
from host_sim.device import MS

from painters import pile as P  # (the table's layout constants; drawing uses _firmware())
from host_sim.tests.screen_text import TextLog
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


def _watch(make_device, flash, spec):
    (flash / "last_replay.json").write_text(json.dumps(spec))
    dev = make_device()
    dev.keys("up", "ok")  # the last entry of the main menu: Watch last game
    return dev


def _demo():
    with open(DEMO) as f:
        return json.load(f)


def test_a_failed_challenge_clears_the_turn_and_its_pile_says_why_it_moved(make_device, flash):
    """Fault 6: after a failed challenge the strip still showed the chance dot and TURN."""
    dev = _watch(make_device, flash, _demo())
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
    dev = _watch(make_device, flash, _demo())
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
        dev = _watch(make_device, flash, spec)
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
        dev = _watch(make_device, flash, spec)
        with TextLog() as log:
            dev.run_until_event(E.SLAPPED_IN, 10000)
            dev.run_for(5)
        said = dev.app.session.view.banner
        assert said == "Yellow's back in!", (game, said)
        [line] = [d for d in log.drawn if d.text == said]
        assert _within((line.x, line.y, line.w, line.h), STATUS), (game, line)
        dev.close()


# --- one name per player, and each game's own words ------------------------------------------

def _play(make_device, game, players=2, humans=1, cards=150, claim_late=False):
    """A party game of ``cards`` cards at frantic tempo, played to its summary: each person
    presses 200 ms after every card they may press on (a slap game's combination, a Money
    match), and now and then on nothing (a false press, late ones come by themselves).
    Returns the device, and the texts drawn during play and on the summary."""
    dev = make_device(settings={"game": game, "players": players, "humans": humans, "level": "hard",
                                "tempo": "frantic", "rules": {game: {"party_cards": cards}}})
    n = 0
    with TextLog() as play:
        dev.keys("ok")
        seen = len(dev.events)
        while not dev.of(E.GAME_OVER):
            assert dev.now_us < 20 * 60 * 1000 * MS, "the game did not end"
            dev.run_for(10)
            g = dev.app.session.table.game
            for ev in dev.events[seen:]:
                if ev[1] != E.CARD:
                    continue
                n += 1
                for seat in range(humans):
                    if game == "war":
                        continue
                    can = g.claim_p == seat if game == "money" else bool(g.visible_pattern())
                    if can or n % 9 == 4 + seat:
                        t = ev[0] + (200 + 40 * seat) * MS
                        dev.press(seat, t)
                        dev.release(seat, t + 50 * MS)
            if game == "war":
                for seat in range(humans):
                    if dev.app.session.view.cue[seat] == "PRESS":
                        dev.tap(seat, 20, 0)
            seen = len(dev.events)
        dev.run_for(800)
    with TextLog() as end:
        dev.keys("ok")  # the winner screen: OK, the summary
        dev.run_for(50)
    assert dev.screen_name() == "GameSummary"
    return dev, play.texts(), end.texts()




def _naming(texts, name):
    """The texts that name ``name`` as a word ("Red takes 8", "You missed it")."""
    return [t for t in texts if name in t.replace(":", " ").replace("'", " ").split()]


@pytest.mark.parametrize("game", ["ratscrew", "egyptian_war", "ruffle"])
def test_one_person_playing_bots_is_you_in_every_verdict_and_status_line(make_device, game):
    dev, play, end = _play(make_device, game)
    assert not _naming(play + end, "Red"), _naming(play + end, "Red")  # the strip's YOU, never its colour
    you = _naming(play, "You") + _naming(play, "You're")
    assert [t for t in you if t.startswith("You take ")], you      # a pile won: "You take 8"
    assert ("You: moves up" if game == "ruffle" else "You missed it") in play  # a challenge lost
    assert [t for t in you if t.startswith("You burn ")] or "no penalty" in play  # a false press
    assert not [t for t in you if t.startswith("You takes") or t.startswith("You burns")
                or t.startswith("You slaps") or t.startswith("You sits")]
    assert _naming(play, "Blue")                                    # the bot by its colour


@pytest.mark.parametrize("game", ["ratscrew", "war"])
def test_a_game_one_person_played_watched_back_names_them_you_as_it_did_live(make_device, game):
    """Fault 5: watching back a game one person played named them Red everywhere."""
    dev, play, end = _play(make_device, game, cards=60)
    dev.close()
    dev = make_device()
    with TextLog() as watched:
        dev.keys("up", "ok")  # the last entry of the main menu: Watch last game
        dev.run_until_event(E.GAME_OVER, 120000)
        dev.run_for(800)
        dev.keys("ok")  # the winner screen: OK, the summary
        dev.run_for(50)
    assert dev.screen_name() == "GameSummary"
    texts = watched.texts()
    assert not _naming(texts, "Red"), _naming(texts, "Red")
    assert "YOU" in texts and [t for t in texts if t.startswith("You take")]
    assert {"You win: most cards!", "Blue bot wins: most cards!", "A draw"} & set(texts), sorted(set(texts))
    assert "BOT" in texts or "Blue bot" in texts  # the bot's strip or War's tag


def test_war_says_how_long_a_press_took_in_seconds_on_its_tag_and_in_its_summary(make_device):
    """Fault 3: War's tags said seconds and its summary "Best ms 142, Avg ms 1749"."""
    dev = make_device(settings={"game": "war", "players": 2, "humans": 1, "tempo": "frantic",
                                "rules": {"war": {"party_cards": 40}}})
    dev.keys("ok")
    tagged = []  # what the person's tag said after each press (-1: nothing, a press too soon to count)
    waits = (450, 30, 1270, 160, 820)  # ms from the cue to the press: 30 ms is too soon to be seen
    while not dev.of(E.GAME_OVER):
        assert dev.now_us < 10 * 60 * 1000 * MS, "the game did not end"
        dev.run_for(5)
        if dev.app.session.view.cue[0] == "PRESS":
            dev.run_for(waits[len(tagged) % len(waits)])
            dev.tap(0, 60, 0)
            dev.run_for(5)
            tagged.append(dev.app.session.presenter.tags.ms[0])
    timed = [ms for ms in tagged if ms >= 0]
    assert len(timed) >= 8 and -1 in tagged and min(timed) >= 100
    dev.run_for(800)
    with TextLog() as end:
        dev.keys("ok")  # the winner screen: OK, the summary
        dev.run_for(50)
    words = [t[2:-1] if t.startswith("b'") else t for t in end.texts()]  # (its figures are drawn from bytes)
    assert "Best s" in words and "Avg s" in words and "Best ms" not in words
    best, avg = min(timed), sum(timed) // len(timed)
    assert "%d.%02d" % (best // 1000, best % 1000 // 10) in words  # as the tag said it
    assert "%d.%02d" % (avg // 1000, avg % 1000 // 10) in words


def test_one_person_playing_money_is_you_on_the_banks_panels_and_status(make_device):
    dev, play, end = _play(make_device, "money", cards=400)
    assert not _naming(play + end, "Red"), _naming(play + end, "Red")
    assert "You" in play                                            # the bank's owner
    assert [t for t in play if t.startswith("You take ")]           # a capture
    assert "Your button: next" in play and "OK: take it" in play    # the choice panel, the status
    assert [t for t in play if t in ("Buy cards", "Give back", "Buy first?")]
    assert [t for t in play if t.startswith("You pay ")] or "You are broke" in play


def test_one_person_playing_war_is_you_when_taking(make_device):
    dev, play, end = _play(make_device, "war", cards=60)
    assert not _naming(play + end, "Red"), _naming(play + end, "Red")
    assert "You take " in play and "Blue takes " in play


def test_several_people_are_named_by_their_colours_in_every_message(make_device):
    dev, play, end = _play(make_device, "ratscrew", players=3, humans=2)
    assert not _naming(play + end, "You") and not _naming(play, "Your")
    assert [t for t in play if t.startswith("Red takes ")] and _naming(play, "Blue")
    assert [t for t in play if t.startswith("Red burns ") or t.startswith("Blue burns ")]


def _rules_texts(game):
    """Every label, value and explanation of ``game``'s Rules menu as it opens, and its How
    to play's text (the firmware's menus' modules, as now imported)."""
    from painters import howto_pages, rules_menu
    from slapstack import games, options
    s = {"rules": {}}
    m = rules_menu.RulesMenu(s, game)
    texts = []
    for i, (kind, what) in enumerate(m.rows):
        m.selected = i
        texts.append(m.row_text(i))
        if kind == 1:
            texts.append(m.explanation())
    mod = games.game_module(game)
    rules = options.as_dict(mod.make_rules(game), mod.SCHEMA)
    howto = []
    for heading, items in howto_pages.pages(game, rules):
        howto.append(heading)
        howto.extend(item[1] for item in items)
    return texts, howto


def test_egyptian_war_snaps_in_play_summary_rules_and_how_to_play(make_device):
    dev, play, end = _play(make_device, "egyptian_war")
    rules, howto = _rules_texts("egyptian_war")
    everything = play + end + rules + howto
    assert not [t for t in everything if "slap" in t.lower()], [t for t in everything if "slap" in t.lower()]
    assert "NO SNAP" in play and "nothing to snap" in play
    assert {"Snaps won", "False snaps", "Late snaps"} <= set(end)
    assert "What to snap" in rules and "Snapping" in rules


def test_egyptian_ruffle_ruffles_and_its_challenge_is_fixed_moves(make_device):
    dev, play, end = _play(make_device, "ruffle")
    rules, howto = _rules_texts("ruffle")
    everything = play + end + rules + howto
    assert not [t for t in everything if "slap" in t.lower()], [t for t in everything if "slap" in t.lower()]
    assert "NO RUFFLE" in play and "nothing to ruffle" in play     # a wrong press
    assert "OUT OF MOVES" in play and "CHALLENGE" not in play      # a challenge lost
    assert "You: moves up" in play and not [t for t in play if "missed" in t]  # its fixed moves used up
    assert "Ruffles won" in end
    assert "Fixed moves" in howto and not [t for t in howto if "ruffles" in t and "start" in t]
    assert not [t for t in howto + rules if "challenge" in t.lower()]


def test_money_claims_and_never_slaps(make_device):
    dev, play, end = _play(make_device, "money", cards=400)
    assert not [t for t in play + end if "slap" in t.lower()]
    assert {"Claims won", "Wrong claims", "Late claims"} <= set(end)


def test_beggar_my_neighbour_has_no_slap_rows_and_no_slapping_in_its_rules(make_device):
    dev, play, end = _play(make_device, "beggar", cards=120)
    for row in ("Slaps won", "False slaps", "Late slaps", "Best ms", "Avg ms"):
        assert row not in end
    assert "Cards held" in end                   # (the party limit ended it: the cards each held)
    rules, howto = _rules_texts("beggar")
    assert not [t for t in rules if "slap" in t.lower()], rules


def test_each_money_option_says_what_you_pay_and_get_and_from_whom(make_device, flash):
    # issue 64, fault 9: "Change Q (15) for J+K from Blue" needed explaining. Red, out of
    # numerals with a Q and a K, must buy from Blue (3 numerals on the floor, a K and a J
    # under them); Red's presses show each option, Red pays the Q to Blue, and Blue answers
    from host_sim.tests.test_e2e_menu import go_to
    blue = ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "AD",
            "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "AH"]
    inputs = []
    for p, first, choose in ((0, 1000, 1), (1, 3000, 0)):
        for k in range(1, 4):
            inputs += [{"t": first + 400 * k, "p": p, "a": "press"}, {"t": first + 400 * k + 60, "p": p, "a": "release"}]
        inputs.append({"t": first + 1800, "p": p, "a": "choose", "i": choose})
    spec = {"game": "money", "players": 2, "tempo_ms": 1000, "inputs": inputs,
            "deal": {"hands": [[], blue], "pile": ["2S", "3S", "4S"], "under": ["K", "J"],
                     "banks": [["Q", "K"], ["K", "J", "K"]]}}
    (flash / "last_replay.json").write_text(json.dumps(spec))
    dev = make_device()
    go_to(dev, "Watch last game")
    with TextLog() as log:
        dev.keys("ok")
        dev.run_for(6000)
    y1, y2 = 104 + 24, 104 + 40       # the option's two lines in the panel (choice_words._CHOICE_Y)
    firsts = [d for d in log.drawn if d.y == y1]
    seconds = [d for d in log.drawn if d.y == y2]
    options = list(dict.fromkeys(zip([d.text for d in firsts], [d.text for d in seconds])))
    assert ("Pay Q to Blue", "get Blue's J+K") in options           # the exchange with Blue's bank
    assert ("Pay Q under the pile", "get J+K from under it") in options
    assert ("Pay Q to Blue", "get 15 of Blue's cards") in options   # the purchase taken
    assert ("Pay K to Blue", "get 5 of Blue's cards") in options
    assert any(a.startswith("Give ") and b == "get Red's Q (15)" for a, b in options)   # Blue's answer
    for d in firsts + seconds:                                       # each whole inside the panel's frame
        assert P.MID_X + 5 < d.x and d.x + d.w < P.MID_X + P.MID_W - 5, d
    for a, b in options:
        assert a.startswith(("Pay ", "Give ")) and b.startswith("get "), (a, b)
        assert "Blue" in a + b or "Red" in a + b or "pile" in a + b or "under" in b, (a, b)
