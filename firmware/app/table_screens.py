"""The table's screens while a game is on: a game played, a replay watched, and either one
paused. Each pass of the loop is the game's session's (session.py); these say what the
console keys do and put the table back on the panel.

session.begin opens the first as it deals; the module goes with the game (UNLOAD_WITH = "game").
"""
import time

from hid.keys import BACK, OK
from app.screen import Screen

UNLOAD_WITH = "game"  # let go with the game (app/unload.py)


class Playing(Screen):
    """A game at the table: OK is a Money choice's (else nothing), Back pauses it."""
    game_in_play = True

    def open(self, app):
        app.r.full(app.session.view)

    def step(self, app, now):
        if app.session.play(now):
            app.game_over()

    def wait(self, app):
        return app.session.wait(True)

    def key(self, app, name):
        s = app.session
        if name == OK:
            s.presenter.ok(s.game_time(time.ticks_us()))
        elif name == BACK:
            app.change(Paused(self))


class Watching(Playing):
    """The last game's replay on the table: Up faster, Down slower, OK to its end
    (``Session.replay_key``), Back pauses it. Nothing of it is saved if it stops."""
    game_in_play = False

    def wait(self, app):
        return app.session.wait(False)

    def key(self, app, name):
        if name == BACK:
            app.change(Paused(self))
        else:
            app.session.replay_key(name)


class Paused(Screen):
    """The game (or replay) under it stopped, its clock too (``Session.pause``): OK plays
    on, Back leaves it for the main menu. Presses while paused mean nothing."""

    def __init__(self, under):
        self.under = under  # the screen it paused, opened again by OK
        self.game_in_play = under.game_in_play

    def open(self, app):
        app.session.pause()
        app.b.hush()
        app.r.message("Paused", ["OK: play on", "Back: leave this game"])

    def step(self, app, now):
        app.session.count_pause(now)
        app.drop_presses(now)

    def key(self, app, name):
        if name == OK:
            now = time.ticks_us()
            app.session.resume(now)
            app.drop_presses(now)
            app.change(self.under)
        elif name == BACK:
            app.show_menu()
