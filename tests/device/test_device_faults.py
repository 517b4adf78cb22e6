"""What a board meets and survives, on the emulated Pico (see conftest.py): a make flash cut
short, power cuts in a save, a corrupt settings file, a full flash, a damaged replay, a hang
caught by the watchdog, and bot games back to back with the heap flat.

Files are written and read back with mpremote; nothing here times the host: emulated time is
the chip's. The device stage runs this file on a board of its own beside test_device.py's.
"""
import json
import os
import re

from PIL import Image

import full_flash
from conftest import differing, rgb565 as conftest_rgb565
from host_sim.pico_rig import BOOT_US
from slapstack import events as E
from storage.files import RECORD_FILE

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = os.path.join(ROOT, "host_sim", "golden")


# --- make flash cut short ------------------------------------------------------------------

def _colour_count(image, rgb565, box):
    r, g, b = rgb565 >> 11, rgb565 >> 5 & 63, rgb565 & 31
    px = conftest_rgb565(image.crop(box))
    return sum(1 for i in range(0, len(px), 3) if (px[i], px[i + 1], px[i + 2]) == (r, g, b))


def _shows_firmware_incomplete(pico):
    """The rescue screen (firmware/rescue.py): navy, the yellow title, white advice."""
    image = pico.screen().to_image()
    return (_colour_count(image, 0x0010, (0, 0, 320, 240)) > 60000
            and _colour_count(image, 0xFFE0, (0, 24, 320, 40)) > 300
            and _colour_count(image, 0xFFFF, (0, 48, 320, 120)) > 300)


def test_a_flash_cut_short_says_so_on_the_screen_and_the_next_make_flash_mends_it(pico, board):
    board.stop_firmware()
    # unplugged while make flash wrote the code: part of the ROMFS partition erased
    pico.mpremote("exec", "import vfs\nvfs.rom_ioctl(2, 0).ioctl(6, 20)")
    board.boot()
    assert "SlapStack: Firmware incomplete The code in flash is not what make flash wrote" in \
        pico.serial_text()[-4000:]
    assert _shows_firmware_incomplete(pico)
    # unplugged while it copied the files after the code: no manifest
    board.stop_firmware()
    pico.mpremote("exec", "import os\nos.remove('/slapstack-files.txt')")
    board.boot()
    assert "SlapStack: Firmware incomplete make flash did not finish" in pico.serial_text()[-4000:]
    assert _shows_firmware_incomplete(pico)
    out = pico.flash()
    assert "the code into the ROMFS partition" in out
    pico.run_for(BOOT_US)
    assert differing(pico.screen().to_image(), Image.open(os.path.join(GOLDEN, "menu.png"))) == 0
    assert "up to date" in pico.flash()   # nothing changed: the partition is not written again
    pico.run_for(BOOT_US)
    board.stop_firmware()


# --- the watchdog --------------------------------------------------------------------------

HANG = """from app.loop import App
from hardware import board
b = board.Board()
a = App(b)
b.feed = lambda: None   # the test's hang: the loop runs on, nothing feeds the watchdog
a.run()
"""


def test_a_real_hang_resets_the_board_and_says_so(pico, board):
    resets = pico.call("time")["resets"]
    board.run_script(HANG)
    pico.wait_reset(resets, timeout_s=120)   # the 5 s watchdog, in emulated time
    pico.run_for(BOOT_US)
    assert pico.pixel(160, 5) == 0xF542      # the notice's title bar
    board.stop_firmware()
    assert "restarted by the watchdog" in pico.read_file("/error.log")
    board.boot()                              # the next start is a normal one again
    assert pico.pixel(160, 5) != 0xF542
    board.stop_firmware()


# --- files on the flash --------------------------------------------------------------------

