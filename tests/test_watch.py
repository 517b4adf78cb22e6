"""Reading a replay file back on the device (firmware/app/watch.py): exact times, both layouts,
damage named. Runs on the MicroPython VM (make test-mpy) and on CPython."""

import io
import os

from app import watch
from slapstack import replay

HEAD = '{"game": "ratscrew", "players": 2, "deal": {"seed": 3}, "tempo_ms": 700, "inputs": ['


def _all(reader):
    out = []
    while True:
        x = reader.next()
        if x is None:
            return out
        out.append(x)


def test_line_layout_gives_exact_microseconds_late_in_a_game():
    text = HEAD + ('\n{"t": 700.000, "a": "reveal", "shown": 712.345},'
                   '\n{"t": 600123.457, "a": "press", "p": 1},'
                   '\n{"t": 600200, "a": "release", "p": 1, "stamp": 600196.001}\n]}\n')
    r = watch.ReplayReader(io.StringIO(text))
    assert r.spec["players"] == 2 and r.spec["inputs"] == []
    assert _all(r) == [(700000, "reveal", -1, 712345, 700000), (600123457, "press", 1, 0, 600123457),
                       (600200000, "release", 1, 0, 600196001)]


def test_a_file_in_one_piece_is_read_whole():
    text = HEAD + '{"t": 9000, "p": 0, "a": "choose", "i": 2}]}'
    assert _all(watch.ReplayReader(io.StringIO(text))) == [(9000000, "choose", 0, 2, 9000000)]


def test_a_damaged_input_is_named():
    text = HEAD + '\n{"t": 700, "a": "press", "p": 1},\n{"t": 750, "a": "press", "p": 5}\n]}\n'
    r = watch.ReplayReader(io.StringIO(text))
    r.next()
    try:
        r.next()
    except ValueError as e:
        assert "inputs[1].p" in str(e)
    else:
        assert False, "seat 5 of 2 accepted"


def _refusal(data):
    """What ReplayReader says of a file holding ``data``, read to its end."""
    path = "/tmp/slapstack_test_watch.json"
    with open(path, "wb") as f:
        f.write(data)
    try:
        with open(path) as f:
            _all(watch.ReplayReader(f))
    except ValueError as e:
        return str(e)
    finally:
        os.remove(path)
    assert False, "read as a replay: %r" % (data,)


def test_a_file_that_is_not_text_is_refused_in_words():
    junk = b"\xe2\x28\xa1" + bytes(range(128, 256))
    assert _refusal(junk) == replay.NOT_TEXT
    # damage after a good head line: read when its input is due
    assert _refusal(HEAD.encode() + b"\n" + junk + b"\n]}\n") == replay.NOT_TEXT
