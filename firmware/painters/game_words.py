"""Each game's own words for its button and its challenges, in one table keyed by game:
Ratscrew slaps (document 003); Egyptian War snaps (document 000); Egyptian Ruffle ruffles
the pile, and a face card or ace gives the next player fixed moves (document 001: "the first
player to ruffle the pile", "Fixed moves"), so its challenge is not a ruffle; Money claims a
capture (document 002); Beggar-my-neighbour, which nobody slaps in, has a slap game's words
(its summary shows no rows for presses: it cannot, ``Table.can("presses")``). A challenge lost is a slap game's "Blue missed it" and
Ruffle's fixed moves used up, "Blue: moves up" (document 001: "unable to play a face card or
ace in the fixed number of moves"), short enough for the status line. The game's verdicts and status lines (app/loop.py), its
summary, its How to play and its Rules read them here. The App takes its game's entry as the
game is dealt; the module goes with the menus' code and with the game's (unload.py).
"""

UNLOAD_WITH = "menus"  # let go when a game is dealt (app/unload.py)

# game, where its words are not a slap game's: (the press as a verb; the same as a heading, "Slapping"; a challenge's verdict when
# the challenged player turns no face card in time; the summary's rows for presses won,
# false and late, or None for a game without them; the status line when the challenged player
# loses the challenge, about them and to the one person playing bots, or None for a game
# without challenges; the unit its reaction times show in, on the table and in the summary:
# ms, as a slap's verdict says them, or War's s, as its tags say how long a press took)
_MISSED = ("%s missed it", "You missed it")
_SLAP = ("slap", "Slapping", "CHALLENGE", ("Slaps won", "False slaps", "Late slaps"), _MISSED, "ms")
WORDS = {
    "egyptian_war": ("snap", "Snapping", "CHALLENGE", ("Snaps won", "False snaps", "Late snaps"), _MISSED, "ms"),
    "ruffle": ("ruffle", "Ruffling", "OUT OF MOVES", ("Ruffles won", "Bad ruffles", "Too late"),
               ("%s: moves up", "You: moves up"), "ms"),
    "money": ("claim", "Claiming", "", ("Claims won", "Wrong claims", "Late claims"), None, "ms"),
    "war": ("press", "Pressing", "", ("Wars called", "False calls", "Late calls"), None, "s"),
}


def of(game):
    """The words of ``game`` (a slap game's for one not in the table)."""
    return WORDS.get(game, _SLAP)


def own(game, text):
    """``text``, written for Ratscrew, in ``game``'s words: its slaps become the game's
    snaps or ruffles ("A false slap burns..." -> "A false snap burns...")."""
    w = WORDS.get(game, _SLAP)
    if w[0] == "slap" or "lap" not in text:
        return text
    press = w[0]
    return text.replace("Slapping", w[1]).replace("slapping", w[1].lower()) \
        .replace("Slap", press[0].upper() + press[1:]).replace("slap", press)
