"""The App's menus, each a screen of its own (screen.py): the main menu, the Rules, How to
play, the statistics and the hardware test; and what they start: power-up, saving the
settings, and setting a game or a replay up on the table.

None of this runs while cards are turned, so the App imports this module where it is used
(``App.menus``); it is let go with menu.py and settings.py when a game begins
(``unload.MENU_ONLY``: its functions, classes and constants are heap objects while it is
imported) and imported again by the next menu. The clock is the App's (``a.ticks``) and
so is dealing (``a.deal``): the VM benchmarks and host tests put stand-ins there.
"""
import gc
import sys

from hid.keys import BACK
from screens import menu
from storage import settings
from hid import sound
from storage import stats
from slapstack import chance, games
from storage.files import ERROR_LOG, ERROR_LOG_MAX, REPLAY_FILE
from drawing.gfx import BAND_BYTES, GAME_BAND_BYTES
from app.screen import Screen
from app.unload import let_go_of_ahead, let_go_of_menus, let_go_of_test
from screens.view import TableView

AHEAD = ("screens.rules_screen", "screens.howto_screen")  # the screens' code the main menu loads while it waits


def power_up(a):
    """Settings, statistics and any notice from loading them; the main menu, or with OK
    held (and no notice) the hardware test. No file stops this: each reader gives what it
    can trust and says what it could not use (settings.py, stats.py), and a reader that
    fails after all gives the defaults, its file set aside."""
    b = a.b
    a.game_names = settings.available_games()
    notes = []
    try:
        a.settings, more = settings.load(a.store(), a.game_names, b.seat_count)
    except Exception as e:  # (a reader's own fault: the file is not to blame, but set aside)
        a.settings, more = settings.defaults(a.game_names, b.seat_count), _unread(a, settings.FILE, e)
    notes += _few(more)
    try:
        a.stats, more = stats.load(a.store())
    except Exception as e:
        a.stats, more = stats.empty(), _unread(a, stats.FILE, e)
    notes += _few(more)
    if b.reset_by_watchdog():
        a.store().append_bounded(ERROR_LOG, "--- restarted by the watchdog\n", ERROR_LOG_MAX)
        notes.insert(0, "SlapStack stopped responding and was restarted by its watchdog.")
    b.sound.enabled = a.settings["sound"]
    b.brightness(a.settings["brightness"])
    show_menu(a)
    if notes:
        a.notice("Notice", notes)
    elif b.held("ok"):  # a maker's first power-up (hw/README.md): the wiring at once
        a.change(HardwareTestScreen())


def _unread(a, name, e):
    a.store().set_aside(name)
    return ["%s could not be read (%s); kept as %s.bad" % (name, type(e).__name__, name)]


def _few(messages):
    """A file's messages, at most three of them on the notice (it holds some eight lines):
    else its first problem, and how many more with its last line (where the file was kept)."""
    if len(messages) > 3:
        return [messages[0], "%d more problems. %s" % (len(messages) - 2, messages[-1])]
    return messages


def after_error(a, again):
    """OK on the error screen: the main menu, always. ``again``: the error came back before
    any key since the last one's OK (the menu, or what it loads while it waits, failed), so
    the settings in use may be its cause: the menu then comes with the defaults (in use
    until a setting changes; the file stays as it is), and so it does if the menu itself
    fails with the settings in use."""
    a.recovering = True
    if again or a.settings is None:
        _fall_back(a)
    try:
        a.show_menu()
    except Exception:
        _fall_back(a)
        a.show_menu()


def _fall_back(a):
    if a.game_names is None:
        a.game_names = settings.available_games()
    a.settings = settings.defaults(a.game_names, a.b.seat_count)
    if a.stats is None:
        a.stats = stats.empty()
    a.settings_changed_at = None


def show_menu(a, at="play"):
    """The main menu with the cursor on the entry whose action is ``at`` (no game is on:
    App.show_menu lets it go first)."""
    a.change(MainMenu(at))


def draw_menu(a, m):
    """A list menu (screens.menu's Menu ``m``) on the panel."""
    a.r.menu(m.title, m.items(), m.selected, m.current_hint())


