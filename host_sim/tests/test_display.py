"""The display driver against the pixel-exact panel model: the panels' start-up, where a pixel
lands, colours, windows, the backlight and the SPI clock, and the streams a panel rejects."""
import pytest

from host_sim import display_rig
from host_sim.panel_memory import WIDTH, HEIGHT
from host_sim.panel_model import ST7789Model, ILI9341Model, KINDS
from drawing import colours

RED565 = 0xF800
GREEN565 = 0x07E0
BLUE565 = 0x001F


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


def test_row_column_exchange_alone_would_mirror_the_picture(board):
    rig = board("st7789")
    panel, model = rig.panel, rig.model
    panel.madctl = 0x20  # MV without MX: a transpose, not a rotation
    panel.init()
    model.mark()
    panel.fill_rect(10, 20, 1, 1, 0xFFFF)
    assert model.written_box() == (10, 219, 11, 220)
