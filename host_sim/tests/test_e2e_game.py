"""Whole games on the simulated device, played with the seat buttons like people would.

Seat 1 (index 0) is a quick player: whenever the screen shows a slappable pile it slaps
``REACTION_MS`` later. Seat 2 never slaps. The game is watched the way a player would:
the screen (pixels), the LEDs, the piezo, and afterwards the files on the flash. Then a false
slap, pause, a stuck button, deals that never end and a long game's record on the flash.
"""
import json
import sys

import pytest

from host_sim.device import Device, MS
from drawing import gfx
from drawing import colours
from hid import sound
from host_sim.tests import table_screen as S
from host_sim.tests.screen_text import TextLog
from slapstack import events as E
from slapstack.pattern_names import pattern_name
from slapstack import replay

REACTION_MS = 220
HOLD_MS = 80
TWO_PEOPLE = {"players": 2, "humans": 2, "tempo": "frantic"}


def notes(tune):
    return [f for f, _ in tune[1] if f]


def plays(heard, tune):
    """Whether the notes of ``tune`` come one after the other in ``heard``."""
    want = notes(tune)
    return any(heard[i:i + len(want)] == want for i in range(len(heard)))


class QuickPlayer:
    """Slaps seat ``seat`` REACTION_MS after every card that makes a slappable pile."""

    def __init__(self, dev, seat=0):
        self.dev = dev
        self.seat = seat
        self.seen = len(dev.events)
        self.slaps = []       # (press time, card event)

    def step(self, ms=5):
        dev = self.dev
        dev.run_for(ms)
        for ev in dev.events[self.seen:]:
            if ev[1] == E.CARD and dev.app.session.table.game.visible_pattern():
                t = ev[0] + REACTION_MS * MS
                dev.press(self.seat, t)
                dev.release(self.seat, t + HOLD_MS * MS)
                self.slaps.append((t, ev))
        self.seen = len(dev.events)


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    """One whole two-person game, with what a player saw along the way."""
    flash = tmp_path_factory.mktemp("flash")
    (flash / "settings.json").write_text(json.dumps(TWO_PEOPLE))
    dev = Device(str(flash)).boot()
    seen = {}
    try:
        dev.keys("ok")
        player = QuickPlayer(dev)
        while not dev.of(E.GAME_OVER):
            player.step()
            if "first_card" not in seen and dev.of(E.CARD):
                card = dev.of(E.CARD)[0]
                seen["first_card"] = (card[3], S.suit_ink_at(dev), S.card_face_at(dev))
                seen["band_buffers"] = dev.app.r.g.buffers()
            wins = [ev for ev in dev.of(E.SLAP) if ev[2] == 0 and ev[3] == E.V_WIN]
            if wins and "verdict" not in seen:
                seen["verdict"] = (S.verdict_fill(dev), wins[0])
                seen["verdict_text"] = dev.app.session.view.verdict[2]
                seen["setup_loaded"] = [m for m in sys.modules if m == "slapstack.slaprules"]
            assert dev.now_us < 30 * 60 * 1000 * MS, "the game did not end in 30 minutes"
        dev.run_for(50)
        seen["over"] = dev.of(E.GAME_OVER)[0]
        seen["winner_pixel"] = dev.pixel(160, 20)
        seen["winner_colour"] = dev.app.session.view.colour[seen["over"][2]] if seen["over"][2] >= 0 else None
        blink = set()
        for _ in range(20):
            dev.run_for(25)
            blink.add(dev.led(seen["over"][2]))
        seen["winner_led"] = blink
        seen["loser_led"] = dev.led(1 - seen["over"][2])
        dev.run_for(1000)  # the fanfare plays on
        yield dev, player, seen, flash
    finally:
        dev.close()


def test_the_top_card_shows_in_its_suit_colour(game):
    dev, player, seen, flash = game
    card, ink, face = seen["first_card"]
    assert face == colours.CARD
    assert ink == (colours.INK_RED if (card >> 4) in (1, 2) else colours.INK_BLACK)


def test_every_slap_on_a_combination_wins_and_is_timed_from_the_picture(game):
    dev, player, seen, flash = game
    assert player.slaps, "no slappable pile in a whole game?"
    verdicts = [ev for ev in dev.of(E.SLAP) if ev[2] == 0]
    assert len(verdicts) == len(player.slaps)
    assert {ev[3] for ev in verdicts} == {E.V_WIN}
    for ev in verdicts:
        # judged from when the card was on screen: a little less than the press delay
        assert (REACTION_MS - 20) * MS < ev[5] <= REACTION_MS * MS
    assert not [ev for ev in dev.of(E.SLAP) if ev[2] == 1]   # the other person never slapped


