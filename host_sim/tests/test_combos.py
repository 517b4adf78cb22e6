"""The slap combinations' table (slapstack/combos.py) is the one list of them: each
combination in it has its rule switch, its words on the Rules menu, its row in How to play
(Egyptian Ruffle's name and cards where it has them), its name in replay files and its
matcher, and its How-to-play example is that combination on the pile."""
from painters import howto_pages, rule_words
from slapstack import cards, combos, events as E, slaprules
from slapstack.cardqueue import CardQueue
from slapstack.pattern_names import PAT_NAMES, pattern_name
from slapstack.patterns import Patterns

NAMES = [c[combos.NAME] for c in combos.COMBOS]


def only(name, own=()):
    """Ratscrew's rules with combination ``name`` (and its own options ``own``) the only one on."""
    r = {n: n == name for n in NAMES}
    for o in own:
        r[o] = True
    return r


def how_to_rows(game, rules):
    return [item[1:] for _, items in howto_pages.pages(game, howto_pages.game_rules({"rules": {game: rules},
                                                                                       "minutes": 0}, game))
            for item in items if item[0] == "cards"]


def test_each_combination_is_numbered_named_and_ranked_once():
    ids = [c[combos.ID] for c in combos.COMBOS]
    ranks = [c[combos.RANK] for c in combos.COMBOS]
    assert len(set(ids)) == len(ids) and len(set(NAMES)) == len(NAMES) and len(set(ranks)) == len(ranks)
    assert not {E.PAT_NONE, E.PAT_JOKER, E.PAT_SEVEN_DIAMONDS} & set(ids)
    for c in combos.COMBOS:
        assert PAT_NAMES[c[combos.ID]] == c[combos.NAME]           # its name in replay files
        assert pattern_name("ratscrew", c[combos.ID]) == c[combos.WORDS][0]
    assert PAT_NAMES[E.PAT_SEVEN_DIAMONDS] == "seven_of_diamonds" and PAT_NAMES[E.PAT_NONE] == "none"


def test_each_combination_has_its_switch_and_its_words_on_the_rules_menu():
    what_to_slap = rule_words.groups("ratscrew")[0][1]
    for c in combos.COMBOS:
        name = c[combos.NAME]
        assert slaprules.SCHEMA[name] == (c[combos.ON], bool)
        assert rule_words.words("ratscrew", name) == c[combos.WORDS] + ("",)
        assert rule_words.applies(name, {"slaps": True}) and not rule_words.applies(name, {"slaps": False})
        at = what_to_slap.index(name)
        for i, own in enumerate(c[combos.OWN]):                     # shown right after it
            assert what_to_slap[at + 1 + i] == own[0] and slaprules.SCHEMA[own[0]] == (own[1], bool)
            assert rule_words.words("ratscrew", own[0]) == own[2] + ("",)
            assert rule_words.applies(own[0], {"slaps": True, name: True})
            assert not rule_words.applies(own[0], {"slaps": True, name: False})
        if c[combos.RUFFLE]:
            assert rule_words.words("ruffle", name)[:2] == c[combos.RUFFLE][:2]


def test_each_combination_has_its_row_in_how_to_play_and_its_example_is_that_combination():
    for c in combos.COMBOS:
        name = c[combos.NAME]
        own = [o[0] for o in c[combos.OWN]]
        rows = how_to_rows("ratscrew", only(name, own))
        assert (c[combos.WORDS][0], c[combos.EXAMPLE]) in rows, (name, rows)
        for o in c[combos.OWN]:
            assert o[3] in rows
        if c[combos.RUFFLE]:
            assert c[combos.RUFFLE][::2] in how_to_rows("ruffle", only(name)), name
        for example in (c[combos.EXAMPLE],) + ((c[combos.RUFFLE][2],) if c[combos.RUFFLE] else ()) + \
                tuple([o[3][1] for o in c[combos.OWN]]):
            played = example.split(" ")                             # the last card on top
            pile = CardQueue(60, cards.parse_list(played))
            found = Patterns(slaprules.make_rules("ratscrew", only(name, own))).find(pile, len(played))
            assert found == c[combos.ID], (name, example)
