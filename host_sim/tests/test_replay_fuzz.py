"""Issue 63's fuzz: bad replays of every kind (random bytes, bad UTF-8, deep nesting, wrong
types, odd numbers, missing, unknown and repeated fields, truncations and single-byte
mutations of a replay the device wrote) get the same verdict from the laptop (`slapstack
replay`'s reader, cli.read_json) and from the device's (Watch last game's: app.watch read
a line at a time from the open file, in watch.watch_last's order): taken, or refused in the
same words, never anything but a ValueError. And on the simulated device Watch last game
never reaches the Error screen. make test runs a quarter (the device: a hundredth) of the
profile's examples, make test-deep the same share of its 10,000."""
import json
import os
import tempfile

from hypothesis import given, settings, strategies as st

from host_sim import cli, fwpath
from slapstack import eventlog, replay, replay_writer
from slapstack.table import Table

fwpath.use_firmware()  # (app.watch: the device's reader)
BOARD_SEATS = 4
EXAMPLES = settings.default.max_examples


def _device_game(game, hands, bots, extra=None):
    table = Table(game, 2, deal=dict(extra or {}, hands=hands), sink=eventlog.Recorder(), bots=bots, bot_seed=5,
                  live=True)
    table.start(0)
    t = seen = 0
    while not table.game.over:
        t += 5000                                 # the main loop's passes
        table.advance(t)
        if table.game.cards_played != seen:      # a card drawn, on screen 3 ms later
            seen = table.game.cards_played
            t += 3000
            table.reveal(t)
    return replay_writer.dumps(table)


# replays the device wrote: a short Ratscrew between bots (slaps, reveals) and a short Money game
WRITTEN = [
    _device_game("ratscrew", [["2C", "5H", "5S", "9S", "QD", "4H"], ["3D", "6C", "KD", "5D", "7H", "7S"]],
                 {0: "hard", 1: "normal"}),
    _device_game("money", [["5C", "7C", "2C", "3H"], ["7H", "9H", "3C", "5D"]], {0: "hard", 1: "normal"},
                 {"banks": [["K"], ["K"]]}),
]
assert all(text.count("\n") > 10 for text in WRITTEN)

NUMBERS = ["0", "1", "5", "700", "750.5", "2000.125", "86400000", "86400000.001", "1e3", "1E3", "-0", "-0.0",
           "-5", "1e999", "-1e999", "18446744073709551616", "4294967295", "4294967296", "5.0001", "NaN",
           "Infinity", "-Infinity", "01", "1.", ".5", "+1", "0x1F", "1" + "0" * 40, "3.14159"]
OTHERS = ['"5"', '"press"', "null", "true", "false", "[]", "{}", '[1, 2]', '{"a": 1}', "[" * 12 + "]" * 12,
          '"\\ud800"', '"\\u0070ress"', '"a\\tb"', '"' + "x" * 60 + '"']
TOKENS = NUMBERS + OTHERS
GAMES = ['"ratscrew"', '"war"', '"money"', '"beggar"', '"snap"']
DEALS = ['{"seed": 3}', '{"seed": 0}', '{"seed": 4294967295}', '{"seed": 18446744073709551616}', "null", "{}",
         '{"seed": 1, "hands": [["2C"], ["3D"]]}', '{"hands": [["2C", "5H"], ["3D", "6C"]]}',
         '{"hands": [["2C"], ["2C"]]}', '{"hands": [[5], ["3D"]]}', '{"hands": 5}', '{"seed": 3, "seed": 4}',
         '{"seed": 3, "pile": ["KS"]}', '{"hands": [[], ["2D"]], "banks": [["J"], []]}']
ACTIONS = ['"press"', '"release"', '"reveal"', '"choose"', '"jump"']


def _members(draw, pairs):
    """The object's members as text, maybe with one given twice or an unknown one."""
    pairs = list(pairs)
    if pairs and draw(st.integers(0, 29)) == 0:
        pairs.append(draw(st.sampled_from(pairs)))
    if draw(st.integers(0, 29)) == 0:
        pairs.append(('"extra"', draw(st.sampled_from(TOKENS))))
    if pairs and draw(st.integers(0, 29)) == 0:
        del pairs[draw(st.integers(0, len(pairs) - 1))]
    return ", ".join(k + ": " + v for k, v in pairs)


def _value(draw, good):
    return draw(st.sampled_from(good)) if draw(st.integers(0, 15)) else draw(st.sampled_from(TOKENS))


