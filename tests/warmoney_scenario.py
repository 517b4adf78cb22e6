"""A game set up card by card for the War and Money scenario tests (both VMs).

Times are given in ms (like replay files) and turned into the engine's wrapped us.
"""

from slapstack import cards, clock, eventlog, events as ev, games
from slapstack import duel_events as D


class Scenario:
    def __init__(self, mod, preset, rules=None, tempo_ms=1000, **spec):
        self.mod = mod
        self.rules = mod.make_rules(preset, rules)
        self.rec = eventlog.Recorder()
        self.g = games.game_class(preset)(self.rules, 2, mod.deal(self.rules, 2, spec), self.rec, tempo_ms)

    def start(self, ms=0):
        self.g.start(clock.from_ms(ms))
        return self

    def tick(self, ms):
        self.g.tick(clock.from_ms(ms))

    def press(self, p, ms):
        """A press and its release 1 ms later (a tap)."""
        self.g.press(p, clock.from_ms(ms))
        self.g.release(p, clock.from_ms(ms + 1))

    def choose(self, p, i, ms):
        self.g.choose(p, i, clock.from_ms(ms))

    def labels(self):
        pending = self.g.pending_choice()
        from slapstack.money_choices import label
        return [label(c) for c in pending[1]] if pending else []

    def choose_label(self, p, text, ms):
        self.choose(p, self.labels().index(text), ms)

    def hand(self, p):
        """Player p's cards as text, top card first."""
        q = self.g.hands[p]
        return [cards.to_text(q.at(i)) for i in range(len(q))]

    def pile(self):
        """The pile as text, top card first."""
        return [cards.to_text(self.g.pile_top(i)) for i in range(self.g.pile_len())]

    def of(self, kind):
        return self.rec.of(kind)

    def names(self):
        return [eventlog.SPEC[e[0]][0] for e in self.rec.events]


def digest(events):
    """FNV-1a over every int of every event: equal on MicroPython and CPython iff the logs are."""
    h = 2166136261
    for e in events:
        for x in e:
            h = ((h ^ (x & 0xFFFFFFFF)) * 16777619) & 0xFFFFFFFF
    return h


def run_auto(g, start_us=0, limit=100000):
    """Start g and tick it to each due time until it ends or ``limit`` actions have run."""
    g.start(start_us)
    return run_ticks(g, limit)


def run_ticks(g, limit):
    n = 0
    while not g.over and g.next_due() is not None and n < limit:
        g.tick(g.next_due())
        n += 1
    return n


class EventCounter:
    """A sink that counts events per kind without allocating (a closure sink would: on
    MicroPython a closure called with 6 arguments builds its argument array on the heap)."""

    def __init__(self):
        self.counts = [0] * 64

    def __call__(self, kind, t, p, a, b, c):
        self.counts[kind] += 1


def heap_locked(fn, *args):
    """Run fn(*args) with MicroPython's heap locked (any allocation raises MemoryError);
    on CPython it just runs."""
    try:
        import micropython
        lock, unlock = micropython.heap_lock, micropython.heap_unlock
    except (ImportError, AttributeError):
        return fn(*args)
    lock()
    try:
        return fn(*args)
    finally:
        unlock()


def random_play(g, rng, limit=400, start_us=0):
    """Play g with random inputs drawn from ``rng`` (an XorShift32): presses of either
    button at random times, random choices, reveals a little after a card, and ticks.
    Returns the number of steps; stops at ``limit`` (the game may be unfinished)."""
    g.start(start_us)
    now = start_us
    n = 0
    while not g.over and n < limit:
        n += 1
        due = g.next_due()
        if due is not None and clock.diff(due, now) <= 0:
            g.tick(now)     # catch up: inputs below are never later than the next action
            continue
        gap = clock.diff(due, now) if due is not None else 700000
        r = rng.below(100)
        pending = g.pending_choice()
        if pending is not None and r < 35:
            now = clock.add(now, rng.below(gap + 1))
            g.choose(pending[0], rng.below(len(pending[1])), now)
        elif r < 60 or due is None:
            p = rng.below(2)
            now = clock.add(now, rng.below(gap + 1))
            g.press(p, now)
            if rng.below(4):
                now = clock.add(now, 1 + rng.below(40000))
                g.release(p, now)
        elif r < 68 and g.pile_len():
            now = clock.add(now, rng.below(min(gap, 60000) + 1))
            g.reveal(now)
        else:
            now = due
            g.tick(now)
    for p in range(2):
        g.release(p, now)
    return n


def _all_cards(queues):
    out = []
    for q in queues:
        for i in range(len(q)):
            out.append(q.at(i))
    out.sort()
    return out


def snapshot(g):
    """Where every card is before a game starts, for check_war_log / check_money_log."""
    if hasattr(g, "bank"):
        return {"hands": [g.hand_size(0), g.hand_size(1)], "pile": g.pile_len(),
                "bank": list(g.bank), "under": list(g.under),
                "cards": _all_cards(g.hands + [g.pile])}
    return {"hands": [g.hand_size(0), g.hand_size(1)], "cards": _all_cards(g.hands + g.table)}


