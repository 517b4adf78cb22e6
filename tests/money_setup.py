"""The Money scenario tests' deals and readings (tests/test_money_*.py, both VMs).

Tempo 1000 ms: the first card is thrown at 1000 ms, the next at 2000 ms, and so on.
Piles are written top card first.
"""

from slapstack import money
from slapstack import duel_events as D
from warmoney_scenario import Scenario


K, Q, J, JK, A = D.MK_KING, D.MK_QUEEN, D.MK_JACK, D.MK_JOKER, D.MK_ACE
SEVEN = ["9H", "8H", "7H", "6H", "5H", "4H", "3H"]      # 7 numeral cards, 3H at the bottom
TWELVE = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "AC", "2C"]
TWENTY = ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D",
          "AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H"]
TWENTY_NO_HEARTS = [r + s for s in "SD" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")]
NO_ACES = [str(r) + s for s in "CDHS" for r in range(2, 11)]   # 36 numeral cards, no aces


def game(rules=None, **spec):
    """A two-player Money game from this deal, started at 0 ms, tempo 1000 ms."""
    return Scenario(money, "money", rules, 1000, **spec).start(0)


def bank(s, p):
    """Player p's money cards, a count of each kind (D.MK_*)."""
    return [s.g.bank_count(p, k) for k in range(5)]


def under(s):
    """The money cards under the pile, a count of each kind."""
    return [s.g.under_count(k) for k in range(5)]


def money_list(counts):
    """The kinds given, as bank() and under() count them."""
    out = [0] * 5
    for k in counts:
        out[k] += 1
    return out


def capture_deal():
    """p0 throws 5C, p1 7H, p0 7C: a match at 3000 ms for p0 to claim; 9H follows at 4000 ms."""
    return dict(hands=[["5C", "7C", "2C"], ["7H", "9H", "3H"]], banks=[[], []])
