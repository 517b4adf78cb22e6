"""One name per player through a whole game, and each game's own words: one person playing bots
is YOU in every verdict, status line and replay of the game, several people their colours;
War's times to press in seconds; Egyptian War snaps, Ruffle ruffles, Money claims, Beggar-my-
neighbour has no slaps, in play, the summary, the Rules menu and How to play."""

import pytest

from host_sim.device import MS
from painters import pile as P  # (the table's layout constants)
from host_sim.tests.screen_text import TextLog
from slapstack import events as E


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
    from host_sim.tests.test_e2e_menu import at_watch_last_game
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
    dev = at_watch_last_game(make_device, flash, spec)
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
