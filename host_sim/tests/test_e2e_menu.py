"""Power-up, menus and settings, end to end: the firmware's main.py on the simulated Pico."""
import gc
import json
import sys
import weakref

from host_sim.device import MS, PINS

from drawing import colours
from painters import menu_painter  # (the menu's colours)
from slapstack import unload
from painters import renderer as R  # (firmware's layout constants)
from host_sim.tests import table_screen as S
from slapstack import events as E


def go_to(dev, label):
    """Move the menu cursor to the entry whose text starts with ``label`` (as a player would)."""
    for _ in range(len(dev.app.screen.menu.items())):
        if dev.app.screen.menu.items()[dev.app.screen.menu.selected].startswith(label):
            return
        dev.keys("down")
    raise AssertionError("no menu entry %r in %r" % (label, dev.app.screen.menu.items()))


def at_watch_last_game(make_device, flash, spec):
    """A device whose last saved game is ``spec`` (a replay file's dict), its menu cursor on
    Watch last game: OK starts watching."""
    (flash / "last_replay.json").write_text(json.dumps(spec))
    dev = make_device()
    go_to(dev, "Watch last game")
    return dev


def watching(make_device, flash, spec):
    """A device watching ``spec`` as its last saved game (Watch last game, OK)."""
    dev = at_watch_last_game(make_device, flash, spec)
    dev.keys("ok")
    return dev


