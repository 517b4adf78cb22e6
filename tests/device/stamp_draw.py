"""Runs on the board (``mpremote run --no-follow``): cards drawn on the table, one per slot,
while the seat buttons are pressed from outside (test_stamps.py).

The test puts ``SLOTS`` and ``SLOT_US`` above this text. The firmware's own board (the pin
map's seats, the panel, the renderer) draws the table once, then at the start of each slot
turns a card onto the pile with the renderer's new-card path (``update_pile``: the pile's
bands painted and sent by DMA, its pixels out when it returns); every eighth slot the pile
is taken and its felt painted instead. Between cards it naps and polls the seat buttons as
the game loop does (``Board.nap``, woken by an edge). It prints ``READY t0`` (slot 0 begins at ticks_us ``t0``), then when the slots are
over each draw's window ``W k start end`` and each seat edge ``E seat pressed t``, and ``DONE``.
"""
import time
from array import array

from hardware import board
from painters.view import PILE_SHOWN, TableView

SLOTS = globals().get("SLOTS", 10)
SLOT_US = globals().get("SLOT_US", 20000)
LEAD_US = 1_500_000  # from READY to slot 0: the test pauses the board and plans the presses

b = board.Board()
r = b.renderer
slaps = b.slaps
view = TableView("Egyptian Ratscrew", 4)
r.full(view)
began = array("i", [0] * SLOTS)
ended = array("i", [0] * SLOTS)
edge_t = array("i", [0] * (8 * SLOTS))
edge_code = bytearray(8 * SLOTS)
edges = [0]


def on_edge(seat, pressed, t):
    n = edges[0]
    if n < len(edge_t):
        edge_t[n] = t
        edge_code[n] = seat << 1 | pressed
        edges[0] = n + 1


def turn(view, k):
    """The pile after slot ``k``'s card: a new card on top, or every eighth slot none."""
    pile = view.pile
    seat = view.pile_seat
    if k % 8 == 7:
        for i in range(PILE_SHOWN):
            pile[i] = 0
            seat[i] = 0
        view.pile_count = 0
        return
    for i in range(PILE_SHOWN - 1, 0, -1):
        pile[i] = pile[i - 1]
        seat[i] = seat[i - 1]
    pile[0] = (k % 4) << 4 | (1 + k % 13)
    seat[0] = 1 + k % 4
    view.pile_count += 1


t0 = time.ticks_add(time.ticks_us(), LEAD_US)
print("READY", t0)
for k in range(SLOTS):
    due = time.ticks_add(t0, k * SLOT_US)
    while True:  # as the game loop waits for a card: napping, woken by a seat's edge
        now = time.ticks_us()
        slaps.poll(now, on_edge)
        left = time.ticks_diff(due, now)
        if left <= 0:
            break
        b.nap(left)
    turn(view, k)
    began[k] = time.ticks_us()
    r.update_pile(view)
    ended[k] = time.ticks_us()
    slaps.poll(ended[k], on_edge)
time.sleep_ms(20)  # the last releases' lockout
slaps.poll(time.ticks_us(), on_edge)
for k in range(SLOTS):
    print("W", k, began[k], ended[k])
for n in range(edges[0]):
    print("E", edge_code[n] >> 1, edge_code[n] & 1, edge_t[n])
print("OVERRUNS", slaps.overruns)
print("DONE")
