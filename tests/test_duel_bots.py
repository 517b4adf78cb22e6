"""Bots at War and Money tables (war_bot.py, money_bot.py), on MicroPython and CPython.

Rates are counted over many seeded games, so every figure below is the same on both VMs;
the bounds are about three standard deviations around what the documented model gives.
"""
from slapstack import eventlog, events as E, money, money_bot, money_game, money_strategy, replay, replay_writer, turn_bot
from slapstack import duel_events as D
from slapstack.table import Table

MS = 1000
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
# Money, seat 1 (the bot) throwing the same number as the card seat 0 has just thrown, 20
# times: every card the bot throws matches. Seat 0 never presses; with no money, the game
# ends when seat 0 runs out.
ALL_MATCH = {"hands": [[r + "C" for r in RANKS] + [r + "H" for r in RANKS],
                       [r + "D" for r in RANKS] + [r + "S" for r in RANKS]], "banks": [[], []]}
# ... and never the same: the bot's own cards never match (unless it gives its cards away).
NO_MATCH = {"hands": [[r + s for s in "CDHS" for r in RANKS[:5]], [r + s for s in "CDHS" for r in RANKS[5:]]],
            "banks": [[], []]}


def play(table, limit_us=3000000000):
    """Start the table and run it by itself (bots only) until it ends or stops at limit_us."""
    table.start(0)
    now = 0
    while not table.game.over and table.next_due() is not None and now < limit_us:
        now = replay.run_until(table, now, None)
    return now


class Watch:
    """A sink that checks one Money bot's claims against what it could see: each of its
    cards either matched the card under it or not; a claim that wins must be on a match,
    a false one on a card that did not match."""

    def __init__(self, seat):
        self.seat = seat
        self.table = None
        self.rec = eventlog.Recorder()
        self.match = False
        self.matches = self.others = self.claims = self.wrong = self.missed = 0
        self.reactions = []

    def __call__(self, kind, t, p, a, b, c):
        self.rec(kind, t, p, a, b, c)
        if p != self.seat:
            return
        if kind == E.CARD:
            g = self.table.game
            self.match = b >= 2 and (a & 15) == (g.pile_top(1) & 15)
            if self.match:
                self.matches += 1
            else:
                self.others += 1
        elif kind == E.SLAP:
            assert a in (E.V_WIN, E.V_FALSE), kind
            if a == E.V_WIN:
                assert self.match, "a winning claim on a card that did not match"
                self.claims += 1
                self.reactions.append(c)
            else:
                assert not self.match, "a false claim on a matching card"
                self.wrong += 1
        elif kind == D.MONEY_MISSED:
            self.missed += 1


def money_games(deal, level, seeds, tempo_ms=None, rules=None):
    total = Watch(1)
    for seed in seeds:
        w = Watch(1)
        w.table = Table("money", 2, rules=rules, deal=deal, tempo_ms=tempo_ms, bots={1: level},
                        sink=w, bot_seed=seed)
        play(w.table)
        assert w.table.game.over
        assert w.claims + w.missed == w.matches  # every match claimed or missed, nothing else
        for name in ("matches", "others", "claims", "wrong", "missed"):
            setattr(total, name, getattr(total, name) + getattr(w, name))
        total.reactions.extend(w.reactions)
    return total


# --- War ---------------------------------------------------------------------------------

def _ready(rec, p):
    return [e for e in rec.of(D.WAR_READY) if e[2] == p]


