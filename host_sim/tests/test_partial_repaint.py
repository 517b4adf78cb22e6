"""The renderer repaints only what a change can touch; the screen must still come out pixel
for pixel as a full repaint of the same view would draw it, after every update.

- every card replacing every other card, in every place of fans of one to four cards (the
  boxes a place repaints must hold everything that can differ there), and every seat chip
  (whose card it is) replacing every other;
- random sequences of views (cards played, piles won, burns, verdicts, jokers, banners,
  turns, counts, the winner) against a fresh full repaint after each update;
- the Rules menu after every key.

test_partial_repaint_games.py plays whole games: the device's App, Money's banks and panels,
what a card sends, War's battles and boxes.
"""
import random

import pytest

from painters import renderer  # (firmware modules)
from painters.view import CARD_BACK  # (a face-down card, as War shows a war's)
import sample_views
from slapstack import cards
from host_sim.tests.screen_panel import ScreenPanel, full_repaint

JOKER = 0x0E
EVERY_CARD = [suit << 4 | rank for suit in range(4) for rank in range(1, 14)] + [JOKER]


def _every_pair(nodes):
    """A walk through ``nodes`` taking every ordered pair of different nodes once (an Euler
    circuit of the complete directed graph)."""
    out = {u: [w for w in nodes if w != u] for u in nodes}
    stack, walk = [nodes[0]], []
    while stack:
        u = stack[-1]
        if out[u]:
            stack.append(out[u].pop())
        else:
            walk.append(stack.pop())
    return walk[::-1]


WALK = _every_pair(EVERY_CARD)


@pytest.mark.parametrize("n,place", [(n, k) for n in range(1, 5) for k in range(n)])
def test_every_card_after_every_other_in_every_place(n, place):
    v = sample_views.table()
    v.pile[:] = bytes(4)
    v.pile[:n] = cards.parse_list(["5C", "QH", "10S", "AD"][:n])
    want = {}
    for c in EVERY_CARD:
        v.pile[place] = c
        want[c] = full_repaint(v)
    p = ScreenPanel()
    r = renderer.Renderer(p)
    v.pile[place] = WALK[0]
    r.full(v)
    assert len(WALK) == len(EVERY_CARD) * (len(EVERY_CARD) - 1) + 1
    for a, b in zip(WALK, WALK[1:]):
        v.pile[place] = b
        p.bytes = 0
        assert r.update(v) == renderer.PILE
        assert p.px == want[b], "%s after %s in place %d of %d" % (cards.to_text(b), cards.to_text(a), place, n)
        assert p.bytes <= 21 * 1024  # boxes on the card (a joker after a 10 on top: 20.3 KB), not the card (32 KB)


@pytest.mark.parametrize("n,place", [(n, k) for n in range(1, 5) for k in range(n)])
def test_every_seat_chip_after_every_other_in_every_place(n, place):
    v = sample_views.table()
    v.pile[:] = bytes(4)
    v.pile[:n] = cards.parse_list(["5C", "QH", "10S", "AD"][:n])
    v.pile_seat[:] = bytes(4)
    want = {}
    for s in range(5):  # none, then each seat's colour
        v.pile_seat[place] = s
        want[s] = bytes(full_repaint(v))
    assert len(set(want.values())) == 5  # each chip shows
    p = ScreenPanel()
    r = renderer.Renderer(p)
    v.pile_seat[place] = 0
    r.full(v)
    for a, b in zip([0, 1, 0, 2, 0, 3, 0, 4, 1, 2, 1, 3, 1, 4, 2, 3, 2, 4, 3, 4, 3, 2, 4, 1, 3, 0],
                    [1, 0, 2, 0, 3, 0, 4, 1, 2, 1, 3, 1, 4, 2, 3, 2, 4, 3, 4, 3, 2, 4, 1, 3, 0, 4]):
        v.pile_seat[place] = b
        p.bytes = 0
        assert r.update(v) == renderer.PILE
        assert p.px == want[b], "seat %d after %d in place %d of %d" % (b, a, place, n)
        assert p.bytes <= 1024  # the chip's box only