def test_the_verdict_covers_the_pile_in_green(game):
    dev, player, seen, flash = game
    fill, ev = seen["verdict"]
    assert fill == colours.GREEN


def test_the_verdict_names_the_combination_though_the_rules_code_was_let_go(game):
    dev, player, seen, flash = game
    fill, ev = seen["verdict"]
    assert seen["verdict_text"] == pattern_name("ratscrew", ev[4]).upper() + "!"
    assert seen["setup_loaded"] == []   # unload.unload_engine ran when the game began


def test_the_band_buffers_stay_through_the_games_end_and_its_save(game):
    # the game's larger bands, made as it began, stay until it is let go: its end and its
    # save make none again
    dev, _, seen, flash = game
    assert (flash / "last_replay.json").exists()
    assert seen["band_buffers"] is not None and dev.app.r.g.buffers() is seen["band_buffers"]
    assert len(seen["band_buffers"][0]) == gfx.GAME_BAND_BYTES


def test_a_game_paints_in_larger_bands_and_the_menus_in_smaller(tmp_path):
    # 5 KB bands at the table (half as many bands, each running its painter's Python whole:
    # some 10 ms off a full redraw on the chip); 2.5 KB in the menus, whose code takes the
    # heap the game let go
    (tmp_path / "settings.json").write_text(json.dumps(TWO_PEOPLE))
    dev = Device(str(tmp_path)).boot()
    try:
        g = dev.app.r.g
        assert g.band_bytes == gfx.BAND_BYTES and len(g.buffers()[0]) == gfx.BAND_BYTES  # the menu
        dev.keys("ok")
        dev.run_for(1500)
        assert dev.of(E.CARD) and len(g.buffers()[0]) == gfx.GAME_BAND_BYTES
        dev.keys("back")  # paused
        dev.run_for(200)
        dev.keys("back")  # the pause screen's Back: the menu
        dev.run_for(200)
        assert g.band_bytes == gfx.BAND_BYTES and len(g.buffers()[0]) == gfx.BAND_BYTES
    finally:
        dev.close()


def test_piezo_ticks_for_cards_chirps_for_slaps_and_plays_the_fanfare(game):
    dev, player, seen, flash = game
    tones = [f for t, f, duty in dev.piezo() if duty]
    cards = len(dev.of(E.CARD))
    assert tones.count(notes(sound.CARD)[0]) >= cards // 2     # a tick per card (a chirp may cover one)
    slap_t = [ev[0] for ev in dev.of(E.SLAP)]
    for t in slap_t[:5]:
        assert dev.tones_since(t)[:2] == notes(sound.VALID_SLAP)
    assert plays(dev.tones_since(seen["over"][0]), sound.WIN)


def test_the_winner_screen_and_led(game):
    dev, player, seen, flash = game
    winner = seen["over"][2]
    assert winner in (0, 1)
    assert seen["winner_pixel"] == seen["winner_colour"]
    assert seen["winner_led"] == {0, 65535}                 # blinking
    assert seen["loser_led"] == 0


def test_statistics_are_saved_for_both_people(game):
    dev, player, seen, flash = game
    data = json.loads((flash / "stats.json").read_text())
    rec = data["games"]["ratscrew"]
    winner = seen["over"][2]
    assert rec["played"] == 1 and rec["bot_wins"] == 0
    assert [s["games"] for s in rec["seats"][:2]] == [1, 1]
    assert [s["wins"] for s in rec["seats"][:2]] == [int(winner == 0), int(winner == 1)]
    mine = [ev[5] for ev in dev.of(E.SLAP) if ev[2] == 0]
    assert rec["seats"][0]["slaps"] == len(mine)
    assert rec["seats"][0]["fastest_ms"] == min(mine) // 1000
    assert rec["seats"][1]["reactions"] == 0


def test_the_saved_replay_plays_the_same_game(game):
    dev, player, seen, flash = game
    spec = replay.check(json.loads((flash / "last_replay.json").read_text()))
    assert spec["players"] == 2 and "seed" in spec["deal"]
    table = replay.play(spec, lambda *ev: None)
    assert table.game.winner == seen["over"][2]
    assert table.game.cards_played == seen["over"][3]


