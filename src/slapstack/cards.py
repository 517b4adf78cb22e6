"""Cards as small ints, and their text form.

A card is one byte: ``suit << 4 | rank``. Ranks are 1 (ace) to 13 (king); suits are
0 clubs, 1 diamonds, 2 hearts, 3 spades. A joker is rank 14 with suit 0 (all jokers are
the same card: no rule tells them apart). Zero is never a card.

Text form: rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` followed by suit ``C D H S``, e.g. ``AS``,
``10H``, ``7D``; ``JK`` is a joker. Parsing accepts lower case and ``T`` for ten.
"""

ACE = 1
JACK = 11
QUEEN = 12
KING = 13
JOKER_RANK = 14
JOKER = JOKER_RANK  # suit 0

CLUBS = 0
DIAMONDS = 1
HEARTS = 2
SPADES = 3

RANK_TEXT = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_TEXT = "CDHS"


def card(rank, suit):
    return (suit << 4) | rank


def rank(c):
    return c & 15


def suit(c):
    return c >> 4


def is_joker(c):
    return (c & 15) == JOKER_RANK


def to_text(c):
    """``AS``, ``10H``, ``JK``; raises ValueError for a byte that is not a card."""
    r = c & 15
    if r == JOKER_RANK and c == JOKER:
        return "JK"
    if r < 1 or r > 13 or c >> 4 > 3:
        raise ValueError("not a card: %r" % c)
    return RANK_TEXT[r] + SUIT_TEXT[c >> 4]


def parse(text):
    """Parse one card's text form; a bad token is named in the ValueError."""
    if not isinstance(text, str):
        raise ValueError("card must be text like 'AS', got %r" % (text,))
    t = text.strip().upper()
    if t == "JK":
        return JOKER
    if len(t) < 2:
        raise ValueError("bad card %r: expected rank then suit, like 'AS' or '10H'" % text)
    s = SUIT_TEXT.find(t[-1])
    if s < 0:
        raise ValueError("bad card %r: suit must be one of C D H S" % text)
    rt = t[:-1]
    if rt == "T":
        rt = "10"
    for r in range(1, 14):
        if RANK_TEXT[r] == rt:
            return card(r, s)
    raise ValueError("bad card %r: rank must be A, 2-10, J, Q or K" % text)


def parse_exact(text):
    """One card written exactly as the replay format spells it (``AS``, ``10H``, ``JK``):
    a deal spelled any other way ("th", " 7c", "T") is refused, naming the spelling."""
    c = parse(text)
    if to_text(c) != text:
        raise ValueError("bad card %r: write it %r (rank A 2-10 J Q K, then suit C D H S)"
                         % (text, to_text(c)))
    return c


def parse_list(texts):
    """Parse a list of card texts (top card first, each spelled exactly) into bytes."""
    if not isinstance(texts, (list, tuple)):
        raise ValueError("expected a list of cards, got %r" % (texts,))
    out = bytearray(len(texts))
    for i in range(len(texts)):
        out[i] = parse_exact(texts[i])
    return bytes(out)


def check_pack(lists, decks, jokers):
    """Refuse a deal a real pack cannot give: a card more often than ``decks`` packs hold
    it, or more than ``jokers`` jokers (0: the rules have none). ``lists`` are bytes of
    cards (hands, a pile); the error names the card and the reason."""
    seen = bytearray(64)
    for cs in lists:
        for c in cs:
            seen[c] += 1
            n = seen[c]
            if c == JOKER:
                if not jokers:
                    raise ValueError("JK: a joker, and these rules play without jokers")
                if n > jokers:
                    raise ValueError("JK: dealt %d times; these rules have %d jokers" % (n, jokers))
            elif n > decks:
                if decks == 1:
                    raise ValueError("%s: dealt %d times; one pack holds one" % (to_text(c), n))
                raise ValueError("%s: dealt %d times; %d packs hold %d" % (to_text(c), n, decks, decks))


def deck(decks=1, jokers=0):
    """The cards of ``decks`` standard packs plus ``jokers`` jokers, in a fixed order."""
    out = bytearray(52 * decks + jokers)
    i = 0
    for _ in range(decks):
        for s in range(4):
            for r in range(1, 14):
                out[i] = card(r, s)
                i += 1
    for _ in range(jokers):
        out[i] = JOKER
        i += 1
    return out
