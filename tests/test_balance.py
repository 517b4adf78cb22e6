"""The evening balance (balance.py): head starts for the next game from the evening so far."""
from slapstack import balance
from slapstack.balance import Balance
from slapstack.summary import Summary


def _game(won_cards, reactions_ms, winner):
    """A finished game's Summary: per seat the cards won and its valid slaps' reactions."""
    s = Summary()
    s.begin(len(won_cards))
    for p in range(len(won_cards)):
        s.cards_won[p] = won_cards[p]
        for ms in reactions_ms[p]:
            s.reactions[p] += 1
            s.total_ms[p] += ms
    s.winner = winner
    return s


def test_before_any_game_nobody_has_a_head_start():
    assert Balance(4).head_starts() == [0, 0, 0, 0]


def test_an_even_game_gives_the_slower_seats_the_difference_in_reaction():
    b = Balance(3)
    b.add(_game([40, 40, 40], [[250, 270], [400], [700, 500]], -1))
    assert b.head_starts() == [0, 140, 340]  # averages 260, 400, 600


def test_a_seat_that_took_every_card_gets_less_and_the_others_more():
    b = Balance(2)
    b.add(_game([52, 0], [[300], [300]], 0))
    # cards: (1/2 - 1) x CARDS_MS and (1/2 - 0) x CARDS_MS; the game: -WIN_MS / 2 and + WIN_MS / 2
    assert b.head_starts() == [0, balance.CARDS_MS + balance.WIN_MS]
    for _ in range(20):
        b.add(_game([52, 0], [[300], [300]], 0))
    assert b.head_starts() == [0, balance.CAP_MS]  # capped


def test_it_learns_all_evening_and_only_differences_count():
    b = Balance(2)
    b.add(_game([52, 0], [[300], [300]], 0))
    b.add(_game([0, 52], [[300], [300]], 1))  # the other way round: even again
    assert b.head_starts() == [0, 0]


def test_a_seat_nobody_played_at_learns_nothing():
    b = Balance(3)
    s = _game([30, 22, 0], [[300], [500], []], 0)
    s.seated[2] = 0  # a free seat nobody slapped in at
    b.add(s)
    hs = b.head_starts()
    assert hs[0] == 0 and hs[1] > 200 and hs[2] == 0  # a late arrival there would start even
