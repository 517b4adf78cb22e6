"""Issue 49's screen faults, each as a player meets it on the simulated device: the winner
screen, War's reaction times, Money's choice panel and its replay, a replay's summary, a
winner's second press, the menu's scroll arrow, the players a replay may have, and the
false snap's message over the pile."""
import json
import os
import re

from host_sim import cli
from host_sim.tests.test_e2e_menu import go_to

from app import modes

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _watch(make_device, flash, spec):
    (flash / "last_replay.json").write_text(json.dumps(spec))
    dev = make_device()
    go_to(dev, "Watch last game")
    dev.keys("ok")
    return dev


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
    dev = _watch(make_device, flash, {"game": "ratscrew", "players": 6, "deal": {"seed": 1}})
    assert dev.app.mode == modes.NOTICE                            # no error screen, no game
    assert dev.app.r._title == "Watch last game"
    assert "".join(dev.app.r._lines).replace(" ", "") == \
        "Agamefor6players:thisboardseats4.Pressanykey"
    dev.keys("ok")
    assert dev.app.mode == modes.MENU
