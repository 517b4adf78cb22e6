"""A double-ended queue of cards in one preallocated bytearray (a ring buffer).

Hands and the centre pile are all CardQueues sized for every card in play, so moving
cards never allocates. For a hand, the front is the top (next card to play) and the back
is the bottom. For the pile, the front is the bottom and the back is the top card.
"""


class CardQueue:
    def __init__(self, capacity, cards=None):
        self.buf = bytearray(capacity)
        self.cap = capacity
        self.head = 0
        self.count = 0
        if cards:
            for c in cards:
                self.push_back(c)

    def __len__(self):
        return self.count

    def clear(self):
        self.head = 0
        self.count = 0

    def push_back(self, c):
        if self.count == self.cap:
            raise OverflowError("card queue full")
        i = self.head + self.count
        if i >= self.cap:
            i -= self.cap
        self.buf[i] = c
        self.count += 1

    def push_front(self, c):
        if self.count == self.cap:
            raise OverflowError("card queue full")
        h = self.head - 1
        if h < 0:
            h += self.cap
        self.buf[h] = c
        self.head = h
        self.count += 1

    def pop_front(self):
        if not self.count:
            raise IndexError("no cards")
        c = self.buf[self.head]
        h = self.head + 1
        self.head = 0 if h == self.cap else h
        self.count -= 1
        return c

    def pop_back(self):
        if not self.count:
            raise IndexError("no cards")
        self.count -= 1
        i = self.head + self.count
        if i >= self.cap:
            i -= self.cap
        return self.buf[i]

    def at(self, i):
        """Card i from the front (0 = front)."""
        j = self.head + i
        if j >= self.cap:
            j -= self.cap
        return self.buf[j]

    def from_back(self, i):
        """Card i from the back (0 = back); for the pile, 0 is the top card."""
        j = self.head + self.count - 1 - i
        if j >= self.cap:
            j -= self.cap
        return self.buf[j]

    def move_all_to_back_of(self, other):
        """Move every card, front first, onto the back of ``other`` (order kept)."""
        while self.count:
            other.push_back(self.pop_front())

    def move_front_to_back_of(self, n, other):
        """Move the front n cards, in order, onto the back of ``other``."""
        for _ in range(n):
            other.push_back(self.pop_front())

    def copy_to(self, out, at):
        """Write the cards, front first, into the bytearray ``out`` from index ``at``;
        returns the index after them. Allocates nothing (the loop watch reads the hands
        after every War battle)."""
        buf = self.buf
        cap = self.cap
        j = self.head
        for _ in range(self.count):
            out[at] = buf[j]
            at += 1
            j += 1
            if j == cap:
                j = 0
        return at

    def to_bytes(self):
        """A copy of the cards, front first (allocates: not for hot paths)."""
        out = bytearray(self.count)
        for i in range(self.count):
            out[i] = self.at(i)
        return bytes(out)
