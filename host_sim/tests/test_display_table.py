"""The table screen on the pixel-exact panel model: the cards, the seats' strips, verdicts and the
other screens, what an update sends and how long a card takes on the wire, the palette and
layout constants, and the screenshot of it all."""
import re
from pathlib import Path

import pytest

from host_sim.panel_memory import WIDTH, HEIGHT
from host_sim.panel_model import KINDS
from drawing import colours
from drawing import text
from painters import card_faces
from painters import pile
from painters import renderer
import sample_views
from painters import view as viewmod
from slapstack import cards


def _table(top=("7H", "KS", "7D", "10C")):
    v = sample_views.table()
    v.pile[:] = bytes(4)
    v.pile[:len(top)] = cards.parse_list(list(top))
    return v


def _drawn(board, kind):
    """A rig with the sample table drawn: (rig, renderer, view)."""
    rig = board(kind)
    r = renderer.Renderer(rig.panel)
    v = _table()
    r.full(v)
    return rig, r, v


def _colours_in(model, x0, y0, x1, y1):
    seen = {}
    for y in range(y0, y1):
        for x in range(x0, x1):
            c = model.pixel(x, y)
            seen[c] = seen.get(c, 0) + 1
    return seen


def _top_card_box():
    """(x0, y0, x1, y1) of the top card: one place, whatever the pile's size."""
    x, y, w, h = pile.card_box(0)
    return x, y, x + w, y + h


_FAN = pile.card_box(0)[0] - pile.card_box(1)[0]  # what an older card shows of itself


