"""gfx_native, built into the SlapStack image in C (gfx_native.c): the band painter's inner loops.

On the Pico, painting is Python calling ``framebuf`` once per glyph run, corner row or shape
row, and that call is the cost (a card's big suit took 4 ms). These functions do the same
loops in C straight into the band buffer, from flash. Where the module is missing (the host
simulator, the WebAssembly VM) firmware/drawing/gfx.py draws the same pixels in plain Python;
the device stage checks on the chip that both give the same pixels
(tests/device/native_parity.py). This file gives the module's types to the type check
(tools/check.py) and says what each call's numbers are.

Every function takes the band's buffer (RGB565, ``p[0]`` pixels a row, ``p[1]`` rows; the
colours already byte-swapped as framebuf stores them) and an ``array('i')`` of its other
numbers, in band coordinates, so a call passes a few objects and allocates nothing.
"""
from array import array

def text(b: bytearray, s: bytes | bytearray, font: bytes, p: array) -> None:
    """Draw bytes ``s[start:start + length]``: p = [band width, band rows, x, y, scale,
    colour, rot, text columns, first code, glyph count, glyph stride, start, length];
    ``font`` is the glyph widths then the glyph columns (font.py's FONT). The same pixels
    as Gfx._glyph."""

def columns(s: bytes | bytearray, start: int, end: int, widths: bytes) -> int:
    """The width at scale 1 of bytes ``s[start:end]``: each glyph's ``widths`` entry
    (font.py's WIDTHS, from code 32) plus a one-column gap, less the last gap; a code
    outside the font counts as '?'. What drawing/text.py's _columns adds up in Python."""

def rounded(b: bytearray, table: bytes | bytearray, p: array) -> None:
    """A filled rectangle with quarter-circle corners, the rows that lie in the band:
    p = [band width, band rows, x, y, w, h, r, colour]; ``table`` is gfx's row insets (r at
    most its radius). The same pixels as Gfx.round_rect's plain Python."""

def ring(b: bytearray, table: bytes | bytearray, p: array) -> None:
    """What a rounded rectangle (p as for ``rounded``) shows around the one 2 pixels inside
    it (radius r - 2): a card's edge. The same pixels as the outer one filled and the inner
    one drawn over it, each written once."""

def mask(b: bytearray, runs: bytes | bytearray, p: array) -> None:
    """A picture in one colour, as its runs (suits.runs: byte 0 the runs a row holds,
    then each row's (start, end) column pairs): p = [band width, band rows, x, y, picture
    width, picture rows, colour]; p[4], p[5], p[7] and p[11] are its scratch."""

def face(b: bytearray, font: bytes, p: array, art: tuple) -> None:
    """A face-up card's face, rank 1-13 (firmware/painters/card_faces.py's ``face`` in plain
    Python: the same pixels), called as Gfx.face: p = [band width, band rows, x, y of the
    card, (text's numbers, 4-12), rank, suit, ink, the seat chip's colour or -1, whole];
    ``art`` = (the layout, an array('i') of the places on a card (card_faces.art), the
    ranks' characters two a rank, gfx's corner table, then the suits' pictures: four at the
    index size, four at the big size)."""

def fan(b: bytearray, font: bytes, p: array, art: tuple) -> None:
    """The top cards of the pile's fan, all face up (rank 1-13), oldest first: each card's
    edge, body and face (card_faces.card: the same pixels), called as Gfx.fan, in one call
    instead of some twenty of Python a band: p = [band width, band rows, x, y of the top
    card, (scratch, 4-17), the count n, the n cards, the n seat chips' colours or -1]; card
    k lies the layout's fan step left of card k - 1; ``art`` as for ``face``."""
