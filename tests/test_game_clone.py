"""A game in play copies as OpenSpiel's states do (``game.clone(sink)``): the copy, fed the
same inputs, plays on to the same events, and each plays on without the other seeing it.
Every game and its variants that hold their own state (head starts, War's shuffling
generator, Money's choices), on MicroPython and CPython alike."""
from slapstack import games
from slapstack.prng import XorShift32

MS = 1000
MID = 8  # presses before the copy

# (game, players, seats, rules, head starts in ms or None)
CASES = (
    ("ratscrew", 4, 4, {}, None),
    ("ratscrew", 3, 4, {"slap_in_penalty": "negative"}, None),
    ("egyptian_war", 4, 4, {}, [0, 40, 0, 90]),
    ("ruffle", 2, 2, {}, None),
    ("beggar", 3, 3, {}, None),
    ("war", 2, 2, {"turn": "auto", "gather": "shuffle"}, [0, 60]),
    ("war", 2, 2, {}, None),
    ("money", 2, 2, {}, None),
    ("money", 2, 2, {"variant": "egyptian"}, None),
    ("money", 2, 2, {"variant": "syrian"}, None),
)


def _dealt(name, players, seats, rules, seed):
    mod = games.game_module(name)
    r = mod.make_rules(name, rules)
    events = []
    args = (r, players, mod.deal(r, players, {"seed": seed}), lambda *e: events.append(e), mod.TEMPO_MS)
    if seats > players:
        args += (seats,)
    return games.game_class(name)(*args), events


def _inputs(seats, seed, n):
    """n presses, each released 40 ms on, at random seats and gaps: (seat, press time)."""
    rng = XorShift32(seed)
    t = 500 * MS
    out = []
    for _ in range(n):
        t += (60 + rng.below(500)) * MS
        out.append((rng.below(seats), t))
    return out


def _feed(game, inputs, then_ms=0):
    """Each press, then everything due up to ``then_ms`` after the last (Money's choices
    taken by their deadline)."""
    for p, t in inputs:
        game.press(p, t)
        game.release(p, t + 40 * MS)
    game.tick(inputs[-1][1] + then_ms * MS)


def _seen(game, seats):
    """What a player sees of the game: hands, the pile's cards and whose, whose turn is due."""
    pile = [(game.pile_top(i), game.pile_seat(i)) for i in range(game.pile_len())]
    return [game.hand_size(p) for p in range(seats)], pile, game.next_due(), game.over


def test_a_copy_mid_game_plays_on_to_the_same_events_as_its_original():
    for name, players, seats, rules, heads in CASES:
        for seed in (3, 2024):
            game, events = _dealt(name, players, seats, rules, seed)
            if heads:
                game.set_head_starts(heads)
            game.start(0)
            inputs = _inputs(seats, seed, 120)
            _feed(game, inputs[:MID])
            assert not game.over, (name, rules, seed)  # mid-game
            copied = []
            copy = game.clone(lambda *e: copied.append(e))
            before = len(events)
            _feed(game, inputs[MID:], 60000)
            _feed(copy, inputs[MID:], 60000)
            assert copied == events[before:], (name, rules, seed)
            assert len(copied) > 20, (name, rules, seed)  # the copy played on, and far


def test_playing_a_copy_leaves_its_original_as_it_was_and_the_other_way_round():
    for name, players, seats, rules, heads in CASES:
        game, events = _dealt(name, players, seats, rules, 5)
        if heads:
            game.set_head_starts(heads)
        game.start(0)
        inputs = _inputs(seats, 5, 120)
        _feed(game, inputs[:MID])
        seen = _seen(game, seats)
        copy = game.clone(lambda *e: None)
        _feed(copy, inputs[MID:], 60000)
        assert _seen(copy, seats) != seen, (name, rules)
        assert _seen(game, seats) == seen, (name, rules)  # the original did not move
        n = len(events)
        again = game.clone(lambda *e: None)
        _feed(game, inputs[MID:], 60000)
        assert len(events) > n
        assert _seen(again, seats) == seen, (name, rules)  # nor the copy when the original moved
