"""The compact input record behind every replay file (slapstack/inputlog.py), read back
in time order by replay_writer.in_time_order."""
import io
import json

from slapstack import clock, eventlog, events as E, replay, replay_writer
from slapstack.inputlog import CHOOSE, CHUNK, PRESS, RELEASE, REVEAL, InputLog
from slapstack.prng import XorShift32
from slapstack.table import Table



def test_a_reveal_goes_right_after_the_input_taken_before_its_card_was_turned():
    log = InputLog()
    log.start(0)
    log.add(5000, 0, PRESS)        # taken; then the card due at 5000 is turned (mark 1)
    log.add(5000, 1, PRESS)        # taken after the card was turned, at the same us
    log.add(5100, 0, RELEASE)
    log.add_reveal(5000, 1200, 1)  # the card turned at 5000 was on screen from 6200
    log.add(7000, 1, PRESS)        # War: this press turns the cards (mark 5) ...
    log.add(7000, 0, CHOOSE, 3)
    log.add_reveal(7000, 10, 5)    # ... so their reveal comes after it, not before
    assert list(replay_writer.in_time_order(log)) == [
        (5000, 0, PRESS, 0, 0), (5000, -1, REVEAL, 1200, 0), (5000, 1, PRESS, 0, 0), (5100, 0, RELEASE, 0, 0),
        (7000, 1, PRESS, 0, 0), (7000, -1, REVEAL, 10, 0), (7000, 0, CHOOSE, 3, 0)]
    assert log.count == 7


class FullFlash(io.BytesIO):
    """A file that takes ``room`` bytes, then fails as a full flash does."""

    def __init__(self, room):
        super().__init__()
        self.room = room

    def write(self, b):
        if self.tell() + len(b) > self.room:
            raise OSError(28, "ENOSPC")
        return super().write(b)


def test_a_long_record_round_trips_exactly_across_chunks_and_the_timer_wrap():
    _long_record_round_trip(None)


def test_a_record_spilled_to_a_file_now_and_then_reads_back_the_same():
    _long_record_round_trip(io.BytesIO())


def test_a_record_the_flash_cannot_take_stays_whole_in_ram():
    _long_record_round_trip(FullFlash(5 * CHUNK + 100))


def _long_record_round_trip(store):
    """3000 random inputs and reveals; with a store, the full chunks are spilled to it
    every so often, as the device does at quiet moments."""
    spills = failed = 0
    for t0 in (0, clock.MASK - 7000000):  # the second starts 7 s before the 2**30 wrap
        r = XorShift32(t0 + 1)
        log = InputLog()
        if store is not None:
            store.seek(0)
        log.start(t0)
        rows = []          # (place in the file, input) as a table would make them
        now = 0
        card = None        # (time, mark) of the latest card turned and not yet revealed
        for i in range(3000):
            kind = r.below(6)
            if kind == 0:
                card = (now, log.count)
                continue
            if kind == 1 and card is not None:
                delay = now - card[0] + r.below(9000)
                rows.append(((card[1], 0, i), (card[0], -1, REVEAL, delay, 0)))
                log.add_reveal(clock.wrap(t0 + card[0]), delay, card[1])
                card = None
                continue
            now += r.below(1 << 22) if r.below(4) else r.below(50)
            a = r.below(4)
            a = a if a != REVEAL else PRESS
            p = r.below(8)
            extra = r.below(500) if a == CHOOSE else 0
            early = r.below(9000) if r.below(5) == 0 else 0  # (an edge reported late)
            rows.append(((log.count, 1, i), (now, p, a, extra, early)))
            log.add(clock.wrap(t0 + now), p, a, extra, early)
            if store is not None and log.chunks and r.below(40) == 0:
                kept = len(log.chunks)
                try:
                    log.spill(store)
                    spills += 1
                    assert not log.chunks and log.size() == 2 * CHUNK  # the chunk being filled, the spare
                except OSError:
                    failed += 1
                    assert len(log.chunks) == kept  # nothing is lost
        assert log.count > 2000 and log.stored + len(log.chunks) > 10
        rows.sort()
        got = list(replay_writer.in_time_order(log))
        assert got == [x[1] for x in rows]
        assert [x[0] for x in got] == sorted(x[0] for x in got)
    if isinstance(store, FullFlash):
        assert spills and failed and log.stored == 5
    elif store is not None:
        assert spills > 10


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
    replay.play(replay.check(json.loads(replay_writer.dumps(table))), again)
    assert again.events == rec.events


def test_an_input_stamped_before_one_already_taken_is_taken_at_that_time():
    rec = eventlog.Recorder()
    table = Table("ratscrew", 2, deal={"hands": [["5C", "2S"], ["5D", "7H"]]}, sink=rec)
    table.start(0)
    table.press(1, 2000000)     # a double is on the pile
    table.press(0, 1990000)     # read later, stamped earlier: taken at 2000000, a tie
    table.advance(2100000)      # (taken at its stamp, seat 0 would have won)
    assert sorted([(e[2], e[3]) for e in rec.of(E.SLAP)]) == [(0, E.V_TIE), (1, E.V_TIE)]
    text = replay_writer.dumps(table)
    spec = replay.check(json.loads(text))     # still in time order
    assert [e["t"] for e in spec["inputs"]] == [2000, 2000]


def test_an_edge_reported_late_is_judged_at_its_stamp_and_replays_so():
    # seat 0's tap, shorter than the debounce's lockout, is reported once the table has
    # turned the 5D (at 1400000): stamped before it, it is a false slap, as it was; its
    # input is taken at the table's time with its own stamp, and the file stays in order
    rec = eventlog.Recorder()
    table = Table("ratscrew", 2, deal={"hands": [["5C", "2S", "3S"], ["5D", "7H", "8H"]]}, sink=rec)
    table.start(0)
    table.advance(1500000)
    table.press(0, 1390000)
    table.release(0, 1393000)
    table.press(1, 1600000)
    table.advance(1700000)
    assert [(e[2], e[3]) for e in rec.of(E.SLAP)] == [(0, E.V_FALSE), (1, E.V_WIN)]
    spec = replay.check(json.loads(replay_writer.dumps(table)))
    assert [(e["t"], e.get("stamp")) for e in spec["inputs"][:3]] == [(1500, 1390), (1500, 1393), (1600, None)]
    again = eventlog.Recorder()
    replay.play(spec, again)
    played = [e for e in rec.events if e[1] <= 1700000]
    assert again.events[:len(played)] == played
