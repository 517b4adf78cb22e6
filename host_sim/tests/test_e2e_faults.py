"""When things go wrong on the device: a hang, an error, a full flash."""
import json
import sys

import pytest

from host_sim.device import MS, FirmwareStopped
from host_sim.fakes.rp2040 import WDT_RESET
from host_sim.tests.test_e2e_screens import matches_golden

from drawing import colours
from painters import renderer as R
from slapstack import events as E

TWO_PEOPLE = {"players": 2, "humans": 2, "tempo": "frantic"}


def test_a_hung_firmware_is_reset_by_the_watchdog_and_says_so_after(make_device, flash):
    dev = make_device(settings=TWO_PEOPLE)
    time = sys.modules["time"]

    def hang(self, view):
        while True:
            time.sleep_ms(100)  # stuck in a loop that never gets back to the main loop

    sys.modules["painters.renderer"].Renderer.update = hang
    t0 = dev.now_us
    dev.keys("ok")                      # returns once the device has stopped: reset
    assert isinstance(dev.outcome, BaseException)
    assert [r[1] for r in dev.hw.resets] == [WDT_RESET]
    assert 4900 * MS < dev.hw.resets[0][0] - t0 < 5300 * MS     # WDT_MS = 5 s without a feed
    dev.close()
    dev = make_device(boot=False)
    dev.hw.reset_cause = WDT_RESET
    dev.boot(400)
    assert dev.pixel(160, 5) == colours.GOLD
    assert dev.screen_name() == "Notice" and "watchdog" in dev.app.screen.lines[0]
    assert "restarted by the watchdog" in (flash / "error.log").read_text()


def test_make_flash_on_a_blank_board_shows_the_menu_not_a_watchdog_notice(make_device, flash):
    # mpremote's reset at the end of make flash is machine.reset(), which on rp2 reboots
    # through the watchdog: the start reports WDT_RESET, yet nothing hung
    dev = make_device(boot=False)
    dev.hw.reset_cause = WDT_RESET
    dev.boot(400)
    assert dev.screen_name() == "MainMenu"          # no notice
    assert dev.app.screen.menu.items()[0] == "Play"
    assert not (flash / "error.log").exists()


def test_ctrl_c_then_reset_is_no_hang_even_in_a_game(make_device, flash):
    dev = make_device(settings=TWO_PEOPLE)
    dev.keys("ok")
    dev.run_until_event(E.CARD, 3000)
    assert (flash / "watchdog.armed").exists()     # the loop runs under its watchdog

    def ctrl_c(self):
        raise KeyboardInterrupt  # mpremote connecting sends Ctrl-C

    sys.modules["app.loop"].App.step = ctrl_c
    with pytest.raises(FirmwareStopped):
        dev.run_for(20)
    assert isinstance(dev.outcome, KeyboardInterrupt)
    assert not (flash / "watchdog.armed").exists()
    dev.close()
    dev = make_device(boot=False)
    dev.hw.reset_cause = WDT_RESET                  # mpremote reset: machine.reset()
    dev.boot(400)
    assert dev.screen_name() == "MainMenu"          # no notice
    assert dev.app.screen.menu.items()[0] == "Play"


def _slaps_fail(fail):
    """Each SLAP event (a slap judged) goes to ``fail(seat)`` once the App has shown it: an
    error raised there is an error in the game's event handling, inside the table's turn."""
    App = sys.modules["app.loop"].App
    shown = App.on_event  # (the device's own watch on the events, host_sim/device.py)

    def on_event(self, kind, t, p, a, b, c):
        shown(self, kind, t, p, a, b, c)
        if kind == E.SLAP:
            fail(p)

    App.on_event = on_event


def _boom(p):
    raise ValueError("boom in the slap handler")


def _divide(p):
    1 / 0


def test_an_error_shows_a_screen_is_logged_and_ok_returns_to_the_menu(make_device, flash):
    dev = make_device(settings=TWO_PEOPLE)

    _slaps_fail(_boom)
    dev.keys("ok")
    dev.run_until_event(E.CARD, 3000)
    dev.tap(0)
    assert dev.pixel(160, 5) == colours.GOLD
    assert dev.message[0] == "Error"
    shown = " ".join(dev.message[1])
    assert "ValueError: boom in the slap handler" in shown and "error.log" in shown
    log = (flash / "error.log").read_text()
    assert "Traceback" in log and "boom in the slap handler" in log
    dev.run_for(12000)                       # the error screen keeps feeding the watchdog
    assert dev.hw.resets == []
    dev.keys("ok")
    assert dev.app.screen.menu.items()[0] == "Play"


def test_the_error_log_stays_small(make_device, flash):
    (flash / "error.log").write_text("old line\n" * 1000)
    dev = make_device(settings=TWO_PEOPLE)
    _slaps_fail(_divide)
    dev.keys("ok")
    dev.run_until_event(E.CARD, 3000)
    dev.tap(0)
    text = (flash / "error.log").read_text()
    assert len(text) <= 4096
    assert text.rstrip().endswith("ZeroDivisionError: division by zero\nThe game so far: crash_replay.json")


