"""The hardware test screen (firmware/painters/hw_test.py), end to end on the simulated Pico: a
maker's presses light the seat's LED, beep and name the seat; the console keys show and start
their tests; a stuck or miswired button is named in words; Back held 2 s leaves."""
import sys

import pytest

from drawing.colours import MENU_BG, WHITE
from host_sim.tests.screen_text import TextLog
from painters.view import SEAT_COLOURS

FULL = 65535
KEYS = ("up", "down", "ok", "back")
SEAT_WORDS = ("Seat 1: Red", "Seat 2: Blue", "Seat 3: Green", "Seat 4: Yellow")


# where the screen shows what is held: a point inside each seat's and each key's box, clear
# of its words (four boxes a row, 80 px apart)
def seat_point(i):
    return i * 80 + 8, 58


def key_point(i):
    return i * 80 + 5, 143


def open_test(make_device, **kw):
    """The main menu, one Up to its last entry on a new board, OK: the test, as a maker opens it."""
    dev = make_device(**kw)
    dev.keys("up")
    assert dev.app.screen.menu.items()[dev.app.screen.menu.selected] == "Test the buttons"
    dev.keys("ok")
    return dev


def said(log):
    return " ".join(log.texts())


def test_it_opens_from_the_menu_naming_every_seat_key_and_how_to_leave(make_device):
    dev = make_device()
    dev.keys("up")
    with TextLog() as log:
        dev.keys("ok")
    texts = log.texts()
    for words in ("Test the buttons", "Seat 1", "Red", "Seat 4", "Yellow", "Up", "Down", "OK", "Back",
                  "Hold Back 2 s to leave", "Press each button"):
        assert words in texts
    assert "painters.hw_test" in sys.modules
    assert all(d.scale >= 2 and d.inside((0, 0, 320, 240)) for d in log.drawn)   # 14 px, whole
    assert [dev.led(i) for i in range(4)] == [0, 0, 0, 0]
    assert dev.panel.errors == []


def test_each_seat_lights_its_own_led_beeps_and_is_named_until_released(make_device):
    dev = open_test(make_device)
    notes = []
    for seat in range(4):
        with TextLog() as log:
            t = dev.now_us
            dev.press(seat)
            dev.run_for(40)
            assert [dev.led(i) for i in range(4)] == [FULL if i == seat else 0 for i in range(4)]
            assert dev.pixel(*seat_point(seat)) == SEAT_COLOURS[seat]
            assert SEAT_WORDS[seat] in log.texts()
            tones = dev.tones_since(t)
            assert len(tones) == 1            # its beep, one note
            notes.append(tones[0])
            dev.release(seat)
            dev.run_for(40)
        assert [dev.led(i) for i in range(4)] == [0, 0, 0, 0]
        assert dev.pixel(*seat_point(seat)) == MENU_BG
    assert len(set(notes)) == 4               # each seat beeps its own note
    # two seats at once: both lit
    dev.press(0)
    dev.press(2)
    dev.run_for(40)
    assert [dev.led(i) for i in range(4)] == [FULL, 0, FULL, 0]


def test_the_beeps_sound_with_the_sound_switched_off_and_it_stays_off_after(make_device):
    dev = open_test(make_device, settings={"sound": False})
    t = dev.now_us
    dev.tap(1)
    assert len(dev.tones_since(t)) == 1
    dev.press("back")
    dev.run_for(2100)
    dev.release("back")
    dev.run_for(50)
    t = dev.now_us
    dev.keys("down")                          # a menu key: its click is off again
    assert dev.tones_since(t) == []


def test_each_console_key_shows_while_held(make_device):
    dev = open_test(make_device)
    dev.run_for(50)
    for i, key in enumerate(KEYS):
        dev.press(key)
        dev.run_for(40)
        if key == "ok":                       # OK shows as its test, the colour bars
            assert dev.pixel(300, 45) == 0xFFE0
            dev.release(key)
            dev.keys("up")                    # (any key takes them down)
            assert dev.pixel(*key_point(i)) != WHITE
            continue
        assert [dev.pixel(*key_point(j)) == WHITE for j in range(4)] == [j == i for j in range(4)], key
        dev.release(key)
        dev.run_for(40)
        assert dev.pixel(*key_point(i)) != WHITE, key


