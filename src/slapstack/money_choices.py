"""The legal buying and exchange choices in Money, in the order the default takes them.

A choice is a small tuple whose first item is an action (``events.ACT_*``):

- ``(ACT_PLAY,)`` Egyptian: buy nothing now, play the top card.
- ``(ACT_BUY, kind, n, change)`` pay money card ``kind`` onto the floor for ``n`` numeral
  cards from the pile, taking the money cards ``change`` from under the pile in part exchange.
- ``(ACT_PAY, kind)`` pay ``kind`` to the opponent for numeral cards from their hand; the
  opponent then answers with a ``DEC_GIVE`` choice.
- ``(ACT_GIVE, kind, n, change)`` the seller's answer: ``n`` numeral cards and the money
  cards ``change`` back from their money area.
- ``(ACT_EXCHANGE, kind, source, change)`` change ``kind`` for the smaller money cards
  ``change`` of equal value from the floor (under the pile) or the opponent's money area.
- ``(ACT_JOIN, kind, source, given)`` (rule ``join_exchange``) the reverse: give the
  money cards ``given`` (two or more) for one card ``kind`` of equal value from the floor
  or the opponent's money area (document 002: "money cards of equal value").

``change`` is a tuple of money kinds (``events.MK_*``), highest value first. Every list is
sorted so that index 0 is the documented default (what the deadline takes):
play before buying (the Egyptian turn); then purchases, cheapest money card first, the most
numeral cards (least change) first, the floor before the opponent; then exchanges,
smallest card first, into the most pieces first, the floor before the opponent; joins last.
A seller gives the most numeral cards first. Joins are offered only beside a purchase (or
the Egyptian "play"), never alone: the default is never a join, so a run of default (or
bot) choices never breaks and joins the same cards for ever, and a join is always a choice.
"""

from slapstack import duel_events as D

NAMES = D.MONEY_NAMES


def _value(change, values):
    v = 0
    for k in change:
        v += values[k]
    return v


def subsets(avail, values, lo, hi, order):
    """Every multiset of the money counted in ``avail`` (5 counts) worth lo..hi, as kind
    tuples in ``order`` (the kinds, highest value first). Walks the kinds from the highest
    value down and prunes branches that cannot reach lo or would pass hi."""
    out = []
    if hi < 0:
        return out
    total = 0
    for k in order:
        total += avail[k] * values[k]
    if total < lo:
        return out
    if not total:
        out.append(())
        return out
    kinds = [k for k in order if avail[k] and values[k] <= hi]
    rest = [0] * (len(kinds) + 1)
    for i in range(len(kinds) - 1, -1, -1):
        rest[i] = rest[i + 1] + avail[kinds[i]] * values[kinds[i]]
    if rest[0] >= lo:
        _walk(kinds, avail, values, rest, lo, hi, 0, 0, [], out)
    return out


