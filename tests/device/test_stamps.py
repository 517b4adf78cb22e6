"""Fair to the microsecond: every pair of seats pressed from outside, at gaps of 0 to 20 us,
while a card is being drawn (see conftest.py for the board).

``stamp_draw.py`` runs the firmware's board on the chip: a card turned onto the pile at the
start of every 20 ms slot with the renderer's new-card path, the seat buttons polled between
cards. The test presses two seats in each slot, 1.5 to 4.5 ms into it (while that slot's card
is being drawn: checked against the draw's window the board prints), the second ``gap`` us
after the first, and lets both go together 12 ms into it (while the board naps). A press's
stamp is what ``SlapButtons.poll`` hands the game; the rig's time is the chip's ticks_us.
"""
import os
import re

from conftest import HERE

TICKS = 1 << 30           # time.ticks_us() wraps here
SLOT_US = 20000           # one card, one pair of presses, their release: past the 8 ms lockouts
PRESS_AT = (1500, 2500, 3500, 4500)  # us into a slot, in turn: the card is being drawn then
RELEASE_AT = 12000        # us into a slot: both seats let go together, the board napping
GAPS = range(0, 21)       # us from the first press to the second
ERROR_US = 2              # a stamp is at most this late, never early


def _diff(a, b):
    """a - b on the ticks circle, signed."""
    d = (a - b) % TICKS
    return d - TICKS if d >= TICKS // 2 else d


def _span(values):
    return "%d-%d" % (min(values), max(values))


def plan(seats):
    """(first seat, second seat, gap) for each slot: every ordered pair at every gap, the
    same instant once per pair."""
    combos = []
    for a in range(seats):
        for b in range(seats):
            if a != b:
                combos += [(a, b, gap) for gap in GAPS if gap or a < b]
    return combos


def test_every_pair_of_seats_is_stamped_in_order_within_2_us_while_a_card_is_drawn(pico, board):
    pins = pico.seat_pins
    combos = plan(len(pins))
    with open(os.path.join(HERE, "stamp_draw.py")) as f:
        body = f.read()
    mark = board.run_script("SLOTS = %d\nSLOT_US = %d\n" % (len(combos), SLOT_US) + body)
    t0 = int(pico.wait_serial(r"READY (\d+)", since=mark).group(1))
    pico.call("pause")
    now = pico.now_us()
    start = now + _diff(t0, int(now) % TICKS)  # the rig's time of slot 0
    assert start > now + 10000, "the board began its slots before the presses were planned"
    presses = []  # (first seat, second seat, gap, rig time of the first press, of the release)
    for k, (a, b, gap) in enumerate(combos):
        slot = start + k * SLOT_US
        at = slot + PRESS_AT[k % len(PRESS_AT)]
        pico.call("set", pin=pins[a], level=0, at_us=at)
        pico.call("set", pin=pins[b], level=0, at_us=at + gap)
        pico.call("set", pin=pins[a], level=None, at_us=slot + RELEASE_AT)
        pico.call("set", pin=pins[b], level=None, at_us=slot + RELEASE_AT)
        presses.append((a, b, gap, int(at) % TICKS, int(slot + RELEASE_AT) % TICKS))
    pico.call("resume")
    pico.wait_serial(r"DONE", since=mark, timeout_s=900)
    text = pico.serial_text(1 << 20)
    text = text[text.rindex(mark):]
    windows = {int(k): (int(s), int(e)) for k, s, e in re.findall(r"^W (\d+) (\d+) (\d+)", text, re.M)}
    edges = [(int(s), int(p), int(t)) for s, p, t in re.findall(r"^E (\d) (\d) (\d+)", text, re.M)]
    assert "OVERRUNS 0" in text
    assert len(windows) == len(combos)

    errors = []
    order = {gap: [] for gap in GAPS}  # second stamp - first stamp
    outside = []  # slots whose presses came outside their card's drawing
    for k, (a, b, gap, at, off) in enumerate(presses):
        slot_edges = [(s, p, t) for s, p, t in edges if 0 <= _diff(t, at) < SLOT_US - PRESS_AT[-1]]
        down = {s: t for s, p, t in slot_edges if p}
        up = {s: t for s, p, t in slot_edges if not p}
        assert len(slot_edges) == 4 and set(down) == set(up) == {a, b}, \
            "slot %d (seats %d, %d, %d us): edges %r" % (k, a, b, gap, slot_edges)
        errors += [(_diff(down[a], at), k, "press 1"), (_diff(down[b], at + gap), k, "press 2"),
                   (_diff(up[a], off), k, "release"), (_diff(up[b], off), k, "release")]
        order[gap].append(_diff(down[b], down[a]))
        began, ended = windows[k]
        if not (_diff(at, began) >= 0 and _diff(ended, at + gap) > 0):
            outside.append(k)
    print("\n%d pairs of presses, each during a card's drawing: stamp - press %d to %d us; second - first "
          "stamp at 0 / 1 / 2 us apart: %s / %s / %s us" % (
              len(presses), min(e[0] for e in errors), max(e[0] for e in errors),
              _span(order[0]), _span(order[1]), _span(order[2])))
    assert not outside, "presses outside their card's drawing in slots %r" % outside
    wrong = [e for e in errors if not 0 <= e[0] <= ERROR_US]
    assert not wrong, "stamp - press, us (slot, edge): %r" % wrong
    assert set(order[0]) == {0}, "presses in the same microsecond stamped %r apart" % order[0]
    assert min(order[1]) >= 0, "1 us apart, swapped"
    for gap in GAPS[2:]:
        assert min(order[gap]) > 0, "%d us apart, out of order or tied: %r" % (gap, order[gap])