def test_settings_and_statistics_survive_a_reset_and_a_power_cut_in_a_save(pico, board):
    stats = board.read_json("/stats.json") or {"version": 1, "games": {}}
    stats["games"]["war"] = {"played": 7, "endless": 0, "bot_wins": 2, "seats": []}
    board.put_file("/stats.json", json.dumps(stats))
    board.put_file("/settings.json", json.dumps({"version": 1, "game": "ratscrew", "players": 4,
                                                 "humans": 1, "tempo": "normal"}))
    board.boot()
    pico.key("down")
    pico.key("down")                 # Players
    pico.key("ok")                   # 4 -> the next value
    pico.run_for(2_500_000)          # saved once the menu is left alone for 2 s
    board.stop_firmware()
    saved = board.read_json("/settings.json")
    assert saved["players"] != 4
    # a power cut in the middle of the next save: the flash holds the old file or the new
    board.boot()
    pico.key("down")
    pico.key("down")
    pico.key("ok")
    pico.call("pause")
    programs = pico.call("stats")["flash"]["programs"]
    for _ in range(4000):            # 1 ms at a time until the save writes the flash
        pico.call("run_for", us=1000)
        if pico.call("stats")["flash"]["programs"] > programs:
            break
    else:
        raise AssertionError("the settings were never written")
    pico.reset()                     # the power goes, mid-save
    pico.call("resume")
    pico.run_for(BOOT_US)
    assert pico.pixel(160, 5) != 0xF542      # no "damaged" notice: the menu
    board.stop_firmware()
    after = board.read_json("/settings.json")       # whole: it parses, the old or the new
    assert after["players"] in (2, 3, 4)
    assert {k: v for k, v in after.items() if k != "players"} == \
        {k: v for k, v in saved.items() if k != "players"}
    assert board.read_json("/stats.json") == stats


def test_a_corrupt_settings_file_says_so_and_plays_with_the_defaults(pico, board):
    board.put_file("/settings.json", '{"version": 1, "players": 4, "ga')
    board.boot()
    assert pico.pixel(160, 5) == 0xF542      # a notice
    board.stop_firmware()
    assert pico.read_file("/settings.json.bad") == '{"version": 1, "players": 4, "ga'
    board.boot()
    menu = pico.screen().to_image()
    assert differing(menu, Image.open(os.path.join(GOLDEN, "menu.png"))) == 0   # the defaults
    board.stop_firmware()
    board.remove("/settings.json.bad")


def _put_bytes(pico, path, data):
    pico.mpremote("exec", "f = open(%r, 'wb')\nf.write(%r)\nf.close()" % (path, data))


def test_settings_and_statistics_that_are_not_text_or_nested_deep_give_a_notice_then_the_menu(pico, board):
    # issue 63: the board stopped at power-up, its screen as it was; on MicroPython 1.28 the
    # read of a file that is not UTF-8 raises UnicodeError, and json.dumps or repr of a
    # value nested a few thousand deep RuntimeError
    kept = {name: pico.read_file(name) for name in ("/settings.json", "/stats.json")}
    settings = b'{"version": 1, "tempo": "fa\xff\xfest", "rules": ' + b"[" * 3000 + b"]" * 3000 + b"}"
    stats = b'{"version": 1, "games": {"ratscrew": "\xc3\x28"}, "x": ' + b"{\"a\": " * 2000 + b"1" + b"}" * 2001
    _put_bytes(pico, "/settings.json", settings)
    _put_bytes(pico, "/stats.json", stats)
    try:
        board.boot()
        assert pico.pixel(160, 5) == 0xF542      # the notice, drawn: the board runs
        pico.key("ok", after_ms=1500)
        menu = pico.screen().to_image()
        assert differing(menu, Image.open(os.path.join(GOLDEN, "menu.png"))) == 0   # the defaults' menu
        pico.key("ok", after_ms=3000)            # Play: a game deals and its cards are drawn
        assert differing(pico.screen().to_image(), menu) > 10000
        board.stop_firmware()
        moved = pico.mpremote("exec", "f = open('/settings.json.bad', 'rb')\nprint(f.read() == %r)\nf.close()\n"
                              "f = open('/stats.json.bad', 'rb')\nprint(f.read() == %r)\nf.close()"
                              % (settings, stats)).stdout
        assert moved.split() == ["True", "True"]   # both kept aside, whole
    finally:
        board.stop_firmware()
        board.remove("/settings.json.bad", "/stats.json.bad", "/settings.json", "/stats.json")
        for name in kept:
            if kept[name] is not None:
                board.put_file(name, kept[name])


def _listing(pico):
    """The board's files, but full_flash's."""
    out = pico.mpremote("exec", "import os\nprint(' '.join(n for n in os.listdir('/') if not n.startswith(%r)))"
                        % full_flash.NAME)
    return set(out.stdout.split())


