"""How a bot chooses in Money: keep money cards, keep enough cards in hand.

``bot_choice(game)`` returns the index to pass to ``game.choose(p, index, t)`` for the
pending choice (None when there is none). Deterministic, so bot games replay exactly:

- Buying (hand empty): the purchase that brings back the most change (money keeps its
  value in the money area, where no capture can take it), then the cheapest card; with no
  purchase possible, the exchange into the most pieces (the listed default).
- Egyptian turn: play, unless fewer than 3 cards are left in hand: then buy as above.
- Selling (the opponent paid): give numeral cards only while at least 10 stay in hand,
  else the answer that gives the fewest numeral cards (the most money back).
"""

from slapstack import duel_events as D

LOW_HAND = 3
KEEP_IN_HAND = 10


def _change_value(game, change):
    v = 0
    for k in change:
        v += game.kind_value(k)
    return v


def _best_purchase(game, choices):
    best = -1
    best_key = None
    for i in range(len(choices)):
        ch = choices[i]
        if ch[0] == D.ACT_BUY:
            key = (_change_value(game, ch[3]), -game.kind_value(ch[1]))
        elif ch[0] == D.ACT_PAY:
            key = (0, -game.kind_value(ch[1]))
        else:
            continue
        if best_key is None or key > best_key:
            best, best_key = i, key
    return best


def bot_choice(game):
    pending = game.pending_choice()
    if pending is None:
        return None
    p, choices = pending
    first = choices[0][0]
    if first == D.ACT_GIVE:
        if game.hand_size(p) - choices[0][2] >= KEEP_IN_HAND:
            return 0
        return len(choices) - 1
    if first == D.ACT_PLAY and game.hand_size(p) >= LOW_HAND:
        return 0
    i = _best_purchase(game, choices)
    return i if i >= 0 else 0
