"""Who still has a part in a slap game (``Game.has_part``): a seat with cards, or one out of
cards or free that the rules let slap (back) in. The device plays on faster once no person
at the table has one (firmware/app/slap_presenter.py)."""
from slapstack import events as E
from scenario import game, tap, MS

# seat 2 turns its one card at 300 ms and is out at its next turn, 600 ms; no combination
HANDS = [["2C", "3C", "4C", "5C", "6C"], ["8H", "9H", "10H", "2H", "3H"], ["5S"]]


def _out(preset, rules=None, seats=None):
    g, rec = game(preset, HANDS, rules, seats=seats)
    g.tick(650 * MS)
    assert [e[2] for e in rec.of(E.ELIMINATED)] == [2] and g.is_out(2), preset
    assert g.has_part(0) and g.has_part(1), preset  # they hold cards
    return g


def test_a_player_out_of_cards_keeps_a_part_only_where_they_may_slap_back_in():
    assert _out("ratscrew").has_part(2)            # 003: slapping in
    assert _out("egyptian_war").has_part(2)        # 000: "can rejoin the game by winning a snap"
    assert not _out("ruffle").has_part(2)          # 001: "that player loses"
    assert not _out("beggar", {"turn": "auto"}).has_part(2)  # nobody slaps
    assert not _out("ratscrew", {"slap_in": False}).has_part(2)


def test_negative_cards_up_to_the_limit_end_a_part_for_good():
    g = _out("ratscrew", {"slap_in_penalty": "negative", "negative_limit": 2})
    tap(g, 2, 660)
    assert g.has_part(2)                           # one minus card of two
    tap(g, 2, 680)
    assert not g.has_part(2)                       # barred from slapping in


def test_a_free_seat_has_a_part_where_late_arrivals_may_join():
    for preset, part in (("ratscrew", True), ("egyptian_war", False), ("ruffle", False), ("beggar", False)):
        g, rec = game(preset, HANDS, seats=4)
        assert g.is_free(3) and g.has_part(3) is part, preset
