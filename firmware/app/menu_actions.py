"""What the App does from its menus: power-up, menu keys, rules, statistics, saving the
settings, and setting up a game or a replay from them.

None of this runs while cards are turned, so app/loop.py keeps only the game loop and
imports this module where it is used; it is let go with menu.py and settings.py when a game
begins (``unload.MENU_ONLY``: its functions and constants are heap objects while it is
imported) and imported again by the next menu. The functions take the App (``a``) and work on its
fields, as its methods did; the clock is the App's (``a.ticks``) and so is dealing
(``a.deal``): the VM benchmarks and host tests put stand-ins there.
"""
import gc
import sys

from screens import menu
from storage import settings
from hid import sound
from storage import stats
from slapstack import games
from storage.files import ERROR_LOG, ERROR_LOG_MAX, REPLAY_FILE
from drawing.gfx import BAND_BYTES, GAME_BAND_BYTES
from app.modes import HOWTO, MENU, PLAYING, RULES, STATS, TESTING, WATCHING
from app.unload import let_go_of_ahead, let_go_of_menus, let_go_of_test
from screens.view import TableView

_AHEAD = ("screens.rules_screen", "screens.howto_screen")  # the screens' code the main menu loads while it waits


def power_up(a):
    """Settings, statistics and any notice from loading them; the main menu, or with OK
    held (and no notice) the hardware test."""
    b = a.b
    a.game_names = settings.available_games()
    a.settings, notes = settings.load(a.store(), a.game_names, b.seat_count)
    a.stats, more = stats.load(a.store())
    a.notes = notes + more
    if b.reset_by_watchdog():
        a.store().append_bounded(ERROR_LOG, "--- restarted by the watchdog\n", ERROR_LOG_MAX)
        a.notes.insert(0, "SlapStack stopped responding and was restarted by its watchdog.")
    b.sound.enabled = a.settings["sound"]
    b.brightness(a.settings["brightness"])
    show_menu(a)
    if a.notes:
        a.notice("Notice", a.notes)
    elif b.held("ok"):  # a maker's first power-up (hw/README.md): the wiring at once
        show_hw_test(a)


def key(a, name):
    """A console key in the main menu, the rules, how to play or the statistics."""
    if a.mode == RULES:
        _rules_key(a, name)
        return
    if a.mode == HOWTO:
        if a.menu.key(name) == menu.BACK:
            show_menu(a, "howto")
        else:
            a.menu.draw(a.r.other())
        return
    if a.mode == STATS:
        result = a.menu.key(name)
        if result == "next":
            a.stats_game = (a.stats_game + 1) % len(a.game_names)
            show_stats(a)
        elif result == menu.BACK:
            show_menu(a, "stats")
        else:
            draw_menu(a)
        return
    a.b.sound.play(sound.KEY, a.now)
    result = a.menu.key(name)
    if result == "play":
        a.start_game()
        return
    if result == "rules":
        show_rules(a)
        return
    if result == "howto":
        from screens import howto_screen
        a.mode = HOWTO
        h = a.howto_ahead
        if h is None or h.game != a.settings["game"]:
            h = howto_screen.HowTo(a.settings, a.settings["game"])
        a.howto_ahead = None  # (a page turned: the next opening starts at the first)
        a.menu = h
        h.draw(a.r.other())
        return
    elif result == "watch":
        watch_last(a)
        return
    elif result == "stats":
        a.stats_game = a.game_names.index(a.settings["game"])
        show_stats(a)
        return
    elif result == "hwtest":
        show_hw_test(a)
        return
    elif result == menu.BACK:
        return
    elif result == menu.CHANGED:
        _changed(a)
    draw_menu(a)


def show_rules(a):
    """The chosen game's rules in groups, in players' words (rules_screen.py). How to play's
    pages made ahead go (the rules may change them, and their room is the menus' peak); the
    main menu makes them again as it waits."""
    from screens import rules_screen
    a.howto_ahead = None
    a.mode = RULES
    a.menu = rules_screen.RulesMenu(a.settings, a.settings["game"])
    a.menu.screen = rules_screen.RulesScreen(a.menu)
    a.menu.screen.draw(a.r.other())


def _rules_key(a, name):
    """A key in the Rules menu: changes are saved like any setting; the reset asks first."""
    m = a.menu
    a.b.sound.play(sound.KEY, a.now)
    was_asking = m.confirming
    result = m.key(name)
    if result == menu.BACK:
        show_menu(a, "rules")
        return
    if result == "confirm":
        title, lines = m.question()
        a.r.message(title, lines)
        return
    if result == menu.CHANGED or result == "reset":
        _changed(a)
    m.screen.draw(a.r.other(), was_asking)  # after the question the whole screen, else the list


