"""Events and codes of the two-player games, War and Money (see events.py for the shared
ones and how events are reported). Kept apart so a slap game does not load them.
"""

# --- War (40-49) ---
WAR_TIE = 40        # the face-up cards tie: a = player 0's card, b = player 1's card, c = war depth (1, 2, ...)
WAR_DOWN = 41       # p puts a cards face down for a war; b = cards on the table after
WAR_READY = 42      # p pressed to turn: a = reaction us since the last battle was shown (-1 if before it
                    # was shown, or less than 100 ms after: war_calls.REACT_MIN_US); b = 1 if now
                    # waiting for the other player, 0 if this press turned the cards
WAR_OUT = 43        # p cannot put down what a war needs: a = cards held, b = cards needed
WAR_PAY = 44        # p called a war on unequal cards (rule call_war, turning auto): pays card a to the
                    # opponent; b = cards p holds after
WHY_EARLY = 3       # War: a call (a SLAP event) sooner than war_calls.REACT_MIN_US after the cards
                    # showed, made before they could be seen (SLAP's b with V_FALSE, after events.WHY_*)
# --- Money (50-69) ---
MONEY_MISSED = 50   # p did not claim the capture by card a before the opponent's next card was shown
                    # (or the opponent went broke)
MONEY_BUY = 51      # p pays money card a (MK_*) to source b (SRC_*) for c numeral cards
MONEY_EXCHANGE = 52  # p gives money card a to source b for change worth c
MONEY_GET = 53      # p gets c money cards of kind a from source b (change, exchange, or an out player's bank)
MONEY_CAPTURED = 54  # p takes b money cards of kind a from under the pile
MONEY_BROKE = 57    # p has no numeral cards and cannot buy any: a = value of the money p still holds
MONEY_JOIN = 58     # p gives c money cards of kind a to source b, joined for one card of equal value (a MONEY_GET follows)
# Money: money card kinds (index = MK_*), sources, decisions and choice actions.
MK_JOKER = 0
MK_JACK = 1
MK_QUEEN = 2
MK_KING = 3
MK_ACE = 4
MONEY_NAMES = ("JK", "J", "Q", "K", "A")
SRC_FLOOR = 0      # the play pile and the money under it
SRC_OPPONENT = 1   # the opponent's hand or money area
DEC_BUY = 0        # out of numeral cards: must buy (exchanges allowed first)
DEC_GIVE = 1       # the seller may give part of the value back in money
DEC_TURN = 2       # Egyptian: may buy or exchange before playing
ACT_PLAY = 0
ACT_BUY = 1        # buy numeral cards from the floor
ACT_PAY = 2        # pay the opponent for numeral cards from their hand
ACT_GIVE = 3       # the seller's answer: numeral cards and change
ACT_EXCHANGE = 4   # change one money card for smaller ones of equal value
ACT_JOIN = 5       # join several money cards for one of equal value (rule join_exchange)


def kind_values(rules):
    """Value in numeral cards of each money kind (index MK_*) in Money played by ``rules``;
    0 = not money in this game (set-up, How to play and the game in play all read it)."""
    v = rules.variant
    if v == "syrian":
        return (5, 10, 15, 20, 0)
    if v == "egyptian":
        a = 30 if rules.aces_money else 0
        return (0, 15, 5, 10, a) if rules.egypt_values == "low" else (0, 20, 10, 15, a)
    return (0, 10, 15, 5, 0)
