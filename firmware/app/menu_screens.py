"""The App's menu screens (screen.py), and the main menu's entries: the main menu, the Rules,
Head starts, How to play, the statistics and the hardware test. An action entry carries what
it opens: a function of the App and the main menu (``play``, ``rules``...).

None of this runs while cards are turned, so the App imports this module where it is used
(``App.show_menu``); it is let go with the menus' other code when a game is dealt
(``UNLOAD_WITH = "menus"``: its functions, classes and constants are heap objects while it is
imported) and imported again by the next menu.
"""
import sys

from hid.keys import BACK
from painters import menu_list
from painters.menu_list import ACTION, CHANGED, CHOICE, NUMBER, SWITCH, Entry, Menu
from storage import settings
from storage import stats
from slapstack import games
from storage.files import REPLAY_FILE
from drawing.gfx import BAND_BYTES, GAME_BAND_BYTES
from app.screen import Screen
from app import player_settings
from app.unload import let_go_of_ahead, let_go_of_test

UNLOAD_WITH = "menus"  # let go when a game is dealt (app/unload.py)

# What the main menu loads ahead for the screens it leads to (MainMenu.ahead, one a pass): the
# hardware test leads to none of them, so the menu lets them go (with the engine's code) for the
# test's code while the cursor is on its entry, and loads them again once it leaves the entry.
AHEAD = ("painters.rules_menu", "painters.rule_words", "painters.howto_pages", "painters.game_words")


def power_up(app):
    """Settings, statistics and any notice from loading them (player_settings.load); the
    main menu, or with OK held (and no notice) the hardware test."""
    notes = player_settings.load(app)
    show_menu(app)
    if notes:
        app.notice("Notice", notes)
    elif app.b.held("ok"):  # a maker's first power-up (hw/README.md): the wiring at once
        app.change(HardwareTestScreen())


def play(app, main):
    app.start_game()


def rules(app, main):
    app.change(Rules())


def head_starts(app, main):
    app.change(HeadStarts())


def how_to_play(app, main):
    app.change(HowToPlay(main.take_howto()))


def watch_last_game(app, main):
    from app.watch import watch_last
    watch_last(app)


def statistics(app, main):
    app.change(Statistics(app.game_names.index(app.settings["game"])))


def hardware_test(app, main):
    app.change(HardwareTestScreen())


def main_menu(s, game_names, seats, can_watch=False):
    """The first screen: Play is selected, so one press of OK starts a game. The game's
    entry says what it is on a second line; its length is chosen beside the players. The
    hardware test comes after the statistics: on a new board (no game saved to watch) it is
    the last entry, one Up from Play."""
    entries = [
        Entry(ACTION, "Play", key=play),
        Entry(CHOICE, "Game", s, "game", allowed=tuple(game_names), show=lambda g: menu_list.game_text(s, g)),
        Entry(NUMBER, "Players", s, "players", allowed=lambda: settings.players_range(s["game"], seats) + (1,)),
        Entry(NUMBER, "People", s, "humans", allowed=lambda: settings.humans_range(s) + (1,)),
        Entry(CHOICE, "Length", s, "minutes", allowed=settings.LENGTHS,
              show=lambda m: "%d min" % m if m else "whole game"),
        Entry(CHOICE, "Bots", s, "level", allowed=settings.LEVELS),
        Entry(ACTION, "Rules...", key=rules),
        Entry(ACTION, "How to play", key=how_to_play),
        Entry(CHOICE, "Tempo", s, "tempo", allowed=settings.TEMPOS),
        Entry(SWITCH, "Sound", s, "sound"),
        Entry(NUMBER, "Brightness", s, "brightness", allowed=settings.BRIGHTNESS,
              show=lambda v: "%d%%" % v),
        Entry(ACTION, "Head starts...", key=head_starts),
        Entry(ACTION, "Statistics", key=statistics),
        Entry(ACTION, "Test the buttons", key=hardware_test),
    ]
    if can_watch:
        entries.append(Entry(ACTION, "Watch last game", key=watch_last_game))
    return Menu("SlapStack", entries, "OK: choose/change")


