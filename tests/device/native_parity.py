"""Run on the board by test_device.py: the chip's drawing checked against itself.

1. gfx_native (the inner loops as machine code: built into the SlapStack image in C) against
   gfx's plain Python, which the host simulator runs and its tests check: the same table, verdicts, winner, notice and menu,
   band for band (CRC-32 of every band sent), and text measured and wrapped, with each. Prints ``NATIVE`` and the module,
   ``SPI_REGS`` and the module the DMA's registers are worked from (the partial repaints
   below go through it), then ``PARITY same`` or ``PARITY DIFFER`` and the scenes that differ.
2. Partial repaints against a full repaint on the real panel, for a sample of cards (the
   pile's, then War's battles: the first onto the blank cards, a tie under the WAR! box, the
   box lifted, the war's round): after each step's updates it prints ``PARTIAL i`` and
   waits for the OK key (the test reads the screen from the SPI stream meanwhile), then
   repaints the whole table, prints ``FULL i`` and waits again; at the end ``MISSES n``: how many of those pile paints allocated under
   the heap lock and were painted again with it open (Renderer.heap_misses).
First, ``text_unseen``: a text none of whose characters was seen before, measured and
drawn with the heap locked, interns no name (``NAMES before``/``NAMES after``, ``TEXT w``).
"""
import binascii
import gc
import time

import micropython

from hardware import board as board_module
from drawing import gfx
from drawing import text
from painters import renderer
from painters.view import TableView

WRAPPED = ("Press your button to turn your card; the cards turn when both have pressed.",
           "  Two  spaces, a caf\u00e9 and a word wider than a line: Mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm")
CARDS = (0x11, 0x22, 0x35, 0x0A, 0x1C, 0x27, 0x33, 0x04, 0x19, 0x2D, 0x0E, 0x3D)


class Crc:
    """A panel that keeps only the CRC-32 of every band sent to it."""

    def __init__(self):
        self.crc = 0

    def blit(self, buf, x, y, w, h):
        box = bytes((x & 255, x >> 8, y, w & 255, w >> 8, h))
        self.crc = binascii.crc32(buf, binascii.crc32(box, self.crc))


class Quiet:
    """A panel that keeps nothing (Crc's sums allocate, which a locked heap refuses)."""

    def blit(self, buf, x, y, w, h):
        pass


def table():
    v = TableView("Egyptian Ratscrew", 4)
    for i in range(4):
        v.count[i] = 13 + i
    v.turn = 1
    v.is_bot[2] = True
    v.challenged = 3
    v.chances = 2
    return v


def play(v, k):
    """The k-th card played: the fan as it then is (a joker and a face-down card among them)."""
    n = k if k < 4 else 4
    for i in range(4):
        v.pile[i] = CARDS[(k - i) % len(CARDS)] if i < n else 0
        v.pile_seat[i] = 1 + (k - i) % 4 if i < n else 0
    if k == 9:
        v.pile[1] = 0x0F
    v.pile_count = k
    v.turn = k % 4
    v.count[k % 4] = 20 - k


def war_table(r):
    """War's two places, blank before the first battle, and the seats' name tags."""
    from painters import duel_panels
    v = TableView("War", 2)
    v.count[0] = v.count[1] = 26
    v.cover = duel_panels.WarCards(r)
    v.panels = (duel_panels.WarTags(v),)
    return v


def war_step(v, i):
    """War's step ``i``: a battle (0 the first, onto the blank cards; 1 the next), a tie (2:
    the WAR! box over both), its round's first press (3: the box lifted) and its cards."""
    war = v.cover
    if i == 2:
        war.up[0] = 0x29
        war.up[1] = 0x39
        war.war = 1
        war.stake = 6
    elif i == 3:
        war.war = 0
        war.version += 1
        yield
        war.up[0] = 0x1A
        war.up[1] = 0x0D
    else:
        war.up[0] = CARDS[2 * i]
        war.up[1] = CARDS[2 * i + 1]
    war.version += 1
    yield


