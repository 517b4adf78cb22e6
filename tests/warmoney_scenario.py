"""A game set up card by card for the War and Money scenario tests (both VMs).

Times are given in ms (like replay files) and turned into the engine's wrapped us.
"""

from slapstack import cards, clock, events as ev


class Scenario:
    def __init__(self, mod, preset, rules=None, tempo_ms=1000, **spec):
        self.mod = mod
        self.rules = mod.make_rules(preset, rules)
        self.rec = ev.Recorder()
        self.g = mod.Game(self.rules, 2, mod.deal(self.rules, 2, spec), self.rec, tempo_ms)

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
        return [self.mod.choice_label(c) for c in pending[1]] if pending else []

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
        return [ev.SPEC[e[0]][0] for e in self.rec.events]


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
