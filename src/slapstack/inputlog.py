"""A game's inputs, recorded compactly for its replay file.

A long game takes thousands of inputs (every press, release and card reveal), and the
device keeps them in RAM until the game is over: writing to flash during play would stop
the button interrupts for milliseconds at a time (the RP2040 runs no code from flash
while it erases it) and spoil the timing. So each input is a few bytes:

    zigzag varint  us since the previous input (a reveal's is negative: see below)
    one byte       (seat + 1) << 2 | action       (seat 0 for a reveal)
    varint         reveal: us from its card's play time to the screen; choose: the index

in byte chunks of CHUNK, so recording allocates one chunk per ~100 inputs and never
copies. A reveal is stored at its card's play time, so a replay applies it before the
presses that came while the card was being drawn, as they were judged live. Every value
stays a small int on MicroPython (times are on the 2**30 ring; see clock.py).

``in_time_order()`` gives the inputs sorted by time without building a list: the inputs
other than reveals come in time order (Table makes sure of it), and so do the reveals
(cards are played in order), so it merges the two with two cursors. At equal times a
reveal comes first: a press at its card's play time was judged before the card was seen.
"""

from slapstack import clock

ACTIONS = ("press", "release", "reveal", "choose")
REVEAL = 2
CHOOSE = 3
CHUNK = 512


class InputLog:
    def __init__(self):
        self.chunks = []              # full chunks, oldest first
        self.buf = bytearray(CHUNK)   # the chunk being filled
        self.used = 0                 # bytes used in buf
        self.count = 0
        self.last_t = 0

    def start(self, t0):
        """Times are kept from t0, the game's start."""
        self.last_t = t0

    def add(self, t, p, action, extra=0):
        """Record input ``action`` (index in ACTIONS) by seat p (-1: none) at time t."""
        dt = clock.diff(t, self.last_t)
        self.last_t = t
        self._varint(dt << 1 if dt >= 0 else ((-dt) << 1) - 1)
        self._byte((p + 1) << 2 | action)
        if action >= REVEAL:
            self._varint(extra)
        self.count += 1

    def size(self):
        """Bytes the record takes (chunks in use, full or not)."""
        return CHUNK * (len(self.chunks) + 1)

    def in_time_order(self):
        """Yield (us since the start, seat or -1, action, extra) in time order."""
        others = _Cursor(self, False)
        reveals = _Cursor(self, True)
        while others.us >= 0 or reveals.us >= 0:
            if reveals.us >= 0 and (others.us < 0 or reveals.us <= others.us):
                c = reveals
            else:
                c = others
            yield c.us, c.p, c.action, c.extra
            c.next()

    # --- internals ---------------------------------------------------------------------

    def _byte(self, b):
        if self.used == CHUNK:
            self.chunks.append(self.buf)
            self.buf = bytearray(CHUNK)
            self.used = 0
        self.buf[self.used] = b
        self.used += 1

    def _varint(self, v):
        while v >= 0x80:
            self._byte(v & 0x7F | 0x80)
            v >>= 7
        self._byte(v)

    def byte_at(self, pos):
        k = pos // CHUNK
        if k < len(self.chunks):
            return self.chunks[k][pos % CHUNK]
        return self.buf[pos % CHUNK]


class _Cursor:
    """Walks the log from the start, stopping at reveals only or at everything else.
    ``us`` is -1 once there is nothing more."""

    def __init__(self, log, reveals):
        self.log = log
        self.reveals = reveals
        self.pos = 0
        self.index = 0
        self.time = 0     # running time (us since the start) of the last input read
        self.us = -1
        self.p = -1
        self.action = 0
        self.extra = 0
        self.next()

    def _varint(self):
        v = 0
        shift = 0
        while True:
            b = self.log.byte_at(self.pos)
            self.pos += 1
            v |= (b & 0x7F) << shift
            if b < 0x80:
                return v
            shift += 7

    def next(self):
        log = self.log
        while self.index < log.count:
            self.index += 1
            z = self._varint()
            self.time += -((z + 1) >> 1) if z & 1 else z >> 1
            code = log.byte_at(self.pos)
            self.pos += 1
            action = code & 3
            extra = self._varint() if action >= REVEAL else 0
            if (action == REVEAL) == self.reveals:
                self.us = self.time
                self.p = (code >> 2) - 1
                self.action = action
                self.extra = extra
                return
        self.us = -1
