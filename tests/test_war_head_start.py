"""Head starts in War's calls (rule call_war): a seat's call judged earlier by its head
start, as a slap is in the slap family (war_calls.py, handicap.py)."""
import json

from slapstack import clock, eventlog, events as ev, replay, replay_writer, war
from slapstack import duel_events as D
from slapstack import war_game as war_play
from slapstack.table import Table
from test_war import press_on
from warmoney_scenario import EventCounter, Scenario, heap_locked

TIE = [["9C", "2C", "3C", "4C", "KC"], ["9H", "5H", "6H", "7H", "QH"]]


def _called(s):
    """(seat, verdict, reaction us) per call."""
    return [(e[2], eventlog.V_NAMES[e[3]], e[5]) for e in s.of(ev.SLAP)]


def _tie(head):
    """War turned by press (the default) from TIE with the seats' head starts: the tie is
    turned at 500 ms and on screen at 510 ms (a live table); times below are ms."""
    s = Scenario(war, "war", None, 1000, hands=TIE).start(0)
    s.g.live = True
    s.g.set_head_starts(list(head))
    s.press(0, 300)
    s.press(1, 500)
    s.g.reveal(clock.from_ms(510))
    return s


def test_a_slower_caller_with_a_head_start_wins_the_war_and_each_verdict_shows_the_real_time():
    s = _tie((0, 150))
    s.press(0, 700)                        # 190 ms after the cards showed
    s.press(1, 800)                        # 290 ms, judged at 650 ms: earlier
    assert _called(s) == [(0, "late", 190000), (1, "win", 290000)]
    assert s.of(ev.PILE_WON)[-1][2:5] == (1, ev.HOW_CALL, 2)


def test_the_call_waits_for_a_head_start_and_ties_on_the_judged_times():
    s = _tie((0, 150))
    s.press(0, 700)
    s.tick(850)                            # the head start still runs: no verdict yet
    assert not s.of(ev.SLAP)
    s.press(1, 850)                        # judged at 700 ms: the same microsecond, a tie
    s.tick(851)
    assert _called(s) == [(0, "tie", 190000), (1, "tie", 340000)]
    assert s.of(ev.PILE_WON)[-1][2:5] == (0, ev.HOW_BATTLE, 10)  # the war fought: K beats Q


def test_a_head_start_too_small_to_catch_up_changes_nothing_but_the_wait():
    s = _tie((0, 150))
    s.press(0, 700)
    s.g.tick(clock.add(clock.from_ms(850), 1))  # the head start has run out: the call is judged
    assert _called(s) == [(0, "win", 190000)]
    s.press(1, 851)
    assert _called(s)[1:] == []            # a press to turn the next battle, no call
    plain = _tie((0, 0))
    plain.press(0, 700)
    plain.g.tick(clock.add(clock.from_ms(700), 1))  # no head starts: judged 1 us after the call
    assert _called(plain) == [(0, "win", 190000)]


def test_the_false_start_goes_by_the_real_time_whatever_the_head_start():
    s = _tie((0, 300))
    s.press(1, 570)                        # 60 ms after the cards showed: on its way before
    assert _called(s) == [(1, "false", 60000)]
    s.press(0, 700)                        # seat 1 calls no more: no wait for its head start
    s.g.tick(clock.add(clock.from_ms(700), 1))
    assert _called(s)[1:] == [(0, "win", 190000)]
    s = _tie((0, 300))
    s.press(1, 620)                        # 110 ms: a call, judged before the cards showed,
    s.g.tick(clock.add(clock.from_ms(620), 1))  # and at once: seat 0 has no head start to wait for
    assert _called(s) == [(1, "win", 110000)]


def test_turned_automatically_the_next_battle_waits_for_the_verdict():
    s = Scenario(war, "war", {"turn": "auto"}, 1000,
                 hands=[["9C", "2C", "3C", "4C", "5C"], ["9H", "6H", "7H", "8H", "10H"]]).start(0)
    s.g.set_head_starts([0, 1000])
    s.tick(1000)                           # a tie; the next turn is due at 2000 ms
    s.press(0, 1800)                       # the call waits for seat 1's head start, to 2800 ms
    s.tick(2500)
    assert len(s.of(ev.CARD)) == 2 and not s.of(ev.SLAP)
    s.press(1, 2700)                       # judged at 1700 ms: seat 1 takes the war
    assert _called(s) == [(0, "late", 800000), (1, "win", 1700000)]
    cards = s.of(ev.CARD)
    assert len(cards) == 4 and cards[2][1] == clock.add(clock.from_ms(2700), 1)  # turned at the verdict
    assert not s.of(D.WAR_DOWN)


def _bots(head, seed, limit):
    """A War game of a hard bot (seat 0, mean 450 ms) and a normal one (650 ms), seeded,
    cut after ``limit`` cards: the table and every event."""
    rec = eventlog.Recorder()
    table = Table("war", 2, deal={"seed": seed}, bots={0: "hard", 1: "normal"}, sink=rec,
                  bot_seed=seed, head_start_ms=head)
    table.start(0)
    g = table.game
    while not g.over and g.cards_played < limit:
        table.advance(table.next_due())
    return table, rec


def test_a_head_start_of_the_bots_difference_evens_the_calls():
    """With 200 ms, the difference of their means, the slower bot wins about half the wars
    called; without it hardly any."""
    for head, low, high in (([0, 0], 0, 10), ([0, 200], 35, 65)):
        won = [0, 0]
        for seed in range(1, 9):
            _, rec = _bots(head, seed, 500)
            for e in rec.of(ev.SLAP):
                if e[3] == ev.V_WIN:
                    won[e[2]] += 1
        assert sum(won) > 80 and low <= 100 * won[1] // sum(won) <= high, (head, won)


def test_a_war_with_head_starts_replays_event_for_event_and_keeps_them_in_its_head():
    table, rec = _bots([0, 200], 4, 1000)  # (a game of 212 cards)
    assert table.game.over
    head = json.loads(replay_writer.dumps(table))
    assert head["head_start_ms"] == [0, 200]
    again = eventlog.Recorder()
    replay.play(replay.check(head), again)
    assert again.events == rec.events and [e for e in rec.of(ev.SLAP) if e[3] == ev.V_WIN]


def test_war_takes_head_starts_only_with_calls():
    Table("war", 2, head_start_ms=[0, 250])
    for game, rules in (("war", {"call_war": False}), ("money", None), ("beggar", None)):
        try:
            Table(game, 2, rules=rules, head_start_ms=[100, 0])
            raise AssertionError(game)
        except ValueError as e:
            assert str(e) == ("head_start_ms: %s has no race (slaps, or War's calls) to give a head start in: "
                              "all must be 0" % game)


def test_calls_with_head_starts_allocate_nothing():
    """On MicroPython whole games of calls under heap_lock, a head start on each side."""
    for rules, gap in (({}, 170000), ({"turn": "auto"}, 310000)):
        sink = EventCounter()
        r = war.make_rules("war", rules)
        g = war_play.Game(r, 2, war.deal(r, 2, {"seed": 11}), sink, war.TEMPO_MS)
        g.set_head_starts([120, 300])
        g.start(0)
        heap_locked(press_on, g, gap, 20000)
        assert g.over and sink.counts[ev.SLAP] > 10 and sink.counts[ev.CARD] > 400, rules
