"""SlapStack on the emulated Pico, as a player and a maker meet it (see conftest.py).

Presses come from outside at exact emulated microseconds (the rig's control channel), the
screen is the panel's SPI stream decoded by the project's panel model, and files are read
back with mpremote. Nothing here times the host: emulated time is the chip's.
"""
import json
import os
import re
import time

from PIL import Image

from conftest import differing, rgb565 as conftest_rgb565
from host_sim import shots
from slapper import FALSE_SEAT, HOLD_US, SETTINGS, Slapper, play_on_laptop
from slapstack import duel_events as D
from slapstack import events as E
from slapstack import replay

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = os.path.join(ROOT, "host_sim", "golden")
TICKS = 1 << 30           # time.ticks_us() wraps here
SEED = 52                 # a 4-seat game of 144 cards with these presses (slapper.py)
PILE_BOX = (36, 28, 284, 212)   # the middle of the table, between the seat strips
TABLE_BOX = (0, 0, 320, 180)    # the screen above the game's name
LEFT_STRIP = (0, 28, 36, 212)   # seat 2's strip
WARN = (0xF542 >> 11, 0xF542 >> 5 & 63, 0xF542 & 31)  # renderer._WARN


def _at_us(rig, t_game):
    """The rig's absolute emulated time for a game time (ticks_us; the game is not paused)."""
    now = rig.now_us()
    d = (t_game - int(now)) % TICKS
    if d >= TICKS // 2:
        d -= TICKS
    return now + d


# --- a new board ---------------------------------------------------------------------------

def test_make_flash_on_a_new_board_installs_the_image_shows_the_menu_and_ok_starts_a_game(pico, board):
    out = pico.flash_output
    assert "the board runs MicroPython 1.28 (RPI_PICO, .mpy v6), not the SlapStack image: installing" in out
    assert "copied onto %s" % pico.drive in out and "the SlapStack image is installed" in out
    assert "the code into the ROMFS partition" in out and "the board has been reset" in out
    menu = pico.screen().to_image()
    # the very screen the host simulator draws (no "restarted by its watchdog" notice)
    assert differing(menu, Image.open(os.path.join(GOLDEN, "menu.png"))) == 0
    pico.key("ok", after_ms=2500)
    game = pico.screen().to_image()
    assert differing(menu, game, PILE_BOX) > 10000        # cards on the felt, not the menu
    assert differing(menu, game, (0, 0, 320, 28)) > 1000
    board.stop_firmware()


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
    pico.run_for(2_500_000)
    assert differing(pico.screen().to_image(), Image.open(os.path.join(GOLDEN, "menu.png"))) == 0
    assert "up to date" in pico.flash()   # nothing changed: the partition is not written again
    pico.run_for(2_500_000)
    board.stop_firmware()


# --- a game played from outside ------------------------------------------------------------

def follow(pico, board, seed, settings, react, done, limit=3000):
    """Play a game with ``seed`` on the board, following its events live: ``react(ev)``
    for each, in order; returns the events once ``done(events)``. Idle time runs at wall
    speed meanwhile, so the test reacts before the next card."""
    pico.call("realtime", factor=1)
    try:
        mark = board.drive(seed, settings)
        seen = []
        while not seen or not done(seen):
            for ev in board.events_since(mark)[len(seen):]:
                seen.append(ev)
                react(ev)
            assert len(seen) < limit, "the game went on too long"
            time.sleep(0.03)
        return seen
    finally:
        pico.call("realtime", factor=0)


def slapping(pico, slapper, press):
    """A ``react`` that presses as ``slapper`` says: ``press(pico, t, seat)``."""
    def react(ev):
        slapper.event(*ev)
        for t, seat in slapper.due:
            press(pico, t, seat)
        slapper.due = []
    return react