def show_menu(app, at=play):
    """The main menu with the cursor on the entry that opens ``at`` (no game is on:
    App.show_menu lets it go first)."""
    app.change(MainMenu(at))


def draw_menu(app, m):
    """A list menu (menu_list's Menu ``m``) on the panel."""
    app.r.menu(m.title, m.items(), m.selected, m.current_hint())


class MainMenu(Screen):
    """The main menu: the game and its settings, Play, Rules, How to play, Watch last game,
    Statistics and the hardware test. While it waits it loads the code of the screens it
    leads to (``ahead``), and makes How to play's pages for the chosen game."""
    waits = True

    def __init__(self, at=play):
        self.at = at             # what the entry the cursor starts on opens
        self.menu = None         # menu_list's Menu, made as it opens
        self.howto_ahead = None  # How to play, made while it waits (ahead)

    def open(self, app):
        """Keeps only the chosen game's engine code, and the LEDs dark."""
        games.forget_others(app.settings["game"])
        app.b.lights_off()
        self.menu = m = main_menu(app.settings, app.game_names, app.b.seat_count, app.store().exists(REPLAY_FILE))
        m.point_at(self.at)
        draw_menu(app, m)

    def close(self, app):
        self.menu = None
        self.howto_ahead = None

    def key(self, app, name):
        app.click()
        result = self.menu.key(name)
        if result == CHANGED:
            player_settings.changed(app)
            self.howto_ahead = None  # (its pages follow the game, the rules and the length: made again)
            draw_menu(app, self.menu)
        elif result is None:
            draw_menu(app, self.menu)
        elif result != BACK:
            result(app, self)  # what the entry opens

    def take_howto(self):
        """How to play's pages made ahead (or None): the next opening starts at the first page."""
        h = self.howto_ahead
        self.howto_ahead = None
        return h

    def ahead(self, app):
        """One thing a pass of the loop while the player is idle (App._while_waiting): the
        Rules menu's and How to play's code, How to play's suit pictures and its pages for
        the chosen game (its rules worked out and its first page laid out: 7-10 ms of its
        opening on the chip), then the chosen game's engine module; with the cursor on the
        hardware test's entry, the test's code instead, in the room of those (it leads to
        none of them). Returns whether it did one. A heap too broken up for the next one is
        no error: what it would have loaded is loaded when its screen opens, and the
        garbage is collected (App._while_waiting)."""
        try:
            return self._load_one(app)
        except MemoryError:
            return False

    def _load_one(self, app):
        if self.menu.chosen() is hardware_test:  # its code instead of the other screens'
            if "painters.hw_test" in sys.modules:
                return False
            self.howto_ahead = None
            let_go_of_ahead(AHEAD)
            __import__("painters.hw_test")  # (kept in sys.modules for HardwareTest)
            return True
        if "painters.hw_test" in sys.modules:  # the cursor left its entry
            let_go_of_test()
        for name in AHEAD:
            if name not in sys.modules:
                __import__(name)
                return True
        howto = sys.modules["painters.howto_pages"]
        if howto.prepare(app.r.g):
            return True
        game = app.settings["game"]
        if self.howto_ahead is None or self.howto_ahead.game != game:
            self.howto_ahead = howto.HowTo(app.settings, game)
            return True
        from app.dealing import load_game
        return load_game(app)


class Rules(Screen):
    """The chosen game's rules in groups, in players' words (rules_menu.py); changes are
    saved like any setting, and the reset asks first. Back returns to the main menu."""
    waits = True

    def __init__(self):
        self.menu = None     # rules_menu's RulesMenu, made as it opens
        self.painter = None   # and its RulesPainter, which draws it

    def open(self, app):
        from painters import rules_menu
        self.menu = rules_menu.RulesMenu(app.settings, app.settings["game"])
        self.painter = rules_menu.RulesPainter(self.menu)
        self.painter.draw(app.r.other())

    def close(self, app):
        self.menu = self.painter = None

    def key(self, app, name):
        m = self.menu
        app.click()
        was_asking = m.confirming
        result = m.key(name)
        if result == BACK:
            show_menu(app, rules)
            return
        if result == "confirm":
            title, lines = m.question()
            app.r.message(title, lines)
            return
        if result == CHANGED or result == "reset":
            player_settings.changed(app)
        self.painter.draw(app.r.other(), was_asking)  # after the question the whole screen, else the list