def test_a_war_bot_presses_once_the_battle_is_shown_and_waits_for_the_person():
    rec = eventlog.Recorder()
    hands = [["KS", "2C", "9D", "5S"], ["QH", "3D", "8C", "6D"]]
    table = Table("war", 2, deal={"hands": hands}, bots={1: "normal"}, sink=rec, bot_seed=7)
    table.start(0)
    table.advance(4000 * MS)
    [first] = _ready(rec, 1)
    assert 320 * MS <= first[3] <= 2900 * MS and first[1] == first[3]  # from the deal
    assert first[4] == 1 and not rec.of(E.CARD)                        # waiting for seat 0
    table.press(0, 4000 * MS)
    table.release(0, 4100 * MS)
    assert len(rec.of(E.CARD)) == 2                                    # the battle turned
    table.advance(8000 * MS)
    ready = _ready(rec, 1)
    assert len(ready) == 2 and ready[1][3] == ready[1][1] - 4000 * MS  # timed from the battle
    assert 320 * MS <= ready[1][3] <= 2900 * MS and len(rec.of(E.CARD)) == 2
    # it let go of its button after each press: press, release, press, release are recorded
    assert table.input_count() == 2 + 4


def test_war_bots_play_a_whole_game_at_their_levels_pace():
    rec = eventlog.Recorder()
    table = Table("war", 2, rules={"call_war": False}, deal={"seed": 3}, bots={0: "hard", 1: "easy"},
                  sink=rec, bot_seed=3)
    play(table)
    assert table.game.over and table.game.winner in (0, 1)
    battles = len(rec.of(E.CARD)) // 2
    assert battles > 50 and len(rec.of(D.WAR_READY)) == 2 * battles
    for seat, level in ((0, "hard"), (1, "easy")):
        mean, spread, floor, dawdle = turn_bot.LEVELS[level]
        times = [e[3] for e in _ready(rec, seat)]
        assert min(times) >= floor * MS
        usual = [r for r in times if r <= (mean + spread) * MS]
        avg = sum(usual) // len(usual)
        assert abs(avg - mean * MS) < 40 * MS, (level, avg)
        slow = len(times) - len(usual)   # looked away: 500-2000 ms more
        assert slow <= len(times) * dawdle * 3 // 1000 + 3, (level, slow)
    assert sum(e[3] for e in _ready(rec, 0)) < sum(e[3] for e in _ready(rec, 1))


def test_war_bots_do_nothing_when_the_cards_turn_by_themselves():
    rec = eventlog.Recorder()
    table = Table("war", 2, rules={"turn": "auto", "call_war": False}, deal={"seed": 3},
                  bots={0: "hard", 1: "easy"},
                  sink=rec, bot_seed=3)
    play(table)
    assert table.game.over and table.input_count() == 0 and not rec.of(D.WAR_READY)


def _calls(rec, p):
    return [e for e in rec.of(E.SLAP) if e[2] == p]


def test_war_bots_call_wars_at_their_levels_reaction_times():
    for rules in (None, {"turn": "auto"}):
        rec = eventlog.Recorder()
        table = Table("war", 2, rules=rules, deal={"seed": 3}, bots={0: "hard", 1: "easy"}, sink=rec, bot_seed=3)
        play(table)
        assert table.game.over
        ties = len(rec.of(D.WAR_TIE))
        won = [len([e for e in _calls(rec, p) if e[3] == E.V_WIN]) for p in range(2)]
        assert ties > 5 and won[0] + won[1] <= ties and won[0] > 2 * won[1], (rules, ties, won)
        assert not [e for e in rec.of(E.SLAP) if e[3] == E.V_FALSE]   # never on unequal cards
        for p, level in ((0, "hard"), (1, "easy")):
            floor = turn_bot.LEVELS[level][2]
            assert all(e[5] >= floor * MS for e in _calls(rec, p) if e[3] == E.V_WIN), level