def scenes(native):
    panel = Crc()
    saved = gfx.native
    if not native:
        gfx.native = None  # a renderer made now draws in plain Python, as on the host
    try:
        r = renderer.Renderer(panel)
    finally:
        gfx.native = saved
    v = table()
    out = []
    r.full(v)
    out.append(panel.crc)
    for k in range(1, 13):
        play(v, k)
        r.update(v)
        out.append(panel.crc)
    v.verdict = (1, True, "SANDWICH!", 212, "Blue takes 12")
    r.update(v)
    out.append(panel.crc)
    v.verdict = (2, False, "NO SLAP", 1234, "Green burns")
    v.banner = "Blue takes 12"
    v.banner_seat = 1
    r.update(v)
    out.append(panel.crc)
    v.stuck = [0]
    r.update(v)
    out.append(panel.crc)
    v.winner = 2
    r.update(v)
    out.append(panel.crc)
    r.message("Flash full", ["0 bytes free", "Back: menu"])
    out.append(panel.crc)
    r.menu("SlapStack", ["Play", "Rules", "How to play"], 1, "OK: choose")
    out.append(panel.crc)
    saved = text.native
    if not native:
        text.native = None  # text measured and wrapped in plain Python
    try:
        for words in WRAPPED:
            out.append(binascii.crc32("|".join(text.wrap(words, 300)).encode()))
        out.append(text.text_width(bytes(range(256))))  # codes outside the font count as '?'
    finally:
        text.native = saved
    return out, r.g.native


def text_unseen():
    """Every character of the font in a str made now (so none of them interned by it),
    measured and drawn with the heap locked, as the pile's paint draws a text its cache has
    lost (character by character). Prints the interned names before and after
    (``qstr_info``), which the test compares: drawing interns no name (drawing.text interned the
    font's characters when imported), so a pool of names never opens in a card's time."""
    every = bytes(range(32, 127)).decode()
    g = renderer.Renderer(Quiet()).g

    def painter(g):
        g.text(every, 2, 0, 1, 0xFFFF)

    g.paint(0, 0, 320, 8, 0, _bare)  # (the first paint of a width makes its views)
    gc.collect()
    print("NAMES before")
    micropython.qstr_info()
    micropython.heap_lock()
    try:
        w = text.text_width(every)
        g.paint(0, 0, 320, 8, 0, painter)
        g.sync()
    finally:
        micropython.heap_unlock()
    print("NAMES after")
    micropython.qstr_info()
    print("TEXT", w)


def wait_ok(b):
    """Until the OK key has been pressed and let go."""
    for down in (True, False):
        while b.held("ok") != down:
            time.sleep_ms(1)
            b.keys.poll(time.ticks_us(), _ignore)


def _ignore(key, pressed, t):
    pass


def _bare(g):
    pass


def main():
    text_unseen()
    fast, native = scenes(True)
    gc.collect()
    slow, _ = scenes(False)
    print("NATIVE", native, getattr(native, "__file__", "built in"))
    import spi_regs  # (the DMA's register work: the image's C)
    print("SPI_REGS", spi_regs, getattr(spi_regs, "__file__", "built in"))
    differ = [i for i in range(len(fast)) if fast[i] != slow[i]]
    print("PARITY", "DIFFER %r" % differ if differ else "same")
    b = board_module.Board()
    r = b.renderer
    for w in (1, 3):  # regions of one pixel and of three: the DMA's clear has no whole word
        r.g.paint(0, 0, w, 1, 0xF800, _bare)  # to fill in the first, one in the second
    r.g.sync()
    print("TINY done")
    v = table()
    r.full(v)
    steps = ((1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12))
    for i, step in enumerate(steps):
        v.verdict = None  # (the next card takes a verdict away)
        for k in step:
            play(v, k)
            r.update(v)
        if i == 2:
            v.verdict = (3, True, "SLAP!", 99, "Yellow takes 9")
            r.update(v)
        print("PARTIAL", i)
        wait_ok(b)
        r.full(v)
        print("FULL", i)
        wait_ok(b)
    v = war_table(r)
    r.full(v)
    for i in range(4):
        for _ in war_step(v, i):
            r.update(v)
        print("PARTIAL", len(steps) + i)
        wait_ok(b)
        r.full(v)
        print("FULL", len(steps) + i)
        wait_ok(b)
    print("MISSES", r.heap_misses)  # pile paints that allocated under the lock: none
    print("DONE")


main()
