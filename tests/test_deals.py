"""A hand-given deal must be one a real pack can give (every game, both VMs): a card twice
from one pack, three of a card from two, a joker the rules do not have, or a card spelled
any other way than the replay format's is refused, naming the card and the reason."""
from slapstack import money, slaprules, war
from slapstack.table import Table


def _refused(game, players, hands, rules=None, **deal):
    deal["hands"] = hands
    try:
        Table(game, players, rules=rules, deal=deal)
    except ValueError as e:
        return str(e)
    assert False, "dealt: %r" % (hands,)


def test_a_card_twice_from_one_pack_is_refused_in_every_slap_game():
    for game in ("ratscrew", "egyptian_war", "ruffle", "beggar"):
        msg = _refused(game, 2, [["7C", "2D"], ["3H", "7C"]])
        assert msg == "deal.hands: 7C: dealt 2 times; one pack holds one", msg


def test_two_packs_hold_two_of_a_card_but_not_three():
    Table("ratscrew", 2, rules={"decks": 2}, deal={"hands": [["7C", "2D"], ["7C"]]})
    msg = _refused("ratscrew", 2, [["7C", "7C"], ["7C"]], {"decks": 2})
    assert msg == "deal.hands: 7C: dealt 3 times; 2 packs hold 2", msg


def test_a_joker_needs_rules_with_jokers_and_a_pack_has_two():
    msg = _refused("ratscrew", 2, [["JK", "2D"], ["3H"]])
    assert msg == "deal.hands: JK: a joker, and these rules play without jokers", msg
    Table("ratscrew", 2, rules={"jokers": "challenge"}, deal={"hands": [["JK", "2D"], ["JK"]]})
    msg = _refused("ratscrew", 2, [["JK", "JK"], ["JK"]], {"jokers": "wild"})
    assert msg == "deal.hands: JK: dealt 3 times; these rules have 2 jokers", msg


def test_a_card_spelled_oddly_is_refused_with_its_proper_spelling():
    for odd, proper in (("th", "10H"), ("TH", "10H"), ("7c", "7C"), (" 7C", "7C"), ("jk", "JK")):
        msg = _refused("ratscrew", 2, [[odd], ["2D"]], {"jokers": "challenge"})
        assert msg == "deal.hands[0]: bad card %r: write it %r (rank A 2-10 J Q K, then suit C D H S)" \
            % (odd, proper), msg


def test_war_deals_are_one_pack_without_jokers():
    msg = _refused("war", 2, [["KS", "2D"], ["KS"]])
    assert msg == "deal field 'hands': KS: dealt 2 times; one pack holds one", msg
    msg = _refused("war", 2, [["KS"], ["10s"]])
    assert msg.startswith("deal field 'hands', player 1: bad card '10s': write it '10S'"), msg
    msg = _refused("war", 2, [["KS"], ["JK"]])
    assert msg == "deal field 'hands', player 1: JK is not a card War uses (no jokers)", msg


def test_money_numerals_once_each_and_money_cards_no_more_than_a_pack_holds():
    msg = _refused("money", 2, [["7C", "2D"], ["3H"]], pile=["7C"])
    assert msg == "deal fields 'hands' and 'pile': 7C: dealt 2 times; one pack holds one", msg
    msg = _refused("money", 2, [["7C"], ["7C"]])
    assert "7C: dealt 2 times" in msg, msg
    msg = _refused("money", 2, [["7C"], ["tc"]])
    assert "bad card 'tc': write it '10C'" in msg, msg
    msg = _refused("money", 2, [["7C"], ["JK"]])
    assert msg == "deal field 'hands', player 1: JK is not a numeral card in this variant", msg
    Table("money", 2, rules={"jokers": True}, deal={"hands": [["JK"], ["JK"]]})
    msg = _refused("money", 2, [["7C"], ["8C"]], banks=[["K", "K", "K"], ["K", "K"]])
    assert msg == "deal fields 'banks' and 'under': 5 money cards K; one pack holds 4", msg
    msg = _refused("money", 2, [["7C"], ["8C"]], {"variant": "syrian"}, banks=[["JK"], ["JK"]], under=["JK"])
    assert msg == "deal fields 'banks' and 'under': 3 money cards JK; one pack holds 2", msg


def test_a_deal_field_no_game_knows_is_refused_not_dropped_in_every_game():
    for game in ("ratscrew", "egyptian_war", "ruffle", "beggar", "war"):
        msg = _refused(game, 2, [["7C"], ["2D"]], pile=["KS"])
        assert msg == "unknown deal field 'pile' (known: seed, hands)", msg
    msg = _refused("money", 2, [["7C"], ["2D"]], piles=["3S"])
    assert msg == "unknown deal field 'piles' (known: seed, hands, banks, pile, under, first)", msg


def test_a_full_seeded_deal_is_still_a_real_pack():
    r = slaprules.make_rules("ratscrew", {"decks": 2, "jokers": "wild"})
    assert sum(len(h) for h in slaprules.deal(r, 3, {"seed": 4})) == 108
    assert len(war.deal(war.make_rules(), 2, {"seed": 4})["hands"][0]) == 26
    assert len(money.deal(money.make_rules(), 2, {"seed": 4})["hands"][1]) == 20
