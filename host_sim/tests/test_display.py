"""The display driver, drawing and renderer against the pixel-exact panel model."""
import re
from pathlib import Path

import pytest

from host_sim import display_rig, fakes
from host_sim.panel_model import ST7789Model, ILI9341Model, WIDTH, HEIGHT

from drawing import bands  # noqa: E402  (firmware modules, on sys.path via display_rig)
from drawing import colours  # noqa: E402
from drawing import corners  # noqa: E402
from drawing import gfx  # noqa: E402
from drawing import suits  # noqa: E402
from drawing import text  # noqa: E402
from painters import card_faces  # noqa: E402
from painters import menu_painter  # noqa: E402
from painters import pile  # noqa: E402
from painters import renderer  # noqa: E402
import sample_views  # noqa: E402
from painters import view as viewmod  # noqa: E402
from slapstack import cards  # noqa: E402

KINDS = ("st7789", "ili9341")
RED565 = 0xF800
GREEN565 = 0x07E0
BLUE565 = 0x001F


@pytest.fixture(params=KINDS)
def rig(request):
    yield display_rig.make(request.param)
    fakes.uninstall()


@pytest.fixture
def board():
    """display_rig.make, with the fakes removed after the test."""
    yield display_rig.make
    fakes.uninstall()


# -- driver and panel model ------------------------------------------------------------


def test_init_sequence_is_accepted_and_leaves_a_black_screen(rig):
    panel, model = rig.panel, rig.model
    assert model.errors == []
    assert model.showing
    assert model.colmod == 0x55
    assert model.madctl == panel.MADCTL_LANDSCAPE
    # power-up memory is noise: the driver must have cleared every pixel before DISPON
    assert model.written_count() == WIDTH * HEIGHT
    assert {model.pixel(x, y) for x in range(0, WIDTH, 7) for y in range(0, HEIGHT, 7)} == {0}


def test_st7789_ips_glass_needs_inversion_on(board):
    assert board("st7789").model.inverted  # without INVON the IPS glass would show every colour inverted


def test_init_without_the_datasheet_delays_is_flagged(board):
    model = board("st7789", delay_ms=lambda ms: None).model  # every wait skipped
    assert any("too early" in e for e in model.errors)
    assert any("SLPOUT" in e and "120 ms" in e for e in model.errors)


def test_software_reset_when_no_reset_pin(board):
    model = board("st7789", rst=False).model
    assert any(cmd == 0x01 for cmd, _ in model.history)  # SWRESET
    assert model.errors == [] and model.showing


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("x,y", [(0, 0), (319, 0), (0, 239), (319, 239), (250, 17)])
def test_a_pixel_lands_where_it_was_drawn_in_landscape(board, kind, x, y):
    rig = board(kind)
    panel, model = rig.panel, rig.model
    panel.fill_rect(x, y, 1, 1, 0xFFFF)
    assert model.pixel(x, y) == 0xFFFF
    assert model.written_box() is not None
    model.mark()
    panel.fill_rect(x, y, 1, 1, 0x1234)
    assert model.written_box() == (x, y, x + 1, y + 1)
    assert model.errors == []


@pytest.mark.parametrize("kind", KINDS)
def test_flipped_mounting_turns_the_picture_half_round(board, kind):
    rig = board(kind, flip=True)
    panel, model = rig.panel, rig.model
    model.mark()
    panel.fill_rect(10, 20, 1, 1, 0xFFFF)
    assert model.written_box() == (309, 219, 310, 220)


@pytest.mark.parametrize("colour", [RED565, GREEN565, BLUE565])
def test_colours_show_true_on_both_glasses(rig, colour):
    panel, model = rig.panel, rig.model
    panel.fill_rect(100, 100, 4, 4, colour)
    assert model.pixel(101, 101) == colour  # BGR filter (ILI9341) and IPS inversion (ST7789)


