"""The slap games' bots: person models stand in for people at a tournament's seats."""
from slapstack import bots
from slapstack.table import Table


def test_a_person_model_plays_as_the_level_with_its_mean():
    for level, figures in bots.LEVELS.items():
        assert bots.person(figures[0]) == figures, level


def test_a_faster_person_reacts_sooner_and_misses_less():
    fast, slow = bots.person(250), bots.person(1000)
    assert fast[0] < slow[0] and fast[2] < slow[2] and fast[3] < slow[3]
    assert fast[2] >= 100 and fast[3] >= 1 and fast[4] >= 1


def test_a_person_level_names_its_mean_or_is_refused():
    assert bots.person_ms("person:480") == 480
    assert bots.person_ms("normal") is None
    for bad in ("person:", "person:90", "person:1501", "person:4x0", "person:-5"):
        try:
            bots.person_ms(bad)
        except ValueError as e:
            assert "person:MS" in str(e)
        else:
            raise AssertionError(bad)


def test_a_person_model_sits_at_a_table():
    t = Table("ratscrew", 2, deal={"seed": 3}, bots={0: "person:250", 1: "person:700"}, bot_seed=3)
    t.start(0)
    t.advance(60000000)
    assert t.input_count() > 0
