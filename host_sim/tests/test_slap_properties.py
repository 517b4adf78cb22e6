"""Property tests: random games per slap-family preset with random press streams (4,000 in
make test, 10,000 in make test-deep).

Checked at every step against an independent model:
- no card is ever lost or duplicated (hands + pile always hold the dealt multiset);
- every false slap is on a pile where the reference matcher below sees no combination,
  and every slap judged valid is on one where it does (burned cards excluded);
- cards are turned by the player whose turn was announced (in Beggar-my-neighbour by
  their press, when it is their turn, and by nobody else's), challenges carry the
  documented chances, a won pile moves exactly its cards, eliminated players turn no cards;
- a finished game's winner holds every card.
"""
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from slapstack import events as E
from slapstack import slapgame
from slapstack import slaprules

MS = 1000
CAP_CARDS = 500
CHANCES = {1: 4, 13: 3, 12: 2, 11: 1}

PRESETS = {
    "ratscrew": {"big_mac": True, "run": True, "flush": True, "marriage": True, "tens": True, "top_bottom": True},
    "egyptian_war": {},
    "ruffle": {"slaps": True, "double": True, "sandwich": True, "marriage": True, "tens": True,
               "nile_nine": True},
    "beggar": {},
}


def reference_pattern(played, rules):
    """Plain list-based matcher, written apart from slapstack.patterns (no jokers)."""
    r = [c & 15 for c in reversed(played)]  # r[0] = top
    s = [c >> 4 for c in reversed(played)]
    hits = []
    if len(r) >= 2:
        if rules.double and r[0] == r[1]:
            hits.append("double")
        if rules.marriage and sorted(r[:2]) == [12, 13]:
            hits.append("marriage")
        if rules.tens and r[0] <= 10 and r[1] <= 10 and r[0] + r[1] == 10:
            hits.append("tens")
    if len(r) >= 3:
        if rules.sandwich and r[0] == r[2] != r[1]:
            hits.append("sandwich")
        if rules.flush and s[0] == s[1] == s[2]:
            hits.append("flush")
        if rules.nile_nine and r[0] == r[1] == r[2] == 3:
            hits.append("nile_nine")
        if rules.run:
            seq = [r[2], r[1], r[0]]
            for a, b, c in (seq, seq[::-1]):
                high = [14 if x == 1 else x for x in (a, b, c)]
                if (b == a + 1 and c == b + 1) or (high[1] == high[0] + 1 and high[2] == high[1] + 1):
                    hits.append("run")
    if len(r) >= 4 and rules.big_mac and r[0] == r[3] and r[1] == r[2] and r[0] != r[1]:
        hits.append("big_mac")
    if len(r) >= 2 and rules.top_bottom and r[0] == r[-1]:
        hits.append("top_bottom")
    return hits


class Checker:
    def __init__(self, game):
        self.g = game
        self.dealt = Counter(c for h in game.hands for c in h.to_bytes())
        self.turn = None
        self.pile_n = 0
        self.events = []

    def __call__(self, kind, t, p, a, b, c):
        g = self.g
        self.events.append((kind, a))
        if kind == E.TURN:
            self.turn = p
        elif kind == E.CARD:
            assert p == self.turn, "card turned out of turn"
            assert not g.out[p], "an eliminated player turned a card"
            assert b == g.pile.count and g.pile.from_back(0) == a
            self.pile_n = b
        elif kind == E.BURN:
            self.pile_n += 1
            assert self.pile_n == g.pile.count and g.pile.at(0) == a
        elif kind in (E.CHALLENGE, E.CHALLENGE_MET):
            assert CHANCES[a & 15] == b
        elif kind == E.PILE_WON:
            assert b == self.pile_n and g.pile.count == 0, "pile won must be the whole pile"
            self.pile_n = 0
        elif kind == E.GAME_OVER:
            assert g.hands[p].count == g.total

    def conserved(self):
        g = self.g
        now = Counter(g.pile.to_bytes())
        for h in g.hands:
            now.update(h.to_bytes())
        assert now == self.dealt, "cards lost or duplicated"


presses = st.lists(st.tuples(st.integers(1, 1500), st.integers(0, 7), st.integers(1, 300)),
                   max_size=120)


def run_game(preset, players, seed, stream):
    rules = slaprules.make_rules(preset, PRESETS[preset])
    game = slapgame.Game(rules, players, slaprules.deal(rules, players, {"seed": seed}), lambda *e: None)
    check = Checker(game)
    game.sink = check
    game.start(0)
    t = 0
    releases = []  # (time, seat) still to come: inputs go in strictly in time order
    for delay, seat, hold in stream:
        if game.over or game.cards_played > CAP_CARDS:
            break
        seat %= players
        t += delay * MS
        for when, who in sorted(releases):
            if when <= t:
                game.release(who, when)
        releases = [(when, who) for when, who in releases if when > t]
        game.tick(t)
        if game.over:
            break
        visible = game.pile.to_bytes()[game.burned:]
        expected = reference_pattern(visible, rules)
        before = len(check.events)
        was_down = game.down[seat]
        # Beggar-my-neighbour is turned by press (ours): a press turns the presser's card
        # at once when it is their turn and they hold one, and nothing else
        turns = preset == "beggar" and not was_down and seat == game.turn and game.play_due >= 0 \
            and game.hands[seat].count > 0
        game.press(seat, t)
        verdicts = [a for kind, a in check.events[before:] if kind == E.SLAP]
        assert len(verdicts) <= 1
        turned = [a for kind, a in check.events[before:] if kind == E.CARD]
        assert len(turned) == (1 if turns else 0)
        if preset == "beggar" or was_down:
            assert verdicts == []  # no slaps in beggar; a held button is no new slap
        elif verdicts == [E.V_FALSE]:
            assert not expected, "false slap on a real %s" % expected
        elif verdicts != [E.V_IGNORED]:
            # late, or entered the slap contest: there must be a combination
            assert expected, "slap judged valid on %r" % [c & 15 for c in visible]
        check.conserved()
        if not was_down:
            releases.append((t + hold * MS, seat))
    while not game.over and game.cards_played <= CAP_CARDS:
        game.tick(game.next_due())
    check.conserved()
    if game.over:
        assert game.hands[game.winner].count == game.total


def _test(preset):
    @given(players=st.integers(2, 6 if preset != "ruffle" else 4), seed=st.integers(0, 2**31),
           stream=presses)
    def prop(players, seed, stream):
        run_game(preset, players, seed, stream)
    return prop


test_ratscrew_random_games = _test("ratscrew")
test_egyptian_war_random_games = _test("egyptian_war")
test_ruffle_random_games = _test("ruffle")
test_beggar_random_games = _test("beggar")
