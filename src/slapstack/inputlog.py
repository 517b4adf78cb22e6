"""A game's inputs, recorded compactly for its replay file.

A long game takes thousands of inputs (every press, release and card reveal), and the
device holds them until the game is over, when the replay file is written. So each input
is a few bytes:

    zigzag varint  us since the previous input (a reveal's is negative: see below)
    one byte       EARLY | (seat + 1) << 2 | action       (seat 0 for a reveal)
    varint         reveal: us from its card's play time to the screen; choose: the index
    varint         reveal only: how many inputs were recorded after its card was turned
    varint         EARLY only: how many us before the table's time the input was stamped

in byte chunks of CHUNK, so recording never copies, and allocates one chunk per ~100
inputs only until the first spill (below): from then on it fills a chunk already
written to the file, so no allocation waits for a card's pass at a chunk's end. A
reveal is reported once its card is on screen, after inputs that came while the card
was being drawn; it is stored with its card's play time and the number of
inputs taken since the card was turned, so the replay file puts it right after the input
that preceded the card: a replay then applies it before the presses judged without the
card, as they were live, and after a War press that itself turned the card. Every value
stays a small int on MicroPython (times are on the 2**30 ring; see clock.py).

The device moves full chunks to a file (``spill``), so a long game's record does not
grow in RAM, and reading back takes them from there. Writing flash pauses every
interrupt on the RP2040 (no code runs from flash while it is programmed), so it spills
only at a quiet moment: the pile is empty and nothing is due for a while. A press in the
pause is stamped when it ends, still before anything new is on screen, so its verdict
(a slap on an empty pile) is the one it would have had.

An input is recorded at the table's time when it was taken. A button's edge the debounce
reports late (a tap shorter than its lockout, a bounce) was stamped before that, maybe
before a card the table has turned since: the game judges it at its stamp, and the record
keeps how much earlier that was (EARLY), so the replay file, in the order the inputs were
taken, can give the game the same input at the same moment.

Reading it back is replay_writer.py's job (``in_time_order``, used to write the file
when the game is over), so the device does not hold that code during a game.
"""

from slapstack import clock, const

ACTIONS = ("press", "release", "reveal", "choose")
# The replay file's version (its head's "version", 1 when it has none): 2 since a rule's
# default changed (replay.DEFAULTS_BEFORE says which), so an older file plays by its own
REPLAY_VERSION = 2
PRESS = 0
RELEASE = 1
REVEAL = 2
CHOOSE = 3
EARLY = const(0x40)  # in an input's code byte: its stamp (a varint) comes last
CHUNK = const(512)


class InputLog:
    def __init__(self):
        self.chunks = []              # full chunks, oldest first
        self.buf = bytearray(CHUNK)   # the chunk being filled
        self.used = 0                 # bytes used in buf
        self.spare = None             # a chunk spilled already, to fill next (spill)
        self.count = 0
        self.last_t = 0
        self.store = None             # the file full chunks were spilled to, or None
        self.stored = 0               # chunks in the store (they come before self.chunks)
        self.cache = None             # reading back: two stored chunks, by number % 2
        self.cached = [-1, -1]

    def start(self, t0):
        """Times are kept from t0, the game's start."""
        self.last_t = t0

    def add(self, t, p, action, extra=0, early=0):
        """Record a press, release or choice (``action``, an index in ACTIONS; ``extra`` is
        a choice's index) by seat p, taken at time t and stamped ``early`` us before it."""
        self._time(t)
        self._byte((EARLY if early else 0) | (p + 1) << 2 | action)
        if action == CHOOSE:
            self._varint(extra)
        if early:
            self._varint(early)
        self.count += 1

    def add_reveal(self, t_played, delay, mark):
        """The card turned at ``t_played`` was on screen ``delay`` us later; ``mark`` is how
        many inputs had been recorded when it was turned."""
        self._time(t_played)
        self._byte(REVEAL)
        self._varint(delay)
        self._varint(self.count - mark)
        self.count += 1

    def size(self):
        """Bytes the record takes in RAM (chunks in use, full or not, and the spare; not
        those spilled)."""
        return CHUNK * (len(self.chunks) + 1 + (self.spare is not None))

    def spill(self, f):
        """Append the full chunks to ``f`` (a file open for writing and reading, the same
        one every time) and let go of them but one, kept to fill next. Raises OSError if
        the file cannot take them (a full flash), keeping every chunk: the record then
        stays in RAM."""
        f.seek(self.stored * CHUNK)
        for c in self.chunks:
            f.write(c)
        self.store = f
        self.stored += len(self.chunks)
        if self.spare is None and self.chunks:
            self.spare = self.chunks[-1]  # its bytes are in the file now
        self.chunks.clear()

    # --- internals ---------------------------------------------------------------------

    def _time(self, t):
        dt = clock.diff(t, self.last_t)
        self.last_t = t
        self._varint(dt << 1 if dt >= 0 else ((-dt) << 1) - 1)

    def _byte(self, b):
        if self.used == CHUNK:
            self.chunks.append(self.buf)
            if self.spare is None:
                self.buf = bytearray(CHUNK)
            else:
                self.buf = self.spare
                self.spare = None
            self.used = 0
        self.buf[self.used] = b
        self.used += 1

    def _varint(self, v):
        while v >= 0x80:
            self._byte(v & 0x7F | 0x80)
            v >>= 7
        self._byte(v)

    def byte_at(self, pos):
        """The record's byte at ``pos`` (for reading it back). A spilled chunk is read
        into one of two buffers, so the replay's two cursors (inputs and reveals, which
        may be a chunk apart) do not read the same chunk again and again."""
        k = pos // CHUNK
        if k < self.stored:
            slot = k & 1
            if self.cached[slot] != k:
                if self.cache is None:
                    self.cache = (bytearray(CHUNK), bytearray(CHUNK))
                self.store.seek(k * CHUNK)
                self.store.readinto(self.cache[slot])
                self.cached[slot] = k
            return self.cache[slot][pos % CHUNK]
        k -= self.stored
        if k < len(self.chunks):
            return self.chunks[k][pos % CHUNK]
        return self.buf[pos % CHUNK]
