"""A game's story per seat (slapstack/summary.py), counted from its events as the device's
end-of-game screen shows it; counting allocates nothing and survives the clock's wrap."""
from slapstack import events as E
from slapstack.pattern_names import PAT_NAMES
from slapstack.summary import Summary
from slapstack.table import Table


def test_slaps_reactions_and_cards_are_counted_per_seat():
    s = Summary()
    s.begin(3)
    s.event(E.GAME_START, 1000, 0, 3, 52, 0)
    s.event(E.SLAP, 2000, 1, E.V_WIN, E.PAT_DOUBLE, 312000)
    s.event(E.PILE_WON, 2000, 1, E.HOW_SLAP, 6, E.PAT_DOUBLE)
    s.event(E.SLAP, 2100, 2, E.V_LATE, E.PAT_DOUBLE, 410000)
    s.event(E.SLAP, 5000, 1, E.V_WIN, PAT_NAMES.index("sandwich"), 250500)
    s.event(E.SLAP, 6000, 0, E.V_FALSE, E.PAT_NONE, 90000)   # a false slap: no reaction counted
    s.event(E.SLAP, 6100, 0, E.V_IGNORED, E.PAT_NONE, -1)
    s.event(E.PILE_WON, 7000, 0, E.HOW_CHALLENGE, 9, 0)
    s.event(E.GAME_OVER, 61000, 1, 130, 14, E.END_WIN)
    assert s.won[:3] == [0, 2, 0] and s.false[:3] == [1, 0, 0] and s.late[:3] == [0, 0, 1]
    assert s.fastest(1) == 250 and s.average_ms(1) == 281 and s.fastest(0) == -1
    assert s.average_ms(2) == 410
    assert s.cards_won[:3] == [9, 6, 0]
    assert (s.winner, s.cards_played, s.end) == (1, 130, E.END_WIN)
    assert s.length_ms == 60
    s.begin(2)
    assert s.won[1] == 0 and s.cards_won[0] == 0 and s.length_ms == 0 and s.end == -1


def test_a_war_press_counts_as_a_reaction():
    s = Summary()
    s.begin(2)
    s.event(42, 0, 0, 450000, 1, 0)    # duel_events.WAR_READY: seat 0 pressed 450 ms after
    s.event(42, 10, 1, -1, 0, 0)       # before the battle was shown: not a reaction
    assert s.fastest(0) == 450 and s.reactions[1] == 0


def test_the_length_counts_across_the_clock_wrap_and_beyond_it():
    s = Summary()
    s.begin(2)
    t = (1 << 30) - 5000000
    for _ in range(300):               # 300 events 7.3 s apart: 36.5 minutes, two wraps
        s.event(E.CARD, t, 0, 1, 1, 0)
        t = (t + 7300250) & ((1 << 30) - 1)
    assert s.length_ms == 299 * 7300 + 299 * 250 // 1000


def test_a_played_game_adds_up():
    s = Summary()
    s.begin(4)
    table = Table("ratscrew", 4, deal={"seed": 31}, bots={0: "hard", 1: "normal", 2: "easy", 3: "hard"},
                  sink=s.event)
    table.start(0)
    while not table.game.over:
        table.advance(table.next_due())
    g = table.game
    assert s.winner == g.winner and s.cards_played == g.cards_played
    assert sum(s.won) > 0 and sum(s.cards_won) >= 52 - g.hand_size(g.winner) + 1
    for p in range(4):
        if s.reactions[p]:
            assert 0 < s.fastest(p) <= s.average_ms(p)
