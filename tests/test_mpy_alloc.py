"""MicroPython only: the per-card hot path and slap judging allocate nothing.

Each test builds a game, then runs it with the heap locked (micropython.heap_lock):
any allocation raises MemoryError, so a pass proves no allocation happened.
"""
import micropython
from slapstack import clock, slapgame
from slapstack import slaprules


class CountingSink:
    """A sink that allocates nothing: counts events per kind in a bytearray-backed array."""

    def __init__(self):
        self.counts = [0] * 80

    def __call__(self, kind, t, p, a, b, c):
        self.counts[kind] += 1


def _game(preset, players, seed, rules=None, t0=0):
    r = slaprules.make_rules(preset, rules)
    sink = CountingSink()
    g = slapgame.Game(r, players, slaprules.deal(r, players, {"seed": seed}), sink)
    g.start(t0)
    return g, sink


def test_playing_cards_allocates_nothing():
    g, sink = _game("beggar", 4, 3)
    micropython.heap_lock()
    try:
        n = 0
        while not g.over and n < 3000:
            g.tick(g.next_due())
            n += 1
    finally:
        micropython.heap_unlock()
    assert g.cards_played > 100
    assert sink.counts[2] == g.cards_played


def test_turning_by_press_allocates_nothing():
    # Beggar-my-neighbour turned by press (its default): a tap every 150 ms by the seat to turn
    g, sink = _game("beggar", 3, 3)
    t = 0
    micropython.heap_lock()
    try:
        while not g.over and t < 600000000:
            t += 150000
            p = g.turn
            g.press(p, t)
            g.release(p, t + 20000)
    finally:
        micropython.heap_unlock()
    assert g.cards_played > t // 500000 and sink.counts[2] == g.cards_played  # (at the tempo: 700 ms a card)


