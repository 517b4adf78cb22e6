"""Property tests for head starts: whatever the head starts and whenever each seat slaps a
combination (or calls a war in War), the earliest judged time (the press less its seat's
head start) takes the pile, ties and Egyptian War's window on the judged times, and each
verdict shows the real reaction; and a game with head starts replays event for event."""
import json

from hypothesis import given, settings, strategies as st

from slapstack import eventlog, events as E, replay, replay_writer
from slapstack.table import Table
from scenario import game, MS

FILL = ["2C", "3C", "4C", "5C", "6C", "8C", "9C", "10C"]
D = 2000  # the double (7C, 7D) is turned at 2 s: the tempo is 1 s
DEEP = settings.default.max_examples >= 10000  # make test-deep (the "deep" profile)


@settings(max_examples=2000 if DEEP else 150, deadline=None)
@given(st.sampled_from(["ratscrew", "egyptian_war"]),
       st.lists(st.tuples(st.integers(0, 1000), st.integers(1, 700_000)), min_size=2, max_size=4))
def test_the_earliest_judged_slap_takes_the_pile(preset, seats):
    n = len(seats)
    hands = [["7C"] + FILL, ["7D"] + FILL] + [list(FILL) for _ in range(n - 2)]
    g, rec = game(preset, hands, tempo_ms=1000)
    g.set_head_starts([h for h, _ in seats])
    g.tick(D * MS)
    for p in sorted(range(n), key=lambda q: seats[q][1]):  # each seat's one slap, in time order
        g.press(p, D * MS + seats[p][1])
    g.tick((D + 3000) * MS)
    judged = [r - h * MS for h, r in seats]
    first = min(judged)
    window = g.rules.tie_window
    tied = [p for p in range(n) if judged[p] - first <= window]
    verdicts = {e[2]: (e[3], e[5]) for e in rec.of(E.SLAP)}
    assert sorted(verdicts) == list(range(n))
    for p in range(n):
        expected = (E.V_TIE if p in tied else E.V_LATE) if len(tied) > 1 else (E.V_WIN if p in tied else E.V_LATE)
        assert verdicts[p] == (expected, seats[p][1])  # the real reaction, not the judged one
    won = rec.of(E.PILE_WON)
    assert [e[2] for e in won[:1]] == ([] if len(tied) > 1 else tied)


@settings(max_examples=30 if DEEP else 4, deadline=None)
@given(st.integers(0, 10000), st.lists(st.integers(0, 1000), min_size=3, max_size=3))
def test_a_game_with_head_starts_replays_event_for_event(seed, head):
    rec = eventlog.Recorder()
    table = Table("ruffle", 3, deal={"seed": seed}, sink=rec, head_start_ms=head, bot_seed=seed,
                  bots={0: "hard", 1: "normal", 2: "easy"}, rules={"party_cards": 300})
    table.start(0)
    while not table.game.over:
        table.advance(table.next_due())
    again = eventlog.Recorder()
    replay.play(replay.check(json.loads(replay_writer.dumps(table))), again)
    assert again.events == rec.events


@settings(max_examples=2000 if DEEP else 150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1000), st.integers(100_000, 1_500_000)), min_size=2, max_size=2))
def test_the_earliest_judged_call_takes_the_war(seats):
    """War's calls (rule call_war) as the slaps above: equal cards on screen at 510 ms, each
    seat's one call (its reaction us after them); a call made while the other's still may
    come judged earlier or the same gets a verdict, with its real reaction."""
    from slapstack import clock, war
    from warmoney_scenario import Scenario
    s = Scenario(war, "war", None, 1000, hands=[["9C", "2C", "3C", "4C", "KC"], ["9H", "5H", "6H", "7H", "QH"]])
    s.start(0)
    s.g.live = True
    s.g.set_head_starts([h for h, _ in seats])
    s.press(0, 300)
    s.press(1, 500)
    shown = clock.from_ms(510)
    s.g.reveal(shown)
    for p in sorted(range(2), key=lambda q: seats[q][1]):  # in time order
        s.g.press(p, shown + seats[p][1])
    s.g.tick(shown + 3_000_000)
    judged = [r - h * MS for h, r in seats]
    verdicts = {e[2]: (e[3], e[5]) for e in s.of(E.SLAP)}
    if judged[0] == judged[1]:
        assert verdicts == {0: (E.V_TIE, seats[0][1]), 1: (E.V_TIE, seats[1][1])}
        return
    w = 0 if judged[0] < judged[1] else 1
    o = 1 - w
    assert verdicts[w] == (E.V_WIN, seats[w][1])  # the real reaction, not the judged one
    assert s.of(E.PILE_WON)[-1][2:4] == (w, E.HOW_CALL)
    late = True  # the winner called second: the other's call waited and is late
    if seats[w][1] <= seats[o][1]:  # the winner called first: its call stayed open until the
        # other could no longer be judged earlier or the same; a press after that is no call
        late = seats[o][1] <= max(judged[w] + seats[o][0] * MS, seats[w][1]) + 1
    assert verdicts.get(o) == ((E.V_LATE, seats[o][1]) if late else None)