def test_a_false_slap_burns_a_card_with_a_low_buzz(make_device):
    dev = make_device(settings=TWO_PEOPLE)
    dev.keys("ok")
    while True:
        dev.run_until_event(E.CARD, 5000)
        if not dev.app.session.table.game.visible_pattern() and dev.app.session.table.game.pile_len() >= 2:
            break
    before = dev.app.session.table.game.hand_size(1)
    t = dev.now_us + 100 * MS
    dev.press(1, t)
    dev.release(1, t + HOLD_MS * MS)
    dev.run_until(t + 5 * MS)
    slap = dev.of(E.SLAP)[-1]
    assert (slap[2], slap[3]) == (1, E.V_FALSE)
    assert S.note_fill(dev) == colours.RED
    assert dev.app.session.table.game.hand_size(1) == before - 1       # burned under the pile
    assert dev.of(E.BURN)[-1][2] == 1
    dev.run_for(300)
    assert dev.tones_since(t)[:2] == notes(sound.FALSE_SLAP)


def test_every_sound_is_pitched_where_the_piezo_is_loud():
    """A small piezo is loudest near its resonance (about 4 kHz) and far quieter a few octaves
    down: a note under 1 kHz would be lost in a noisy room."""
    tunes = [v for k, v in vars(sound).items() if k.isupper() and type(v) is tuple]
    assert len(tunes) >= 6
    for priority, notes_of in tunes:
        for hz, ms in notes_of:
            assert hz == 0 or 1000 <= hz <= 4000, (hz, ms)


def _pixels(dev, box):
    x, y, w, h = box
    return [dev.pixel(x + i, y + j) for j in range(h) for i in range(w)]


def test_a_false_snap_leaves_the_piles_top_cards_in_view(make_device):
    # Egyptian War, where a player mashed: each false snap's verdict is a note low over the
    # pile, so everyone still sees the cards to judge (ranks, suits, whose each is) and can
    # snap when a pair comes, while it says what happened, who and what it cost
    dev = make_device(settings=dict(TWO_PEOPLE, game="egyptian_war"))
    dev.keys("ok")
    g = dev.app.session.table.game
    while True:
        dev.run_until_event(E.CARD, 5000)
        if not g.visible_pattern() and g.pile_len() >= 4:  # (a burn goes under a full fan)
            break
    above = S.pile_above_note()
    before = _pixels(dev, above)
    assert colours.CARD in before and (colours.INK_RED in before or colours.INK_BLACK in before)  # indexes
    cards = len(dev.of(E.CARD))
    t = dev.now_us + 10 * MS
    dev.press(1, t)
    dev.release(1, t + HOLD_MS * MS)
    with TextLog() as log:
        dev.run_until(t + 5 * MS)
    slap = dev.of(E.SLAP)[-1]
    assert (slap[2], slap[3]) == (1, E.V_FALSE)
    assert dev.app.session.view.verdict is not None and len(dev.of(E.CARD)) == cards  # no card since
    assert _pixels(dev, above) == before                          # the cards above it unchanged,
    assert S.note_fill(dev) == colours.RED                         # with the verdict up
    note = S.note_box()
    said = [d.text for d in log.drawn if d.inside(note)]
    assert said[:3] == ["NO SNAP", "nothing to snap", "Blue burns 1"], log.drawn
    assert all(d.cap_px >= 14 for d in log.drawn if d.inside(note))
    dev.run_until_event(E.CARD, 5000)                             # the next card lifts it
    assert dev.app.session.view.verdict is None and S.note_fill(dev) != colours.RED


def test_pause_stops_the_game_clock(make_device):
    dev = make_device(settings=TWO_PEOPLE)
    dev.keys("ok")
    dev.run_until_event(E.CARD, 5000)
    dev.keys("back")
    assert dev.pixel(160, 5) == colours.GOLD                       # the pause notice
    cards = len(dev.of(E.CARD))
    dev.run_for(5000)
    assert len(dev.of(E.CARD)) == cards                      # nothing moves while paused
    dev.keys("ok")
    dev.run_for(1000)
    assert len(dev.of(E.CARD)) > cards
    assert dev.pixel(160, 5) != colours.GOLD


def test_a_stuck_button_is_shown_on_its_seat_until_released(make_device):
    dev = make_device(settings=TWO_PEOPLE)
    dev.keys("ok")
    dev.press(1, dev.now_us + MS)
    dev.run_for(3500)
    assert dev.app.session.view.stuck == [1]
    e = dev.app.r.strips.edges[1]
    strip = (e.x, e.y, e.x + e.w, e.y + e.h)
    stuck_strip = dev.image().crop(strip)
    dev.release(1, dev.now_us + MS)
    dev.run_for(200)
    assert dev.app.session.view.stuck == []
    assert dev.image().crop(strip).tobytes() != stuck_strip.tobytes()


# A small Beggar-my-neighbour deal that comes round to where it was after ~160 cards.
ENDLESS_HANDS = [["2D", "8C", "KS", "9S", "2S", "10S"], ["JH", "4D", "4S", "10H", "5C", "7D"]]


