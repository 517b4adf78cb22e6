"""Around the game, end to end on the simulated device: the Rules menu in players' words,
How to play, the summary at a game's end with the evening's score, the party limit, and
watching a replay faster or skipping to its end."""
import json
import sys



from drawing import text
from drawing import colours
from painters import howto_pages
from painters import renderer as R
from painters import rules_menu
from painters import summary_table
from host_sim.tests.screen_text import TextLog
from host_sim.tests.test_e2e_menu import go_to
from slapstack import events as E

# a quick game between bots: one person who never presses, three hard bots at the fastest tempo
QUICK = {"version": 1, "game": "ratscrew", "players": 4, "humans": 1, "level": "hard",
         "tempo": "frantic", "rules": {"ratscrew": {"party_cards": 60}}}


def _row_y(dev, text):
    """The y of a Rules menu row on screen, by its text."""
    m = dev.app.screen.menu
    i = m.items().index(text)
    y = rules_menu.row_y(i - m.first)
    assert y is not None, "row %r is not on screen" % text
    return y


def _rules_down_to(dev, text):
    m = dev.app.screen.menu
    for _ in range(len(m.rows)):
        if m.items()[m.selected] == text:
            return
        dev.keys("down")
    raise AssertionError("no rule %r in %r" % (text, m.items()))


def test_the_rules_menu_speaks_players_words_and_shows_what_applies(make_device, flash):
    dev = make_device()
    go_to(dev, "Rules")
    dev.keys("ok")
    m = dev.app.screen.menu
    assert dev.screen_name() == "Rules"
    assert m.items()[:3] == ["What to slap", "Slapping: on", "Double: on"]
    assert dev.pixel(12, _row_y(dev, "What to slap") + 8) == colours.GOLD or \
        any(dev.pixel(x, _row_y(dev, "What to slap") + 8) == colours.GOLD for x in range(10, 40))
    assert dev.pixel(18, _row_y(dev, "Slapping: on") + 12) == colours.MENU_BAR      # the cursor
    assert m.explanation() == "Slap the pile when a combination shows."
    assert "Tie within: 0 ms" in m.items()                       # ms, never us
    assert "Sit out: 2" in m.items()                             # document 003's lockout, by default
    assert not any(t.startswith("Minus limit") for t in m.items())
    _rules_down_to(dev, "Out, false slap: sit out")
    dev.keys("ok", "ok")                                         # -> none -> minus cards: its limit shows
    assert "Minus limit: 3" in m.items()
    assert m.explanation() == "What a false slap costs a player who is out."
    dev.keys("down")
    assert m.items()[m.selected] == "Minus limit: 3"
    assert dev.pixel(18, _row_y(dev, "Minus limit: 3") + 12) == colours.MENU_BAR
    # Reset asks first; Back keeps the rules
    _rules_down_to(dev, "Reset to Ratscrew rules")
    dev.keys("ok")
    assert dev.message[0] == "Reset the rules?" and dev.pixel(160, 5) == colours.GOLD
    dev.keys("back")
    assert dev.app.screen.menu.items()[dev.app.screen.menu.selected] == "Reset to Ratscrew rules"
    assert dev.pixel(160, 5) == colours.MENU_BAR                # the rules again, not the question
    assert dev.app.settings["rules"]["ratscrew"] == {"slap_in_penalty": "negative"}
    dev.keys("ok", "ok")
    assert dev.app.settings["rules"]["ratscrew"] == {}
    assert not any(t.startswith("Minus limit") for t in dev.app.screen.menu.items())
    dev.keys("back")
    assert dev.app.screen.menu.items()[dev.app.screen.menu.selected] == "Rules..."
    assert "painters.rules_menu" in sys.modules and "painters.rule_words" in sys.modules   # kept for the next look
    dev.run_for(2500)
    assert json.loads((flash / "settings.json").read_text())["rules"] == {"ratscrew": {}}