class HeadStarts(Screen):
    """Each seat's head start, or the evening balance that sets them from the games played
    since power-up (App.balance): a menu of its own (menu_list.head_start_menu). Back
    returns to the main menu."""
    waits = True

    def __init__(self):
        self.menu = None

    def open(self, app):
        self.menu = self._made(app)
        draw_menu(app, self.menu)

    def _made(self, app):
        s = app.settings
        balanced = None
        if s["balance"]:
            balanced = app.balance.head_starts() if app.balance is not None else [0] * app.b.seat_count
        return menu_list.head_start_menu(s, app.b.seat_count, balanced)

    def close(self, app):
        self.menu = None

    def key(self, app, name):
        app.click()
        result = self.menu.key(name)
        if result == BACK:
            show_menu(app, head_starts)
            return
        if result == CHANGED:
            player_settings.changed(app)
            if self.menu.selected == 0:  # the balance switched: its entries or the menu's
                self.menu = self._made(app)
        draw_menu(app, self.menu)


class HowToPlay(Screen):
    """How to play the chosen game, a page at a time (howto_pages.py): its pages made
    while the main menu waited (``howto``), or now. Back returns to the main menu."""
    waits = True

    def __init__(self, howto=None):
        self.menu = howto

    def open(self, app):
        from painters import howto_pages
        game = app.settings["game"]
        if self.menu is None or self.menu.game != game:
            self.menu = howto_pages.HowTo(app.settings, game)
        self.menu.draw(app.r.other())

    def close(self, app):
        self.menu = None

    def key(self, app, name):
        if self.menu.key(name) == BACK:
            show_menu(app, how_to_play)
        else:
            self.menu.draw(app.r.other())


class Statistics(Screen):
    """One game's statistics as a list: up/down scroll, OK the next game, Back the menu."""
    waits = True

    def __init__(self, game_index):
        self.game = game_index  # in a.game_names
        self.menu = None

    def open(self, app):
        game = app.game_names[self.game]
        from painters import game_words  # (it goes with the menus' code: UNLOAD_WITH = "menus")
        lines = stats.summary(app.stats, game, game_words.of(game)[5])
        self.menu = Menu(games.short_name(game)[0] + " stats",
                         [Entry(ACTION, line, key=self.next_game) for line in lines],
                         "OK: next game   Back: menu")
        draw_menu(app, self.menu)

    def close(self, app):
        self.menu = None

    def next_game(self, app):
        app.change(Statistics((self.game + 1) % len(app.game_names)))

    def key(self, app, name):
        result = self.menu.key(name)
        if result == BACK:
            show_menu(app, statistics)
        elif result is None:
            draw_menu(app, self.menu)
        else:
            result(app)  # the next game's


class HardwareTestScreen(Screen):
    """The hardware test (painters/hw_test.py), which polls its own buttons, moves its own
    ticks and paints its own regions until Back is held. Its code, loaded while its entry
    waited under the cursor (MainMenu.ahead) or as it opens, is let go as it closes."""
    own_keys = True

    def __init__(self):
        self.test = None

    def open(self, app):
        import time
        if "painters.hw_test" not in sys.modules:  # (opened before the menu loaded it)
            let_go_of_ahead(AHEAD)  # the test's code and bands take the room of the menu's screens'
        app.use_bands(GAME_BAND_BYTES)  # the game's larger bands, in that room: fewer painter calls
        from painters import hw_test
        self.test = hw_test.HardwareTest(app.b, app.settings["brightness"])
        self.test.open(time.ticks_us())  # now, not a pass of the loop later

    def step(self, app, now):
        if not self.test.step(now):
            show_menu(app, hardware_test)

    def close(self, app):
        self.test.close()
        self.test = None
        let_go_of_test()
        app.use_bands(BAND_BYTES)


