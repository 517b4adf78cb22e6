"""The masher (masher.py): a press every 100-150 ms, whatever the cards, for the whole game;
mashing does not pay (host_sim/tests/test_mashing.py plays the full seeded tournaments)."""
from slapstack import events as E
from slapstack.masher import Masher
from slapstack.tournament import Standings

MS = 1000


class Presses:
    """A stand-in table that notes the presses and releases a bot makes."""

    def __init__(self):
        self.log = []

    def press_now(self, p, t):
        self.log.append(("press", p, t))

    def release_now(self, p, t):
        self.log.append(("release", p, t))


def _mash(seat, seed, steps=400):
    m = Masher(seat, seed)
    table = Presses()
    assert m.next_due() is None       # nothing before the game begins
    m.see(2000 * MS, E.PAT_NONE)      # a slap game's first card starts it
    for _ in range(steps):
        m.act(table, m.next_due())
    return m, table.log


def test_the_masher_presses_every_100_to_150_ms_and_lets_go_in_between():
    m, log = _mash(2, 7)
    presses = [e[2] for e in log if e[0] == "press"]
    assert [e[0] for e in log] == ["press", "release"] * 200 and {e[1] for e in log} == {2}
    assert 2100 * MS <= presses[0] <= 2150 * MS
    gaps = [b - a for a, b in zip(presses, presses[1:])]
    assert min(gaps) >= 100 * MS and max(gaps) <= 150 * MS and len(set(gaps)) > 20
    for k in range(len(presses) - 1):   # let go half way to the next press: each one counts
        assert presses[k] < log[2 * k + 1][2] < presses[k + 1]
    m.see(9999999, E.PAT_DOUBLE)        # the cards change nothing
    m.event(E.GAME_OVER, presses[-1], 0, 0, 0, 0)
    assert m.next_due() is None


def test_the_masher_is_seeded_like_every_bot():
    assert _mash(0, 5)[1] == _mash(0, 5)[1]
    assert _mash(0, 5)[1] != _mash(0, 6)[1] and [e[2] for e in _mash(0, 5)[1]] != [e[2] for e in _mash(1, 5)[1]]


def test_war_and_money_start_the_masher_with_the_game_and_stop_it_at_the_end():
    m = Masher(0, 3)
    m.event(E.GAME_START, 500 * MS, -1, 2, 52, 0)
    assert 600 * MS <= m.next_due() <= 650 * MS
    m.event(E.GAME_OVER, 700 * MS, 1, 0, 0, 0)
    assert m.next_due() is None


def test_mashing_loses_egyptian_war_and_wins_it_only_with_the_documents_free_snap():
    # the house rule (a false snap burns a card) against document 000's free snap
    ours = Standings("egyptian_war", ["masher", "normal", "normal", "normal"], range(1, 11))
    assert ours.wins[0] == 0 and ours.decided() == 10
    free = Standings("egyptian_war", ["masher", "normal", "normal", "normal"], range(1, 11), {"burn_count": 0})
    assert free.wins[0] == 10