def test_a_full_flash_is_reported_and_loses_nothing(pico, board):
    old = {"game": "ratscrew", "players": 2, "deal": {"seed": 1}}
    board.put_file("/last_replay.json", json.dumps(old))
    stats = pico.read_file("/stats.json")
    files = _listing(pico)
    with full_flash.full(pico):
        bots = {"game": "ratscrew", "players": 2, "humans": 0, "tempo": "frantic"}
        short = {"hands": [["2C", "5H", "9S"], ["3D", "6C", "KD"]]}  # two bots, over in 6 cards (laptop)
        mark = board.drive(3, bots, short)   # the replay will not fit, nor the statistics
        pico.wait_serial(r"EV %d " % E.GAME_OVER, since=mark)
        flash_full = Image.open(os.path.join(GOLDEN, "flash-full.png"))   # the simulator's "Flash full"
        for _ in range(10):              # within 5 s of the game's end
            pico.run_for(500_000)
            shown = differing(pico.screen().to_image(), flash_full)
            if not shown:
                break
        assert shown == 0
        board.stop_firmware()
        assert board.read_json("/last_replay.json") == old   # the last good files stay
        assert pico.read_file("/stats.json") == stats
        now = _listing(pico)
        assert not now - files, now           # nothing half-written left
        assert files - now <= {RECORD_FILE}    # nothing lost (an earlier game's input record goes)


DAMAGED = ('{"game": "ratscrew", "players": 2, "deal": {"hands": [["2C", "5H", "9S"], ["3D", "6C", "KD"]]}, '
           '"tempo_ms": 700, "inputs": [\n{"t": 750.5, "a": "press", "p": 0},\n'
           '{"t": 820, "a": "press", "p": 7},\n{"t": 900, "a": "release", "p": 0}\n]}\n')


def test_watching_a_damaged_replay_says_so_and_goes_back_to_the_menu(pico, board):
    board.put_file("/last_replay.json", DAMAGED)    # a seat that does not exist, mid-file
    board.boot()
    pico.key("up")
    pico.key("ok", after_ms=3000)                   # Watch last game: the first input plays
    assert pico.pixel(160, 5) == 0xF542            # "Replay damaged"
    pico.run_for(3_000_000)
    assert pico.pixel(160, 5) == 0xF542            # it stays: no card paints over it
    pico.key("ok", after_ms=1000)
    assert pico.pixel(160, 5) != 0xF542            # back at the menu
    board.stop_firmware()


# --- a short soak --------------------------------------------------------------------------

SOAK = """import gc
from app.loop import App
from app.screen import Screen
from hardware import board
a = App(board.Board())
a.settings.update({"game": "ratscrew", "players": 2, "humans": 0, "tempo": "frantic"})
a.b.start_watchdog()
for seed in (13, 3, 56):         # two bots, games of 43-47 cards
    a.start_game(seed)
    a.session.play_fast()        # at x4, as a game nobody plays in goes on: the same game
    while a.screen.game_in_play:
        a.step()
        a.idle()
    cards, over = a.session.table.game.cards_played, type(a.screen).__name__ == "Winner"
    a.change(Screen())           # the game left, as Play again leaves it before the next deal
    a.leave_game()
    gc.collect()
    print("HEAP", seed, cards, over, gc.mem_alloc())
a.b.stop_watchdog()
print("SOAKED")
"""


def test_bot_games_back_to_back_keep_the_heap_flat(pico, board):
    # every game is played to its end (no MemoryError, no reset), and the heap once each is
    # left is what it was after the one before: nothing leaks from game to game. (The heap's
    # budget, 96 KB at a game's peak, is a figure of the device benchmark, which samples
    # it after every card of a four-seat game: make bench-device.)
    mark = board.run_script(SOAK)
    pico.wait_serial("SOAKED|Traceback", timeout_s=900, since=mark)
    text = pico.serial_text()
    text = text[text.rindex(mark):]
    assert "Traceback" not in text, text
    games = re.findall(r"HEAP (\d+) (\d+) (\w+) (\d+)", text)
    assert [(int(seed), int(cards), over) for seed, cards, over, _ in games] == \
        [(13, 43, "True"), (3, 46, "True"), (56, 47, "True")], text
    heaps = [int(h) for *_, h in games]
    assert max(heaps[1:]) - min(heaps[1:]) <= 1024, heaps      # after the first game's imports