def test_top_card_is_white_with_red_heart_and_big_rank(rig):
    panel, model = rig.panel, rig.model
    r = renderer.Renderer(panel)
    r.full(_table())
    x0, y0, x1, y1 = _top_card_box()
    face = _colours_in(model, x0, y0, x1, y1)
    assert face.get(colours.CARD, 0) > (x1 - x0) * (y1 - y0) // 2
    assert model.pixel(x1 - 1, y0) == colours.FELT  # rounded corner shows the felt
    # the heart fills the middle of its box; the rank sits in the upper part
    _, suit_y, _, suit_h = card_faces.suit_box()
    assert model.pixel((x0 + x1) // 2, y0 + suit_y + suit_h // 2) == colours.INK_RED
    rank = _colours_in(model, x0 + _FAN, y0 + 14, x1 - 4, y0 + 14 + 49)
    assert rank.get(colours.INK_RED, 0) > 300  # a 7 at scale 7: hundreds of ink pixels
    assert colours.INK_BLACK not in face
    assert model.errors == []


def test_black_suits_are_black_and_older_cards_show_their_index(rig):
    panel, model = rig.panel, rig.model
    r = renderer.Renderer(panel)
    r.full(_table(("AS", "2C", "QH")))
    x0, y0, x1, y1 = _top_card_box()
    face = _colours_in(model, x0, y0, x1, y1)
    assert face.get(colours.INK_BLACK, 0) > 500 and colours.INK_RED not in face
    # the oldest card (QH) is fanned out to the left: its red index is visible
    ox = pile.card_box(2)[0]
    assert _colours_in(model, ox, y0, ox + _FAN, y0 + 60).get(colours.INK_RED, 0) > 50


def test_seat_strips_carry_their_colours_and_the_turn(board):
    rig, r, v = _drawn(board, "st7789")
    model = rig.model
    left = _colours_in(model, 0, 40, pile.SIDE, 200)
    assert max(left, key=left.get) == viewmod.SEAT_COLOURS[1]  # seat 1's turn: its strip in full colour
    bottom = _colours_in(model, 0, HEIGHT - pile.STRIP, WIDTH, HEIGHT)
    assert max(bottom, key=bottom.get) == colours.dim(viewmod.SEAT_COLOURS[0])
    assert viewmod.SEAT_COLOURS[0] in bottom  # the inner edge keeps the true colour


def test_update_after_one_new_card_only_sends_the_pile(board):
    rig = board("st7789")
    panel, model, bus = rig.panel, rig.model, rig.spi
    r = renderer.Renderer(panel)
    v = _table()
    assert r.full(v) == renderer.ALL
    model.mark()
    before = bus.bytes_written
    v.pile[:] = cards.parse_list(["3S", "7H", "KS", "7D"])
    mask = r.update(v)
    assert mask == renderer.PILE
    pile_bytes = pile.MID_W * pile.PILE_H * 2
    # the fan stays four cards: only the boxes of its cards' indexes, big rank and suit (28 KB)
    assert bus.bytes_written - before < pile_bytes * 2 // 5
    x0, y0, x1, y1 = model.written_box()
    assert pile.MID_X <= x0 and pile.PILE_Y <= y0
    assert x1 <= pile.MID_X + pile.MID_W and y1 <= pile.PILE_Y + pile.PILE_H
    assert model.errors == []


def test_a_played_card_redraws_pile_count_and_the_two_seats_only(board):
    rig, r, v = _drawn(board, "st7789")
    model, bus = rig.model, rig.spi
    v.pile[:] = cards.parse_list(["3S", "7H", "KS", "7D"])
    v.pile_count = 13
    v.count[1] = 8
    v.turn = 3
    assert r.update(v) == renderer.PILE | renderer.PILE_COUNT | renderer.SEAT0 << 1 | renderer.SEAT0 << 3
    before = bus.bytes_written
    assert r.update(v) == 0
    assert bus.bytes_written == before


def _px(model, x0, y0, x1, y1):
    return [model.pixel(x, y) for y in range(y0, y1) for x in range(x0, x1)]


def test_a_valid_verdict_covers_the_pile_a_false_one_sits_low_and_each_leaves_with_it(board):
    from host_sim.tests.table_screen import regions_painted, pile_above_note, note_box
    rig, r, v = _drawn(board, "ili9341")
    model = rig.model
    table = _px(model, 0, 0, WIDTH, HEIGHT)
    ax, ay, aw, ah = pile_above_note()
    nx, ny, nw, nh = note = note_box()
    assert ny + nh <= pile.info_box(False)[1] and ay + ah <= ny  # (under the pile's count and banner)
    regions = regions_painted(r)
    v.verdict = (0, True, "SANDWICH!", 212, "Red takes 12")
    assert r.update(v) == renderer.PILE
    mid = _colours_in(model, 120, 90, 200, 110)
    assert colours.GREEN in mid and colours.WHITE in mid
    # a false press's verdict instead: low over the pile, the cards' indexes, chips and the
    # top card's big rank above it as the table showed them; the rows of both repainted
    del regions[:]
    v.verdict = (2, False, "NO SLAP", "Green burns 1", "nothing to slap")
    assert r.update(v) == renderer.PILE
    vy = pile.verdict_box(True)[1]
    assert regions == [(nx, vy, nw, ny + nh - vy)]
    assert colours.GREEN not in _colours_in(model, 40, 30, 280, 180)
    inside = _colours_in(model, nx, ny, nx + nw, ny + nh)
    assert colours.RED in inside and colours.WHITE in inside
    assert _px(model, ax, ay, ax + aw, ay + ah) == [table[(ay + j) * WIDTH + ax + i]
                                                    for j in range(ah) for i in range(aw)]
    # lifted: only its box is repainted, and the table is as it was
    del regions[:]
    v.verdict = None
    assert r.update(v) == renderer.PILE
    assert regions == [note]
    assert _px(model, 0, 0, WIDTH, HEIGHT) == table
    # coming onto the table: its box alone
    del regions[:]
    v.verdict = (1, False, "TOO EARLY", "Blue burns 1", "card not shown yet")
    assert r.update(v) == renderer.PILE
    assert regions == [note]
    assert r.heap_misses == 0


def test_winner_menu_and_message_screens_then_back_to_the_table(board):
    rig, r, v = _drawn(board, "st7789")
    model = rig.model
    v.winner = 3
    assert r.update(v) == renderer.ALL
    assert model.pixel(160, 20) == viewmod.SEAT_COLOURS[3]
    assert r.update(v) == 0
    r.menu("SlapStack", ["Ratscrew", "War"], 1, "Slap to choose")
    assert model.pixel(160, 80) == colours.MENU_BAR  # the selected row is highlighted
    model.mark()
    r.menu("SlapStack", ["Ratscrew", "War"], 0, "Slap to choose")
    box = model.written_box()
    assert box[1] >= 36 and box[3] <= HEIGHT - 28  # moving the selection repaints the list only
    r.message("No board found", ["Check the cable."])
    assert model.pixel(5, 5) == colours.GOLD
    v.winner = None
    assert r.update(v) == renderer.ALL
    assert model.errors == []


def test_renderer_constants_are_the_colours_and_layout_they_name():
    # the palette writes each colour as a micropython.const RGB565 literal with the 8-bit
    # channels it stands for in its comment: every one is those channels in RGB565
    def rgb(r, g, b):
        return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)

    R = renderer
    P = pile
    named = re.findall(r"^([A-Z_]+) = const\((0x[0-9A-F]{4})\)\s*# rgb\((\d+), (\d+), (\d+)\)",
                       Path(colours.__file__).read_text(), re.M)
    assert len(named) == 21 and ("GOLD", "0xF542", "240", "170", "20") in named  # the real palette
    assert [(name, getattr(colours, name)) for name, *_ in named] == \
        [(name, rgb(int(r), int(g), int(b))) for name, _, r, g, b in named]
    assert [(name, int(lit, 16)) for name, lit, *_ in named] == [(name, getattr(colours, name)) for name, *_ in named]
    assert viewmod.SEAT_COLOURS == (rgb(220, 40, 40), rgb(40, 110, 235), rgb(40, 185, 70), rgb(245, 205, 30))
    assert (R.W, R.H) == (WIDTH, HEIGHT)
    info_y, info_h = P.info_box(False)[1::2]
    assert P.MID_X + P.MID_W + P.SIDE == WIDTH and info_y + info_h + P.STRIP == HEIGHT
    assert (P.MID_X, P.PILE_Y, P.MID_W, P.PILE_H) == (36, 28, 248, 156)  # tests/test_mpy_gfx.py's pile
    assert P.verdict_box(True)[::2] == (44, 232)  # and its verdict's box
    assert R.ALL == R.PILE | R.PILE_COUNT | R.BANNER | R.SEAT0 * 15