def test_how_to_play_shows_the_combinations_switched_on_as_cards(make_device):
    dev = make_device(settings={"version": 1, "game": "ratscrew", "rules": {"ratscrew": {"big_mac": True}}})
    go_to(dev, "How to play")
    dev.keys("ok")
    assert dev.screen_name() == "HowToPlay"
    assert dev.app.screen.menu.pages[0][0] == "The game"
    dev.keys("ok")
    page = dev.app.screen.menu.pages[1]
    assert page[0] == "What to slap"
    assert [item[1] for item in page[1] if item[0] == "cards"] == ["Double", "Sandwich", "Big Mac"]
    # the double's two small cards at the right of its row: a white card, a red seven of hearts
    _, _, x, y = dev.app.screen.menu.cards[0]
    assert dev.pixel(x + 2, y + 28) == colours.CARD
    assert any(dev.pixel(x + 28 + dx, y + 24) == colours.INK_RED for dx in range(4, 18))
    dev.keys("ok", "ok")
    assert dev.app.screen.menu.pages[dev.app.screen.menu.page][0] == "Challenges"
    dev.keys("ok")
    assert dev.app.screen.menu.pages[dev.app.screen.menu.page][0] == "Joining late"
    dev.keys("ok")
    heading, items = dev.app.screen.menu.pages[dev.app.screen.menu.page]
    assert heading == "Buttons" and "slap" in items[0][1]
    dev.keys("back")
    assert dev.screen_name() == "MainMenu" and dev.app.screen.menu.items()[dev.app.screen.menu.selected] == "How to play"


def _page_texts(howto, page):
    return " ".join(item[1] for item in howto.pages[page][1] if item[0] == "text")


def test_how_to_play_ends_on_its_last_page_instead_of_starting_again(make_device):
    dev = make_device()
    go_to(dev, "How to play")
    dev.keys("ok", "up")                             # Up on the first page: it stays
    h = dev.app.screen.menu
    assert h.page == 0 and dev.screen_name() == "HowToPlay"
    for _ in range(len(h.pages) - 1):
        dev.keys("ok")
    assert h.page == len(h.pages) - 1
    with TextLog() as log:
        dev.keys("up", "ok")                         # back a page and on: the foot says what OK does
    assert "%d/%d  OK: back to the menu" % (len(h.pages), len(h.pages)) in log.texts()
    assert "%d/%d  OK: next  Back: menu" % (len(h.pages) - 1, len(h.pages)) in log.texts()
    dev.keys("ok")                                   # OK on the last page: the menu, not page 1
    assert dev.screen_name() == "MainMenu" and dev.app.screen.menu.items()[dev.app.screen.menu.selected] == "How to play"


def test_each_games_how_to_play_starts_with_its_turn_and_goal_then_its_own_rules(make_device):
    from slapstack import games
    made = {}
    for game in games.ALL:
        s = {"rules": {}, "minutes": 0}
        made[game] = howto_pages.HowTo(s, game)
        heading, items = made[game].pages[0]
        first = _page_texts(made[game], 0)
        assert heading == "The game" and "Win all the cards" in first, game
        assert ("Take turns" in first) or ("Both players turn" in first), game
    texts = dict((g, " ".join(_page_texts(h, p) for p in range(len(h.pages)))) for g, h in made.items())
    assert len(set(texts.values())) == len(texts)    # no two games read alike
    assert "Snaps within 20 ms of each other take nothing" in _page_texts(made["egyptian_war"], 0)
    assert "A false snap burns 1 card: our house rule, so mashing loses." in texts["egyptian_war"]
    assert "A false slap burns 1 card." in texts["ratscrew"] and "house rule" not in texts["ratscrew"]
    for game in ("ratscrew", "egyptian_war"):                    # slapping back in, and its price
        assert "A false %s then sits you out 2 piles." % ("snap" if game == "egyptian_war" else "slap") in texts[game]
    free = howto_pages.HowTo({"rules": {"egyptian_war": {"burn_count": 0, "slap_in_penalty": "negative"}},
                               "minutes": 0}, "egyptian_war")
    free_text = " ".join(_page_texts(free, p) for p in range(len(free.pages)))
    assert "A false snap costs nothing." in free_text and "house rule" not in free_text
    assert "Each false snap then counts; at 3 you stay out." in free_text
    assert "Pure luck" in texts["beggar"] and "Your button: turn your card on your turn." in texts["beggar"]
    ruffles = [item[1] for h in made["ruffle"].pages for item in h[1] if item[0] == "cards"]
    assert ruffles[1:] == ["Pyramid Pair", "Sphinx Split", "Mummy Marriage", "King Tut Ten", "Nile Nine"]
    # each drawn as its Rules line and the README give it (document 001's 3, 7, 3)
    examples = dict((item[1], item[2]) for h in made["ruffle"].pages for item in h[1] if item[0] == "cards")
    assert examples["Sphinx Split"] == "3C 7D 3H" and examples["King Tut Ten"] == "6C 4D"
    assert "Pharaoh (K) 3, Queen 2, Scribe (J) 1, Ace 4" in texts["ruffle"]
    assert "K 5, J 10, Q 15" in texts["money"] and "Press before the next card" in texts["money"]
    assert "from the bottom of the pile if it has 5 or more, else from your opponent" in texts["money"]
    # the tie follows the rule as set, the goal the length chosen on the main menu
    h = howto_pages.HowTo({"rules": {"egyptian_war": {"tie_window_us": 50000}}, "minutes": 15}, "egyptian_war")
    assert "within 50 ms" in _page_texts(h, 0) and "or the most in 15 min" in _page_texts(h, 0)
    syrian = howto_pages.HowTo({"rules": {"money": {"variant": "syrian"}}, "minutes": 0}, "money")
    assert "Joker 5, J 10, Q 15, K 20" in _page_texts(syrian, 2) and "from the top of the pile" in _page_texts(syrian, 2)
    plain = howto_pages.HowTo({"rules": {"ruffle": {"slaps": False}}, "minutes": 0}, "ruffle")
    assert "The plain game" in _page_texts(plain, 0)
    assert not any(item[0] == "cards" and item[1] == "Pyramid Pair" for p in plain.pages for item in p[1])


