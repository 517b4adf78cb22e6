"""The firmware font is the drawn art, and its shapes read as intended."""
from host_sim import font_art

from drawing import font


def test_firmware_font_is_generated_from_the_art():
    widths, data = font_art.encode()
    assert font.WIDTHS == widths
    assert font.DATA == data
    assert (font.HEIGHT, font.FIRST, font.LAST, font.STRIDE) == (8, 32, 126, 5)


def test_ten_is_narrow_enough_for_a_card_index():
    g = font_art.glyphs()
    assert len(g["1"][0]) + 1 + len(g["0"][0]) == 8  # "10" at scale 3 fits a 30 px strip


def test_descenders_use_the_last_row_and_capitals_do_not():
    g = font_art.glyphs()
    for ch in "gjpqy,;":
        assert "#" in g[ch][7], ch
    for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789":
        assert "#" not in g[ch][7] and "#" in g[ch][0] + g[ch][6], ch
