"""Finding games that can never end: Brent's cycle detection on quiet states.

With no inputs left, a game is a fixed function from one quiet state (a pile just
collected) to the next, so a state seen twice means the game loops forever. Brent's method
keeps one saved state and finds any cycle within about twice its length plus its start,
with memory for a single state whatever the game's length. A state is the game's
``state_into`` bytes, written into one of two buffers made here: looking at one, after
every War battle, allocates nothing.
"""


class RepeatWatch:
    def __init__(self, size):
        self.now = bytearray(size)    # the game writes its state here (``state_into``)
        self.saved = bytearray(size)  # Brent's saved state
        self.any = False              # whether one is saved
        self.power = 1
        self.lam = 0

    def repeated(self):
        """The state just written into ``now`` is the next quiet one: True once a state has
        come round again."""
        if self.any and self.now == self.saved:
            return True
        if not self.any or self.lam == self.power:
            self.now, self.saved = self.saved, self.now  # saved without copying
            self.any = True
            if self.lam == self.power:
                self.power *= 2
            self.lam = 0
        self.lam += 1
        return False