def test_beggar_bots_turn_their_own_cards_at_their_levels_pace():
    rec = eventlog.Recorder()
    table = Table("beggar", 3, deal={"seed": 5}, bots={0: "hard", 1: "normal", 2: "easy"}, sink=rec, bot_seed=5)
    play(table)
    assert table.game.over
    turns = {}  # seat: the times from its turn to its card
    last_turn = {}
    for e in rec.events:
        if e[0] == E.TURN:
            last_turn[e[2]] = e[1]
        elif e[0] == E.CARD:
            turns.setdefault(e[2], []).append(e[1] - last_turn[e[2]])
    for p, level in ((0, "hard"), (1, "normal"), (2, "easy")):
        mean, spread, floor, dawdle = turn_bot.LEVELS[level]
        times = turns[p]
        assert min(times) >= floor * MS and max(times) <= 3000 * MS, level
        assert times.count(3000 * MS) <= len(times) * dawdle // 1000, level  # by itself: a long dawdle
        usual = [r for r in times if r <= (mean + spread) * MS]
        assert abs(sum(usual) // len(usual) - mean * MS) < 60 * MS, level


# --- Money: claims -----------------------------------------------------------------------

def test_a_money_bot_claims_its_matches_and_misses_at_its_level_rate():
    mean, spread, floor, miss = money_bot.LEVELS["normal"][:4]
    w = money_games(ALL_MATCH, "normal", range(1, 41), tempo_ms=3000)
    assert w.matches == 800 and w.wrong == 0
    assert 41 <= w.missed <= 87, w.missed          # 8% of 800 = 64, sd 7.7
    assert min(w.reactions) >= floor * MS and max(w.reactions) <= (mean + spread) * MS
    avg = sum(w.reactions) // len(w.reactions)
    assert abs(avg - mean * MS) < 15 * MS, avg


def test_a_money_bot_too_slow_for_a_fast_tempo_misses_more():
    """At 550 ms a card, a normal bot's reaction (480 +- 200 ms) is too slow about 12% of
    the time besides its 8% lapses: about 19% missed, and never a late claim."""
    w = money_games(ALL_MATCH, "normal", range(1, 41), tempo_ms=550)
    assert w.matches == 800 and w.wrong == 0
    assert 118 <= w.missed <= 183, w.missed        # 18.8% of 800 = 150, sd 11
    assert max(w.reactions) < 550 * MS


def test_a_money_bots_wrong_claims_are_rare():
    """An easy bot claims one of its own non-matching cards 1% of the time."""
    w = money_games(NO_MATCH, "easy", range(1, 101))
    assert w.others == 2000 and w.matches == 0   # 20 cards of its own in each game
    expect = w.others // 100
    assert expect // 3 <= w.wrong <= expect * 2, (w.wrong, w.others)


def test_money_bots_never_press_when_captures_are_automatic():
    for rules in ({"auto_capture": True}, {"variant": "egyptian"}):
        rec = eventlog.Recorder()
        table = Table("money", 2, rules=rules, deal={"seed": 5}, bots={0: "hard", 1: "easy"},
                      sink=rec, bot_seed=5)
        play(table)
        assert table.game.over and not rec.of(E.SLAP)


# --- Money: choices ----------------------------------------------------------------------

def _chosen(rec, p):
    return [e for e in rec.of(E.MONEY_CHOSEN) if e[2] == p]


def test_a_money_bot_buys_with_the_strategy_not_the_deadline_default():
    # the bot (seat 1) starts with no numeral cards and a Jack: 10 from the floor (the
    # default), or 5 from the floor and the King under the pile (the strategy: keep money)
    deal = {"hands": [["2C", "3C"], []], "pile": ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "AH", "2S", "3S"],
            "under": ["K"], "banks": [[], ["J"]], "first": 1}
    rec = eventlog.Recorder()
    table = Table("money", 2, deal=deal, bots={1: "normal"}, sink=rec, bot_seed=3)
    table.start(0)
    table.advance(1000 * MS)
    [ask] = rec.of(E.MONEY_CHOICE)
    labels = [money_game.choice_label(c) for c in table.game.pending_choice()[1]]
    assert labels == ["J: 10 from floor", "J: 5 from floor +K"]
    assert money_strategy.bot_choice(table.game) == 1
    table.advance(20000 * MS)
    [chosen] = _chosen(rec, 1)
    assert chosen[3:5] == (1, 0)                              # choice 1, not by the deadline
    assert 800 * MS <= chosen[1] - ask[1] < ask[5] * MS      # it thought, then chose in time
    assert table.game.bank_count(1, D.MK_KING) == 1
    # with less time to choose than it likes to think, it chooses just before the deadline
    rec = eventlog.Recorder()
    table = Table("money", 2, rules={"choice_ms": 500}, deal=deal, bots={1: "normal"}, sink=rec, bot_seed=3)
    table.start(0)
    table.advance(5000 * MS)
    chosen = _chosen(rec, 1)[0]
    assert chosen[1:5] == (1499 * MS, 1, 1, 0)


