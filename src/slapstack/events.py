"""Events: everything that happens in a game, as small ints.

The engine reports each change by calling ``sink(kind, t, p, a, b, c)`` with ints only,
so emitting an event allocates nothing on the device. ``t`` is the wrapped microsecond
time (see clock.py) and ``p`` the player (or -1). What a, b and c mean depends on the
kind (comments below). Only the numbers live here, so the device loads no more than it
needs; ``eventlog`` names them and prints events as JSON on the host. The events and
codes only War and Money use are in ``duel_events``, so a slap game never loads them.
"""

# --- shared by every game -------------------------------------------------------
GAME_START = 1      # p=first player, a=players dealt in (free seats not counted), b=cards in play
CARD = 2            # p plays card a; b = pile size after
CHALLENGE = 3       # p (challenger) played face card a; b = chances the next player gets
CHALLENGE_MET = 4   # p met the challenge with face card a; b = chances the next player gets
CHALLENGE_FAILED = 5  # p failed; a = challenger who is owed the pile
PILE_WON = 6        # p takes the pile: a = how (HOW_*), b = cards taken, c = pattern if slap
SLAP = 7            # p slapped: a = verdict (V_*), b = pattern (PAT_*; for V_FALSE why: WHY_*), c = reaction us or -1
BURN = 8            # p burns card a to the bottom of the pile; b = cards burned this penalty
ELIMINATED = 9      # p is out (no cards when needed)
SLAPPED_IN = 10     # p was out and is back in by a slap; a = 1: p sat at a free seat and joins
NEGATIVE = 11       # p, out, slapped falsely: a = negative cards now, b = limit
LOCKOUT = 12        # p may not slap for a rounds (piles won)
GAME_OVER = 13      # p = winner or -1; a = cards played, b = piles taken, c = END_*
TURN = 14           # p is to play next; a = chances left in a challenge (0 if none)
# --- choices (Money's; any game that leaves players a choice reports them so) ---
MONEY_CHOICE = 55   # p must choose: a = number of choices, b = decision (DEC_*), c = ms until the default is taken
MONEY_CHOSEN = 56   # p took choice a; b = 1 if the deadline default took it; c = action (ACT_*)

HOW_CHALLENGE = 0
HOW_SLAP = 1
HOW_LAST_STANDING = 2  # every other player is out: the one left takes the pile
HOW_BATTLE = 3         # War: higher card
HOW_CAPTURE = 4        # Money: matching number
HOW_PENALTY = 5        # Money: the opponent claimed wrongly
HOW_CALL = 6           # War: the first to press on equal cards (rule call_war)

V_WIN = 0      # valid, earliest: takes the pile
V_LATE = 1     # valid, but someone was earlier: no penalty
V_TIE = 2      # valid, but tied within the tie window: nobody takes it
V_FALSE = 3    # no combination: penalty
V_IGNORED = 4  # not counted: locked out, out with no slapping in, slaps not allowed now, or
# the winner of the pile pressing again before it is collected

# Why a slap was false (SLAP's b with V_FALSE), so the screen can say it.
WHY_NOTHING = 0  # no combination on the pile as the slapper saw it
WHY_UNSEEN = 1   # a combination with the top card, which was not on screen yet at the press
WHY_BURNED = 2   # a combination with burned cards, which never count

END_WIN = 0
END_ENDLESS = 1   # a state repeated with no inputs left: the game can never end
END_DRAW = 2      # War: both players ran out in the same war (rule both_out="draw")
END_PARTY = 3     # the party limit ran out (party.py): p holds the most cards, or -1 for equal most


# Pattern ids (what a slap was on): the slap combinations' are in their table, combos.py,
# with their names (pattern_names.py); here the ones play code names. Money calls its
# capture on a match a double.
PAT_NONE = 0
PAT_DOUBLE = 1
PAT_JOKER = 9      # a wild joker on top, when "joker_slap" is on
PAT_SEVEN_DIAMONDS = 10  # Money (Egyptian): the seven of diamonds takes any pile
