"""The device's main loop, simulated: for replay tests on MicroPython and CPython alike.

Each pass: drain the people's button edges up to now into the table, advance the table
to now, and when a card was turned, take 2-11 ms to "draw" it and tell the table when it
was on screen (``table.reveal``). Presses made while a card was being drawn reach the
table after its reveal, as on the device. ``people`` are the seats pressing at random: each press is held 60-140 ms, and the
next comes 150 ms + up to ``gap_us`` after the release.
"""
import json

from slapstack import eventlog, replay, replay_writer
from slapstack.prng import XorShift32


def play_live(table, people, seed, limit_us=400000000, first_us=900000, gap_us=900000):
    rng = XorShift32(seed)
    n = len(people)
    edge_at = [first_us + 37000 * i for i in range(n)]
    down = [False] * n
    t, seen = 0, 0
    g = table.game
    while not g.over and t < limit_us:
        t += 3000 + rng.below(4000)     # one pass of the main loop
        while n and not g.over:         # the people's edges, oldest first (the IRQ ring)
            i = 0
            for k in range(1, n):
                if edge_at[k] < edge_at[i]:
                    i = k
            if edge_at[i] > t:
                break
            if down[i]:
                table.release(people[i], edge_at[i])
                edge_at[i] += 150000 + rng.below(gap_us)
            else:
                table.press(people[i], edge_at[i])
                edge_at[i] += 60000 + rng.below(80000)
            down[i] = not down[i]
        table.advance(t)
        if g.cards_played != seen:
            seen = g.cards_played
            t += 2000 + rng.below(9000)  # drawing the card
            table.reveal(t)
    return t


def replayed(table):
    """The events of the table's replay file played back (no bots, no people)."""
    again = eventlog.Recorder()
    replay.play(replay.check(json.loads(replay_writer.dumps(table))), again)
    return again.events