def test_a_money_bot_answers_a_persons_purchase_with_the_strategy():
    # seat 0 (a person) has no cards and pays a Queen for 15 of the bot's 15 cards; the
    # strategy keeps 10 in hand, so it gives the fewest cards and the most money back
    hand = [r + "C" for r in RANKS] + [r + "D" for r in RANKS[:5]]
    deal = {"hands": [[], hand], "pile": ["2H"], "banks": [["Q"], ["K", "J"]]}
    rec = eventlog.Recorder()
    table = Table("money", 2, deal=deal, bots={1: "hard"}, sink=rec, bot_seed=4)
    table.start(0)
    table.advance(1500 * MS)
    assert table.game.pending_choice()[0] == 0
    table.choose(0, 0, 1500 * MS)                             # "Pay Q to opp"
    pending = table.game.pending_choice()
    assert pending[0] == 1 and len(pending[1]) > 1
    want = money_strategy.bot_choice(table.game)
    assert want == len(pending[1]) - 1
    table.advance(12000 * MS)
    chosen = _chosen(rec, 1)[0]
    assert chosen[3:5] == (want, 0) and chosen[1] < 1500 * MS + 8000 * MS   # before the deadline


# --- replays, and what the table accepts ----------------------------------------------------

BOT_GAMES = (
    ("war", None, 2),
    ("war", {"turn": "auto"}, 5),
    ("beggar", None, 4),
    ("money", None, 1),
    ("money", {"variant": "egyptian"}, 2),
    ("money", {"variant": "syrian"}, 3),
)


def test_bot_games_replay_to_the_same_events_without_the_bots():
    for game, rules, seed in BOT_GAMES:
        rec = eventlog.Recorder()
        table = Table(game, 2, rules=rules, deal={"seed": seed}, bots={0: "hard", 1: "easy"}, sink=rec,
                      bot_seed=seed)
        play(table)
        assert table.game.over and table.input_count() > 20
        again = eventlog.Recorder()
        replay.play(replay.check(replay_json(table)), again)
        assert again.events == rec.events, game


def replay_json(table):
    import json
    return json.loads(replay_writer.dumps(table))


def test_a_person_against_a_bot_on_a_live_table_replays_exactly():
    """The device's loop (draw delays, reveals) with a person pressing at random on seat 0
    and a bot on seat 1: the saved replay gives the same events."""
    from live_loop import play_live, replayed
    war_hands = [["KS", "2C", "9D", "9H", "5S", "4C", "3S", "JD"], ["QH", "3D", "9C", "9S", "6D", "7H", "8S", "10C"]]
    for game, deal, gap in (("war", {"hands": war_hands}, 900000), ("money", {"seed": 4}, 4000000),
                            ("beggar", {"seed": 4}, 900000)):
        rec = eventlog.Recorder()
        table = Table(game, 2, deal=deal, bots={1: "normal"}, sink=rec, bot_seed=11, live=True)
        table.start(0)
        play_live(table, (0,), 6, limit_us=2000000000, gap_us=gap)
        assert table.game.over, game
        assert '"reveal"' in replay_writer.dumps(table)
        assert replayed(table) == rec.events, game


def test_unknown_bot_levels_and_seats_are_refused():
    for game in ("war", "money"):
        for bots, words in (({1: "expert"}, "bot level"), ({2: "easy"}, "not a seat")):
            try:
                Table(game, 2, bots=bots)
                assert False, (game, bots)
            except ValueError as e:
                assert words in str(e), str(e)
