"""The compact input record behind every replay file (slapstack/inputlog.py), read back
in time order by replay.in_time_order."""
import json

from slapstack import clock, eventlog, events as E, replay
from slapstack.inputlog import CHUNK, InputLog
from slapstack.prng import XorShift32
from slapstack.table import Table

PRESS, RELEASE, REVEAL, CHOOSE = 0, 1, 2, 3


def test_inputs_come_back_in_time_order_with_a_reveal_first_at_equal_times():
    log = InputLog()
    log.start(0)
    log.add(5000, 0, PRESS)
    log.add(5000, 1, PRESS)        # the card turned at 4000 was on screen from 5200:
    log.add(4000, -1, REVEAL, 1200)  # stored at its play time, after inputs already taken
    log.add(6000, 0, RELEASE)
    log.add(6000, -1, REVEAL, 10)  # a reveal at the same us as a press: the reveal first
    log.add(6000, 1, CHOOSE, 3)
    assert list(replay.in_time_order(log)) == [
        (4000, -1, REVEAL, 1200), (5000, 0, PRESS, 0), (5000, 1, PRESS, 0),
        (6000, -1, REVEAL, 10), (6000, 0, RELEASE, 0), (6000, 1, CHOOSE, 3)]
    assert log.count == 6


def test_a_long_record_round_trips_exactly_across_chunks_and_the_timer_wrap():
    for t0 in (0, clock.MASK - 7000000):  # the second starts 7 s before the 2**30 wrap
        r = XorShift32(t0 + 1)
        log = InputLog()
        log.start(t0)
        rows = []
        now = 0
        card_at = 0   # reveals are stored at their card's play time: in order, not after now
        for i in range(3000):
            now += r.below(1 << 22) if r.below(4) else r.below(50)
            a = r.below(4)
            if a == REVEAL:
                card_at += r.below(now - card_at + 1)
                extra = now - card_at + r.below(9000)
                log.add(clock.wrap(t0 + card_at), -1, a, extra)
                rows.append((card_at, 0, i, -1, a, extra))
            else:
                p = r.below(8)
                extra = r.below(500) if a == CHOOSE else 0
                log.add(clock.wrap(t0 + now), p, a, extra)
                rows.append((now, 1, i, p, a, extra))
        assert log.count == 3000 and len(log.chunks) > 10
        rows.sort()
        assert list(replay.in_time_order(log)) == [(x[0], x[3], x[4], x[5]) for x in rows]


def test_recording_takes_about_four_bytes_an_input():
    table = Table("ratscrew", 4, deal={"seed": 2024},
                  bots={0: "normal", 1: "normal", 2: "normal", 3: "normal"})
    table.start(0)
    while not table.game.over:
        table.advance(table.next_due())
    n = table.input_count()
    assert n > 1000
    assert table.inputs.size() <= 4 * n + CHUNK, (table.inputs.size(), n)


def _live_press_at_the_play_time():
    """Seat 0 presses at the very us its opponent's 5D lands on a 5C; the 5D is on screen
    5 ms later. Live, the press did not see the 5D (a false slap); seat 1's press after
    it is on screen takes the double."""
    rec = eventlog.Recorder()
    hands = {"hands": [["5C", "2S", "3S", "4S"], ["5D", "7H", "8H", "9H"]]}
    table = Table("ratscrew", 2, deal=hands, sink=rec, live=True)
    table.start(0)
    table.advance(700000)
    table.reveal(703000)
    table.press(0, 1400000)     # the 5D is played at 1400000, as this press comes
    table.reveal(1405000)
    table.release(0, 1450000)
    table.press(1, 1500000)
    table.release(1, 1560000)
    while not table.game.over:
        table.advance(table.next_due())
        table.reveal(table.game.now)
    return table, rec


def test_a_press_at_the_exact_us_a_card_lands_replays_as_it_was_judged():
    table, rec = _live_press_at_the_play_time()
    slaps = [(e[2], e[3]) for e in rec.of(E.SLAP)]
    assert slaps[:2] == [(0, E.V_FALSE), (1, E.V_WIN)]
    again = eventlog.Recorder()
    replay.play(replay.check(json.loads(replay.dumps(table))), again)
    assert again.events == rec.events


def test_an_input_stamped_before_one_already_taken_is_taken_at_that_time():
    rec = eventlog.Recorder()
    table = Table("ratscrew", 2, deal={"hands": [["5C", "2S"], ["5D", "7H"]]}, sink=rec)
    table.start(0)
    table.press(1, 2000000)     # a double is on the pile
    table.press(0, 1990000)     # read later, stamped earlier: taken at 2000000, a tie
    table.advance(2100000)      # (taken at its stamp, seat 0 would have won)
    assert sorted([(e[2], e[3]) for e in rec.of(E.SLAP)]) == [(0, E.V_TIE), (1, E.V_TIE)]
    text = replay.dumps(table)
    spec = replay.check(json.loads(text))     # still in time order
    assert [e["t"] for e in spec["inputs"]] == [2000, 2000]