def test_an_error_with_no_heap_left_for_the_error_code_is_still_shown_and_logged(make_device, flash,
                                                                              monkeypatch):
    class NoHeap:  # importing crash.py fails as it would with the heap full
        def find_spec(self, name, path, target=None):
            if name == "app.crash":
                raise MemoryError
            return None

    (flash / "error.log").write_text("old line\n")
    dev = make_device(settings=TWO_PEOPLE)
    _slaps_fail(_divide)
    monkeypatch.setattr(sys, "meta_path", [NoHeap()] + sys.meta_path)
    dev.keys("ok")
    dev.run_until_event(E.CARD, 3000)
    dev.tap(0)
    assert "app.crash" not in sys.modules and dev.app.session is None
    shown = " ".join(dev.message[1])
    assert dev.message[0] == "Error" and shown.startswith("ZeroDivisionError: division by zero")
    assert (flash / "error.log").read_text() == "old line\n--- error\nZeroDivisionError: division by zero\n"
    dev.keys("ok")
    assert dev.app.screen.menu.items()[0] == "Play"
    assert not (flash / "game_inputs.bin").exists()


def test_the_error_code_is_let_go_once_the_error_is_left(make_device, flash):
    dev = make_device(settings=TWO_PEOPLE)
    _slaps_fail(_divide)
    dev.keys("ok")
    dev.run_until_event(E.CARD, 3000)
    dev.tap(0)
    assert dev.message[0] == "Error"
    dev.keys("ok")  # back to the menu
    assert dev.app.screen.menu is not None and "app.crash" not in sys.modules


def test_a_full_flash_at_the_end_of_a_game_loses_nothing_saved(make_device, flash, tmp_path, update_golden):
    old_stats = {"version": 1, "games": {"ratscrew": {"played": 7, "endless": 0, "bot_wins": 2, "seats": []}}}
    (flash / "stats.json").write_text(json.dumps(old_stats))
    (flash / "last_replay.json").write_text('{"game": "ratscrew", "players": 2, "deal": {"seed": 1}}')
    dev = make_device(settings={"players": 2, "humans": 1, "level": "hard", "tempo": "frantic"})
    dev.keys("ok")
    dev.limit_flash(100)
    dev.run_until_event(E.GAME_OVER, 30 * 60 * 1000, step_ms=50)
    dev.run_for(100)
    assert dev.pixel(160, 5) == colours.GOLD
    assert dev.message[0] == "Flash full"
    assert " ".join(dev.message[1]).startswith("stats.json and last_replay.json not saved")
    dev.image().save(str(tmp_path / "flash-full.png"))   # the device stage's full flash shows it too
    matches_golden(str(tmp_path / "flash-full.png"), "flash-full.png", update_golden)
    assert json.loads((flash / "stats.json").read_text()) == old_stats
    assert json.loads((flash / "last_replay.json").read_text())["deal"] == {"seed": 1}
    assert sorted(p.name for p in flash.iterdir()) == ["last_replay.json", "pins.json", "settings.json",
                                                      "slapstack-files.txt", "stats.json",
                                                      "watchdog.armed"]  # nothing half-written
    dev.keys("ok")
    assert dev.pixel(160, 20) == dev.app.session.view.colour[dev.app.session.view.winner]   # back to the winner


def test_an_unusable_pin_map_is_printed_and_the_pico_led_blinks(make_device, flash, capsys):
    dev = make_device(boot=False)
    (flash / "pins.json").write_text('{"schema": 1, "display": {}}')
    dev.boot(100)
    levels = set()
    for _ in range(8):
        dev.run_for(100)
        levels.add(dev.hw.level(25))
    assert levels == {0, 1}
    out = capsys.readouterr().out
    assert "pins.json is not usable" in out and "display: 'driver' is missing" in out


def test_an_error_in_a_game_saves_the_game_so_far_to_replay_on_a_laptop(make_device, flash):
    from slapstack import eventlog, replay
    dev = make_device(settings=TWO_PEOPLE)
    slaps = []

    def boom_on_the_third(p):
        slaps.append(p)
        if len(slaps) == 3:
            _boom(p)

    _slaps_fail(boom_on_the_third)
    dev.keys("ok")
    for seat in (0, 1, 0):
        dev.run_until_event(E.CARD, 3000)
        dev.tap(seat)
        dev.run_for(200)
    assert dev.message[0] == "Error"
    assert "crash_replay.json" in " ".join(dev.message[1])
    assert "The game so far: crash_replay.json" in (flash / "error.log").read_text()
    spec = replay.check(json.loads((flash / "crash_replay.json").read_text()))
    assert [e["a"] for e in spec["inputs"]].count("press") == 3
    again = eventlog.Recorder()
    replay.play(spec, again)
    live = [e[1:] for e in dev.events]            # (kind, p, a, b, c): the device's times are its own
    assert live and [e[0] for e in live].count(E.SLAP) >= 3
    assert [e[:1] + e[2:] for e in again.events[:len(live)]] == live  # the same game up to the error