def _changed(a):
    s = a.settings
    settings.normalise(s, a.b.seat_count)
    games.forget_others(s["game"])  # (the game may have changed: the menus keep only its code)
    a.howto_ahead = None  # (its pages follow the game, the rules and the length: made again)
    a.b.sound.enabled = s["sound"]
    a.b.brightness(s["brightness"])
    a.settings_changed_at = a.ticks.ticks_us()


def save_settings(a, then=None):
    """Write changed settings; on failure show why (then go on to ``then``) and return True."""
    if a.settings_changed_at is None:
        return False
    a.settings_changed_at = None
    problem = settings.save(a.store(), a.settings)
    if problem:
        a.notice("Not saved", [problem, "Your choices still apply until the power goes off."], then)
    return bool(problem)


def load_ahead(a):
    """One thing a pass of the loop while the main menu waits (App._while_waiting): the
    Rules menu's and How to play's code, How to play's suit pictures and its pages for the
    chosen game (its rules worked out and its first page laid out: 7-10 ms of its opening
    on the chip), then the chosen game's engine module; with the cursor on the hardware
    test's entry, the test's code instead, in the room of those (it leads to none of them).
    Returns whether it did one. A heap too broken up for the next one is no error: what it would have loaded is
    loaded when its screen opens, and the garbage is collected (App._while_waiting)."""
    try:
        return _load_one(a)
    except MemoryError:
        return False


def _load_one(a):
    if a.menu.entries[a.menu.selected].key == "hwtest":  # its code instead of the other screens'
        if "screens.hw_test" in sys.modules:
            return False
        _make_room_for_test(a)
        __import__("screens.hw_test")  # (kept in sys.modules for show_hw_test)
        return True
    if "screens.hw_test" in sys.modules:  # the cursor left its entry
        let_go_of_test()
    for name in _AHEAD:
        if name not in sys.modules:
            __import__(name)
            return True
    howto = sys.modules["screens.howto_screen"]
    if howto.prepare(a.r.g):
        return True
    game = a.settings["game"]
    if a.howto_ahead is None or a.howto_ahead.game != game:
        a.howto_ahead = howto.HowTo(a.settings, game)
        return True
    return load_game(a)


def load_game(a, play=False):
    """The chosen game's engine code, loaded ahead of its deal: its set-up (the main menu's
    wait: War's and Money's play code stays out of the menus' heap, their deal loads it),
    and with ``play`` its play code, its presenter and the session's code too (the summary's
    wait: Play again then loads none of them).
    One a call; returns whether one was not loaded yet."""
    game = a.settings["game"]
    loaded = len(sys.modules)
    games.game_module(game)
    if play and len(sys.modules) == loaded:
        games.game_class(game)
    if play and len(sys.modules) == loaded:
        presenter_class(game)
    if play and len(sys.modules) == loaded:
        __import__("app.session")
    return len(sys.modules) != loaded


def presenter_class(game):
    """The class that shows ``game``'s events (app/presenter.py), its module imported if it
    is not yet: it goes with the game (unload.GAME_ONLY)."""
    if game in ("war", "money"):
        from app.duel_presenter import DuelPresenter
        return DuelPresenter
    from app.slap_presenter import SlapPresenter
    return SlapPresenter


def show_hw_test(a):
    """The hardware test (screens/hw_test.py), which runs itself until Back is held; its
    code, loaded while its entry waited under the cursor (load_ahead) or now, is let go with
    it (show_menu)."""
    import time
    if "screens.hw_test" not in sys.modules:  # (opened before the menu loaded it)
        _make_room_for_test(a)
    a.mode = TESTING
    a.menu = None
    a.r.g.bands(GAME_BAND_BYTES)  # the game's larger bands, in that room: fewer painter calls
    from screens import hw_test
    a.screen = hw_test.HardwareTest(a.b, a.settings["brightness"])
    a.screen.open(time.ticks_us())  # now, not a pass of the loop later


def _make_room_for_test(a):
    """What the main menu loaded ahead for its other screens goes: the test's code and bands
    take its place."""
    a.howto_ahead = None
    let_go_of_ahead()


def show_menu(a, at="play"):
    """The main menu with the cursor on the entry whose action is ``at`` (no game is on:
    App._show_menu lets it go first), keeping only the chosen game's engine code. The
    hardware test, if it was on (left, or stopped by an error), is closed and let go."""
    if a.screen is not None:
        a.screen.close()
        a.screen = None
        let_go_of_test()
        a.r.g.bands(BAND_BYTES)
    a.mode = MENU
    a.menu = None
    a.howto_ahead = None  # (the rules may have changed: load_ahead makes it again)
    games.forget_others(a.settings["game"])
    a.b.leds.off()
    a.menu = m = menu.main_menu(a.settings, a.game_names, a.b.seat_count, a.store().exists(REPLAY_FILE))
    for i in range(len(m.entries)):
        if m.entries[i].key == at:
            m.selected = i
    draw_menu(a)