def test_a_four_seat_game_played_with_the_buttons_is_the_laptop_engines_game(pico, board, tmp_path):
    expected, laptop = play_on_laptop(SEED)
    assert laptop.game.over
    screens = {}

    def press(pico, t, seat):
        at = _at_us(pico, t)
        if not screens and seat != FALSE_SEAT:
            # the first right slap: stop the clock at the press + 400 ms to see the verdict
            pico.call("pause")
            pico.slap(seat, at_us=at, hold_ms=HOLD_US // 1000)
            pico.call("run_for", us=int(at - pico.now_us()) + 400000)
            screens["slap"] = pico.screen().to_image()
            pico.call("resume")
        else:
            assert at > pico.now_us(), "the test fell behind the game"
            pico.slap(seat, at_us=at, hold_ms=HOLD_US // 1000)

    seen = follow(pico, board, SEED, SETTINGS, slapping(pico, Slapper(), press),
                  lambda seen: seen[-1][0] == E.GAME_OVER)
    pico.run_for(3_000_000)  # the game's end: statistics and replay saved

    # the same game as the laptop engine plays with the same deal and presses
    def what(evs):
        return [(k, p, a, b) for k, t, p, a, b, c in evs]

    assert what(seen) == what(expected)
    slaps = [ev for ev in seen if ev[0] == E.SLAP]
    assert {ev[3] for ev in slaps} == {E.V_WIN, E.V_FALSE}
    assert [ev[2] for ev in slaps if ev[3] == E.V_FALSE] == [FALSE_SEAT]
    assert seen[-1][2] == laptop.game.winner

    # the replay the device saved plays on the laptop to the very same events
    text = pico.read_file("/last_replay.json")
    spec = replay.check(json.loads(text))
    played = []
    replay.play(spec, lambda *ev: played.append(ev))
    start = seen[0][1]
    assert [(k, (t - start) % TICKS, p, a, b, c) for k, t, p, a, b, c in seen] == \
        [(k, t % TICKS, p, a, b, c) for k, t, p, a, b, c in played]

    # the verdict on the chip's screen is what the host simulator draws for that moment
    host = Image.open(shots.take(json.loads(text), ["slap:1"], str(tmp_path))[0])
    screens["slap"].save(os.path.join(str(tmp_path), "device-slap-1.png"))
    assert differing(screens["slap"], host, TABLE_BOX) == 0   # all but the watched game's label


# --- fair to the microsecond ---------------------------------------------------------------

# what the seats do on each of the first four combinations: (us after the slap time, seat, level)
PLAN = (
    ((0, 0, 0), (0, 2, 0), (HOLD_US, 0, 1), (HOLD_US, 2, 1)),      # the same microsecond: a tie
    ((0, 2, 0), (50, 3, 0), (HOLD_US, 2, 1), (HOLD_US, 3, 1)),     # 50 us apart: the earlier wins
    ((0, 3, 0), (50, 2, 0), (HOLD_US, 2, 1), (HOLD_US, 3, 1)),     # and the other way round
    ((0, 0, 0), (300, 0, 1), (700, 0, 0), (1100, 0, 1), (1500, 0, 0), (HOLD_US, 0, 1)),  # bounce
)
HELD = 1  # seat 2's button is held down from before the deal to the end


def test_ties_the_earlier_press_bounces_and_a_held_button(pico, board):
    held_pin = pico.seat_pins[HELD]
    pico.call("set", pin=held_pin, level=0)
    combos = []

    def press(pico, t, seat):
        plan = PLAN[len(combos)]
        at = _at_us(pico, t)
        assert at > pico.now_us(), "the test fell behind the game"
        for dt, s, level in plan:
            pico.call("set", pin=pico.seat_pins[s], level=level, at_us=at + dt)
        combos.append(t)

    try:
        seen = follow(pico, board, SEED, SETTINGS, slapping(pico, Slapper(false_at=None), press),
                      lambda seen: len(combos) == len(PLAN) and seen[-1][1] - combos[-1] > 500000)
        stuck = pico.screen().to_image().crop(LEFT_STRIP)
    finally:
        pico.release(held_pin)
        board.stop_firmware()
    slaps = [(ev[2], ev[3]) for ev in seen if ev[0] == E.SLAP]
    assert slaps == [(0, E.V_TIE), (2, E.V_TIE),           # nobody takes it
                     (2, E.V_WIN), (3, E.V_LATE),
                     (3, E.V_WIN), (2, E.V_LATE),
                     (0, E.V_WIN)]                          # five edges in 1.5 ms: one slap
    assert HELD not in [p for p, _ in slaps]               # held since before the deal: never a slap
    assert sum(1 for px in stuck.getdata() if (px[0] >> 3, px[1] >> 2, px[2] >> 3) == WARN) > 100  # STUCK


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
    pico.run_for(2_500_000)
    assert pico.pixel(160, 5) == 0xF542      # the notice's title bar
    board.stop_firmware()
    assert "restarted by the watchdog" in pico.read_file("/error.log")
    board.boot()                              # the next start is a normal one again
    assert pico.pixel(160, 5) != 0xF542
    board.stop_firmware()


# --- War and Money with the buttons --------------------------------------------------------

def test_war_turns_when_both_seats_have_pressed(pico, board):
    settings = {"game": "war", "players": 2, "humans": 2, "tempo": "frantic"}
    pico.call("realtime", factor=1)
    try:
        mark = board.drive(1, settings)
        for _ in range(3):
            pico.slap(0, in_us=200000)
            pico.run_for(500000)
            pico.slap(1, in_us=100000)
            pico.run_for(1500000)
    finally:
        pico.call("realtime", factor=0)
    evs = board.events_since(mark)
    board.stop_firmware()
    ready = [(ev[2], ev[4]) for ev in evs if ev[0] == D.WAR_READY]
    assert ready[:2] == [(0, 1), (1, 0)]      # seat 1 waits for seat 2; seat 2's press turns
    first_card = next(i for i, ev in enumerate(evs) if ev[0] == E.CARD)
    assert first_card > [i for i, ev in enumerate(evs) if ev[0] == D.WAR_READY][1]   # nothing before both
    cards = [ev[2] for ev in evs if ev[0] == E.CARD]
    assert cards[:2] in ([0, 1], [1, 0])
    battles = [ev for ev in evs if ev[0] == E.PILE_WON and ev[3] == E.HOW_BATTLE]
    assert len(battles) >= 2                  # each pair of presses, a battle (a war takes more)


def test_a_money_choice_is_made_with_the_seat_button_and_ok(pico, board):
    settings = {"game": "money", "players": 2, "humans": 2, "tempo": "frantic"}
    pico.call("realtime", factor=1)
    try:
        mark = board.drive(1, settings)        # seat 1 runs out of numerals after ~22 s (laptop)
        deadline = pico.now_us() + 120_000_000  # the chip's time: a busy host only slows it
        while not [ev for ev in board.events_since(mark) if ev[0] == E.MONEY_CHOICE and ev[2] == 0]:
            assert pico.now_us() < deadline, "no choice for seat 1 in 120 s of the game"
            time.sleep(0.1)
        pico.slap(0, in_us=100000)             # the seat button shows the next choice
        pico.run_for(400000)
        pico.key("ok")                          # OK takes it
        pico.run_for(500000)
    finally:
        pico.call("realtime", factor=0)
    evs = board.events_since(mark)
    board.stop_firmware()
    chosen = [ev for ev in evs if ev[0] == E.MONEY_CHOSEN and ev[2] == 0]
    assert chosen and (chosen[0][3], chosen[0][4]) == (1, 0)   # the second choice, not the default


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
    pico.run_for(2_500_000)
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


FILL = """import os
def fits(name, size):
    try:
        with open(name, 'wb') as f:
            block = bytes(min(size, 4096))
            left = size
            while left:
                f.write(block if left >= 4096 else block[:left])
                left -= min(left, 4096)
        return True
    except OSError:   # littlefs drops a file whose write failed: nothing of it stays
        try:
            os.remove(name)
        except OSError:
            pass
        return False
fits('/filler0.bin', (os.statvfs('/')[3] - 2) * 4096)
n = 1
for size in (4096, 512, 64, 16):
    while fits('/filler%d.bin' % n, size):
        n += 1
print('FREE', os.statvfs('/')[3], 'FILES', n)
"""


def _fill_flash(pico):
    """Fill the flash until not one 16-byte file more fits. Each file is written whole or
    not at all (a failed write leaves nothing behind, so what stays is only what closed),
    one big file first and then ever smaller ones: on the emulated Pico a first try that
    wrote to ENOSPC in one file kept nothing, since littlefs discards a failed file."""
    out = pico.mpremote("exec", FILL, timeout=1200).stdout
    m = re.search(r"FREE (-?\d+) FILES (\d+)", out)
    assert m and int(m.group(1)) <= 0, out   # littlefs may count a few blocks below 0 when full


def test_a_full_flash_is_reported_and_loses_nothing(pico, board):
    old = {"game": "ratscrew", "players": 2, "deal": {"seed": 1}}
    board.put_file("/last_replay.json", json.dumps(old))
    stats = pico.read_file("/stats.json")
    _fill_flash(pico)
    try:
        bots = {"game": "ratscrew", "players": 2, "humans": 0, "tempo": "frantic"}
        mark = board.drive(3, bots)          # two bots, 46 cards: the replay will not fit
        pico.wait_serial(r"EV %d " % E.GAME_OVER, since=mark)
        pico.run_for(3_000_000)
        assert pico.pixel(160, 5) == 0xF542    # the "Flash full" notice
        board.stop_firmware()
        assert board.read_json("/last_replay.json") == old   # the last good files stay
        assert pico.read_file("/stats.json") == stats
    finally:
        pico.mpremote("exec", "import os\nfor n in os.listdir('/'):\n if n.startswith('filler') or n.endswith('.new'):\n  os.remove(n)")


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
from app import modes
from app.loop import App
from hardware import board
a = App(board.Board())
a.settings.update({"game": "ratscrew", "players": 2, "humans": 0, "tempo": "frantic"})
a.b.start_watchdog()
for seed in (3, 13, 6, 7):       # two bots, games of 43-65 cards
    a.start_game(seed)
    while a.mode == modes.PLAYING:
        a.step()
        a.idle()
    gc.collect()
    print("HEAP", seed, a.table.game.cards_played, a.mode == modes.OVER, gc.mem_alloc())
a.b.stop_watchdog()
print("SOAKED")
"""


def test_bot_games_back_to_back_keep_the_heap_flat(pico, board):
    # every game is played to its end (no MemoryError, no reset), and the heap after each
    # is what it was after the one before: nothing leaks from game to game. (The heap's
    # budget, 80 KB at a game's peak, is a figure of the device benchmark, which samples
    # it after every card of a four-seat game: make bench-device.)
    mark = board.run_script(SOAK)
    pico.wait_serial("SOAKED|Traceback", timeout_s=900, since=mark)
    text = pico.serial_text()
    text = text[text.rindex(mark):]
    assert "Traceback" not in text, text
    games = re.findall(r"HEAP (\d+) (\d+) (\w+) (\d+)", text)
    assert [(int(seed), int(cards), over) for seed, cards, over, _ in games] == \
        [(3, 46, "True"), (13, 43, "True"), (6, 51, "True"), (7, 65, "True")], text
    heaps = [int(h) for *_, h in games]
    assert max(heaps[1:]) - min(heaps[1:]) <= 1024, heaps      # after the first game's imports


def test_the_chips_drawing_matches_plain_python_and_a_full_repaint(pico, board):
    # native_parity.py: gfx_native's C (built into the image) draws what gfx's Python draws (which the
    # host's tests check), the DMA's registers are worked by spi_regs' C (built in too: every
    # band below goes through it), regions of one and three pixels come back (the DMA's clear of a
    # band without a whole word), and partial repaints on the real panel, decoded from the
    # SPI stream, are what a full repaint of the same table shows
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "native_parity.py")) as f:
        mark = board.run_script(f.read())
    pico.wait_serial(mark)  # (until then, since= would search all the log, older tracebacks too)
    pico.wait_serial(r"PARITY|Traceback", timeout_s=600, since=mark)
    text = pico.serial_text()
    text = text[text.rindex(mark):]
    assert "Traceback" not in text, text
    # a text of characters never seen, measured and drawn with the heap locked: it worked
    # (TEXT, the font's 95 glyphs' width) and interned no name (gfx interned them at import)
    assert re.search(r"TEXT \d{3}", text), text
    counts = re.findall(r"NAMES (?:before|after)\s+qstr pool: n_pool=\d+, n_qstr=(\d+)", text)
    assert len(counts) == 2 and counts[0] == counts[1], text
    assert "NATIVE <module 'gfx_native'> built in" in text  # the image's C, not the viper or Python
    assert "SPI_REGS <module 'spi_regs'> built in" in text  # the image's C, not the viper
    assert "PARITY same" in text, text
    pico.wait_serial("TINY done", timeout_s=60, since=mark)  # a one-pixel region painted, no hang
    for i in range(8):  # the pile's four steps, then War's
        pico.wait_serial(r"PARTIAL %d" % i, since=mark)
        partial = pico.screen().to_image()
        pico.key("ok")
        pico.wait_serial(r"FULL %d" % i, since=mark)
        full = pico.screen().to_image()
        assert differing(partial, full) == 0, i
        pico.key("ok")
    pico.wait_serial("DONE", since=mark)
    text = pico.serial_text()
    assert "MISSES 0" in text[text.rindex(mark):]  # every pile paint above ran with the heap locked
    board.boot()
