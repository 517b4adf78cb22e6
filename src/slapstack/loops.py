"""Finding games that can never end: Brent's cycle detection on quiet states.

With no inputs left, a game is a fixed function from one quiet state (a pile just
collected) to the next, so a state seen twice means the game loops forever. Brent's method
keeps one saved state and finds any cycle within about twice its length plus its start,
with memory for a single state whatever the game's length.
"""


class RepeatWatch:
    def __init__(self):
        self.saved = None
        self.power = 1
        self.lam = 0

    def repeated(self, key):
        """Feed the next quiet state; True once a state has come round again."""
        if self.saved is not None and key == self.saved:
            return True
        if self.saved is None or self.lam == self.power:
            self.saved = key
            if self.lam == self.power:
                self.power *= 2
            self.lam = 0
        self.lam += 1
        return False