def test_power_up_shows_the_menu_with_play_selected(make_device):
    dev = make_device()
    assert dev.app.screen.menu.items()[:3] == ["Play", "Game: Ratscrew\nSlap pairs and sandwiches", "Players: 4"]
    assert dev.pixel(S.MENU_ROW_H // 2, S.menu_row_y(0)) == colours.MENU_BAR       # Play highlighted
    assert dev.pixel(S.MENU_ROW_H // 2, S.menu_row_y(1)) == colours.MENU_BG
    assert dev.backlight() == 65535
    assert dev.panel.errors == []


def test_a_backlight_switched_on_the_high_side_lights_while_its_pin_is_low(make_device, tmp_path):
    """A PNP or P-MOSFET from 3V3 to BL lights the LEDs while the GPIO is low: ``bl_active``
    "low" inverts the PWM, so full brightness is a pin held low and dark is a pin held high."""
    pins = json.load(open(PINS))
    pins["display"]["bl_active"] = "low"
    path = tmp_path / "pins.json"
    path.write_text(json.dumps(pins))
    dev = make_device(pins=str(path))

    def pin():
        return dev.hw.pwm_output(dev.pins.display.bl)[1]

    assert (pin(), dev.backlight()) == (0, 65535)          # the pin low all the time: fully lit
    dev.app.b.brightness(25)
    quarter = 25 * 65535 // 100
    assert (pin(), dev.backlight()) == (65535 - quarter, quarter)  # low a quarter of each period
    dev.app.b.brightness(0)
    assert (pin(), dev.backlight()) == (65535, 0)          # held high: dark


def test_one_press_of_ok_plays_against_three_bots(make_device):
    dev = make_device()
    dev.keys("ok")
    [start] = dev.of(E.GAME_START)
    assert start[3] == 4                      # four players
    assert dev.app.session.view.is_bot[:4] == [False, True, True, True]
    dev.run_until_event(E.CARD)
    turn = dev.of(E.TURN)[-1][2]
    assert [dev.led(s) == 65535 for s in range(4)] == [s == turn for s in range(4)]
    assert all(dev.led(s) > 0 for s in range(4))          # the others glow: they are in play
    win = dev.run_until_event(E.SLAP, 60000, where=lambda ev: ev[3] == E.V_WIN)
    assert win[2] in (1, 2, 3)                            # a bot; the idle person never slaps
    seen = set()
    for _ in range(30):
        dev.run_for(20)
        seen.add(dev.led(win[2]))
    assert {0, 65535} <= seen                             # the winner's LED blinks


def test_menu_choices_are_saved_and_survive_a_power_cycle(make_device, flash):
    dev = make_device()
    go_to(dev, "Game")
    dev.keys("ok")                              # Ratscrew -> Egyptian War
    go_to(dev, "People")
    dev.keys("ok")                              # 1 -> 2 people
    assert not (flash / "settings.json").exists()
    dev.run_for(2500)                           # written once the menu is left alone
    saved = json.loads((flash / "settings.json").read_text())
    assert (saved["game"], saved["humans"]) == ("egyptian_war", 2)
    dev.close()
    dev = make_device()
    assert dev.app.screen.menu.items()[1:4] == ["Game: Egypt. War\nSnaps; a tie takes nothing", "Players: 4", "People: 2"]
    dev.keys("ok")
    assert dev.of(E.GAME_START)
    assert dev.app.session.table.rules.tie_window_us == 20000     # Egyptian War's preset
    assert dev.app.session.view.is_bot[:4] == [False, False, True, True]


def test_menu_code_leaves_the_heap_for_a_game_and_comes_back_after(make_device):
    dev = make_device()
    assert "hardware.pinmap" not in sys.modules  # needed at power-up only
    entries = weakref.ref(dev.app.screen.menu)
    dev.keys("ok")
    dev.run_until_event(E.CARD)
    assert "painters.menu_list" not in sys.modules and "storage.settings" not in sys.modules  # not during a game
    gc.collect()
    assert dev.screen_name() == "Playing" and entries() is None   # the main menu's let go
    dev.keys("back", "back")                     # pause, then leave the game
    assert "painters.menu_list" in sys.modules
    assert dev.app.screen.menu.items()[:2] == ["Play", "Game: Ratscrew\nSlap pairs and sandwiches"]
    assert dev.pixel(S.MENU_ROW_H // 2, S.menu_row_y(0)) == colours.MENU_BAR
    go_to(dev, "Game")
    dev.keys("ok", "up", "ok")                   # another game, then Play
    assert dev.of(E.GAME_START)[-1][3] == 4 and dev.app.session.table.game_name == "egyptian_war"
    assert "painters.menu_list" not in sys.modules


def test_the_main_menu_loads_its_screens_code_while_it_waits_and_a_game_lets_it_go(make_device):
    dev = make_device()
    unload(("painters.rules_menu", "painters.howto_pages"))  # (as at power-up, whatever ran before)
    dev.press("down")                            # a key held down: nothing loads meanwhile
    dev.run_for(300)
    assert "painters.rules_menu" not in sys.modules
    dev.release("down")
    dev.run_for(50)                              # then one module a pass of the loop
    assert "painters.rules_menu" in sys.modules and "painters.howto_pages" in sys.modules
    dev.keys("up", "ok")                         # back onto Play, and play
    dev.run_until_event(E.CARD)
    assert "painters.rules_menu" not in sys.modules and "painters.howto_pages" not in sys.modules


def test_a_heap_too_broken_up_to_load_ahead_leaves_the_menu_working(make_device, monkeypatch, tmp_path):
    # on the chip a new pool of interned names with no free run big enough for it once
    # stopped the App here with a MemoryError: loading ahead is an optimisation, not a must
    (tmp_path / "big_screen.py").write_text("raise MemoryError('memory allocation failed, allocating 1280 bytes')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    dev = make_device()
    menus = sys.modules["app.menu_screens"]      # (the one the firmware imported)
    monkeypatch.setattr(menus, "AHEAD", ("big_screen",) + menus.AHEAD)
    unload(("painters.rules_menu", "painters.howto_pages"))
    dev.keys("down", "up")                       # a key, so the loop looks again
    dev.run_for(300)
    assert dev.screen_name() == "MainMenu" and dev.app.tidy    # it went on to collect the garbage
    assert "painters.rules_menu" not in sys.modules              # and loaded nothing more ahead
    go_to(dev, "Rules")
    dev.keys("ok")
    assert dev.screen_name() == "Rules"                    # the screen loads its code as it opens
    assert "painters.rules_menu" in sys.modules and dev.panel.errors == []


def test_the_menus_collect_a_keys_garbage_once_the_key_is_let_go(make_device, monkeypatch):
    # so that the next screen does not stop for a collection (16 ms on the chip)
    dev = make_device()
    dev.run_for(200)                             # the screens' code loaded, the first collection
    from app import loop
    collected = []
    monkeypatch.setattr(loop.gc, "collect", lambda: collected.append(dev.now_us))
    dev.press("down")
    dev.run_for(300)                             # held: none
    assert collected == []
    dev.release("down")
    dev.run_for(300)
    assert len(collected) == 1                   # let go: one
    go_to(dev, "How to play")
    before = len(collected)
    dev.keys("ok", "ok")                         # a page, the next page: one after each
    assert len(collected) == before + 2 and dev.screen_name() == "HowToPlay"


def test_a_game_keeps_none_of_the_other_games_code_the_menus_loaded(make_device):
    # a look at Money's and War's rules and How to play loads their engine modules (15 KB
    # for Money's on the chip); the menus keep only the chosen game's, and so does the game
    dev = make_device()
    go_to(dev, "Game")
    for _ in range(2):
        dev.keys("ok")                            # Ratscrew -> ... the games cycle
    for want in ("money", "war"):
        while dev.app.settings["game"] != want:
            dev.keys("ok")
        go_to(dev, "Rules")
        dev.keys("ok", "back")
        go_to(dev, "How to play")
        dev.keys("ok", "back")
        go_to(dev, "Game")
    menu_kept = [m for m in ("slapstack.money", "slapstack.money_choices", "slapstack.slapgame",
                             "slapstack.patterns", "slapstack.war") if m in sys.modules]
    assert menu_kept == ["slapstack.war"]         # the menus keep only the chosen game's
    while dev.app.screen.menu.selected:
        dev.keys("up")                            # to Play
    dev.keys("ok")                                # War, the game chosen last
    dev.run_for(500)
    assert dev.app.session.table.game_name == "war"
    left = [m for m in ("slapstack.money", "slapstack.money_choices", "slapstack.dealing", "slapstack.money_bot",
                        "slapstack.slapgame", "slapstack.patterns", "app.slap_presenter") if m in sys.modules]
    assert left == []                             # nor Ratscrew's, which the menu loaded at power-up
    assert type(dev.app.session.presenter).__name__ == "DuelPresenter"
    dev.keys("back", "back")                      # pause, leave: the menu loads what it needs
    go_to(dev, "Game")
    while dev.app.settings["game"] != "ratscrew":
        dev.keys("ok")
    while dev.app.screen.menu.selected:
        dev.keys("up")
    dev.keys("ok")
    dev.run_until_event(E.CARD)
    left = [m for m in ("slapstack.war", "slapstack.money", "slapstack.duel", "slapstack.duel_events",
                        "slapstack.war_bot", "slapstack.loops", "app.duel_presenter", "painters.duel_panels")
            if m in sys.modules]
    assert left == []                             # nothing of the War game before it
    assert type(dev.app.session.presenter).__name__ == "SlapPresenter"


def _watch_saved(make_device, flash, second_input):
    """Save a short Ratscrew deal as the last game, in the device's own layout (one input
    per line: seat 1 presses at 750.5 ms, then ``second_input``), and start watching it."""
    head = {"game": "ratscrew", "players": 2, "deal": {"hands": [["2C", "5H", "9S"], ["3D", "6C", "KD"]]},
            "tempo_ms": 700}
    (flash / "last_replay.json").write_text(
        json.dumps(head)[:-1] + ', "inputs": [\n{"t": 750.5, "a": "press", "p": 0},\n'
        + second_input + '\n]}\n')
    dev = make_device()
    go_to(dev, "Watch last game")
    dev.keys("ok")
    return dev


def test_watch_last_game_plays_the_saved_replay_on_the_table(make_device, flash):
    # seat 1 slaps falsely once and burns a card, then seat 2's king wins the challenge and
    # the game
    dev = _watch_saved(make_device, flash, '{"t": 820, "a": "release", "p": 0}')
    assert "app.watch" in sys.modules and "painters.menu_list" not in sys.modules and "storage.settings" not in sys.modules
    slap = dev.run_until_event(E.SLAP, 5000)
    assert (slap[2], slap[3]) == (0, E.V_FALSE)
    over = dev.run_until_event(E.GAME_OVER, 20000)
    assert over[2] == 1
    dev.run_for(100)
    assert dev.pixel(160, 20) == dev.app.session.view.colour[1]        # the winner screen, in Blue
    assert not (flash / "stats.json").exists()                 # watching counts for nothing
    assert dev.app.session.reader is None                              # its replay is closed
    dev.run_for(700)
    dev.keys("ok")                                             # OK on the winner screen: the summary
    assert dev.screen_name() == "GameSummary"
    dev.keys("ok")                                             # OK there: watch it again
    assert dev.screen_name() == "Watching" and dev.app.session.reader is not None
    assert "painters.menu_list" not in sys.modules and "storage.settings" not in sys.modules
    dev.keys("back", "back")
    assert dev.app.screen.menu.items()[0] == "Play"
    assert "app.watch" not in sys.modules                      # the replay's code went with it


def test_a_replay_damaged_after_its_start_stops_with_a_notice(make_device, flash):
    # the first input is checked before the replay starts; the second only when it is due
    dev = _watch_saved(make_device, flash, '{"t": 820, "a": "jump", "p": 0}')
    dev.run_until_event(E.SLAP, 5000)
    dev.run_for(100)
    assert dev.message[0] == "Replay damaged" and "inputs[1]" in dev.message[1][0]
    assert dev.app.session.reader is None
    dev.keys("ok")
    assert dev.app.screen.menu.items()[0] == "Play" and "app.watch" not in sys.modules


def _shows_the_damage_notice_and_goes_back_to_the_menu(dev, words):
    dev.run_until_event(E.SLAP, 5000)            # the first input's verdict
    dev.run_for(300)
    assert dev.message[0] == "Replay damaged" and words in " ".join(dev.message[1])
    assert dev.pixel(160, 5) == colours.GOLD          # the notice's bar is what the screen shows
    cards = len(dev.of(E.CARD))
    dev.run_for(3000)
    assert len(dev.of(E.CARD)) == cards and dev.pixel(160, 5) == colours.GOLD  # it stays, nothing plays
    assert dev.app.session.reader is None
    dev.keys("ok")
    assert dev.app.screen.menu.items()[0] == "Play" and "app.watch" not in sys.modules


def test_a_replay_with_a_seat_that_does_not_exist_mid_file_shows_the_notice(make_device, flash):
    dev = _watch_saved(make_device, flash, '{"t": 820, "a": "press", "p": 7},\n{"t": 900, "a": "release", "p": 0}')
    _shows_the_damage_notice_and_goes_back_to_the_menu(dev, "inputs[1].p")


def test_a_replay_cut_off_in_its_last_line_shows_the_notice(make_device, flash):
    dev = _watch_saved(make_device, flash, '{"t": 820, "a": "rel')
    _shows_the_damage_notice_and_goes_back_to_the_menu(dev, "not valid JSON at line 3, column 17")


def test_a_saved_replay_that_is_not_text_says_so_in_words(make_device, flash):
    (flash / "last_replay.json").write_bytes(b'{"game": "\xe2\x28\xa1' + bytes(range(128, 256)))
    dev = make_device()
    go_to(dev, "Watch last game")
    dev.keys("ok")
    assert dev.message[0] == "Replay damaged"
    assert " ".join(dev.message[1]).startswith("not a replay: the file is not text ")
    assert dev.app.session is None
    dev.keys("ok")
    assert dev.app.screen.menu.items()[0] == "Play" and "app.watch" not in sys.modules


def test_rules_menu_changes_the_next_game(make_device, flash):
    dev = make_device()
    go_to(dev, "Rules")
    dev.keys("ok")
    assert dev.app.screen.menu.title == "Egyptian Ratscrew rules"
    go_to(dev, "Big Mac")
    dev.keys("ok", "back")
    assert dev.app.screen.menu.items()[dev.app.screen.menu.selected] == "Rules..."
    dev.keys("up", "up", "up", "up", "up", "up", "ok")   # back up to Play
    assert dev.of(E.GAME_START)
    assert dev.app.session.table.rules.big_mac is True
    assert json.loads((flash / "settings.json").read_text())["rules"] == {"ratscrew": {"big_mac": True}}


def test_how_to_plays_pages_made_ahead_go_while_the_rules_are_open_and_come_back_after(make_device):
    """They are the menus' heap peak with the Rules open, and a rule changed there changes them."""
    dev = make_device()
    dev.run_for(300)
    made = weakref.ref(dev.app.screen.howto_ahead)
    go_to(dev, "Rules")
    dev.keys("ok")
    assert dev.app.screen.menu.title == "Egyptian Ratscrew rules"
    dev.run_for(300)
    gc.collect()
    assert made() is None                        # (not while the Rules are open)
    dev.keys("back")
    dev.run_for(300)
    assert dev.screen_name() == "MainMenu" and dev.app.screen.howto_ahead is not None


def test_sound_off_keeps_the_piezo_silent(make_device):
    dev = make_device()
    go_to(dev, "Sound")
    dev.keys("ok")
    assert dev.app.screen.menu.items()[dev.app.screen.menu.selected] == "Sound: off"
    while dev.app.screen.menu.selected:
        dev.keys("up")
    dev.keys("ok")
    t0 = dev.now_us
    dev.run_until_event(E.CARD, 2000)
    dev.run_for(8000)
    assert dev.tones_since(t0) == []


def test_brightness_drives_the_backlight(make_device):
    dev = make_device()
    go_to(dev, "Brightness")
    dev.keys("ok", "down", "down", "down", "ok")
    assert dev.app.screen.menu.items()[dev.app.screen.menu.selected] == "Brightness: 70%"
    assert abs(dev.backlight() - 65535 * 70 // 100) <= 2


def test_a_damaged_settings_file_falls_back_with_a_message(make_device, flash):
    (flash / "settings.json").write_text('{"game": "ratscrew", "players": ')
    dev = make_device()
    assert dev.pixel(160, 5) == colours.GOLD                     # a notice, not the menu
    assert dev.screen_name() == "Notice" and any("damaged" in n for n in dev.app.screen.lines)
    dev.keys("ok")
    assert dev.app.screen.menu.items()[0] == "Play"
    assert dev.pixel(S.MENU_ROW_H // 2, S.menu_row_y(0)) == colours.MENU_BAR
    assert (flash / "settings.json.bad").exists()          # kept for a look, not lost


def test_bad_values_fall_back_one_by_one(make_device, flash):
    dev = make_device(settings={"game": "snap", "players": 3, "tempo": "warp"})
    assert dev.screen_name() == "Notice"
    text = " ".join(dev.app.screen.lines)
    assert "game" in text and "tempo" in text
    dev.keys("ok")
    assert dev.app.screen.menu.items()[1:3] == ["Game: Ratscrew\nSlap pairs and sandwiches", "Players: 3"]


def test_statistics_screen_shows_the_saved_numbers(make_device, flash):
    (flash / "stats.json").write_text(json.dumps({"version": 1, "games": {"ratscrew": {
        "played": 3, "endless": 0, "bot_wins": 1, "seats": [
            {"games": 3, "wins": 2, "slaps": 5, "fastest_ms": 231, "reaction_total_ms": 2000, "reactions": 5}]}}}))
    dev = make_device()
    go_to(dev, "Statistics")
    dev.keys("ok")
    assert dev.app.screen.menu.title == "Ratscrew stats"
    assert dev.app.screen.menu.items() == ["Played 3, bots won 1", "Seat 1: won 2 of 3", "  best 231, avg 400 ms"]
    dev.keys("ok")                                       # next game: nothing played yet
    assert dev.app.screen.menu.items() == ["No games yet."]
    dev.keys("back")
    assert dev.app.screen.menu.items()[dev.app.screen.menu.selected] == "Statistics"


def test_menu_keys_repeat_while_held(make_device):
    dev = make_device()
    t = dev.now_us + MS
    dev.press("down", t)
    dev.release("down", t + 1100 * MS)
    dev.run_for(1300)
    assert dev.app.screen.menu.selected >= 4                    # one press, then repeats


def test_back_held_at_power_up_leaves_the_repl_free(make_device):
    dev = make_device(boot=False)
    dev.press("back")                         # held while the board powers up
    dev.boot(500)
    assert dev.outcome == "returned"          # main.py ended: no game loop, no watchdog
    assert dev.hw.resets == [] and dev.app is None


def test_the_main_menu_says_what_the_chosen_game_is_under_its_name(make_device):
    from host_sim.tests.screen_text import TextLog
    dev = make_device()
    go_to(dev, "Game")
    with TextLog() as log:
        while dev.app.settings["game"] != "beggar":
            dev.keys("ok")
    line = [d for d in log.drawn if d.text == "Pure luck, no slapping"][-1]
    name = [d for d in log.drawn if d.text == "Game: Beggar"][-1]
    assert line.scale == 2 and name.scale == 2
    row = menu_painter.row_box(1)[1] - menu_painter.row_box(0)[1]
    assert name.y < line.y < name.y + 2 * row and line.x == name.x               # under the name
    assert 0 <= line.x and line.x + line.w <= 320 - 8                            # whole on screen
    assert dev.pixel(12, line.y + 4) == colours.MENU_BAR                     # in the highlight
    assert dev.app.screen.menu.items()[4] == "Length: 15 min"                           # still in view
    assert len(dev.app.r.menu_shown().lines) == len(dev.app.screen.menu.items())


def test_the_length_is_chosen_on_the_main_menu_and_remembered(make_device, flash):
    dev = make_device()
    go_to(dev, "Length")
    assert dev.app.screen.menu.items()[dev.app.screen.menu.selected] == "Length: 15 min"  # at first
    dev.keys("ok", "ok")                                 # 15 -> 20 -> 30 min
    assert dev.app.screen.menu.items()[dev.app.screen.menu.selected] == "Length: 30 min"
    dev.run_for(2500)
    assert json.loads((flash / "settings.json").read_text())["minutes"] == 30
    dev.close()
    dev = make_device()
    assert "Length: 30 min" in dev.app.screen.menu.items()
    dev.keys("ok")
    assert dev.app.session.table.rules.party_minutes == 30
    assert json.loads((flash / "settings.json").read_text())["rules"] == {}   # no rule of a game


def test_cycling_past_war_and_money_keeps_the_players_of_the_slap_games(make_device, flash):
    dev = make_device()
    go_to(dev, "People")
    dev.keys("ok")                                       # 2 people of 4
    go_to(dev, "Game")
    seen = []
    for _ in range(len(dev.app.game_names)):
        dev.keys("ok")
        seen.append((dev.app.settings["game"],) + tuple(dev.app.screen.menu.items()[2:4]))
    assert ("war", "Players: 2", "People: 2") in seen and ("money", "Players: 2", "People: 2") in seen
    assert seen[-1] == ("ratscrew", "Players: 4", "People: 2")
    assert all(s[1:] == ("Players: 4", "People: 2") for s in seen if s[0] not in ("war", "money"))