@st.composite
def made_up(draw):
    """A replay written by hand, mostly right, with odd values and fields here and there."""
    game = _value(draw, GAMES)
    head = [('"game"', game), ('"players"', _value(draw, ["2", "3", "4"])), ('"deal"', _value(draw, DEALS))]
    if draw(st.booleans()):
        head.append(('"seats"', _value(draw, ["2", "3", "4", "8"])))
    if draw(st.booleans()):
        head.append(('"tempo_ms"', _value(draw, ["700", "50", "10000", "49"])))
    if draw(st.booleans()):
        head.append(('"rules"', _value(draw, ['{"big_mac": true}', '{"variant": "egyptian"}', '{"decks": 9}'])))
    if draw(st.integers(0, 4)) == 0:
        head.append(('"comment"', draw(st.sampled_from(TOKENS))))
    inputs = []
    t = 0
    for _ in range(draw(st.integers(0, 6))):
        t += draw(st.integers(0, 900))
        a = _value(draw, ACTIONS)
        e = [('"t"', _value(draw, [str(t), "%d.%03d" % (t, draw(st.integers(0, 999)))])), ('"a"', a)]
        if a == '"reveal"':
            e.append(('"shown"', _value(draw, [str(t + 5)])))
        else:
            e.append(('"p"', _value(draw, ["0", "1", "2", "3", "6"])))
        if a == '"choose"':
            e.append(('"i"', _value(draw, ["0", "1", "9"])))
        if draw(st.integers(0, 3)) == 0:
            e.append(('"stamp"', _value(draw, [str(max(0, t - 3)), str(t), str(t + 1)])))
        inputs.append("{" + _members(draw, e) + "}")
    members = _members(draw, head)
    layout = draw(st.sampled_from(["lines", "one line", "inputs first"]))
    if layout == "lines":
        return "{" + members + ', "inputs": [\n' + ",\n".join(inputs) + "\n]}\n"
    if layout == "one line":
        return "{" + members + ', "inputs": [' + ", ".join(inputs) + "]}"
    return '{"inputs": [\n' + ",\n".join(inputs) + "\n],\n" + members + "}\n"


@st.composite
def damaged(draw):
    """A replay the device wrote or one made up, maybe cut short or with a byte changed,
    added or dropped; or random bytes."""
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return draw(st.binary(max_size=300))
    data = (draw(st.sampled_from(WRITTEN)) if kind < 5 else draw(made_up())).encode()
    how = draw(st.sampled_from(["as is", "cut", "byte", "insert", "drop"]))
    if how == "as is" or not data:
        return data
    i = draw(st.integers(0, len(data) - 1))
    if how == "cut":
        return data[:i]
    if how == "drop":
        return data[:i] + data[i + 1:]
    b = bytes([draw(st.sampled_from(list(b'{}[]",:.-e0159 \n\\x\xff\xc3') + [draw(st.integers(0, 255))]))])
    return data[:i] + b + data[i + (how == "byte"):]


def _laptop(path):
    """`slapstack replay`'s verdict on the file (its reading, not its play): "ok" or the words."""
    try:
        cli.read_json(path)
    except ValueError as e:
        return str(e)
    return "ok"


def _device(path):
    """Watch last game's verdict on the file, in watch.watch_last's order: "ok", the
    words of the "Replay damaged" notice, or None for a board too small."""
    from app.watch import ReplayReader
    with open(path) as f:
        try:
            r = ReplayReader(f)
            spec = r.spec
            if spec.get("seats", spec["players"]) > BOARD_SEATS:
                return None
            replay.table_for(spec, None)
            while r.next() is not None:
                pass
        except ValueError as e:
            return str(e)
    return "ok"


@settings(max_examples=max(50, EXAMPLES // 4))
@given(damaged())
def test_the_laptop_and_the_device_read_every_replay_alike(data):
    fd, path = tempfile.mkstemp(suffix=".json")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        laptop = _laptop(path)
        device = _device(path)
        assert device is None or device == laptop, (data, laptop, device)
    finally:
        os.remove(path)


def test_the_replays_the_device_wrote_are_read_alike_and_play():
    with tempfile.TemporaryDirectory() as tmp:
        for i, text in enumerate(WRITTEN):
            path = os.path.join(tmp, "%d.json" % i)
            with open(path, "w") as f:
                f.write(text)
            assert _laptop(path) == _device(path) == "ok"
            replay.play(cli.read_json(path), eventlog.Recorder())


def _to_menu(dev):
    for _ in range(12):
        name = dev.screen_name()
        if name == "MainMenu":
            return
        dev.keys("ok" if name in ("Notice", "Winner") else "back")
        dev.run_for(100)
    assert False, "no way back to the menu from %s" % dev.screen_name()


def test_watch_last_game_never_shows_the_error_screen(make_device, flash):
    """Each example on one simulated device: the file saved as its last game, Watch last
    game for up to 6 s, then back to the menu. A refusal is the notice with the reader's
    words (the board's seats aside); never the Error screen, never an error.log."""
    from host_sim.tests.test_e2e_menu import go_to
    (flash / "last_replay.json").write_text(WRITTEN[0])
    dev = make_device()

    @settings(max_examples=max(10, EXAMPLES // 200))
    @given(damaged())
    def watch(data):
        (flash / "last_replay.json").write_bytes(data)
        expected = _device(str(flash / "last_replay.json"))
        dev.message = None
        go_to(dev, "Watch last game")
        dev.keys("ok")
        for _ in range(30):
            if dev.screen_name() != "Watching":
                break
            dev.run_for(200)
        assert not (flash / "error.log").exists() and (dev.message is None or dev.message[0] != "Error"), \
            (data, dev.message)
        if expected is None:
            assert dev.message[0] == "Watch last game", (data, dev.message)
        elif expected != "ok" and dev.message is not None and dev.message[0] == "Replay damaged":
            assert dev.message[1] and " ".join(dev.message[1]).replace(" ", "").startswith(
                expected.replace(" ", "")), (data, expected, dev.message)
        _to_menu(dev)

    watch()
