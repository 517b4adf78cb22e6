"""The hardware test screen on the emulated Pico, as a maker checks a new build (see
conftest.py): opened from the main menu, every seat pin pressed from outside at an exact
emulated microsecond, the LED pins' levels read, and the panel's pixels decoded and compared
with what the host simulator draws for the same presses. Each redraw's time, from the press to
its last SPI frame on the panel, is printed (``-s``): a figure, not a pass mark."""
import tempfile

from conftest import differing
from host_sim.device import Device
from painters.view import SEAT_COLOURS

SETTLE_US = 150000        # a press's effects, well within this (and seat 4, held through
                          # the test's first steps, stays under the 3 s that make it "stuck")


def seat_point(i):
    """Inside seat ``i``'s box, clear of its words: its colour while held."""
    return i * 80 + 8, 58


def at_once(pico, changes, run_us=SETTLE_US):
    """Drive ``changes`` ((pin, 0 or None), ...) 100 us from now, at one exact emulated
    microsecond, then run ``run_us``. Returns that microsecond."""
    pico.call("pause")
    at = pico.now_us() + 100
    for pin, level in changes:
        if level is None:
            pico.call("release", pin=pin, at_us=at)
        else:
            pico.call("set", pin=pin, level=level, at_us=at)
    pico.call("run_for", us=run_us)
    pico.call("resume")
    return at


def drawn(pico, at):
    """(the panel, us from ``at`` to the last SPI frame since the last look, or None)."""
    last = pico.call("spi_stats")["last_t_us"]
    return pico.screen(), (None if last is None else last - at)


def leds(pico):
    """Each seat LED pin's level (the LEDs are PWM at duty 0 or full in the test)."""
    return [pico.call("gpio", pin=s["led"])["level"] for s in pico.pins["seats"]]


def host_screens():
    """What the host simulator draws for the same presses: the test opened with seat 4
    held (miswired), each of seats 1-3 pressed, seat 4 let go, then the colour bars."""
    dev = Device(tempfile.mkdtemp(prefix="hwtest-host-")).boot()
    try:
        got = {}
        dev.press(3)
        dev.run_for(100)
        dev.keys("up", "ok")
        dev.run_for(300)
        got["open"] = dev.image()
        for seat in range(3):
            dev.press(seat)
            dev.run_for(300)
            got[seat] = dev.image()
            dev.release(seat)
            dev.run_for(300)
        dev.release(3)
        dev.run_for(300)
        got[3] = dev.image()
        dev.keys("ok")
        dev.run_for(300)
        got["bars"] = dev.image()
        return got
    finally:
        dev.close()


def test_the_hardware_test_lights_and_names_every_seat_and_is_left_with_back(pico, board):
    host = host_screens()
    board.stop_firmware()
    board.remove("/last_replay.json")            # a new board: the test is the menu's last entry
    board.boot()
    seat = pico.seat_pins
    key = pico.key_pins
    times = {}
    at_once(pico, [(seat[3], 0)])                 # seat 4 wired to NC: pressed all along
    pico.key("up")
    at = at_once(pico, [(key["ok"], 0)])
    _, times["open"] = drawn(pico, at)             # (before the release repaints OK's box)
    at_once(pico, [(key["ok"], None)])
    panel = pico.screen()
    assert differing(panel.to_image(), host["open"]) == 0   # "Seat 4 Yellow: pressed from the start..."
    assert leds(pico) == [0, 0, 0, 1]
    for i in range(3):
        at = at_once(pico, [(seat[i], 0)])
        panel, times[i] = drawn(pico, at)
        assert leds(pico) == [int(j == i or j == 3) for j in range(4)]
        assert panel.pixel(*seat_point(i)) == SEAT_COLOURS[i]
        assert differing(panel.to_image(), host[i]) == 0    # "Seat N: Colour", its box filled
        at_once(pico, [(seat[i], None)])
        assert leds(pico) == [0, 0, 0, 1]
    at = at_once(pico, [(seat[3], None)])        # mended: no fault, no LED
    panel, times[3] = drawn(pico, at)
    assert leds(pico) == [0, 0, 0, 0]
    assert differing(panel.to_image(), host[3]) == 0
    at = at_once(pico, [(key["ok"], 0)])
    _, times["bars"] = drawn(pico, at)
    at_once(pico, [(key["ok"], None)])
    panel = pico.screen()
    assert differing(panel.to_image(), host["bars"]) == 0
    at = at_once(pico, [(key["up"], 0)])         # the test again
    _, times["back from the bars"] = drawn(pico, at)
    at_once(pico, [(key["up"], None)])
    at = at_once(pico, [(key["back"], 0)], 2_300_000)   # held 2 s: the main menu
    at_once(pico, [(key["back"], None)])
    panel, _ = drawn(pico, at)
    assert differing(panel.to_image(), host_menu_at_the_test_entry()) == 0
    board.stop_firmware()
    # a seat's press repaints its box and a line; opening it (its code loaded from the
    # flash), the colour bars and the test again are whole screens
    print("hardware test, press to last pixel out: " +
          ", ".join("%s %.1f ms" % (name, t / 1000) for name, t in times.items()))
    assert all(t is not None for t in times.values()), times  # every press drew something


def host_menu_at_the_test_entry():
    dev = Device(tempfile.mkdtemp(prefix="hwtest-menu-")).boot()
    try:
        dev.keys("up")
        dev.run_for(300)
        return dev.image()
    finally:
        dev.close()