def test_a_live_beggar_deal_that_never_ends_says_so(make_device):
    dev = make_device(settings={"game": "beggar", "players": 2, "humans": 2, "tempo": "frantic",
                                "rules": {"beggar": {"turn": "auto"}}})  # (nobody presses)
    app_module = sys.modules["app.loop"]

    class EndlessDeal(app_module.Table):
        def __init__(self, game, players, **kw):
            kw["deal"] = {"hands": ENDLESS_HANDS}
            super().__init__(game, players, **kw)

    app_module.Table = EndlessDeal
    dev.keys("ok")
    over = dev.run_until_event(E.GAME_OVER, 5 * 60 * 1000, step_ms=100)
    assert (over[2], over[5]) == (-1, E.END_ENDLESS)
    assert over[3] > 100                                    # the cards went round first
    dev.run_for(50)
    assert dev.message[0] == "No winner"
    assert "could never end" in " ".join(dev.message[1])


FOUR_WITH_BOTS = {"players": 4, "humans": 1, "level": "hard", "tempo": "frantic"}


def _play_to_the_end(dev, each=None):
    """Run a game to its end, 50 ms at a time; ``each(dev)`` after every step."""
    while not dev.of(E.GAME_OVER):
        dev.run_for(50)
        if each is not None and not dev.of(E.GAME_OVER):
            each(dev)
        assert dev.now_us < 30 * 60 * 1000 * MS, "the game did not end in 30 minutes"
    dev.run_for(100)


def _replays_the_game(dev, flash):
    over = dev.of(E.GAME_OVER)[0]
    spec = replay.check(json.loads((flash / "last_replay.json").read_text()))
    table = replay.play(spec, lambda *ev: None)
    return (table.game.winner, table.game.cards_played) == (over[2], over[3])


def test_a_long_games_input_record_goes_to_the_flash_while_the_pile_is_empty(make_device, flash):
    """The replay's record does not pile up in RAM: its full chunks move to a scratch file
    when the pile is empty; the replay written from it at the end plays the same game, and
    the scratch file is removed then."""
    dev = make_device(settings=FOUR_WITH_BOTS)
    dev.keys("ok")
    seen = {"ram": 0, "file": False}

    def look(dev):
        seen["ram"] = max(seen["ram"], len(dev.app.session.table.inputs.chunks))
        seen["file"] = seen["file"] or (flash / "game_inputs.bin").exists()

    _play_to_the_end(dev, look)
    log = dev.app.session.table.inputs
    assert log.count > 500 and log.stored >= 4 and seen["ram"] <= 2 and seen["file"]
    assert not (flash / "game_inputs.bin").exists()
    assert _replays_the_game(dev, flash)


def test_a_flash_too_full_for_the_record_keeps_it_in_ram_and_loses_nothing(make_device, flash):
    """Two chunks fit on the flash, the third does not: spilling stops and the record
    grows in RAM instead. Once there is room again the replay, from both, is whole."""
    dev = make_device(settings=FOUR_WITH_BOTS)
    dev.limit_flash(2 * 512 + 100)
    dev.keys("ok")
    seen = {"stopped": None}

    def look(dev):
        if seen["stopped"] is None and not dev.app.session.spilling:
            seen["stopped"] = dev.app.session.table.inputs.stored
            dev.limit_flash(10 ** 9)   # room again for the end of the game's files
    _play_to_the_end(dev, look)
    log = dev.app.session.table.inputs
    assert seen["stopped"] == 2 and log.stored == 2 and len(log.chunks) >= 2
    assert not (flash / "game_inputs.bin").exists()
    assert _replays_the_game(dev, flash)


def test_a_live_war_deal_that_never_ends_says_so(make_device):
    # War's fixed gather order can bring a deal round again (tests/test_war.py's): the
    # watch for an endless deal reads the hands after every battle and says so, as in Beggar
    dev = make_device(settings={"game": "war", "players": 2, "humans": 1, "tempo": "frantic"})
    app_module = sys.modules["app.loop"]

    class EndlessDeal(app_module.Table):
        def __init__(self, game, players, **kw):
            kw["deal"] = {"hands": [["10S", "KS"], ["2C", "4H", "QS"]]}
            super().__init__(game, players, **kw)

    app_module.Table = EndlessDeal
    dev.keys("ok")
    for _ in range(40):  # you press 300 ms after each battle; the bot presses too
        dev.tap(0, hold_ms=60, then_ms=240)
        if dev.of(E.GAME_OVER):
            break
    over = dev.of(E.GAME_OVER)[0]
    assert (over[2], over[5]) == (-1, E.END_ENDLESS)
    dev.run_for(50)
    assert dev.message[0] == "No winner"
    assert "could never end" in " ".join(dev.message[1])