@pytest.mark.parametrize("kind", KINDS)
def test_screenshot_matches_the_pixels(board, kind):
    rig = board(kind)
    panel, model = rig.panel, rig.model
    renderer.Renderer(panel).full(_table())
    im = model.to_image()
    assert im.size == (WIDTH, HEIGHT)
    points = [(x, y) for x in range(0, WIDTH, 5) for y in range(0, HEIGHT, 5)]
    for x, y in points + [(319, 0), (0, 239), (319, 239)]:
        c = model.pixel(x, y)
        r, g, b = im.getpixel((x, y))
        assert (r >> 3, g >> 2, b >> 3) == (c >> 11, (c >> 5) & 63, c & 31), (x, y)


def _card_wire_time_us(rig):
    r = renderer.Renderer(rig.panel)
    v = _table()
    r.full(v)
    v.pile[:] = cards.parse_list(["3S", "7H", "KS", "7D"])
    v.pile_count += 1
    v.count[1] -= 1
    v.turn = 3
    t = rig.hw.clock.now_us
    r.update(v)
    return rig.hw.clock.now_us - t  # the fake SPI holds the CPU for each transfer


def test_a_played_card_is_on_the_wire_in_under_10ms_at_50mhz(board):
    # the pile's changed boxes, its count and the two seat strips the turn passes between
    fast = _card_wire_time_us(board("st7789"))
    slow = _card_wire_time_us(board("st7789", boot_clock=False))
    assert 4_000 < fast < 10_000
    assert slow > 1.8 * fast  # 24 MHz: what the SPI gets without boot.py's clock change (50 / 24 = 2.1)


def test_the_card_and_seat_words_stay_encoded_and_a_verdicts_two_lines_are_encoded_together(rig):
    # the pile is painted with the heap locked on the chip, where a text not in gfx's
    # cache is drawn character by character (some 40 us each): a table pins its words, and
    # a verdict's two lines go into the cache together, never the second emptying it of
    # the first
    r = renderer.Renderer(rig.panel)
    r.full(sample_views.table())
    assert all(text.cached(s) for s in pile.RANKS if s) and text.cached(" ms")
    r.forget_texts()  # (from what the tests before left in the cache) to just the pinned words
    assert all(text.cached(s) for s in pile.RANKS if s) and text.cache_size() < text.CACHE_MAX
    i = 0
    while text.cache_size() < text.CACHE_MAX:  # a game's banners fill the cache up
        text.text_width("Red takes %d" % i)
        i += 1
    assert text.cached("Red takes %d" % (i - 1))
    text.keep("SANDWICH!", "Blue takes 17")
    assert text.cached("SANDWICH!") and text.cached("Blue takes 17")
    assert text.cached("K") and text.cached(" ms")  # emptied to make room, the pinned words came back
    assert not text.cached("Red takes %d" % (i - 1))
    r.forget_texts()  # a game's end
    assert not text.cached("Blue takes 17") and text.cached("K")
