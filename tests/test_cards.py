from slapstack import cards


def test_text_round_trip_for_every_card():
    for c in cards.deck(1, 1):
        assert cards.parse(cards.to_text(c)) == c


def test_text_forms():
    assert cards.to_text(cards.parse("AS")) == "AS"
    assert cards.to_text(cards.parse("10h")) == "10H"
    assert cards.parse("TD") == cards.parse("10D")
    assert cards.parse("JK") == cards.JOKER
    assert cards.rank(cards.parse("QC")) == cards.QUEEN
    assert cards.suit(cards.parse("7D")) == cards.DIAMONDS


def _error(text):
    try:
        cards.parse(text)
    except ValueError as e:
        return str(e)
    return None


def test_bad_card_names_the_token():
    assert "'1X'" in _error("1X") and "suit" in _error("1X")
    assert "'11H'" in _error("11H") and "rank" in _error("11H")
    assert "'S'" in _error("S")
    assert _error(7) is not None


def test_parse_list_names_bad_token():
    try:
        cards.parse_list(["AS", "KK"])
        assert False
    except ValueError as e:
        assert "'KK'" in str(e)


def test_decks_and_jokers():
    d = cards.deck(2, 4)
    assert len(d) == 108
    assert sum(1 for c in d if c == cards.JOKER) == 4
    assert sum(1 for c in d if c == cards.parse("AS")) == 2
