"""Issue 49's screen faults, each as a player meets it on the simulated device: the winner
screen, War's reaction times, Money's choice panel and its replay, a replay's summary, a
winner's second press, the menu's scroll arrow, the players a replay may have, and the
false snap's message over the pile."""
import os
import re

from host_sim import cli
from host_sim.device import MS
from host_sim.tests.screen_text import TextLog
from host_sim.tests.test_e2e_menu import at_watch_last_game, go_to, watching

from slapstack import duel_events as D
from slapstack import events as E

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


# --- 9: how many players ------------------------------------------------------------------

def test_the_readme_and_the_replay_check_agree_on_how_many_players():
    readme = open(os.path.join(ROOT, "README.md")).read()
    table = dict(re.findall(r"^\| ([A-Z][\w -]+?) \| (\d(?:-\d)?) \|", readme, re.M))
    assert table["Egyptian Ratscrew"] == table["Beggar-my-neighbour"] == "2-4"   # the device's seats
    for game in ("ratscrew", "egyptian_war", "beggar"):
        assert cli.player_range(game) == "2 to 8"                 # what the laptop plays ...
    assert 'say "2 to 8" for them' in readme                        # ... the README says so too
    assert cli.player_range("ruffle") == "2 to 4" and table["Egyptian Ruffle"] == "2-4"


def test_a_replay_for_more_seats_than_the_board_is_refused_in_words(make_device, flash):
    dev = watching(make_device, flash, {"game": "ratscrew", "players": 6, "deal": {"seed": 1}})
    assert dev.screen_name() == "Notice"                            # no error screen, no game
    assert dev.message[0] == "Watch last game"
    assert "".join(dev.message[1]).replace(" ", "") == \
        "Agamefor6players:thisboardseats4.Pressanykey"
    dev.keys("ok")
    assert dev.screen_name() == "MainMenu"


# --- 1: the winner screen waits for OK; 5: a replay's summary watches it again ----------

QUICK = {"game": "ratscrew", "players": 4, "humans": 1, "level": "hard", "tempo": "frantic",
         "minutes": 1}


def _finish(dev, since=None):
    return dev.run_until_event(E.GAME_OVER, 20 * 60 * 1000, step_ms=50, since=since)


def test_the_winner_waits_for_ok_and_a_game_of_bots_alone_moves_on_by_itself(make_device):
    dev = make_device(settings=QUICK)
    dev.keys("ok")
    _finish(dev)
    dev.run_for(30000)
    assert dev.screen_name() == "Winner"                 # a person at the table: the winner stays
    with TextLog() as log:
        dev.keys("ok")
    assert dev.screen_name() == "GameSummary" and "Play again" in " ".join(log.texts())
    dev.keys("back")
    dev.app.settings["humans"] = 0                    # (the menu keeps a person; a host test may not)
    dev.keys("ok")
    assert all(dev.app.session.view.is_bot[:4])
    over = _finish(dev, len(dev.events))
    dev.run_until(over[0] + 7000 * MS)
    assert dev.screen_name() == "Winner"
    dev.run_for(1500)
    assert dev.screen_name() == "GameSummary"              # nobody to press OK: on by itself


def test_ok_on_a_replays_summary_watches_it_again(make_device, flash):
    dev = make_device(settings=QUICK)
    dev.keys("ok")
    _finish(dev)
    dev.close()
    dev = make_device()
    go_to(dev, "Watch last game")
    dev.keys("ok")
    dev.run_for(300)
    seen = len(dev.events)
    dev.keys("ok")                                    # skip to its end
    _finish(dev, seen)
    dev.run_for(700)
    with TextLog() as log:
        dev.keys("ok")                                # the winner: OK, the summary
        assert dev.screen_name() == "GameSummary"
        dev.run_for(500)
    shown = " ".join(log.texts())
    assert "Watch again" in shown and "Play again" not in shown
    started = len(dev.of(E.GAME_START))
    dev.keys("ok")
    assert dev.screen_name() == "Watching" and dev.app.session.reader is not None   # the replay, not a game
    assert len(dev.of(E.GAME_START)) == started + 1
    assert dev.app.evening_games == 0                 # (a replay is no game tonight)


# --- 6: the winner's own second press ------------------------------------------------------

_H0 = ["7C", "2S", "3S", "4S", "5S", "6S", "8S", "9S", "10S", "2H", "3H", "4H", "5H", "6H", "8H",
       "9H", "10H", "2D", "3D", "4D", "5D", "6D", "8D", "9D", "10D", "7H"]
_H1 = ["7D", "2C", "3C", "4C", "5C", "6C", "8C", "9C", "10C", "JS", "QS", "KS", "AS", "JH", "QH",
       "KH", "AH", "JD", "QD", "KD", "AD", "JC", "QC", "KC", "AC", "7S"]


