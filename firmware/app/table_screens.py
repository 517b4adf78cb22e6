"""The table's screens while a game is on: a game played, a replay watched, and either one
paused. Each pass of the loop is the game's session's (session.py); these say what the
console keys do and put the table back on the panel.

session.begin opens the first as it deals; the module goes with the game (unload.GAME_ONLY).
"""
import time

from hid.keys import BACK, OK
from app.screen import Screen


class Playing(Screen):
    """A game at the table: OK is a Money choice's (else nothing), Back pauses it."""
    game_in_play = True

    def open(self, a):
        a.r.full(a.session.view)

    def step(self, a, now):
        if a.session.play(now):
            a.game_over()

    def wait(self, a):
        return a.session.wait(True)

    def key(self, a, name):
        s = a.session
        if name == OK:
            s.presenter.ok(s.game_time(time.ticks_us()))
        elif name == BACK:
            a.change(Paused(self))


class Watching(Playing):
    """The last game's replay on the table: Up faster, Down slower, OK to its end
    (``Session.replay_key``), Back pauses it. Nothing of it is saved if it stops."""
    game_in_play = False

    def wait(self, a):
        return a.session.wait(False)

    def key(self, a, name):
        if name == BACK:
            a.change(Paused(self))
        else:
            a.session.replay_key(name)


class Paused(Screen):
    """The game (or replay) under it stopped, its clock too (``Session.pause``): OK plays
    on, Back leaves it for the main menu. Presses while paused mean nothing."""

    def __init__(self, under):
        self.under = under  # the screen it paused, opened again by OK
        self.game_in_play = under.game_in_play

    def open(self, a):
        a.session.pause()
        a.b.sound.stop()
        a.r.message("Paused", ["OK: play on", "Back: leave this game"])

    def step(self, a, now):
        a.session.count_pause(now)
        a.drop_presses(now)

    def key(self, a, name):
        if name == OK:
            now = time.ticks_us()
            a.session.resume(now)
            a.drop_presses(now)
            a.change(self.under)
        elif name == BACK:
            a.show_menu()