def test_memory_write_wraps_inside_the_window(rig):
    panel, model = rig.panel, rig.model
    panel.set_window(10, 20, 3, 2)  # 6 pixels
    colours = [0x1111, 0x2222, 0x3333, 0x4444, 0x5555, 0x6666, 0x7777, 0x8888]
    data = bytearray()
    for c in colours:
        data += bytes((c >> 8, c & 0xFF))
    panel.pixels(data)
    assert model.pixel(10, 20) == 0x7777  # 7th pixel wrapped to the start
    assert model.pixel(11, 20) == 0x8888
    assert model.pixel(12, 20) == 0x3333
    assert model.pixel(10, 21) == 0x4444
    assert model.pixel(12, 21) == 0x6666
    assert model.pixel(13, 20) == 0  # outside the window: untouched
    assert model.errors == []


def test_memory_write_continues_across_chip_select_frames(rig):
    panel, model = rig.panel, rig.model
    panel.set_window(0, 0, 4, 1)
    panel.pixels(b"\xf8\x00\x07")  # the second pixel is split across two CS frames
    panel.pixels(b"\xe0")
    assert model.pixel(0, 0) == RED565
    assert model.pixel(1, 0) == GREEN565
    assert model.errors == []


def test_blit_puts_an_image_in_its_window(rig):
    panel, model = rig.panel, rig.model
    img = bytearray()
    for i in range(6):
        img += bytes((0, i + 1))
    panel.blit(img, 200, 50, 3, 2)
    assert [model.pixel(200 + i % 3, 50 + i // 3) for i in range(6)] == [1, 2, 3, 4, 5, 6]
    with pytest.raises(ValueError):
        panel.blit(img, 0, 0, 4, 2)  # wrong length for the window


def test_driver_refuses_windows_outside_the_panel(rig):
    panel, model = rig.panel, rig.model
    for args in [(0, 0, 321, 1), (310, 0, 11, 1), (0, 235, 1, 6), (-1, 0, 1, 1), (0, 0, 0, 1)]:
        with pytest.raises(ValueError):
            panel.set_window(*args)
    assert model.errors == []


def test_backlight_dims_with_pwm(board):
    rig = board("st7789", backlight=True)
    rig.panel.backlight(50)
    freq, duty = rig.hw.pwm_output(display_rig.BL)
    assert freq == 1000 and abs(duty - 32768) < 100  # the slice's counter quantises it
    rig.panel.backlight(100)
    assert rig.hw.pwm_output(display_rig.BL) == (1000, 65535)
    rig.panel.backlight(0)
    assert rig.hw.pwm_output(display_rig.BL)[1] == 0


def test_backlight_on_a_plain_pin_is_on_or_off(board):
    rig = board("ili9341")
    import machine  # the fake, installed by board()

    pin = machine.Pin(display_rig.BL, machine.Pin.OUT, value=0)
    panel = type(rig.panel)(rig.spi, machine.Pin(display_rig.DC), machine.Pin(display_rig.CS),
                            backlight=pin)
    panel.backlight(30)
    assert rig.hw.level(display_rig.BL) == 1
    panel.backlight(0)
    assert rig.hw.level(display_rig.BL) == 0


def test_spi_runs_at_the_panels_rating_once_boot_moves_clk_peri(board):
    # boot.py clocks the CPU and clk_peri at 200 MHz (spi_clock.py): SCK 200 / 4, since 200 / 2
    # would be above the ST7789's 62.5 MHz; the ILI9341's 40 MHz becomes 200 / 6
    assert board("st7789").spi.sck_hz == 50_000_000
    assert board("ili9341").spi.sck_hz == 33_333_333
    assert board("st7789", boot_clock=False).spi.sck_hz == 24_000_000


# -- streams the panel rejects -----------------------------------------------------------


def _send(model, *parts):
    for dc, data in parts:
        model.on_spi_write(bytes(data), dc)
    model.end()


def _ready(model):
    """Wake a fresh model the way the driver does (no clock: no busy checks)."""
    _send(model, (0, [0x11]), (0, [0x36]), (1, [0x60]), (0, [0x3A]), (1, [0x55]), (0, [0x29]))
    assert model.errors == []


def test_unknown_command_is_an_error():
    model = ILI9341Model()
    _send(model, (0, [0xBB]), (1, [0x35]))  # ST7789's VCOMS: not an ILI9341 command
    assert model.errors == ["unknown ILI9341 command 0xBB"]


def test_window_outside_the_address_space_is_rejected():
    model = ST7789Model()
    _ready(model)
    _send(model, (0, [0x2A]), (1, [0, 0, 1, 64]))  # column 320 does not exist
    _send(model, (0, [0x2B]), (1, [0, 20, 0, 10]))  # start after end
    assert len(model.errors) == 2
    assert "CASET 0..320" in model.errors[0] and "RASET 20..10" in model.errors[1]


def test_odd_byte_count_of_rgb565_is_an_error():
    model = ST7789Model()
    _ready(model)
    _send(model, (0, [0x2C]), (1, [1, 2, 3]), (0, [0x00]))
    assert model.errors == ["memory write ended with 1 byte(s) of a pixel left over"]


def test_pixels_before_colmod_show_garbage():
    model = ST7789Model()
    _send(model, (0, [0x11]), (0, [0x29]), (0, [0x2C]), (1, [0xF8, 0x00] * 3))
    assert any("COLMOD is 0x66" in e for e in model.errors)
    assert model.pixel(0, HEIGHT - 1) != RED565 or model.pixel(1, HEIGHT - 1) != RED565


def test_sleeping_or_dark_panel_shows_nothing():
    model = ST7789Model()
    _send(model, (0, [0x36]), (1, [0x60]), (0, [0x3A]), (1, [0x55]), (0, [0x21]),
          (0, [0x2C]), (1, [0xFF, 0xFF]))
    assert not model.showing and model.pixel(0, 0) == 0
    _send(model, (0, [0x11]), (0, [0x29]))
    assert model.showing and model.pixel(0, 0) == 0xFFFF


def test_parameters_wrong_in_number_or_without_command():
    model = ST7789Model()
    _ready(model)
    _send(model, (0, [0x36]), (1, [0x60, 0x00]))  # MADCTL takes one byte
    _send(model, (0, [0x2A]), (1, [0, 0]), (0, [0x00]))  # CASET cut short
    _send(model, (0, [0x29]), (1, [0x01]))  # DISPON takes none
    assert model.errors == [
        "MADCTL takes 1 parameter byte(s), got 2",
        "CASET takes 4 parameter byte(s), got 2",
        "1 data byte(s) with no command taking parameters",
    ]


# -- drawing and the table screen ----------------------------------------------------------


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


def test_text_rotates_to_face_each_edge(board):
    rig = board("st7789")
    panel, model = rig.panel, rig.model
    g = gfx.Gfx(panel)

    def paint(g):
        g.text("L", 10, 10, 1, 0xFFFF)  # L: a vertical bar, foot to the right
        g.text("L", 30, 10, 1, 0xFFFF, 180)
        g.text("L", 50, 10, 1, 0xFFFF, 90)
        g.text("L", 70, 10, 1, 0xFFFF, 270)

    g.paint(0, 0, 100, 30, 0, paint)
    assert model.pixel(10, 10) and model.pixel(14, 16) and not model.pixel(14, 10)
    assert model.pixel(34, 17) and model.pixel(30, 11) and not model.pixel(30, 17)
    assert model.pixel(57, 10) and model.pixel(51, 14) and not model.pixel(57, 14)
    assert model.pixel(70, 14) and model.pixel(76, 10) and not model.pixel(70, 10)


def test_numbers_draw_like_their_text(board):
    rig = board("st7789")
    g = gfx.Gfx(rig.panel)
    for rot in (0, 90, 180, 270):
        g.paint(0, 0, 120, 120, 0, lambda g: g.text("1052", 5, 5, 3, 0xFFFF, rot))
        g.paint(160, 0, 120, 120, 0, lambda g: g.number(1052, 165, 5, 3, 0xFFFF, rot))
        for y in range(120):
            for x in range(120):
                assert rig.model.pixel(x, y) == rig.model.pixel(160 + x, y), (rot, x, y)
    assert text.number_width(1052, 3) == text.text_width("1052", 3)


@pytest.mark.parametrize("size", [12, 22, 56])  # How to play's, an index's, a card's big suit
def test_a_suits_runs_have_the_pixels_its_shapes_draw(board, size):
    # on the chip suits.draw fills the runs of a picture that suits.shapes drew once (the device
    # stage compares that with the shapes drawn band by band, as here on the host): each
    # row's runs left to right, apart, (0, 0) after the last, and their pixels the shapes'
    rig = board("st7789")
    g = gfx.Gfx(rig.panel, band_bytes=2 * 90 * 7)  # 7-row bands: every suit is cut
    for suit in range(4):
        runs = suits.runs(g, suit, size)
        k = runs[0]
        assert len(runs) == 1 + 2 * k * size
        g.paint(0, 0, 90, 90, 0x0841, lambda g: suits.shapes(g, suit, 5, 5, size, 0xF800))
        ink = 0
        for y in range(size):
            row = runs[1 + 2 * k * y:1 + 2 * k * (y + 1)]
            pairs = [(row[i], row[i + 1]) for i in range(0, 2 * k, 2) if row[i + 1] > row[i]]
            assert not any(row[2 * len(pairs):]), (suit, y)
            for (_, end), (start, _) in zip(pairs, pairs[1:]):
                assert end < start, (suit, y)
            filled = {x for start, end in pairs for x in range(start, end)}
            for x in range(size):
                assert (x in filled) == (rig.model.pixel(5 + x, 5 + y) != rig.model.pixel(0, 0)), (suit, x, y)
            ink += len(filled)
        assert ink > size * size // 4
        assert rig.model.pixel(4, 4 + size // 2) == rig.model.pixel(5 + size, 4 + size // 2) == rig.model.pixel(0, 0)
        assert suits.runs(g, suit, size) is runs  # made once


def test_bands_cover_a_region_exactly_with_a_small_buffer(board):
    rig = board("st7789")
    panel, model = rig.panel, rig.model
    sent = []
    window, more = panel.window, panel.more
    panel.window = lambda x, y, w, h: (sent.append((x, y, w, h)), window(x, y, w, h))
    panel.more = lambda buf: (sent.append(len(buf)), more(buf))
    g = gfx.Gfx(panel, band_bytes=1000)  # 2 rows of 250 px per band
    model.mark()
    g.paint(0, 0, 250, 7, 0x0841, lambda g: g.disc(125, 4, 3, 0xFFFF))
    assert sent == [(0, 0, 250, 7), 1000, 1000, 1000, 500]  # one address window, then the bands
    assert model.written_box() == (0, 0, 250, 7)
    assert model.written_count() == 250 * 7


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


class ScreenPanel:
    """The whole screen as RGB565 bytes, written by the renderer's blits (no panel model)."""

    def __init__(self):
        self.px = bytearray(WIDTH * HEIGHT * 2)

    def blit(self, buf, x, y, w, h):
        for row in range(h):
            at = ((y + row) * WIDTH + x) * 2
            self.px[at:at + w * 2] = buf[row * w * 2:(row + 1) * w * 2]


def _every_screen(band_bytes):
    """The screens a game shows, one after the other, drawn through bands of ``band_bytes``."""
    p = ScreenPanel()
    r = renderer.Renderer(p, band_bytes)
    v = sample_views.table()
    v.count[3] = 103
    v.chances = 4
    v.stuck = [3]
    v.pile[3] = 0x0E  # a joker under the top three
    shots = []
    r.full(v)
    shots.append(bytes(p.px))
    v.pile[:] = cards.parse_list(["10D", "7H", "KS", "7D"])
    v.verdict = (0, True, "SANDWICH!", 212, "Red takes 13")
    v.turn = 3
    r.update(v)
    shots.append(bytes(p.px))
    v.verdict = (2, False, "NO SLAP", None, "Green burns 1")
    r.update(v)
    shots.append(bytes(p.px))
    v.winner = 2
    v.banner = "OK: again  Back: menu"
    r.update(v)
    shots.append(bytes(p.px))
    r.rest()  # as an error does: the next screens make their buffers again
    items = ["Play", "Game: Ratscrew", "Players: 4", "People: 1", "Bots: normal", "Rules...", "Tempo: fast"]
    for sel in (0, 6, 2):
        r.menu("SlapStack", items, sel, "OK: choose/change")
        shots.append(bytes(p.px))
    r.message("Stuck button", ["Seat 3's button reads pressed.", "Release it to go on."])
    shots.append(bytes(p.px))
    return shots


def test_the_picture_does_not_depend_on_the_band_size():
    # painters skip what lies outside the band being painted (corner rows, text, glyph
    # rows and columns, menu rows): whatever the band, every pixel must come out the same
    # as when the whole screen is one band
    whole = _every_screen(WIDTH * HEIGHT * 2)
    for band_bytes in (gfx.BAND_BYTES, 320 * 16 * 2, 1000, 642):
        assert _every_screen(band_bytes) == whole, band_bytes


def test_isqrt():
    for n in list(range(200)) + [10 ** 6, 4 * 60 * 60 - 1]:
        r = corners.isqrt(n)
        assert r * r <= n < (r + 1) * (r + 1)


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


def test_row_column_exchange_alone_would_mirror_the_picture(board):
    rig = board("st7789")
    panel, model = rig.panel, rig.model
    panel.madctl = 0x20  # MV without MX: a transpose, not a rotation
    panel.init()
    model.mark()
    panel.fill_rect(10, 20, 1, 1, 0xFFFF)
    assert model.written_box() == (10, 219, 11, 220)


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


def _wrap_by_whole_lines(words, width, scale):
    """What ``text.wrap`` must give: each line as long as it can be, measured whole."""
    out = []
    cur = ""
    for word in words.split(" "):
        trial = word if not cur else cur + " " + word
        if cur and text.text_width(trial, scale) > width:
            out.append(cur)
            cur = word
        else:
            cur = trial
    out.append(cur)
    return out


@pytest.mark.parametrize("width,scale", [(300, 2), (284, 2), (120, 2), (60, 1), (10, 2)])
def test_wrap_breaks_where_measuring_each_whole_line_would(width, scale):
    """Every explanation and How to play text, and awkward ones (spaces doubled or leading,
    letters beyond ASCII, a word wider than the line), at several widths."""
    from painters import howto_pages
    from painters import rule_words

    texts = ["", " ", "one", "  two  spaces ", "caf\u00e9 na\u00efve \u2014 d\u00e9j\u00e0 vu",
             "Mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm x", "A false slap burns 2 cards."]
    texts += [w[1] for w in rule_words.WORDS.values()]
    texts += [w[1] for own in rule_words.OWN_WORDS.values() for w in own.values()]
    texts += [rule_words.words(game, name)[1] for game in ("ratscrew", "ruffle")
              for name in rule_words.SLAP_GROUPS[0][1]]  # (the combinations': from their table)
    for game in ("ratscrew", "egyptian_war", "ruffle", "beggar", "war", "money"):
        for _heading, items in howto_pages.pages(game, howto_pages.game_rules({"rules": {}}, game)):
            texts += [item[1] for item in items if item[0] == "text"]
    assert len(texts) > 60
    import random
    rnd = random.Random(width)
    for _ in range(300):  # words of 0-12 letters (0: a doubled space), some of them wide
        texts.append(" ".join("".join(rnd.choice("iIlmMW.\u00e9") for _ in range(rnd.randrange(13)))
                              for _ in range(rnd.randrange(1, 12))))
    for words in texts:
        assert text.wrap(words, width, scale) == _wrap_by_whole_lines(words, width, scale), words


def test_larger_bands_with_no_room_for_them_fall_back_to_the_smaller(monkeypatch):
    # a game's table asks for 5 KB bands (Gfx.bands); a heap with no room for them is no
    # error: the menus' 2.5 KB bands are made instead, and the screen is the same
    made = []

    def tight(n):
        if n > gfx.BAND_BYTES:
            raise MemoryError
        made.append(n)
        return bytearray(n)

    p = ScreenPanel()
    r = renderer.Renderer(p)
    v = sample_views.table()
    r.full(v)
    drawn = bytes(p.px)
    r.g.bands(gfx.GAME_BAND_BYTES)
    assert r.g.buffers() is None               # the old buffers went
    monkeypatch.setattr(bands, "bytearray", tight, raising=False)
    p.px[:] = bytes(len(p.px))
    r.full(v)
    assert bytes(p.px) == drawn and made and set(made) == {gfx.BAND_BYTES}
    assert r.g.band_bytes == gfx.BAND_BYTES
    monkeypatch.undo()
    r.g.bands(gfx.GAME_BAND_BYTES)             # with room, the larger ones
    p.px[:] = bytes(len(p.px))
    r.full(v)
    assert bytes(p.px) == drawn and len(r.g.buffers()[0]) == gfx.GAME_BAND_BYTES