def draw_menu(a):
    m = a.menu
    a.r.menu(m.title, m.items(), m.selected, m.current_hint())


def show_stats(a):
    """One game's statistics as a list: up/down scroll, OK the next game, Back the menu."""
    a.mode = STATS
    game = a.game_names[a.stats_game]
    lines = stats.summary(a.stats, game)
    a.menu = menu.Menu(menu.SHORT.get(game, game) + " stats",
                       [menu.Entry(menu.ACTION, line, key="next") for line in lines],
                       "OK: next game   Back: menu")
    draw_menu(a)


def start_game(a, seed=None):
    """A new game with the menu's settings; ``seed`` None: the microsecond of the press."""
    time = a.ticks
    if save_settings(a, PLAYING):
        return  # the "not saved" notice is up; its key starts the game
    gc.collect()  # the last game's table (App.start_game let it go): room for the new one
    s = a.settings
    if seed is None:
        seed = time.ticks_diff(time.ticks_us(), a.boot_us) & 0x3FFFFFFF  # the press's moment
    args = settings.table_args(s)
    view = TableView(menu.SHORT[s["game"]], s["players"])
    for i in range(s["players"]):
        view.is_bot[i] = i >= s["humans"]
        if view.is_bot[i]:
            view.name[i] = view.name[i] + " bot"
    # a slap game seats every button: the free ones' people may slap in (rule late_slap_in)
    seats = max(a.b.seat_count, s["players"]) if s["game"] in games.SLAP_FAMILY else s["players"]
    table = a.deal(args["game"], args["players"], rules=args["rules"],
                   deal={"seed": seed}, tempo_ms=args["tempo_ms"], bots=args["bots"],
                   sink=a.on_event, bot_seed=seed ^ 0x2545F491, live=True, seats=seats)
    begin(a, PLAYING, table, view)
    if not getattr(table.rules, "slaps", True) or s["game"] == "war":
        # no button changes a game without slaps (Beggar-my-neighbour, Ruffle; in War
        # the presses only set the pace): a deal that comes back to a state it was in
        # never ends, so say so instead of playing on
        table.watch_for_loops()


def watch_last(a):
    """Play /last_replay.json back on the table (no statistics, nothing saved). The code
    reading it (watch.py) stays loaded while it plays and goes with it (App.leave_game)."""
    gc.collect()
    try:
        f = open(a.store().path(REPLAY_FILE))
    except OSError:
        a.notice("Watch last game", ["No game has been saved yet."])
        return
    from slapstack import replay
    from app.watch import ReplayReader
    try:
        reader = ReplayReader(f)
        spec = reader.spec
        seats = spec["players"]
        if type(seats) is int and seats > a.b.seat_count:  # (the laptop plays some games with
            # up to 8: README "The games")
            f.close()
            a.notice("Watch last game", ["A game for %d players: this board seats %d." % (seats, a.b.seat_count)])
            return
        table = replay.table_for(spec, a.on_event)
        reader.ahead = reader.next()
    except ValueError as e:
        f.close()
        a.notice("Replay damaged", [str(e)])
        return
    reader.name = menu.SHORT[spec["game"]]
    begin(a, WATCHING, table, TableView(reader.label(1), spec["players"]), reader)


def begin(a, mode, table, view, reader=None):
    """Put ``table`` (start_game or watch_last dealt it) on screen with ``view`` in a new
    session (session.py) and start its clock (``mode`` PLAYING, or WATCHING ``reader``'s
    replay). This module, the rest of the menu code and the engine's
    modules the game does not use leave the heap here."""
    from app.session import Session  # (it goes with the game: unload.GAME_ONLY)
    from screens import game_words  # (it goes with the menus' code: unload.MENU_ONLY)
    a.session = s = Session(a, table, view, game_words.of(table.game_name), reader)
    s.presenter = presenter_class(table.game_name)(s)  # before the game's first event, and
    # before the deal lets the engine's set-up go (a slap game's names its combinations with it)
    if mode == PLAYING and table.record:  # before store.py goes with the menus
        s.open_record()
    a.menu = None
    a.howto_ahead = None
    a.summary.begin(table.players, table.seats)
    let_go_of_menus()  # and rules, presets, deal code, other games' code: not needed until the menu
    a.r.g.bands(GAME_BAND_BYTES)  # the table's larger bands, in the room the menus leave
    gc.collect()  # their garbage now, before the deal is drawn: not in the first cards' time
    a.mode = mode
    a.b.leds.seats_in_play(table.players)
    s.start(a.ticks.ticks_us())
    gc.collect()  # and the drawing's, before the first card is due
