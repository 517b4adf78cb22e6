"""`python -m host_sim replay` refuses a deal no real pack can give, for every game, and a
file that is not a replay at all: a message naming the card and the reason (or saying what
the file is) on stderr, exit status 2, no traceback."""
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")

BAD = [
    ("ratscrew", {"hands": [["7C", "2D"], ["7C"]]}, None, "7C: dealt 2 times; one pack holds one"),
    ("egyptian_war", {"hands": [["JK"], ["2D"]]}, None, "JK: a joker, and these rules play without jokers"),
    ("ruffle", {"hands": [["9c"], ["2D"]]}, None, "bad card '9c': write it '9C'"),
    ("beggar", {"hands": [["7C", "7C"], ["7C"]]}, {"decks": 2}, "7C: dealt 3 times; 2 packs hold 2"),
    ("war", {"hands": [["KS"], ["KS"]]}, None, "KS: dealt 2 times; one pack holds one"),
    ("money", {"hands": [["3D"], ["TD"]]}, None, "bad card 'TD': write it '10D'"),
    ("money", {"hands": [["3D"], ["4D"]], "pile": ["3D"]}, None, "3D: dealt 2 times"),
    ("ratscrew", {"seed": 3, "pile": ["KS"]}, None, "unknown deal field 'pile' (known: seed, hands)"),
]


def _refused(command, path, message):
    env = dict(os.environ, PYTHONPATH="src")
    r = subprocess.run([sys.executable, "-m", "host_sim"] + command + [str(path)], capture_output=True,
                       text=True, cwd=ROOT, env=env)
    assert r.returncode == 2, r.stdout + r.stderr
    assert message in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert r.stdout == ""
    return r.stderr


@pytest.mark.parametrize("game,deal,rules,message", BAD)
def test_replay_refuses_a_deal_no_pack_can_give(tmp_path, game, deal, rules, message):
    path = tmp_path / "bad.json"
    obj = {"game": game, "players": 2, "deal": deal}
    if rules:
        obj["rules"] = rules
    path.write_text(json.dumps(obj))
    _refused(["replay"], path, message)


def test_a_file_that_is_not_text_is_refused_in_words_by_replay_and_shots(tmp_path):
    path = tmp_path / "junk.json"
    path.write_bytes(b"\xe2\x28\xa1" + bytes(range(256)))    # no UTF-8 text
    said = "error: %s: not a replay: the file is not text\n" % path
    assert _refused(["replay"], path, said) == said
    assert _refused(["shots", "--at", "menu", "--out", str(tmp_path / "out"), "--"], path, said) == said


@pytest.mark.parametrize("text,message", [
    ('{"game": "ratscrew", "players": 2, "deal": {"seed": 1}, "inputs": [{"t": 1e306, "p": 0, "a": "press"}]}',
     "inputs[0].t: must be a time in ms from 0 to 86400000 (a day), written plainly with at most 3 decimals, got 1e306"),
    ('{"game": "ratscrew", "players": 2, "deal": {"seed": 1}, "inputs": [{"t": Infinity, "p": 0, "a": "press"}]}',
     "not valid JSON at line 1, column 74"),  # (JSON has no Infinity: Python's json module reads one)
    ('{"game": "ratscrew", "players": 2, "deal": {"seed": 1}, "comment": ' + "[" * 5000 + "]" * 5000 + "}",
     "not a replay: its JSON is nested too deep to read"),
], ids=["1e306", "Infinity", "nested-5000"])
def test_a_time_too_large_or_json_too_deep_is_refused_in_words_by_replay_and_shots(tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text)
    _refused(["replay"], path, message)
    _refused(["shots", "--at", "menu", "--out", str(tmp_path / "out"), "--"], path, message)