class MainMenu(Screen):
    """The main menu: the game and its settings, Play, Rules, How to play, Watch last game,
    Statistics and the hardware test. While it waits it loads the code of the screens it
    leads to (``ahead``), and makes How to play's pages for the chosen game."""
    waits = True

    def __init__(self, at="play"):
        self.at = at             # the entry the cursor starts on (its action)
        self.menu = None         # screens.menu's Menu, made as it opens
        self.howto_ahead = None  # How to play, made while it waits (ahead)

    def open(self, a):
        """Keeps only the chosen game's engine code, and the LEDs dark."""
        games.forget_others(a.settings["game"])
        a.b.leds.off()
        self.menu = m = menu.main_menu(a.settings, a.game_names, a.b.seat_count, a.store().exists(REPLAY_FILE))
        for i in range(len(m.entries)):
            if m.entries[i].key == self.at:
                m.selected = i
        draw_menu(a, m)

    def close(self, a):
        self.menu = None
        self.howto_ahead = None

    def key(self, a, name):
        a.b.sound.play(sound.KEY, a.now)
        result = self.menu.key(name)
        if result == "play":
            a.start_game()
        elif result == "rules":
            a.change(Rules())
        elif result == "headstart":
            a.change(HeadStarts())
        elif result == "howto":
            h = self.howto_ahead
            self.howto_ahead = None  # (a page turned: the next opening starts at the first)
            a.change(HowToPlay(h))
        elif result == "watch":
            watch_last(a)
        elif result == "stats":
            a.change(Statistics(a.game_names.index(a.settings["game"])))
        elif result == "hwtest":
            a.change(HardwareTestScreen())
        elif result != BACK:
            if result == menu.CHANGED:
                changed(a)
                self.howto_ahead = None  # (its pages follow the game, the rules and the length: made again)
            draw_menu(a, self.menu)

    def ahead(self, a):
        """One thing a pass of the loop while the player is idle (App._while_waiting): the
        Rules menu's and How to play's code, How to play's suit pictures and its pages for
        the chosen game (its rules worked out and its first page laid out: 7-10 ms of its
        opening on the chip), then the chosen game's engine module; with the cursor on the
        hardware test's entry, the test's code instead, in the room of those (it leads to
        none of them). Returns whether it did one. A heap too broken up for the next one is
        no error: what it would have loaded is loaded when its screen opens, and the
        garbage is collected (App._while_waiting)."""
        try:
            return self._load_one(a)
        except MemoryError:
            return False

    def _load_one(self, a):
        if self.menu.entries[self.menu.selected].key == "hwtest":  # its code instead of the other screens'
            if "screens.hw_test" in sys.modules:
                return False
            self.howto_ahead = None
            let_go_of_ahead()
            __import__("screens.hw_test")  # (kept in sys.modules for HardwareTest)
            return True
        if "screens.hw_test" in sys.modules:  # the cursor left its entry
            let_go_of_test()
        for name in AHEAD:
            if name not in sys.modules:
                __import__(name)
                return True
        howto = sys.modules["screens.howto_screen"]
        if howto.prepare(a.r.g):
            return True
        game = a.settings["game"]
        if self.howto_ahead is None or self.howto_ahead.game != game:
            self.howto_ahead = howto.HowTo(a.settings, game)
            return True
        return load_game(a)


class Rules(Screen):
    """The chosen game's rules in groups, in players' words (rules_screen.py); changes are
    saved like any setting, and the reset asks first. Back returns to the main menu."""
    waits = True

    def __init__(self):
        self.menu = None     # rules_screen's RulesMenu, made as it opens
        self.screen = None   # and its RulesScreen, which draws it

    def open(self, a):
        from screens import rules_screen
        self.menu = rules_screen.RulesMenu(a.settings, a.settings["game"])
        self.screen = rules_screen.RulesScreen(self.menu)
        self.screen.draw(a.r.other())

    def close(self, a):
        self.menu = self.screen = None

    def key(self, a, name):
        m = self.menu
        a.b.sound.play(sound.KEY, a.now)
        was_asking = m.confirming
        result = m.key(name)
        if result == BACK:
            show_menu(a, "rules")
            return
        if result == "confirm":
            title, lines = m.question()
            a.r.message(title, lines)
            return
        if result == menu.CHANGED or result == "reset":
            changed(a)
        self.screen.draw(a.r.other(), was_asking)  # after the question the whole screen, else the list


class HeadStarts(Screen):
    """Each seat's head start, or the evening balance that sets them from the games played
    since power-up (App.balance): a menu of its own (screens.menu.head_start_menu). Back
    returns to the main menu."""
    waits = True

    def __init__(self):
        self.menu = None

    def open(self, a):
        self.menu = self._made(a, 0)
        draw_menu(a, self.menu)

    def _made(self, a, selected):
        s = a.settings
        balanced = None
        if s["balance"]:
            balanced = a.balance.head_starts() if a.balance is not None else [0] * a.b.seat_count
        m = menu.head_start_menu(s, a.b.seat_count, balanced)
        m.selected = selected
        return m

    def close(self, a):
        self.menu = None

    def key(self, a, name):
        a.b.sound.play(sound.KEY, a.now)
        result = self.menu.key(name)
        if result == BACK:
            show_menu(a, "headstart")
            return
        if result == menu.CHANGED:
            changed(a)
            if self.menu.selected == 0:  # the balance switched: its entries or the menu's
                self.menu = self._made(a, 0)
        draw_menu(a, self.menu)


