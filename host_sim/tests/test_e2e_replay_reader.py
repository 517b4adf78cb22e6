"""Issue 63: one reader for replays (slapstack/replay_file.py), shared by the device's Watch
last game and the laptop's `slapstack replay`. A damaged replay ends on the device in the
"Replay damaged" notice naming the field, in the laptop's words, and OK goes back to the
menu: never the Error screen."""
import json
import os
import sys

import pytest

from host_sim import cli
from host_sim.tests.test_e2e_menu import go_to
from slapstack import events as E

HEAD = {"game": "ratscrew", "players": 2, "deal": {"hands": [["2C", "5H", "9S"], ["3D", "6C", "KD"]]},
        "tempo_ms": 700}


def device_text(head, lines):
    """A replay in the device's layout: the head on the first line, one input a line."""
    return json.dumps(head)[:-1] + ', "inputs": [\n' + ",\n".join(lines) + "\n]}\n"


def laptop_says(tmp_path, text):
    """What `slapstack replay` says of the file: None if it plays it to the end."""
    path = tmp_path / "laptop.json"
    path.write_text(text)
    try:
        spec = cli.read_json(str(path))
        from slapstack import replay
        replay.play(spec, lambda *ev: None)
    except ValueError as e:
        return str(e)
    return None


def watch(make_device, flash, text):
    (flash / "last_replay.json").write_text(text)
    dev = make_device()
    go_to(dev, "Watch last game")
    dev.keys("ok")
    return dev


def ends_in_the_damage_notice(dev, flash, words):
    """The device shows "Replay damaged" with ``words`` (within 20 s of the replay), and OK
    goes back to the menu: no Error screen, no error.log."""
    for _ in range(200):
        if dev.message is not None and dev.message[0] in ("Replay damaged", "Error"):
            break
        dev.run_for(100)
    assert dev.message[0] == "Replay damaged", dev.message
    assert " ".join(dev.message[1]).replace(" ", "").startswith(words.replace(" ", "")), dev.message
    assert not (flash / "error.log").exists()
    dev.keys("ok")
    assert dev.screen_name() == "MainMenu" and "app.watch" not in sys.modules


@pytest.mark.parametrize("inputs,words", [
    (['{"t": 1e3, "a": "press", "p": 0}'], "inputs[0].t: must be a time in ms"),
    (['{"t": 750, "a": "press", "p": 0}', '{"t": -0.0, "a": "release", "p": 0}'], "inputs[1].t: must be a time in ms"),
    (['{"t": 750, "a": "press", "p": 0, "p": 1}'], "inputs[0].p: given twice"),
    (['{"t": 750, "a": "press", "p": 0}', '{"t": 800, "a": "release", "p": 0, "x": [[[[[[[[[[[]]]]]]]]]]]}'],
     "not a replay: its JSON is nested too deep"),
    (['{"t": 750, "a": "press", "p": 0}', '{"t": 800, "a": "release", "p": 0, "shown": 900}'],
     "inputs[1]: unknown field 'shown' in a release"),
], ids=["1e3", "minus-zero", "twice", "deep", "unknown-field"])
def test_a_damaged_input_says_what_the_laptop_says(make_device, flash, tmp_path, inputs, words):
    text = device_text(HEAD, inputs)
    said = laptop_says(tmp_path, text)
    assert said is not None and said.startswith(words)
    dev = watch(make_device, flash, text)
    ends_in_the_damage_notice(dev, flash, said)


@pytest.mark.parametrize("head,words", [
    (dict(HEAD, players=0), "players: must be a whole number from 2 to 8"),
    (dict(HEAD, deal=None), 'deal: must be an object with "seed" or "hands"'),
    (dict(HEAD, deal={"seed": 2 ** 64}), "deal.seed: must be a whole number from 0 to 4294967295"),
    (dict(HEAD, tempo_ms=None), "tempo_ms: must be a whole number from 50 to 10000"),
    (dict(HEAD, comment=[[[[[[[[[[]]]]]]]]]]), "not a replay: its JSON is nested too deep"),
    (dict(HEAD, people=[1, 0]), "people: must be a list of seat numbers from 0 to"),
], ids=["players-0", "deal-null", "seed-2**64", "tempo-null", "deep-head", "people-unordered"])
def test_a_damaged_head_says_what_the_laptop_says_in_both_layouts(make_device, flash, tmp_path, head, words):
    for text in (device_text(head, ['{"t": 750, "a": "press", "p": 5}']),
                 json.dumps(dict(head, inputs=[{"t": 750, "a": "press", "p": 5}]))):
        said = laptop_says(tmp_path, text)
        assert said is not None and said.startswith(words), said
        dev = watch(make_device, flash, text)
        ends_in_the_damage_notice(dev, flash, said)


_TWELVE = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "2H", "3H", "4H"]


def test_a_money_choice_the_game_does_not_offer_ends_in_the_notice_naming_the_input(make_device, flash, tmp_path):
    # Red has no numerals at 1 s and chooses from two ways to buy: choice 5 does not exist
    spec = {"game": "money", "players": 2, "tempo_ms": 1000,
            "deal": {"hands": [[], ["2D"]], "pile": _TWELVE, "under": ["K"], "banks": [["J"], []]},
            "inputs": [{"t": 2000, "p": 0, "a": "press"}, {"t": 2060, "p": 0, "a": "release"},
                       {"t": 3000, "p": 0, "a": "choose", "i": 5}]}
    text = json.dumps(spec)
    said = laptop_says(tmp_path, text)
    assert said is not None and said.startswith("inputs[2]: ")
    dev = watch(make_device, flash, text)
    ends_in_the_damage_notice(dev, flash, said)


def test_a_replay_for_more_seats_than_the_board_has_is_refused_in_words(make_device, flash, tmp_path):
    text = device_text(dict(HEAD, seats=8), ['{"t": 750, "a": "press", "p": 6}'])
    assert laptop_says(tmp_path, text) is None                  # the laptop seats 8
    dev = watch(make_device, flash, text)
    assert dev.screen_name() == "Notice" and dev.message[0] == "Watch last game"
    assert "".join(dev.message[1]).replace(" ", "").startswith("Agamefor8seats:thisboardseats4.")
    assert not (flash / "error.log").exists()
    dev.keys("ok")
    assert dev.screen_name() == "MainMenu"