def _cell_words(log, y0, y1):
    """The words drawn in each of the four boxes of a row (between y0 and y1), by box, each
    once (a box repainted draws them again)."""
    words = [[], [], [], []]
    for d in log.drawn:
        if y0 <= d.y < y1 and d.text not in words[d.x // 80]:
            words[d.x // 80].append(d.text)
    return words


def test_the_boxes_say_which_buttons_have_passed_and_what_each_key_checks(make_device):
    # issue 64, fault 9: the test did not show which buttons had passed, and its keys'
    # labels "light" and "colour" were cryptic. A button pressed and released in the test
    # has passed, and its box says so from then on; the menu's OK that opened it has not.
    dev = make_device()
    dev.keys("up")
    with TextLog() as log:
        dev.keys("ok")
        dev.run_for(50)
    assert _cell_words(log, 120, 168) == [["Up", "sound"], ["Down", "dims"], ["OK", "bars"], ["Back", "leave"]]
    for seat in (0, 2):
        dev.tap(seat)
    dev.keys("up", "down")
    dev.press(1)                              # held: not yet passed
    dev.run_for(2500)                         # (the scale and the backlight's ramp done)
    with TextLog() as log:
        dev.app.screen.test.draw()            # the whole screen as it stands
    seats = _cell_words(log, 32, 88)
    assert [w[1] for w in seats] == ["works", "Blue", "works", "Yellow"]
    assert [w[0] for w in seats] == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    assert [w[1] for w in _cell_words(log, 120, 168)] == ["works", "works", "bars", "leave"]
    dev.release(1)
    dev.run_for(50)
    with TextLog() as log:
        dev.app.screen.test.draw()
    assert [w[1] for w in _cell_words(log, 32, 88)] == ["works", "works", "works", "Yellow"]
    with TextLog() as log:
        dev.tap(3)
        dev.tap("ok")
        dev.run_for(50)
        assert "Every button works" not in log.texts()   # (Back has not passed yet)
        dev.tap("up")                                     # (OK's bars taken down)
        dev.tap("back")                                   # a short press: Back passes, the test stays
        dev.run_for(50)
    assert "Every button works" in log.texts() and dev.screen_name() == "HardwareTestScreen"


def test_up_plays_a_scale_down_ramps_the_backlight_ok_shows_colour_bars(make_device):
    dev = open_test(make_device)
    t = dev.now_us
    with TextLog() as log:
        dev.keys("up")
    assert "Up: hear a scale" in log.texts()
    dev.run_for(1500)
    scale = dev.tones_since(t)
    assert len(scale) == 8 and scale == sorted(scale) and abs(scale[-1] - 2 * scale[0]) < 2  # an octave
    dev.keys("down")
    seen = []
    for _ in range(25):
        dev.run_for(100)
        seen.append(dev.backlight())
    assert min(seen) < FULL // 5 and seen[-1] == FULL     # down to a glow, then back as set
    with TextLog() as log:
        dev.keys("ok")
    assert log.texts()[:2] == ["White", "Yellow"]
    assert dev.pixel(300, 45) == 0xFFE0 and dev.pixel(300, 195) == 0x001F   # yellow, blue bars
    with TextLog() as log:
        dev.keys("down")                      # any key: the test again, the key named
    assert "Test the buttons" in log.texts() and "Down" in log.texts()
    assert dev.backlight() == FULL            # (that key started no ramp)


def test_a_seat_held_as_the_test_opens_is_named_as_miswired(make_device):
    dev = make_device()
    dev.press(2)                              # wired to NC: reads pressed all along
    dev.run_for(50)
    dev.keys("up")
    with TextLog() as log:
        dev.keys("ok")
    text = said(log)
    assert "Seat 3 Green: pressed from the start." in text and "Wired to NC, or shorted?" in text
    assert dev.led(2) == FULL
    with TextLog() as log:
        dev.release(2)                        # mended
        dev.run_for(40)
    assert "Wired" not in said(log)
    faults = {dev.pixel(x, y) for x in range(0, 320, 2) for y in range(170, 222)}
    assert faults == {MENU_BG}                # the words are gone from the screen too


def test_a_button_held_over_3_s_is_named_stuck_until_released(make_device):
    dev = open_test(make_device)
    dev.press(0)
    dev.press("up")
    with TextLog() as log:
        dev.run_for(2900)
        assert "Stuck?" not in said(log)
        dev.run_for(200)
    assert "Seat 1 Red, Up: held over 3 s. Stuck?" in said(log)
    with TextLog() as log:
        dev.release(0)
        dev.release("up")
        dev.run_for(40)
    assert "Stuck?" not in said(log)


def test_back_held_2_s_leaves_a_tap_does_not(make_device):
    dev = open_test(make_device, settings={"brightness": 60})
    dev.keys("back")
    dev.press(1)
    dev.run_for(40)
    assert "painters.hw_test" in sys.modules and dev.led(1) == FULL
    dev.release(1)
    dev.keys("down")                          # (the backlight ramping as it is left)
    dev.press("back")
    dev.run_for(1900)
    assert "painters.hw_test" in sys.modules
    with TextLog() as log:
        dev.run_for(200)
    assert "Test the buttons" in log.texts()  # the menu, its cursor on the entry
    assert dev.app.screen.menu.items()[dev.app.screen.menu.selected] == "Test the buttons"
    dev.release("back")
    dev.run_for(50)
    assert dev.screen_name() == "MainMenu"                        # closed
    assert [dev.led(i) for i in range(4)] == [0, 0, 0, 0]
    assert dev.backlight() == 60 * FULL // 100                    # as set
    dev.tap(1)
    assert dev.led(1) == 0                    # seats mean nothing at the menu again


@pytest.mark.parametrize("held", ["ok", "back"])
def test_ok_held_at_power_up_opens_the_test_back_the_repl(make_device, held):
    dev = make_device(boot=False)
    dev.press(held)
    dev.boot()
    if held == "ok":
        assert "painters.hw_test" in sys.modules and dev.screen_name() == "HardwareTestScreen"
        assert dev.pixel(*key_point(2)) == WHITE          # OK shows held
        dev.release("ok")
        dev.run_for(40)
        assert dev.pixel(*key_point(2)) != WHITE
    else:
        assert dev.app is None                # main.py stopped at the REPL


def test_the_menu_loads_the_tests_code_while_its_entry_is_chosen_instead_of_the_other_screens(make_device):
    """The main menu loads its screens' code ahead while it waits, so that opening one loads
    nothing; the test's code takes the place of the Rules' and How to play's (it leads to
    neither) while the cursor is on its entry, and goes when the cursor leaves it."""
    dev = make_device()
    dev.run_for(300)
    assert "painters.rules_menu" in sys.modules and "painters.hw_test" not in sys.modules
    dev.keys("up")                            # onto "Test the buttons"
    dev.run_for(300)
    assert "painters.hw_test" in sys.modules
    assert "painters.rules_menu" not in sys.modules and "painters.howto_pages" not in sys.modules
    assert dev.app.screen.howto_ahead is None
    dev.keys("down")                          # off it: the other screens' code again
    dev.run_for(300)
    assert "painters.hw_test" not in sys.modules
    assert "painters.rules_menu" in sys.modules and dev.app.screen.howto_ahead is not None