def _times_in_order(events):
    for i in range(1, len(events)):
        assert clock.diff(events[i][1], events[i - 1][1]) >= 0, ("time went back", events[i - 1], events[i])


def _game_over_last(g, events):
    overs = [i for i in range(len(events)) if events[i][0] == ev.GAME_OVER]
    if g.over:
        assert overs == [len(events) - 1], overs
        e = events[-1]
        assert e[2] == g.winner and e[3] == g.cards_played and e[4] == g.piles_taken
    else:
        assert not overs


def check_war_log(g, events, before):
    """Replay the War events on counts: they must explain the final state exactly."""
    _times_in_order(events)
    _game_over_last(g, events)
    hand = list(before["hands"])
    table = 0
    played = 0
    won = 0
    for kind, t, p, a, b, c in events:
        if kind == ev.CARD:
            hand[p] -= 1
            table += 1
            played += 1
            assert table == b
        elif kind == D.WAR_DOWN:
            hand[p] -= a
            table += a
            played += a
            assert table == b
        elif kind == ev.PILE_WON:
            won += 1
            if a == ev.HOW_BATTLE or a == ev.HOW_CALL:
                assert b == table
            else:
                assert a == ev.HOW_LAST_STANDING and b == table + hand[1 - p]
                hand[1 - p] = 0
            hand[p] += b
            table = 0
        elif kind == D.WAR_PAY:  # a false call's card goes to the opponent
            hand[p] -= 1
            hand[1 - p] += 1
            assert hand[p] == b
        assert hand[0] >= 0 and hand[1] >= 0
    assert hand == [g.hand_size(0), g.hand_size(1)] and table == g.pile_len()
    assert played == g.cards_played and won == g.piles_taken
    assert _all_cards(g.hands + g.table) == before["cards"]
    if g.over and g.winner >= 0:
        assert g.hand_size(g.winner) == len(before["cards"])


def check_money_log(g, events, before):
    """Replay the Money events on counts: they must explain the final state exactly, every
    purchase and exchange must be paid in full, and no card may appear or vanish."""
    _times_in_order(events)
    _game_over_last(g, events)
    vals = g.rules.values
    hand = list(before["hands"])
    pile = before["pile"]
    bank = list(before["bank"])
    under = list(before["under"])
    played = 0
    won = 0
    for i in range(len(events)):
        kind, t, p, a, b, c = events[i]
        o = 1 - p
        if kind == ev.CARD:
            hand[p] -= 1
            pile += 1
            played += 1
            assert pile == b
        elif kind == ev.PILE_WON:
            won += 1
            hand[p] += b
            pile -= b
        elif kind == D.MONEY_BUY or kind == D.MONEY_EXCHANGE:
            bank[p * 5 + a] -= 1
            if b == D.SRC_FLOOR:
                under[a] += 1
            else:
                bank[o * 5 + a] += 1
            got = 0
            j = i + 1
            while j < len(events) and events[j][0] == D.MONEY_GET and events[j][2] == p and events[j][4] == b:
                got += vals[events[j][3]] * events[j][5]
                j += 1
            if kind == D.MONEY_BUY:
                assert c >= 1 and c + got == vals[a], ("purchase not paid in full", events[i])
                if b == D.SRC_FLOOR:
                    pile -= c
                else:
                    hand[o] -= c
                hand[p] += c
            else:
                assert got == vals[a] == c, ("exchange not of equal value", events[i])
        elif kind == D.MONEY_JOIN:
            bank[p * 5 + a] -= c
            if b == D.SRC_FLOOR:
                under[a] += c
            else:
                bank[o * 5 + a] += c
            if i + 1 < len(events) and events[i + 1][0] == D.MONEY_JOIN:
                pass  # more of what p gives; the one card back comes after them
            else:
                given = 0
                j = i
                while j >= 0 and events[j][0] == D.MONEY_JOIN and events[j][2] == p:
                    given += vals[events[j][3]] * events[j][5]
                    j -= 1
                nxt = events[i + 1]
                assert nxt[0] == D.MONEY_GET and nxt[2] == p and nxt[4] == b and nxt[5] == 1, events[i]
                assert vals[nxt[3]] == given, ("join not of equal value", events[i])
        elif kind == D.MONEY_GET:
            bank[p * 5 + a] += c
            if b == D.SRC_FLOOR:
                under[a] -= c
            else:
                bank[o * 5 + a] -= c
        elif kind == D.MONEY_CAPTURED:
            bank[p * 5 + a] += b
            under[a] -= b
        assert min(hand) >= 0 and pile >= 0 and min(bank) >= 0 and min(under) >= 0, events[i]
    assert hand == [g.hand_size(0), g.hand_size(1)] and pile == g.pile_len()
    assert bank == list(g.bank) and under == list(g.under)
    assert played == g.cards_played and won == g.piles_taken
    assert _all_cards(g.hands + [g.pile]) == before["cards"]
    for k in range(5):
        assert bank[k] + bank[5 + k] + under[k] == before["bank"][k] + before["bank"][5 + k] + before["under"][k]
    if g.over:
        w = g.winner
        assert g.hand_size(w) == len(before["cards"]) and g.pile_len() == 0
        assert g.bank_value(1 - w) == 0 and sum(g.under) == 0