def test_slap_judging_allocates_nothing():
    # a press every 233 ms from rotating seats: false slaps, burns, contests, wins
    g, sink = _game("ratscrew", 4, 10, {"big_mac": True, "run": True, "flush": True,
                                        "marriage": True, "tens": True, "top_bottom": True,
                                        "slap_in_penalty": "lockout"})
    t = 0
    micropython.heap_lock()
    try:
        while not g.over and t < 600000000:
            t += 233000
            p = (t // 233000) % 4
            g.press(p, t)
            g.release(p, t + 20000)
    finally:
        micropython.heap_unlock()
    assert sink.counts[7] > 100   # SLAP events judged
    assert sink.counts[6] > 10    # piles won


def test_no_allocation_across_the_timer_wrap():
    # start 3 s before ticks_us wraps at 2**30: times go through the wrap mid-game
    g, sink = _game("ratscrew", 2, 21, t0=clock.MASK - 3000000)
    micropython.heap_lock()
    try:
        t = g.now
        for k in range(40):
            t = clock.add(t, 411000)
            g.press(k % 2, t)
            g.release(k % 2, clock.add(t, 20000))
    finally:
        micropython.heap_unlock()
    assert g.now < clock.HALF  # the clock went through the wrap
    assert sink.counts[2] > 10 and sink.counts[7] > 10


def test_prng_draws_allocate_nothing():
    from slapstack.prng import XorShift32
    r = XorShift32(123456789)
    deck = bytearray(range(1, 53))
    micropython.heap_lock()
    try:
        total = 0
        for _ in range(500):
            total += r.below(1000) + r.chance(30)
        r.shuffle(deck)
    finally:
        micropython.heap_unlock()
    assert total > 0 and sorted(deck) == list(range(1, 53))


def _play_locked(table, max_steps):
    """Run the table's game (bots and all) with the heap locked, for at most max_steps."""
    micropython.heap_lock()
    try:
        steps = 0
        while not table.game.over and steps < max_steps:
            table.advance(table.next_due())
            steps += 1
    finally:
        micropython.heap_unlock()


def test_a_table_of_bots_allocates_nothing_per_card():
    from slapstack.table import Table
    table = Table("ratscrew", 4, deal={"seed": 6}, record=False,
                  bots={0: "hard", 1: "normal", 2: "easy", 3: "normal"})
    table.start(0)
    _play_locked(table, 4000)
    assert table.game.over and table.game.cards_played > 100
    # Beggar-my-neighbour's bots turn their own cards by press (turn_bot.py)
    table = Table("beggar", 3, deal={"seed": 5}, record=False, bots={0: "hard", 1: "normal", 2: "easy"})
    table.start(0)
    _play_locked(table, 8000)
    assert table.game.over and table.game.cards_played > 100


def test_a_masher_at_a_table_allocates_nothing_per_press():
    # a press every 100-150 ms: false snaps, burns, and once out, the sitting out
    from slapstack.table import Table
    sink = CountingSink()
    table = Table("egyptian_war", 4, deal={"seed": 6}, record=False, sink=sink,
                  bots={0: "masher", 1: "normal", 2: "normal", 3: "normal"})
    table.start(0)
    _play_locked(table, 6000)
    assert sink.counts[7] > 1000 and sink.counts[8] > 10 and sink.counts[12] > 0  # slaps, burns, lockouts


def test_a_match_bot_allocates_nothing_per_card_or_verdict():
    # it hears every slap's verdict from the person models and learns from them in place
    from slapstack.table import Table
    sink = CountingSink()
    table = Table("ratscrew", 4, deal={"seed": 6}, record=False, sink=sink,
                  bots={0: "match", 1: "person:700", 2: "person:700", 3: "person:700"})
    table.start(0)
    _play_locked(table, 6000)
    assert table.game.over and sink.counts[7] > 30  # slaps heard
    assert table.bots[0].mean > 600  # it learned


def test_recording_an_input_allocates_nothing_within_a_chunk():
    from slapstack.inputlog import InputLog
    log = InputLog()
    log.start(clock.MASK - 1000000)  # across the timer's wrap, too
    t = log.last_t
    micropython.heap_lock()
    try:
        for i in range(100):      # ~4 bytes each: all within the first 512-byte chunk
            t = clock.add(t, 25000 + i)
            log.add(t, i & 3, i & 1)
    finally:
        micropython.heap_unlock()
    assert log.count == 100 and not log.chunks


def test_recording_allocates_no_new_chunk_once_one_was_spilled():
    # a chunk fills in whatever pass brings its last input, a card's too: after the first
    # spill the next chunk is one already written to the file, not a new 512 bytes
    import io
    from slapstack.inputlog import CHUNK, InputLog
    log = InputLog()
    log.start(0)
    t = 0
    while not log.chunks:
        t += 25000
        log.add(t, 0, 0)
    store = io.BytesIO()
    log.spill(store)
    first = log.count
    micropython.heap_lock()
    try:
        while log.stored + len(log.chunks) < 2:   # across the next chunk's end
            t += 25000
            log.add(t, 1, 1)
    finally:
        micropython.heap_unlock()
    assert len(log.chunks) == 1 and log.count > first + CHUNK // 8


def test_war_and_money_bots_allocate_nothing_per_card():
    # with the watch for an endless deal on, as the device plays War: it reads the hands
    # after every battle
    from slapstack import events as E
    from slapstack import duel_events as D
    from slapstack.table import Table
    sink = CountingSink()
    war = Table("war", 2, deal={"seed": 2}, record=False, bots={0: "hard", 1: "easy"}, sink=sink)
    war.watch_for_loops()
    war.start(0)
    _play_locked(war, 20000)
    assert war.game.over and war.game.cards_played > 100
    assert sink.counts[D.WAR_READY] > 100
    # Money: claims, misses and captures; a purchase makes its choices (that allocates),
    # so this stops when a hand runs out
    sink = CountingSink()
    g = Table("money", 2, deal={"seed": 3}, record=False, bots={0: "hard", 1: "easy"}, sink=sink)
    g.watch_for_loops()
    g.start(0)
    micropython.heap_lock()
    try:
        while g.game.hand_size(0) and g.game.hand_size(1):
            g.advance(g.next_due())
    finally:
        micropython.heap_unlock()
    assert g.game.cards_played > 20 and sink.counts[E.SLAP] > 3


def test_a_match_bot_at_war_allocates_nothing_per_press_it_hears():
    # the person at seat 0 presses every 0.9 s; the bot learns their pace from each press
    from slapstack import duel_events as D
    from slapstack.table import Table
    sink = CountingSink()
    war = Table("war", 2, deal={"seed": 2}, record=False, bots={1: "match"}, sink=sink)
    war.start(0)
    t = 0
    micropython.heap_lock()
    try:
        for _ in range(300):
            t = clock.add(t, 900000)
            war.press(0, t)
            war.release(0, clock.add(t, 80000))
    finally:
        micropython.heap_unlock()
    assert sink.counts[D.WAR_READY] > 200
    assert war.bots[0].mean != 650  # it learned (normal's mean is 650 ms)


def test_watching_a_deal_without_slaps_for_an_endless_loop_allocates_nothing():
    # Beggar-my-neighbour (no slaps, no bots): the watch reads every quiet state, and a
    # deal that comes round again is reported as endless, all with the heap locked
    from slapstack import events as E
    from slapstack.table import Table
    sink = CountingSink()
    t = Table("beggar", 2, deal={"seed": 9}, record=False, sink=sink)
    t.watch_for_loops()
    t.start(0)
    _play_locked(t, 20000)
    assert t.game.over and t.game.piles_taken > 10
    # a deal that never ends (test_war.py's, in War with the fixed gather order)
    sink = CountingSink()
    t = Table("war", 2, deal={"hands": [["10S", "KS"], ["2C", "4H", "QS"]]}, record=False,
              rules={"turn": "auto"}, sink=sink)
    t.watch_for_loops()
    t.start(0)
    _play_locked(t, 1000)
    assert t.game.over and sink.counts[E.GAME_OVER] == 1 and t.game.winner == -1
