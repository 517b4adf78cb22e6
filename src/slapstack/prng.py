"""xorshift32: the project's own PRNG, so one seed deals the same cards everywhere.

``random`` differs between MicroPython and CPython; this does not. State is a 32-bit
int kept below 2**32 with masks (on MicroPython such values may be heap ints, so this is
used for deals and bots, never in an interrupt). Marsaglia's 13/17/5 triple.
"""

MASK32 = 0xFFFFFFFF


class XorShift32:
    def __init__(self, seed):
        s = seed & MASK32
        # zero is the one fixed point of xorshift; map it to a fixed non-zero state
        self.state = s if s else 0x9E3779B9

    def next_u32(self):
        x = self.state
        x ^= (x << 13) & MASK32
        x ^= x >> 17
        x ^= (x << 5) & MASK32
        self.state = x
        return x

    def below(self, n):
        """Uniform int in [0, n) without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = MASK32 - (MASK32 + 1) % n
        while True:
            x = self.next_u32()
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
