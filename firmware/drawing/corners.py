"""Round shapes' rows, worked out with integers (floats allocate on the Pico): ``isqrt``, and
``CORNERS``, each row's inset of a quarter-circle corner for every radius up to
``RADIUS_MAX``, made once, which rounded rectangles read (``Gfx.round_rect``, in Python and in
the chip's machine code) and a card's face too (painters/card_faces.py)."""
from micropython import const

RADIUS_MAX = const(16)


def isqrt(n):
    """Integer square root (floor)."""
    if n <= 0:
        return 0
    x = n
    y = (x + 1) >> 1
    while y < x:
        x = y
        y = (x + n // x) >> 1
    return x


def _table():
    """The insets in one bytes: the rows of radius r start at r * (r - 1) // 2."""
    t = bytearray(RADIUS_MAX * (RADIUS_MAX + 1) // 2)
    for r in range(1, RADIUS_MAX + 1):
        for i in range(r):
            d = 2 * (r - i) - 1
            t[r * (r - 1) // 2 + i] = r - (isqrt(4 * r * r - d * d) + 1) // 2
    return bytes(t)


CORNERS = _table()
