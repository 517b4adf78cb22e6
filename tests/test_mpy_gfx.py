"""The renderer on the real MicroPython VM: heap use and an allocation-free card update.

Run with the firmware mounted: node tests/mpy_run.mjs --mount firmware:/fw tests/run.py test_mpy_gfx
"""
import gc

import micropython

from drawing import text
from painters import pile
from painters import renderer
from painters import verdict
import sample_views
from slapstack import cards

# The pile's region, x, y, w, h (pile.py's MID_X, PILE_Y, MID_W, PILE_H, written out here;
# test_display_table.py checks them), and the verdict's box's x and width (its private _VERDICT_X,
# _VERDICT_W: consts the compiler folds away, so this VM cannot read them)
PILE_X, PILE_Y, PILE_W, PILE_H = 36, 28, 248, 156
VERDICT_X, VERDICT_W = 44, 232


class FakePanel:
    """Takes blits like the driver; keeps counts and the bounding box in plain ints."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.blits = 0
        self.bytes = 0
        self.x0 = self.y0 = 10000
        self.x1 = self.y1 = -1

    def blit(self, buf, x, y, w, h):
        assert len(buf) == w * h * 2
        self.blits += 1
        self.bytes += len(buf)
        self.x0 = min(self.x0, x)
        self.y0 = min(self.y0, y)
        self.x1 = max(self.x1, x + w)
        self.y1 = max(self.y1, y + h)


def _play(v, c, seat, nxt):
    """One card from ``seat`` onto the pile, in place, as the front end would do it."""
    v.pile[3] = v.pile[2]
    v.pile[2] = v.pile[1]
    v.pile[1] = v.pile[0]
    v.pile[0] = c
    v.pile_count += 1
    v.count[seat] -= 1
    v.turn = nxt


def _drawn_table():
    """(panel, renderer, view): the sample table drawn in full."""
    panel = FakePanel()
    r = renderer.Renderer(panel)
    v = sample_views.table()
    r.full(v)
    return panel, r, v


def test_full_table_fits_the_heap():
    gc.collect()
    base = gc.mem_alloc()
    panel = FakePanel()
    r = renderer.Renderer(panel)
    v = sample_views.table()
    r.full(v)
    gc.collect()
    kept = gc.mem_alloc() - base
    print("heap kept by renderer + view after a full table: %d bytes" % kept)
    assert kept < 16 * 1024  # 10 KB band buffer plus small caches
    assert panel.bytes == 320 * 240 * 2  # the regions tile the screen exactly once
    assert gc.mem_free() > 100 * 1024


def test_card_update_allocates_nothing():
    panel, r, v = _drawn_table()
    _play(v, cards.parse("3S"), 1, 3)  # warm up: every region width is seen once
    r.update(v)
    _play(v, cards.parse("QD"), 3, 0)
    r.update(v)
    card = cards.parse("9C")
    panel.reset()
    gc.collect()
    micropython.heap_lock()
    try:
        _play(v, card, 0, 1)
        mask = r.update(v)
    finally:
        micropython.heap_unlock()
    assert mask == renderer.PILE | renderer.PILE_COUNT | renderer.SEAT0 | renderer.SEAT0 << 1
    assert panel.y0 >= 0 and panel.y1 <= 240


def test_new_card_alone_repaints_only_the_pile():
    panel, r, v = _drawn_table()
    v.pile[0] = cards.parse("AS")
    panel.reset()
    assert r.update(v) == renderer.PILE
    assert panel.x0 >= PILE_X and panel.y0 >= PILE_Y
    assert panel.x1 <= PILE_X + PILE_W and panel.y1 <= PILE_Y + PILE_H
    # the top card's index, big rank and big suit, not the whole pile
    assert panel.bytes < PILE_W * PILE_H * 2 // 5


def test_every_kind_of_pile_change_allocates_nothing_from_the_first():
    # the renderer makes the band views of every box a card may repaint when it is made, so
    # no card allocates even the first time its fan grows, shrinks or meets a verdict
    panel, r, v = _drawn_table()
    _every_kind_of_pile_change_locked(r, v)
    assert panel.y0 >= 0 and panel.y1 <= 240


def test_after_a_rest_the_next_table_allocates_nothing_from_its_first_card():
    # an error lets the band buffer and the boxes' views go (Renderer.rest) while the game
    # is saved; the next table screen makes them again, before any card
    panel, r, v = _drawn_table()
    v.winner = 1
    r.update(v)
    r.rest()
    assert r.g.buf is None
    r.message("Paused", ["OK: play on"])  # any drawing makes the buffer again
    v.winner = None
    r.full(v)
    _every_kind_of_pile_change_locked(r, v)


def test_after_a_games_end_forgot_its_texts_the_next_table_allocates_nothing():
    # a game's end lets the strings it drew go (Renderer.forget_texts), the buffers stay,
    # and a card's and a seat strip's strings (pinned) are encoded again at once
    panel, r, v = _drawn_table()
    v.winner = 1
    v.banner = "Blue wins with 52"
    r.update(v)
    assert text.cached("Blue wins with 52")
    bufs = r.g.buffers()
    r.forget_texts()
    assert not text.cached("Blue wins with 52") and text.cached("K")
    v.winner = None
    r.full(v)
    assert r.g.buffers() is bufs
    # a card's strings are bytes again (drawn from a str, text is some 40 us a character
    # slower on the chip, and a locked heap would not say so)
    assert all(text.cached(s) for s in pile.RANKS if s)
    _every_kind_of_pile_change_locked(r, v)


def test_a_verdict_that_fills_the_text_cache_does_not_encode_the_cards_texts_again():
    # a verdict's two lines are encoded before its box is painted (text.keep); when they
    # fill the cache it is emptied, and the card's and seat strip's texts (pinned) go back
    # as they were: encoding them again was 4.5 ms inside that verdict on the chip
    panel, r, v = _drawn_table()
    kept = {s: text.encoded(s) for s in pile.RANKS if s}
    box = verdict.VerdictBox()  # (what the pile lays a verdict out with)
    for n in range(100):  # more verdicts than the cache holds lines
        box.lay_out((n % 4, True, "SANDWICH!", n, "Red takes %d" % n), VERDICT_X, VERDICT_W)
    assert all(text.encoded(s) is b for s, b in kept.items())
    assert text.text_width("10", 2) == 2 * text.text_width(b"10")
    _every_kind_of_pile_change_locked(r, v)


def test_after_other_screens_pushed_the_tables_regions_out_the_next_table_allocates_nothing():
    # screens with many regions of their own empty the band caches; the table made its
    # views beforehand, so its next full drawing makes them again, before any card
    panel, r, v = _drawn_table()
    v.winner = 1
    r.update(v)
    for w in range(100, 160):  # more widths than the caches keep
        r.g.prepare(w, 8)
    v.winner = None
    r.full(v)
    _every_kind_of_pile_change_locked(r, v)


def _every_kind_of_pile_change_locked(r, v):
    deck = [cards.parse(c) for c in ("10H", "JK", "3S", "10C", "QD", "9H", "AS", "JK", "7D", "2C")]
    verdict = (0, True, "SANDWICH!", 212, "Red takes 12")
    gc.collect()
    micropython.heap_lock()
    try:
        for rnd in range(3):
            for i in range(4):  # the pile is won: a new fan grows to four
                v.pile[i] = 0
            v.pile_count = 0
            r.update(v)
            for k in range(7):
                _play(v, deck[(rnd * 3 + k) % len(deck)], k % 4, (k + 1) % 4)
                r.update_pile(v)
                r.update(v)
            v.verdict = verdict  # a slap over the fan, then the next card takes it away
            r.update(v)
            _play(v, deck[rnd], 1, 2)
            v.verdict = None
            r.update(v)
            v.verdict = verdict  # a slap wins the pile: it goes under the verdict
            r.update(v)
            for i in range(4):
                v.pile[i] = 0
            r.update(v)
            _play(v, deck[rnd + 1], 2, 3)  # and the next card takes the verdict away
            v.verdict = None
            r.update_pile(v)
            r.update(v)
    finally:
        micropython.heap_unlock()


def test_verdict_and_counts_allocate_nothing_once_seen():
    panel, r, v = _drawn_table()
    verdict = (0, True, "SANDWICH!", 212, "Red takes 12")
    v.verdict = verdict
    r.update(v)
    v.verdict = None
    r.update(v)
    gc.collect()
    micropython.heap_lock()
    try:
        v.verdict = verdict
        a = r.update(v)
        v.verdict = None
        v.count[0] = 999
        b = r.update(v)
    finally:
        micropython.heap_unlock()
    assert a == renderer.PILE and b == renderer.PILE | renderer.SEAT0


def test_text_with_characters_never_drawn_before_allocates_nothing():
    # each character of a str is handed out as an interned one-character string; drawing.text
    # interns the font's characters when imported, so measuring or drawing any text never
    # interns one (which allocates, a whole pool of names now and then) in the middle of a game
    every = bytes(range(32, 127)).decode()  # one new str: its characters are not interned by this
    micropython.heap_lock()
    try:
        w = text.text_width(every, 2)
    finally:
        micropython.heap_unlock()
    assert w > 95 * 2


class PileShot(FakePanel):
    """Keeps the pixels blitted inside the pile's region (the rest of the screen is not
    looked at here), a byte each (its two bytes' sum: two pictures that differ in a pixel
    differ there in all but one case in 256), so that two fit this VM's heap."""

    def __init__(self):
        super().__init__()
        self.px = bytearray(PILE_W * PILE_H)

    def blit(self, buf, x, y, w, h):
        FakePanel.blit(self, buf, x, y, w, h)  # (super() would allocate, and the pile is painted with the heap locked)
        for row in range(h):
            py = y + row - PILE_Y
            if 0 <= py < PILE_H:
                for col in range(w):
                    px = x + col - PILE_X
                    if 0 <= px < PILE_W:
                        j = 2 * (row * w + col)
                        self.px[py * PILE_W + px] = (buf[j] + buf[j + 1]) & 0xFF


