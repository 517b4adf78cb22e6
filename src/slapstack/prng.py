"""xorshift32: the project's own PRNG, so one seed deals the same cards everywhere.

``random`` differs between MicroPython and CPython; this does not. It is Marsaglia's
xorshift32 (shifts 13, 17, 5), but the 32-bit state is kept as two 16-bit halves so that
every step stays a small int on MicroPython (whose small ints stop at 2**30): drawing a
number allocates nothing, so bots can decide on every card without making garbage.
Draws (``below``, ``chance``, ``shuffle``) use the top 30 bits of each state.
"""

from slapstack import const

_MASK16 = const(0xFFFF)
_MASK30 = const(0x3FFFFFFF)


class XorShift32:
    def __init__(self, seed):
        hi = (seed >> 16) & _MASK16
        lo = seed & _MASK16
        if not (hi or lo):
            hi, lo = 0x9E37, 0x79B9  # zero is xorshift's one fixed point
        self.hi = hi
        self.lo = lo

    def step(self):
        hi = self.hi
        lo = self.lo
        hi ^= ((hi << 13) | (lo >> 3)) & _MASK16  # x ^= x << 13
        lo ^= (lo << 13) & _MASK16
        lo ^= hi >> 1                             # x ^= x >> 17
        hi ^= ((hi << 5) | (lo >> 11)) & _MASK16   # x ^= x << 5
        lo ^= (lo << 5) & _MASK16
        self.hi = hi
        self.lo = lo

    def next_u32(self):
        """The next 32-bit output (a heap int on MicroPython: for tests and the host)."""
        self.step()
        return (self.hi << 16) | self.lo

    def next30(self):
        """The top 30 bits of the next output: always a small int."""
        self.step()
        return (self.hi << 14) | (self.lo >> 2)

    def state_into(self, out, at):
        """The generator's state, 4 bytes into ``out`` from index ``at`` (allocates nothing)."""
        out[at] = self.hi >> 8
        out[at + 1] = self.hi & 255
        out[at + 2] = self.lo >> 8
        out[at + 3] = self.lo & 255

    def below(self, n):
        """Uniform int in [0, n) without modulo bias (rejection sampling on 30 bits)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = _MASK30 - (_MASK30 % n + 1) % n  # accept 2**30 - (2**30 % n) values
        while True:
            x = self.next30()
            if x <= limit:
                return x % n

    def chance(self, per_mille):
        """True with probability per_mille / 1000."""
        return self.below(1000) < per_mille

    def shuffle(self, buf):
        """Fisher-Yates shuffle of a bytearray (or list) in place."""
        i = len(buf) - 1
        while i > 0:
            j = self.below(i + 1)
            buf[i], buf[j] = buf[j], buf[i]
            i -= 1
