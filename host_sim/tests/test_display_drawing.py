"""Drawing on the pixel-exact panel model: text and numbers turned to each edge, suits, wrapping,
and painting through bands: a region covered exactly, the same picture whatever the band."""
import pytest

from host_sim.panel_memory import WIDTH, HEIGHT
from host_sim.tests.screen_panel import ScreenPanel
from drawing import bands
from drawing import corners
from drawing import gfx
from drawing import suits
from drawing import text
from painters import renderer
import sample_views
from slapstack import cards


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
