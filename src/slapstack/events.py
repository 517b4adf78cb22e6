"""Events: everything that happens in a game, as small ints.

The engine reports each change by calling ``sink(kind, t, p, a, b, c)`` with ints only,
so emitting an event allocates nothing on the device. ``t`` is the wrapped microsecond
time (see clock.py) and ``p`` the player (or -1). What a, b and c mean depends on the
kind (comments below). Only the numbers live here, so the device loads no more than it
needs; ``eventlog`` names them and prints events as JSON on the host.
"""

# --- shared by every game -------------------------------------------------------
GAME_START = 1      # p=first player, a=players, b=cards in play
CARD = 2            # p plays card a; b = pile size after
CHALLENGE = 3       # p (challenger) played face card a; b = chances the next player gets
CHALLENGE_MET = 4   # p met the challenge with face card a; b = chances the next player gets
CHALLENGE_FAILED = 5  # p failed; a = challenger who is owed the pile
PILE_WON = 6        # p takes the pile: a = how (HOW_*), b = cards taken, c = pattern if slap
SLAP = 7            # p slapped: a = verdict (V_*), b = pattern (PAT_*), c = reaction us or -1
BURN = 8            # p burns card a to the bottom of the pile; b = cards burned this penalty
ELIMINATED = 9      # p is out (no cards when needed)
SLAPPED_IN = 10     # p was out and is back in by a slap
NEGATIVE = 11       # p, out, slapped falsely: a = negative cards now, b = limit
LOCKOUT = 12        # p may not slap for a rounds (piles won)
GAME_OVER = 13      # p = winner or -1; a = cards played, b = piles taken, c = END_*
TURN = 14           # p is to play next; a = chances left in a challenge (0 if none)
# --- War (40-49) ---
WAR_TIE = 40        # the face-up cards tie: a = player 0's card, b = player 1's card, c = war depth (1, 2, ...)
WAR_DOWN = 41       # p puts a cards face down for a war; b = cards on the table after
WAR_READY = 42      # p pressed to turn: a = reaction us since the last battle was shown (-1 if before it
                    # was shown); b = 1 if now waiting for the other player, 0 if this press turned the cards
WAR_OUT = 43        # p cannot put down what a war needs: a = cards held, b = cards needed
# --- Money (50-69) ---
MONEY_MISSED = 50   # p did not claim the capture by card a before the next card was shown (or a buy began)
MONEY_BUY = 51      # p pays money card a (MK_*) to source b (SRC_*) for c numeral cards
MONEY_EXCHANGE = 52  # p gives money card a to source b for change worth c
MONEY_GET = 53      # p gets c money cards of kind a from source b (change, exchange, or an out player's bank)
MONEY_CAPTURED = 54  # p takes b money cards of kind a from under the pile
MONEY_CHOICE = 55   # p must choose: a = number of choices, b = decision (DEC_*), c = ms until the default is taken
MONEY_CHOSEN = 56   # p took choice a; b = 1 if the deadline default took it; c = action (ACT_*)
MONEY_BROKE = 57    # p has no numeral cards and cannot buy any: a = value of the money p still holds

HOW_CHALLENGE = 0
HOW_SLAP = 1
HOW_LAST_STANDING = 2  # every other player is out: the one left takes the pile
HOW_BATTLE = 3         # War: higher card
HOW_CAPTURE = 4        # Money: matching number
HOW_PENALTY = 5        # Money: the opponent claimed wrongly

V_WIN = 0      # valid, earliest: takes the pile
V_LATE = 1     # valid, but someone was earlier: no penalty
V_TIE = 2      # valid, but tied within the tie window: nobody takes it
V_FALSE = 3    # no combination: penalty
V_IGNORED = 4  # not counted: locked out, out with no slapping in, or slaps not allowed now

END_WIN = 0
END_ENDLESS = 1   # a state repeated with no inputs left: the game can never end
END_DRAW = 2      # War: both players ran out in the same war (rule both_out="draw")

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

# Pattern ids (what a slap was on). Names per game come from rules.pattern_name().
PAT_NONE = 0
PAT_DOUBLE = 1
PAT_SANDWICH = 2
PAT_BIG_MAC = 3
PAT_RUN = 4
PAT_FLUSH = 5
PAT_MARRIAGE = 6
PAT_TENS = 7
PAT_NILE_NINE = 8
PAT_JOKER = 9      # a wild joker on top, when "joker_slap" is on
PAT_SEVEN_DIAMONDS = 10  # Money (Egyptian): the seven of diamonds takes any pile
PAT_NAMES = ("none", "double", "sandwich", "big_mac", "run", "flush", "marriage", "tens",
             "nile_nine", "joker", "seven_of_diamonds")