def _pile_drawn_whole(v):
    shot = PileShot()
    renderer.Renderer(shot).full(v)
    return shot.px


def test_the_pile_paints_with_the_heap_locked_and_an_allocation_there_repaints_it_whole():
    # the renderer locks the heap around the pile's paint (its call frames then go on the C
    # stack): once the table is drawn, a card and a verdict paint there with no miss; a
    # paint that has to allocate after all (here: its band buffers' views were let go) is
    # done again, whole, with the heap open, and the pile shows just what a full drawing does
    shot = PileShot()
    r = renderer.Renderer(shot)
    v = sample_views.table()
    r.full(v)
    _play(v, cards.parse("3S"), 1, 3)
    r.update_pile(v)
    v.verdict = (1, False, "NO SLAP", 388, "Green burns")  # a verdict's new lines
    r.update_pile(v)
    assert r.heap_misses == 0
    assert shot.px == _pile_drawn_whole(v)
    # a false press's note low over the pile and a valid one's box over it, one for the
    # other (the rows of both), the note lifted (its box), a card under a note: no miss
    for verdict in ((2, True, "SANDWICH!", 212, "Yellow takes 5"),
                    (3, False, "TOO EARLY", "Yellow burns 1", "card not shown yet"), None,
                    (0, False, "NO SNAP", "You burn 1", "nothing to snap")):
        v.verdict = verdict
        r.update_pile(v)
        assert r.heap_misses == 0
        assert shot.px == _pile_drawn_whole(v)
    v.pile[1] = cards.parse("8D")
    r.update_pile(v)
    assert r.heap_misses == 0
    assert shot.px == _pile_drawn_whole(v)
    v.verdict = None
    _play(v, cards.parse("QD"), 3, 0)
    paint = r.g.paint

    def paint_allocating(x, y, w, h, bg, painter):  # once, something in the card's paint
        r.g.paint = paint  # allocates (under the renderer's heap lock)
        bytearray(16)
        paint(x, y, w, h, bg, painter)

    r.g.paint = paint_allocating
    r.update_pile(v)
    assert r.heap_misses == 1
    assert shot.px == _pile_drawn_whole(v)
    _play(v, cards.parse("9C"), 0, 1)
    r.update_pile(v)
    assert r.heap_misses == 1  # all made then, with the heap open: the next card paints locked again
    assert shot.px == _pile_drawn_whole(v)
    for w in range(100, 160):  # other screens' regions push the table's out (Gfx.emptied)
        r.g.prepare(w, 8)
    _play(v, cards.parse("AH"), 1, 2)
    r.update_pile(v)
    assert r.heap_misses == 1  # made again before the lock
    assert shot.px == _pile_drawn_whole(v)