class HowToPlay(Screen):
    """How to play the chosen game, a page at a time (howto_screen.py): its pages made
    while the main menu waited (``howto``), or now. Back returns to the main menu."""
    waits = True

    def __init__(self, howto=None):
        self.menu = howto

    def open(self, a):
        from screens import howto_screen
        game = a.settings["game"]
        if self.menu is None or self.menu.game != game:
            self.menu = howto_screen.HowTo(a.settings, game)
        self.menu.draw(a.r.other())

    def close(self, a):
        self.menu = None

    def key(self, a, name):
        if self.menu.key(name) == BACK:
            show_menu(a, "howto")
        else:
            self.menu.draw(a.r.other())


class Statistics(Screen):
    """One game's statistics as a list: up/down scroll, OK the next game, Back the menu."""
    waits = True

    def __init__(self, game_index):
        self.game = game_index  # in a.game_names
        self.menu = None

    def open(self, a):
        game = a.game_names[self.game]
        from screens import game_words  # (it goes with the menus' code: unload.MENU_ONLY)
        lines = stats.summary(a.stats, game, game_words.of(game)[5])
        self.menu = menu.Menu(menu.SHORT.get(game, game) + " stats",
                              [menu.Entry(menu.ACTION, line, key="next") for line in lines],
                              "OK: next game   Back: menu")
        draw_menu(a, self.menu)

    def close(self, a):
        self.menu = None

    def key(self, a, name):
        result = self.menu.key(name)
        if result == "next":
            a.change(Statistics((self.game + 1) % len(a.game_names)))
        elif result == BACK:
            show_menu(a, "stats")
        else:
            draw_menu(a, self.menu)


class HardwareTestScreen(Screen):
    """The hardware test (screens/hw_test.py), which polls its own buttons, moves its own
    ticks and paints its own regions until Back is held. Its code, loaded while its entry
    waited under the cursor (MainMenu.ahead) or as it opens, is let go as it closes."""
    own_keys = True

    def __init__(self):
        self.test = None

    def open(self, a):
        import time
        if "screens.hw_test" not in sys.modules:  # (opened before the menu loaded it)
            let_go_of_ahead()  # the test's code and bands take the room of the menu's screens'
        a.r.g.bands(GAME_BAND_BYTES)  # the game's larger bands, in that room: fewer painter calls
        from screens import hw_test
        self.test = hw_test.HardwareTest(a.b, a.settings["brightness"])
        self.test.open(time.ticks_us())  # now, not a pass of the loop later

    def step(self, a, now):
        if not self.test.step(now):
            show_menu(a, "hwtest")

    def close(self, a):
        self.test.close()
        self.test = None
        let_go_of_test()
        a.r.g.bands(BAND_BYTES)


def changed(a):
    """A setting changed in a menu: it takes effect now and is saved once the menus are
    left alone a while (App.step)."""
    s = a.settings
    settings.normalise(s, a.b.seat_count)
    games.forget_others(s["game"])  # (the game may have changed: the menus keep only its code)
    a.b.sound.enabled = s["sound"]
    a.b.brightness(s["brightness"])
    a.settings_changed_at = a.ticks.ticks_us()


def save_settings(a, then=None):
    """Write changed settings; on failure show why (then go on to ``then(a)``) and return True."""
    if a.settings_changed_at is None:
        return False
    a.settings_changed_at = None
    problem = settings.save(a.store(), a.settings)
    if problem:
        a.notice("Not saved", [problem, "Your choices still apply until the power goes off."], then)
    return bool(problem)