def _walk(kinds, avail, values, rest, lo, hi, i, v, pick, out):
    if i == len(kinds):
        out.append(tuple(pick))
        return
    k = kinds[i]
    w = values[k]
    top = min(avail[k], (hi - v) // w)
    for c in range(top + 1):
        if v + c * w + rest[i + 1] >= lo:
            _walk(kinds, avail, values, rest, lo, hi, i + 1, v + c * w, pick, out)
        pick.append(k)
    del pick[len(pick) - top - 1:]


def _floor_buys(g, p, held, out):
    n_floor = len(g.pile)
    for k in held:
        v = g.rules.values[k]
        for change in subsets(g.under, g.rules.values, max(0, v - n_floor), v - 1, g.rules.order):
            out.append((D.ACT_BUY, k, v - _value(change, g.rules.values), change))


def _opponent_pays(g, p, held, out):
    o = 1 - p
    bank = g.bank[o * 5:o * 5 + 5]
    for k in held:
        v = g.rules.values[k]
        h = len(g.hands[o])
        if h >= v or subsets(bank, g.rules.values, v - h, v - 1, g.rules.order):
            out.append((D.ACT_PAY, k))


def _exchanges(g, p, held, out):
    o = 1 - p
    sources = ((D.SRC_FLOOR, g.under), (D.SRC_OPPONENT, g.bank[o * 5:o * 5 + 5]))
    for k in held:
        v = g.rules.values[k]
        for src, avail in sources:
            for change in subsets(avail, g.rules.values, v, v, g.rules.order):
                if change != (k,):
                    out.append((D.ACT_EXCHANGE, k, src, change))


def _joins(g, p, out):
    o = 1 - p
    mine = g.bank[p * 5:p * 5 + 5]
    sources = ((D.SRC_FLOOR, g.under), (D.SRC_OPPONENT, g.bank[o * 5:o * 5 + 5]))
    for src, avail in sources:
        for k in g.rules.order:
            if not avail[k]:
                continue
            v = g.rules.values[k]
            for given in subsets(mine, g.rules.values, v, v, g.rules.order):
                if len(given) >= 2:
                    out.append((D.ACT_JOIN, k, src, given))


def _sort_key(g):
    """A total order (MicroPython's sort is not stable, so no two choices may tie)."""
    def key(ch):
        a = ch[0]
        if a == D.ACT_PLAY:
            return (0, 0, 0, 0, ())
        v = g.rules.values[ch[1]]
        if a == D.ACT_BUY:
            return (1, v, -ch[2], D.SRC_FLOOR, ch[3])
        if a == D.ACT_PAY:
            return (1, v, -v, D.SRC_OPPONENT, ())
        if a == D.ACT_GIVE:
            return (1, v, -ch[2], D.SRC_OPPONENT, ch[3])
        if a == D.ACT_JOIN:
            return (3, v, len(ch[3]), ch[2], ch[3])
        return (2, v, -len(ch[3]), ch[2], ch[3])
    return key


def buy_choices(g, p):
    """What player p may do at a buying moment (empty hand, or any Egyptian turn).

    Jordanian and Syrian: numeral cards come from the floor if it holds at least 5, else
    from the opponent; exchanges with either. If neither a purchase nor an exchange is
    possible there, purchases from the other source are offered instead (the document does
    not say; this keeps a player with money in the game). Egyptian: play (if p holds cards),
    or buy from either source, or exchange. An empty list: p cannot go on.
    """
    held = [k for k in range(5) if g.bank[p * 5 + k]]
    out = []
    if g.rules.free_buy:
        if len(g.hands[p]):
            out.append((D.ACT_PLAY,))
        _floor_buys(g, p, held, out)
        _opponent_pays(g, p, held, out)
        _exchanges(g, p, held, out)
    else:
        from_floor = len(g.pile) >= 5
        if from_floor:
            _floor_buys(g, p, held, out)
        else:
            _opponent_pays(g, p, held, out)
        _exchanges(g, p, held, out)
        if not out:
            if from_floor:
                _opponent_pays(g, p, held, out)
            else:
                _floor_buys(g, p, held, out)
    if g.rules.joins:
        for ch in out:
            if ch[0] != D.ACT_EXCHANGE:
                _joins(g, p, out)
                break
    out.sort(key=_sort_key(g))
    return out


def give_choices(g, o, k):
    """The seller o's answers to a payment with money card k (change is always smaller
    than k, so the payment itself is never part of it)."""
    v = g.rules.values[k]
    out = []
    for change in subsets(g.bank[o * 5:o * 5 + 5], g.rules.values, max(0, v - len(g.hands[o])), v - 1, g.rules.order):
        out.append((D.ACT_GIVE, k, v - _value(change, g.rules.values), change))
    out.sort(key=_sort_key(g))
    return out


def _change_text(change):
    return "+".join([NAMES[k] for k in change])


def label(choice):
    """Short text for one choice, for a 320 px wide menu: "K: 5 from floor", "Q -> K+J opp"."""
    a = choice[0]
    if a == D.ACT_PLAY:
        return "Play card"
    if a == D.ACT_BUY:
        text = "%s: %d from floor" % (NAMES[choice[1]], choice[2])
        return text + " +" + _change_text(choice[3]) if choice[3] else text
    if a == D.ACT_PAY:
        return "Pay %s to opp" % NAMES[choice[1]]
    if a == D.ACT_GIVE:
        text = "Give %d" % choice[2]
        return text + " + " + _change_text(choice[3]) if choice[3] else text
    src = "floor" if choice[2] == D.SRC_FLOOR else "opp"
    if a == D.ACT_JOIN:
        return "%s -> %s %s" % (_change_text(choice[3]), NAMES[choice[1]], src)
    return "%s -> %s %s" % (NAMES[choice[1]], _change_text(choice[3]), src)
