"""Finding games that can never end: Brent's cycle detection on quiet states.

With no inputs left, a game is a fixed function from one quiet state (a pile just
collected) to the next, so a state seen twice means the game loops forever. Brent's method
keeps one saved state and finds any cycle within about twice its length plus its start,
with memory for a single state whatever the game's length. A state is the game's
``state_into`` bytes (``state_size()`` of them), written into one of two buffers made here:
looking at one, after every War battle, allocates nothing.
"""


class RepeatWatch:
    def __init__(self, size):
        self.now = bytearray(size)    # the state looked at
        self.saved = bytearray(size)  # Brent's saved state, once lam > 0
        self.power = 1
        self.lam = 0

    def repeated(self, game):
        """``game`` is in its next quiet state: True once a state has come round again."""
        game.state_into(self.now)
        if self.lam and self.now == self.saved:
            return True
        if not self.lam or self.lam == self.power:
            self.now, self.saved = self.saved, self.now  # saved without copying
            if self.lam == self.power:
                self.power *= 2
            self.lam = 0
        self.lam += 1
        return False