RULES_TRIED = [{}, {"slaps": False}, {"big_mac": True, "run": True, "flush": True, "marriage": True, "tens": True,
                                      "nile_nine": True, "run_wrap": True, "tie_window_us": 200000,
                                      "burn_count": 5, "jokers": "challenge"},
               {"variant": "egyptian", "aces_money": True, "choice_ms": 500},
               {"variant": "syrian", "penalty_take": "press"}, {"turn": "auto", "aces": "low"},
               {"slap_in_penalty": "negative", "negative_limit": 20, "tie_window_us": 200000},
               {"lockout_rounds": 20, "burn_count": 5, "tie_window_us": 200000}]


def test_every_page_of_how_to_play_fits_above_its_foot():
    from slapstack import games
    for game in games.ALL:
        schema = games.game_module(game).SCHEMA
        for rules in RULES_TRIED:
            if any(name not in schema for name in rules):
                continue
            for minutes in (0, 45):
                h = howto_pages.HowTo({"rules": {game: dict(rules)}, "minutes": minutes}, game)
                _, foot_y, text_h, card_h = howto_pages.page_room()
                for page in range(len(h.pages)):
                    if page:
                        h.key("down")  # (lays the next page out)
                    body = h.texts[1:-1]
                    bottom = max([y + text_h for _, _, y, _ in body] +
                                 [y + card_h for _, _, _, y in h.cards])
                    assert bottom <= foot_y, (game, rules, minutes, h.pages[page][0])
                    assert all(x + text.text_width(t, 2) <= 320 - 8 for t, x, _, _ in body), (game, page)


def _combos(howto):
    return [item[1] for item in howto.pages[1][1] if item[0] == "cards"]


def test_how_to_play_is_made_while_the_menu_waits_and_follows_the_rules_and_the_game(make_device):
    # its pages are made while the main menu waits (7-10 ms of its opening on the chip); the
    # opening shows them, and a change in the Rules menu or another game makes them again
    dev = make_device()
    dev.run_for(300)
    ahead = dev.app.screen.howto_ahead
    assert ahead is not None and ahead.game == "ratscrew" and _combos(ahead) == ["Double", "Sandwich"]
    assert "Slap first" in _page_texts(ahead, 0)
    go_to(dev, "How to play")
    dev.keys("ok")
    assert dev.screen_name() == "HowToPlay" and dev.app.screen.menu is ahead  # the pages made ahead
    dev.keys("ok", "back")                           # a page turned, then the menu
    dev.run_for(300)
    assert dev.app.screen.howto_ahead is not ahead and dev.app.screen.howto_ahead.page == 0
    go_to(dev, "Rules")
    dev.keys("ok")
    _rules_down_to(dev, "Big Mac: off")
    dev.keys("ok", "back")
    dev.run_for(300)
    go_to(dev, "How to play")
    dev.keys("ok")
    assert _combos(dev.app.screen.menu) == ["Double", "Sandwich", "Big Mac"]
    dev.keys("back")
    go_to(dev, "Game")
    dev.keys("ok")                                   # another game
    dev.run_for(300)
    game = dev.app.settings["game"]
    assert game != "ratscrew" and dev.app.screen.howto_ahead.game == game
    go_to(dev, "How to play")
    dev.keys("ok")
    assert dev.app.screen.menu.title.startswith("How to play") and dev.app.screen.menu.game == game