def _random_change(rng, v):
    k = rng.random()
    n = sum(1 for c in v.pile if c)
    if k < 0.45:  # a card played (a face-down one goes under it now and then, as in a war)
        v.pile[1:] = v.pile[:3]
        if v.pile[1] and rng.random() < 0.1:
            v.pile[1] = CARD_BACK
        v.pile[0] = rng.choice(EVERY_CARD)
        v.pile_seat[1:] = v.pile_seat[:3]
        v.pile_seat[0] = rng.randrange(v.seats + 1)  # 0: not known (Money)
        v.pile_count += 1
        v.verdict = None
        v.count[v.turn or 0] = max(0, v.count[v.turn or 0] - 1)
        v.turn = rng.randrange(v.seats)
    elif k < 0.52:  # a pile won
        v.pile[:] = bytes(4)
        v.pile_seat[:] = bytes(4)
        v.pile_count = 0
        v.count[rng.randrange(v.seats)] += rng.randrange(1, 30)
    elif k < 0.57:  # a burn: under the pile, shown when fewer than four are
        if n < 4:
            v.pile[n] = rng.choice(EVERY_CARD)
            v.pile_seat[n] = 1 + rng.randrange(v.seats)
        v.pile_count += 1
    elif k < 0.72:
        v.verdict = rng.choice([None, (0, True, "SANDWICH!", 212, "Red takes 12"),
                                (1, False, "NO SLAP", None, "Blue burns"), (2, True, "TIE", 3, "nobody")])
    elif k < 0.78:
        v.banner = rng.choice(["", "", "Red takes 7", "Blue owes the pile", "Green slaps back in!"])
    elif k < 0.84:  # any fan at all
        v.pile[:] = bytes(4)
        for i in range(rng.randrange(5)):
            v.pile[i] = rng.choice(EVERY_CARD) if i < 2 or rng.random() < 0.5 else CARD_BACK  # War's
            v.pile_seat[i] = rng.randrange(v.seats + 1)
    elif k < 0.9:
        i = rng.randrange(v.seats)
        v.out[i] = not v.out[i]
        v.challenged = rng.choice([None, i])
        v.chances = rng.randrange(4) if v.challenged is not None else 0
    elif k < 0.93:
        v.stuck = rng.choice([[], [], [1], [0, 3]])
    elif k < 0.95:
        v.winner = rng.randrange(v.seats)
    else:
        v.count[rng.randrange(v.seats)] = rng.randrange(120)
        v.pile_count = rng.randrange(220)
    if v.winner is not None and rng.random() < 0.5:
        v.winner = None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_updates_leave_what_a_full_repaint_draws(seed):
    rng = random.Random(seed)
    v = sample_views.table()
    p = ScreenPanel()
    r = renderer.Renderer(p)
    r.full(v)
    for step in range(150):
        _random_change(rng, v)
        r.update(v)
        assert p.px == full_repaint(v), "step %d: %r, verdict %r" % (step, list(v.pile), v.verdict)


@pytest.mark.parametrize("game", ["ratscrew", "war", "money"])
def test_the_rules_menu_after_every_key_shows_what_drawing_it_afresh_shows(game):
    # a cursor move repaints only the rows whose text or highlight changed; an option
    # switched on or off can add or take rows away, a long list scrolls
    from drawing import gfx
    from painters import rules_menu
    m = rules_menu.RulesMenu({"rules": {}}, game)
    screen = rules_menu.RulesPainter(m)
    live = ScreenPanel()
    g = gfx.Gfx(live)
    screen.draw(g)
    rng = random.Random(5)
    partial = 0
    for _ in range(120):
        key = rng.choice(["down", "down", "down", "up", "ok"])
        if key == "ok" and m.current() is None:
            key = "down"  # (not the reset: its question is a message screen)
        before = live.bytes
        m.key(key)
        screen.draw(g, False)
        partial += live.bytes - before < 100 * 1024
        fresh = ScreenPanel()
        rules_menu.RulesPainter(m).draw(gfx.Gfx(fresh))
        assert live.px == fresh.px, (key, m.selected, m.first)
    assert partial > 60  # most keys repainted a few rows, not the list