def load_game(a, play=False):
    """The chosen game's engine code, loaded ahead of its deal: its set-up (the main menu's
    wait: War's and Money's play code stays out of the menus' heap, their deal loads it),
    and with ``play`` its play code, its presenter and the session's and the table's
    screens' code too (the summary's wait: Play again then loads none of them).
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
    if play and len(sys.modules) == loaded:
        __import__("app.table_screens")
    return len(sys.modules) != loaded


def presenter_class(game):
    """The class that shows ``game``'s events (app/presenter.py), its module imported if it
    is not yet: it goes with the game (unload.GAME_ONLY)."""
    if game in ("war", "money"):
        from app.duel_presenter import DuelPresenter
        return DuelPresenter
    from app.slap_presenter import SlapPresenter
    return SlapPresenter


def _play(a):
    """After the "not saved" notice: the game Play asked for."""
    a.start_game()


def start_game(a, seed=None):
    """A new game with the menu's settings; ``seed`` None: the microsecond of the press."""
    time = a.ticks
    if save_settings(a, _play):
        return  # the "not saved" notice is up; its key starts the game
    gc.collect()  # the last game's table (App.start_game let it go): room for the new one
    s = a.settings
    if seed is None:
        seed = time.ticks_diff(time.ticks_us(), a.boot_us) & 0x3FFFFFFF  # the press's moment
    args = settings.table_args(s)
    view = TableView(menu.SHORT[s["game"]], s["players"])
    seat_bots(view, range(s["humans"], s["players"]))
    # a slap game seats every button: the free ones' people may slap in (rule late_slap_in)
    seats = max(a.b.seat_count, s["players"]) if s["game"] in games.SLAP_FAMILY else s["players"]
    head_starts = settings.head_starts(s, seats, args, a.balance)
    table = a.deal(args["game"], args["players"], rules=args["rules"],
                   deal={"seed": seed}, tempo_ms=args["tempo_ms"], bots=args["bots"],
                   sink=a.on_event, bot_seed=chance.bot_seed_for(seed), live=True, seats=seats,
                   head_start_ms=head_starts)
    begin(a, table, view)
    if not getattr(table.rules, "slaps", True) or s["game"] == "war":
        # no button changes a game without slaps (Beggar-my-neighbour, Ruffle; in War
        # the presses only set the pace): a deal that comes back to a state it was in
        # never ends, so say so instead of playing on
        table.watch_for_loops()


def seat_bots(view, seats):
    """The ``seats`` of ``view`` are bots': their strips say BOT, the winner "Blue bot"."""
    for i in seats:
        view.is_bot[i] = True
        view.name[i] = view.name[i] + " bot"


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
        players = spec["players"]
        seats = spec.get("seats", players)
        if seats > a.b.seat_count:  # (the laptop plays some games with up to 8: README "The games")
            f.close()
            a.notice("Watch last game", ["A game for %d %s: this board seats %d."
                                         % (seats, "players" if players == seats else "seats", a.b.seat_count)])
            return
        table = replay.table_for(spec, a.on_event)
        reader.ahead = reader.next()
    except ValueError as e:
        f.close()
        a.notice("Replay damaged", [str(e)])
        return
    reader.name = menu.SHORT[spec["game"]]
    view = TableView(reader.label(1), spec["players"])
    people = spec.get("people")  # (a file without it: named as several people, by colour)
    if people is not None:  # the others were bots: a person alone with them is "You", as they were
        seat_bots(view, [i for i in range(players) if i not in people])
    begin(a, table, view, reader)


def begin(a, table, view, reader=None):
    """Put ``table`` (start_game or watch_last dealt it) on screen with ``view`` in a new
    session (session.py) and start its clock: a game played, or ``reader``'s replay
    watched. The menu closes first (a blank screen while the deal is set up), then this
    module, the rest of the menu code and the engine's modules the game does not use leave
    the heap."""
    from app.session import Session  # (it goes with the game: unload.GAME_ONLY)
    from app import table_screens
    from screens import game_words  # (it goes with the menus' code: unload.MENU_ONLY)
    a.session = s = Session(a, table, view, game_words.of(table.game_name), reader)
    s.presenter = presenter_class(table.game_name)(s)  # before the game's first event, and
    # before the deal lets the engine's set-up go (a slap game's names its combinations with it)
    if reader is None and table.record:  # before store.py goes with the menus
        s.open_record()
    a.change(Screen())  # the menu's objects go (How to play's pages made ahead...)
    a.summary.begin(table.players, table.seats)
    if table.head_start_ms is not None:
        for p in range(min(table.seats, len(view.head_start))):
            view.head_start[p] = table.head_start_ms[p]
    let_go_of_menus()  # and rules, presets, deal code, other games' code: not needed until the menu
    a.r.g.bands(GAME_BAND_BYTES)  # the table's larger bands, in the room the menus leave
    gc.collect()  # their garbage now, before the deal is drawn: not in the first cards' time
    a.b.leds.seats_in_play(table.players)
    s.start(a.ticks.ticks_us())
    a.change(table_screens.Playing() if reader is None else table_screens.Watching())
    gc.collect()  # and the drawing's, before the first card is due
