"""What the front end, the bots and the loop watch may read of a slap game in play:
``SlapView``, the read-only half of ``slapgame.Game`` (nothing here changes the game)."""


class SlapView:
    def hand_size(self, p):
        return self.hands[p].count

    def pile_len(self):
        return self.pile.count

    def pile_top(self, i):
        return self.pile.from_back(i)

    def pile_face_down(self, i):
        return False  # every pile card lies face up, burned ones too

    def pile_seat(self, i):
        """The seat that put the i-th card from the top on the pile (-1: no card there):
        at a table everyone sees whose hand each card came from."""
        return self.pile_seats.from_back(i) if i < self.pile.count else -1

    def is_out(self, p):
        return self.out[p] == 1

    def is_free(self, p):
        """Whether seat p is free: nobody was dealt in there, and nobody has slapped in."""
        return self.free[p] == 1

    def has_part(self, p):
        """Whether seat p has a part in the game still: it holds cards, or it may slap (back)
        in (``slap_in``; ``late_slap_in`` at a free seat), not barred by its negative cards.
        The device plays on faster once no person at the table has one."""
        if not self.out[p]:
            return True
        may = self.rules.late_slap_in if self.free[p] else self.rules.slap_in
        return bool(may and self.rules.slaps and not self._too_negative(p))

    def visible_pattern(self):
        """The combination on the pile now (what every player can see)."""
        return self.rules.patterns.find(self.pile, self.pile.count - self.burned)

    def quiet(self):
        return self.pile.count == 0 and self.award_to < 0 and not self.contest_open

    def state_size(self):
        return 2 + 4 * len(self.hands) + self.total

    def state_into(self, out):
        """The quiet state (loops.py; the pile empty: every card is in a hand): whose turn,
        the burn due, each seat's out (2: free), negatives, lockout and hand length, then the hands;
        ``state_size()`` bytes, written without allocating."""
        out[0] = self.turn
        out[1] = self.burn_next
        n = len(self.hands)
        for p in range(n):
            out[2 + p] = self.out[p] + self.free[p]
            out[2 + n + p] = self.negatives[p]
            out[2 + 2 * n + p] = self.lockout[p]
            out[2 + 3 * n + p] = len(self.hands[p])
        i = 2 + 4 * n
        for h in self.hands:
            i = h.copy_to(out, i)
