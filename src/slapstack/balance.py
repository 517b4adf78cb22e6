"""The evening balance: each seat's head start for the next game, from the evening so far.

Each game's ``Summary`` (summary.py) is added as the game ends; ``head_starts()`` proposes
the next game's. A seat's head start is the sum of

- its reactions: its average reaction on valid slaps over the evening, less the fastest
  seat's, so that from the second game on everyone slaps as if equally quick; and
- a correction learnt game by game from results: after each game, a seat that took more
  than its share of the cards won in piles (1 / the seats played) gets ``CARDS_MS`` x the
  excess less head start, one that took less gets as much more; the game's winner gets
  ``WIN_MS`` x (1 - 1 / seats) less, the others ``WIN_MS`` / seats more. This catches what
  reaction times miss: a slower player also misses more combinations and slaps falsely
  more often.

The head starts of the seats played at are then lowered together until the smallest is 0
(only differences count) and capped at ``CAP_MS``, as each correction is either way; a
seat nobody played at has none. It keeps learning all evening: head starts fixed after a
few games let the table drift apart again (src/slapstack/README.md, "The evening
balance"). A few ints per seat.
"""

CAP_MS = 1000   # the most head start the balance gives (a table takes no more: handicap.py)
CARDS_MS = 300  # the correction per whole share of the cards won above or below a fair one
WIN_MS = 200    # the correction per game won (less) or lost (more), spread over the seats


class Balance:
    def __init__(self, seats):
        self.seats = seats
        self.react_ms = [0] * seats    # the evening's reactions on valid slaps, summed in ms
        self.reactions = [0] * seats   # and how many
        self.correction = [0] * seats  # ms, learnt from results
        self.played = [0] * seats      # games someone played at the seat tonight

    def add(self, summary):
        """One finished game's Summary, at this table."""
        seated = 0
        cards = 0
        for p in range(self.seats):
            self.react_ms[p] += summary.total_ms[p]
            self.reactions[p] += summary.reactions[p]
            if summary.seated[p]:
                self.played[p] += 1
                seated += 1
                cards += summary.cards_won[p]
        if seated < 2 or not cards:
            return  # no pile won: nothing to learn from
        for p in range(self.seats):
            if not summary.seated[p]:
                continue
            c = self.correction[p] + CARDS_MS * (cards - seated * summary.cards_won[p]) // (seated * cards)
            if summary.winner >= 0:
                c += -WIN_MS * (seated - 1) // seated if p == summary.winner else WIN_MS // seated
            self.correction[p] = max(-CAP_MS, min(CAP_MS, c))

    def average_ms(self, p):
        """Seat p's average reaction on valid slaps tonight, or -1 with none."""
        n = self.reactions[p]
        return self.react_ms[p] // n if n else -1

    def head_starts(self):
        """Each seat's head start in ms for the next game (all 0 before any game, and for a
        seat nobody has played at tonight: a late arrival starts even)."""
        fastest = -1
        for p in range(self.seats):
            a = self.average_ms(p)
            if a >= 0 and (fastest < 0 or a < fastest):
                fastest = a
        out = [0] * self.seats
        low = None
        for p in range(self.seats):
            if self.played[p]:
                a = self.average_ms(p)
                out[p] = (a - fastest if a >= 0 else 0) + self.correction[p]
                if low is None or out[p] < low:
                    low = out[p]
        for p in range(self.seats):
            if self.played[p]:
                out[p] = min(CAP_MS, out[p] - low)
        return out
