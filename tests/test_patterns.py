from slapstack import cards, slaprules
from slapstack.cardqueue import CardQueue
from slapstack.patterns import Patterns
from slapstack.pattern_names import PAT_NAMES
from scenario import MS, game, slaps, tap, won

ALL_ON = {"double": True, "sandwich": True, "big_mac": True, "run": True, "flush": True,
          "marriage": True, "tens": True, "nile_nine": True}


def find(played, rules=None, burned=0):
    """Pattern on a pile built from ``played`` (first played first)."""
    r = slaprules.make_rules("ratscrew", rules)
    pile = CardQueue(60, cards.parse_list(played))
    return PAT_NAMES[Patterns(r).find(pile, len(played) - burned)]


def test_double_and_sandwich_are_the_defaults():
    assert find(["7D", "7S"]) == "double"
    assert find(["4C", "9H", "4S"]) == "sandwich"
    assert find(["4C", "9H", "5S"]) == "none"
    assert find(["7D"]) == "none"


def test_sandwich_needs_a_different_middle_card():
    # 7-7-7: the top two are a double; the sandwich rule alone does not see it
    assert find(["7C", "7D", "7S"], {"double": False}) == "none"
    assert find(["7C", "7D", "7S"]) == "double"


def test_big_mac():
    assert find(["8C", "3D", "3H", "8S"], {"big_mac": True}) == "big_mac"
    assert find(["8C", "3D", "3H", "8S"]) == "none"
    assert find(["8C", "3D", "4H", "8S"], {"big_mac": True}) == "none"


def test_runs_up_and_down_with_ace_low_or_high():
    on = {"run": True}
    assert find(["5C", "6D", "7H"], on) == "run"
    assert find(["7C", "6D", "5H"], on) == "run"
    assert find(["AC", "2D", "3H"], on) == "run"
    assert find(["QC", "KD", "AH"], on) == "run"
    assert find(["AC", "KD", "QH"], on) == "run"
    assert find(["5C", "6D", "8H"], on) == "none"


def test_run_wraps_king_ace_two_only_when_asked():
    assert find(["KC", "AD", "2H"], {"run": True}) == "none"
    assert find(["2C", "AD", "KH"], {"run": True}) == "none"
    assert find(["KC", "AD", "2H"], {"run": True, "run_wrap": True}) == "run"
    assert find(["2C", "AD", "KH"], {"run": True, "run_wrap": True}) == "run"


def test_flush_marriage_tens_nile_nine():
    assert find(["2H", "9H", "JH"], {"flush": True}) == "flush"
    assert find(["2H", "9H", "JD"], {"flush": True}) == "none"
    assert find(["KC", "QD"], {"marriage": True}) == "marriage"
    assert find(["QC", "KD"], {"marriage": True}) == "marriage"
    assert find(["6C", "4D"], {"tens": True}) == "tens"
    assert find(["AC", "9D"], {"tens": True}) == "tens"  # an ace counts one
    assert find(["KC", "QD"], {"tens": True}) == "none"  # faces never make ten
    assert find(["3C", "3D", "3H"], {"nile_nine": True, "double": False}) == "nile_nine"


def test_named_by_the_most_particular_combination():
    assert find(["3C", "3D", "3H"], ALL_ON) == "nile_nine"
    assert find(["5C", "5D"], ALL_ON) == "tens"


def test_patterns_switched_off_never_match():
    off = {"double": False, "sandwich": False}
    assert find(["7D", "7S"], off) == "none"
    assert find(["4C", "9H", "4S"], off) == "none"


def test_burned_cards_never_take_part():
    # 7C was burned to the bottom; 7S alone on top is no double
    assert find(["7C", "7S"], burned=1) == "none"
    assert find(["4C", "9H", "4S"], burned=1) == "none"
    assert find(["4C", "9H", "4S", "4D"], burned=1) == "double"


def test_wild_jokers_stand_for_any_rank_and_suit():
    wild = {"jokers": "wild"}
    assert find(["9C", "JK"], wild) == "double"
    assert find(["JK", "5D", "9S"], wild) == "sandwich"
    assert find(["2H", "JK", "JH"], dict(wild, flush=True, double=False, sandwich=False)) == "flush"
    assert find(["5C", "JK", "7H"], dict(wild, run=True, double=False, sandwich=False)) == "run"


def test_jokers_not_wild_match_only_as_themselves():
    assert find(["9C", "JK"], {"jokers": "challenge"}) == "none"
    assert find(["JK", "JK"], {"jokers": "challenge"}) == "double"
    assert find(["2H", "JK", "JH"], {"flush": True, "jokers": "challenge"}) == "none"


def test_top_and_bottom_looks_at_the_whole_pile():
    on = {"top_bottom": True}
    assert find(["9C", "4D", "6S", "9H"]) == "none"                       # off by default (ours)
    assert find(["9C", "4D", "6S", "9H"], on) == "top_bottom"
    assert find(["9C", "4D", "6S", "2S", "QD", "AC", "8H", "5C", "9D"], on) == "top_bottom"
    assert find(["9C", "4D", "6S", "2S", "QD", "AC", "8H", "5C", "3D"], on) == "none"
    alone = dict(on, jokers="wild", double=False, sandwich=False)
    assert find(["9C", "JK", "6S", "2S"], alone) == "none"               # a joker between counts not
    assert find(["JK", "4D", "6S", "2S"], alone) == "top_bottom"        # one at an end is wild


def test_top_and_bottom_never_counts_a_burned_card_and_keeps_the_short_piles_names():
    on = {"top_bottom": True}
    assert find(["9C", "4D", "6S", "9H"], on, burned=1) == "none"         # 9C was burned
    assert find(["2C", "9C", "4D", "6S", "9H"], on, burned=1) == "top_bottom"
    assert find(["7C", "7D"], on) == "double"                             # checked last
    assert find(["4C", "9H", "4S"], on) == "sandwich"
    assert find(["7C", "7D"], dict(on, double=False)) == "top_bottom"


def test_top_and_bottom_judges_the_pile_as_the_slapper_saw_it():
    # the 6S on top was not on screen yet: 9H on top of 9C, as seen, is top and bottom
    r = slaprules.make_rules("ratscrew", {"top_bottom": True})
    pile = CardQueue(60, cards.parse_list(["9C", "4D", "2S", "9H", "6S"]))
    assert PAT_NAMES[Patterns(r).find(pile, 4, 1)] == "top_bottom"
    assert PAT_NAMES[Patterns(r).find(pile, 5)] == "none"


def test_a_slap_on_top_and_bottom_takes_the_pile():
    # Blue's false slap burns its 2D under the pile: the bottom card is still Red's 9C
    g, rec = game("ratscrew", [["9C", "6S", "2C", "3C"], ["4D", "2D", "9H", "3D"]], {"top_bottom": True})
    tap(g, 1, 350)                                                        # 9C 4D 6S: too soon
    tap(g, 0, 450)                                                        # 9C 4D 6S 9H
    g.tick(1500 * MS)
    assert slaps(rec) == [(1, "false", "nothing"), (0, "win", "top_bottom")]
    assert won(rec)[0] == (0, "slap", 5)                                  # with the card burned