def test_the_winner_pressing_again_is_not_too_late(make_device, flash):
    # 7C at 0.7 s, 7D at 1.4 s: Red slaps the double, then presses again; Blue slaps late
    presses = [(1650, 0), (1850, 0), (1900, 1)]
    inputs = []
    for t, p in presses:
        inputs += [{"t": t, "p": p, "a": "press"}, {"t": t + 60, "p": p, "a": "release"}]
    inputs.sort(key=lambda e: e["t"])
    spec = {"game": "ratscrew", "players": 2, "deal": {"hands": [_H0, _H1]}, "tempo_ms": 700,
            "inputs": inputs}
    dev = at_watch_last_game(make_device, flash, spec)
    with TextLog() as log:
        dev.keys("ok")
        dev.run_for(2600)
    said = " ".join(log.texts())
    verdicts = [(ev[2], ev[3]) for ev in dev.of(E.SLAP)]
    assert verdicts == [(0, E.V_WIN), (0, E.V_IGNORED), (1, E.V_LATE)]
    assert "Blue too late" in said and "Red too late" not in said


# --- 2: War's reaction times ---------------------------------------------------------------

def test_war_shows_no_reaction_time_for_a_press_before_the_cards_could_be_seen(make_device):
    dev = make_device(settings={"game": "war", "players": 2, "humans": 1, "level": "hard"})
    dev.keys("ok")
    with TextLog() as log:
        for _ in range(150):                          # mashing: a press every 60 ms
            dev.tap(0, hold_ms=30, then_ms=30)
    mine = [ev[3] for ev in dev.of(D.WAR_READY) if ev[2] == 0]
    assert len(mine) > 15 and -1 in mine
    assert all(r == -1 or r >= 100 * MS for r in mine)
    shown = "".join(log.texts())
    assert "0.00 s" not in shown and "0.0" not in shown.replace("10.0", "")
    s = dev.app.summary
    assert s.fastest(0) == -1 or s.fastest(0) >= 100                # nor the summary's best


# --- 7: the menu's scroll arrow -------------------------------------------------------------

def test_the_menus_scroll_arrows_stand_beside_the_cursors_bar_not_in_it(make_device):
    from drawing import colours
    dev = make_device()                               # the main menu: longer than the screen
    for _ in range(len(dev.app.screen.menu.items())):
        dev.keys("down")
        if dev.app.r.menu_shown().first > 0:
            break
    assert dev.app.r.menu_shown().first > 0                 # it scrolled: more above, and below
    for y in (44, 198):                               # the arrows' middle rows, up and down
        assert dev.pixel(311, y) == colours.GREY     # each arrow is drawn, at the right ...
    bar_y = [y for y in range(36, 212) if dev.pixel(160, y) == colours.MENU_BAR]
    mid = bar_y[len(bar_y) // 2]
    bar_end = max(x for x in range(320) if dev.pixel(x, mid) == colours.MENU_BAR)
    assert bar_y and bar_end < 304                    # ... and the cursor's bar ends before them


# --- 3 and 4: Money's choice, live and in a replay -------------------------------------------

_TWELVE = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "AC", "2C"]


def test_a_money_replay_shows_each_choices_panel_and_what_was_paid(make_device, flash):
    # Red has no numerals at 1 s and chooses: a J for 10 from the floor, or for 5 and the K
    # under the pile; the recorded press shows the second option, which Red takes at 3 s
    spec = {"game": "money", "players": 2, "tempo_ms": 1000,
            "deal": {"hands": [[], ["2D"]], "pile": _TWELVE, "under": ["K"], "banks": [["J"], []]},
            "inputs": [{"t": 2000, "p": 0, "a": "press"}, {"t": 2060, "p": 0, "a": "release"},
                       {"t": 3000, "p": 0, "a": "choose", "i": 1}]}
    dev = at_watch_last_game(make_device, flash, spec)
    with TextLog() as log:
        dev.keys("ok")
        dev.run_until_event(E.MONEY_CHOICE, 5000)
        dev.run_for(100)
        texts = log.texts()
        assert dev.app.session.view.overlay is not None                    # the panel, as Red saw it
        assert "Red: buy cards" in texts and "Pay J to the pile" in texts and "1/2" in texts
        assert "Red button: next" in texts
        assert dev.pixel(36 + 3, 104 + 40) == dev.app.session.view.colour[0]
        log.clear()
        dev.run_until_event(E.SLAP, 3000)                          # Red's press: the next option
        dev.run_for(100)
        assert "2/2" in log.texts() and "get its bottom 5 + K" in log.texts()
        log.clear()
        dev.run_until_event(D.MONEY_BUY, 3000)
        dev.run_for(100)
        assert dev.app.session.view.overlay is None
        assert "Red: J for " in log.texts()                        # what was paid, for 5 cards
        assert dev.app.session.view.banner_num == 5