def test_how_to_play_war_and_money_in_their_own_words(make_device):
    dev = make_device(settings={"version": 1, "game": "war", "players": 2})
    if "war" not in dev.app.game_names:
        raise AssertionError("War is missing from the simulated board")
    go_to(dev, "How to play")
    dev.keys("ok")
    assert "Press your button to turn" in _page_texts(dev.app.screen.menu, 0)
    assert dev.app.screen.menu.pages[2][0] == "Call the war!"
    dev.keys("back")
    go_to(dev, "Game")
    dev.keys("ok")                                   # war -> money
    go_to(dev, "How to play")
    dev.keys("ok")
    assert "Press before the next card to take the pile" in _page_texts(dev.app.screen.menu, 1)


def _finish(dev, since=None):
    return dev.run_until_event(E.GAME_OVER, 20 * 60 * 1000, step_ms=50, since=since)


def test_the_summary_counts_each_seat_and_the_evening_and_ok_plays_again(make_device):
    dev = make_device(settings=QUICK)
    dev.keys("ok")
    over = _finish(dev)
    assert over[5] == E.END_PARTY                    # the party limit ended it, most cards winning
    assert over[3] >= 60
    dev.run_for(1000)
    assert dev.screen_name() == "Winner"                # the winner first
    assert "painters.summary_table" in sys.modules           # its code loaded while the winner waits
    colours = list(dev.app.session.view.colour)
    dev.run_for(20000)
    assert dev.screen_name() == "Winner"                # the winner waits for OK (a person plays)
    dev.keys("ok")
    assert dev.screen_name() == "GameSummary"             # then the summary
    s = dev.app.summary
    for seat in range(4):
        wins = [ev for ev in dev.events if ev[1] == E.SLAP and ev[2] == seat and ev[3] == E.V_WIN]
        false = [ev for ev in dev.events if ev[1] == E.SLAP and ev[2] == seat and ev[3] == E.V_FALSE]
        taken = sum(ev[4] for ev in dev.events if ev[1] == E.PILE_WON and ev[2] == seat)
        assert (s.won[seat], s.false[seat], s.cards_won[seat]) == (len(wins), len(false), taken)
        if wins:
            assert s.fastest(seat) == min(ev[5] // 1000 for ev in dev.events if ev[1] == E.SLAP
                                          and ev[2] == seat and ev[3] <= E.V_TIE)
    assert s.won[0] == 0 and s.fastest(0) == -1      # the person never pressed
    first = dev.of(E.GAME_START)[0][0]
    assert abs(s.length_ms - (over[0] - first) // 1000) <= 1
    winner = over[2]
    assert dev.pixel(4, 4) == colours[winner]        # the head in the winner's colour
    assert dev.app.evening[:4] == [int(p == winner) for p in range(4)] and dev.app.evening_games == 1
    assert "painters.summary_table" not in sys.modules       # drawn, then let go
    assert dev.app.session is None                     # the game too, and while the summary waits
    for name in ("app.dealing", "app.menu_screens", "slapstack.slapgame", "app.session", "app.slap_presenter"):
        assert name in sys.modules, name             # what Play again deals with, loaded while it waited
    dev.keys("ok")                                   # Play again
    assert len(dev.of(E.GAME_START)) == 2 and dev.screen_name() == "Playing"
    over2 = _finish(dev)
    dev.keys("ok")                                   # skip the winner screen
    assert dev.screen_name() == "Winner"                # too soon after the end: a bounce, not a choice
    dev.run_for(700)
    dev.keys("ok")
    assert dev.screen_name() == "GameSummary"
    assert dev.app.evening_games == 2
    assert sum(dev.app.evening) == 1 + (over2[2] >= 0)          # a draw is nobody's win
    dev.keys("back")                                 # Menu
    assert dev.screen_name() == "MainMenu" and dev.app.screen.menu.items()[0] == "Play"
    assert dev.app.session is None                   # the game went, and its session's and presenter's code
    assert not [m for m in ("app.session", "app.presenter", "app.slap_presenter") if m in sys.modules]


def test_the_summary_screen_draws_rows_for_the_game(make_device):
    from slapstack.summary import Summary
    from painters.view import TableView
    v = TableView("War", 2)
    s = Summary()
    s.begin(2)
    s.event(E.GAME_OVER, 0, 1, 40, 3, E.END_WIN)
    war = summary_table.SummaryTable(v, s, None, "s", [0, 1], 1)
    assert [r[0] for r in war.rows] == ["Best s", "Avg s", "Cards won", "Tonight"]   # War: no slaps
    assert war.title == "Blue wins!" and war.info == "0:00, 40 cards, game 1"
    watched = summary_table.SummaryTable(v, s, ("Slaps won", "False slaps", "Late slaps"), "ms", None, 0)
    assert [r[0] for r in watched.rows][:3] == ["Slaps won", "False slaps", "Late slaps"]
    assert watched.rows[-1][0] == "Cards won"
    s.event(E.GAME_OVER, 0, -1, 40, 3, E.END_PARTY)
    assert summary_table.headline(v, s) == "A draw"


def _save_a_game(make_device, flash):
    """Play a quick party game and return its saved replay's length in ms."""
    dev = make_device(settings=QUICK)
    dev.keys("ok")
    _finish(dev)
    dev.run_for(500)
    dev.close()
    inputs = json.loads((flash / "last_replay.json").read_text())["inputs"]
    return inputs[-1]["t"]


def _watch(make_device):
    dev = make_device()
    go_to(dev, "Watch last game")
    dev.keys("ok")
    assert dev.screen_name() == "Watching"
    return dev


def test_a_replay_runs_four_times_as_fast_and_skips_to_its_end(make_device, flash):
    length = _save_a_game(make_device, flash)
    assert length > 8000
    dev = _watch(make_device)
    t0 = dev.now_us
    dev.keys("up")
    assert dev.app.session.speed == 2 and dev.app.session.view.game_name == "Replay x2"  # (with the name it would not fit)
    dev.keys("up", "up")
    assert dev.app.session.speed == 4                          # x4 at most
    over = _finish(dev)
    took = (dev.now_us - t0) / 1000
    assert length / 4 <= took + 50 and took < length / 4 + 1500, (length, took)
    assert over[5] == E.END_PARTY
    dev.close()
    dev = _watch(make_device)
    dev.run_for(500)
    t0 = dev.now_us
    seen = len(dev.events)
    dev.keys("ok")                                     # skip to the end
    over = _finish(dev, seen)
    assert (dev.now_us - t0) / 1000 < 1000            # within a moment, not the game's length
    assert over[5] == E.END_PARTY
    dev.run_for(3200)
    assert dev.screen_name() == "Winner"                 # its winner waits for OK too
    dev.keys("ok")
    assert dev.screen_name() == "GameSummary" and dev.app.evening_games == 0   # a replay is no game tonight


def test_a_game_won_on_the_most_cards_shows_the_cards_each_held(make_device):
    # issue 64, fault 4: "You win on cards!" stood above a Cards won row of You 72, Bot 148:
    # the party limit's winner holds the most cards at the end (in Money its money cards
    # too), which the cards won in play need not show. The summary names and shows those.
    from slapstack.party import held
    dev = make_device(settings={"version": 1, "game": "money", "players": 2, "humans": 1, "level": "hard",
                                "tempo": "frantic", "rules": {"money": {"party_cards": 80}}})
    dev.keys("ok")
    over = _finish(dev)
    assert over[5] == E.END_PARTY
    dev.run_for(1000)
    table = dev.app.session.table
    cards = [held(table.game, p, table.can("bank")) for p in range(2)]
    winner = over[2]
    assert winner >= 0 and cards[winner] > cards[1 - winner]
    name = "You" if winner == 0 else dev.app.session.view.name[winner]
    with TextLog() as log:
        dev.keys("ok")
    assert dev.screen_name() == "GameSummary"
    texts = log.texts()
    assert (name + (" win" if winner == 0 else " wins") + ": most cards!") in texts
    assert "Cards won" not in texts
    row = [d for d in log.drawn if d.text == "Cards held"]
    assert len(row) == 1
    chips = sorted((d.x, d.text) for d in log.drawn if d.text in ("YOU", "BOT"))
    assert [t for _, t in chips] == ["YOU", "BOT"]
    figures = sorted((d.x, d.text) for d in log.drawn if d.y == row[0].y and d.text != "Cards held")
    assert [int(t.strip("b'")) for _, t in figures] == cards    # You's column, then the bot's (as bytes)
