"""A screen of the App: what is on the panel, and what its keys, the loop's passes and the
player's waits do there (micro-gui's ``Screen`` is the model). The App holds one
(``App.screen``) and ``App.change`` switches to the next: the one up is closed, the next
opened. Each screen is an object of its own:

    open(a)       put on the panel, at once (``a`` the App)
    key(a, name)  a console key pressed (hid.keys' names)
    step(a, now)  a pass of the loop; by default the seats' presses mean nothing here
    ahead(a)      the player idle (the loop's ``waits`` screens only): one thing loaded
                  ahead for the screens this one leads to; whether it did one
    wait(a)       the loop's sleep, if this screen takes it; whether it did
    close(a)      left: what it holds is let go

and says what it is with three class attributes: ``waits`` (the loop loads ahead and
collects the garbage while the player is idle), ``own_keys`` (it polls the console keys
itself: the hardware test) and ``game_in_play`` (a game played, not yet over, is under it:
an error saves it, crash.py).

The screens live with the code they need: the menus in menu_screens.py (let go for a game), the
table in play, paused and watched in table_screens.py and the winner and the summary in
game_end.py (let go with the game); a notice and the error, which any of them may raise,
here.
"""
from hid.keys import BACK, OK


class Screen:
    waits = False
    own_keys = False
    game_in_play = False

    def open(self, app):
        pass

    def key(self, app, name):
        pass

    def step(self, app, now):
        app.drop_presses(now)  # slaps outside a game mean nothing

    def ahead(self, app):
        return False

    def wait(self, app):
        return False

    def close(self, app):
        pass


class Notice(Screen):
    """A message (a watchdog restart, a flash that is full, a damaged replay...) until any
    key; then ``then(a)``, by default the main menu."""

    def __init__(self, title, lines, then=None):
        self.title = title
        self.lines = lines
        self.then = then

    def open(self, app):
        app.r.message(self.title, self.lines + ["Press any key"])

    def key(self, app, name):
        if self.then is None:
            app.show_menu()
        else:
            self.then(app)


class Error(Screen):
    """An error that stopped the App (App.crash: ``lines`` say which, and where it is
    logged) until OK or Back returns to the main menu (App.recover: with the default
    settings if the menu failed too). The App makes one as it starts, so that an error
    needs no heap for its screen."""

    def __init__(self):
        self.lines = None
        self.again = False  # the error came before any key since the last one's OK (App.crash)

    def tell(self, lines, again):
        """What the next opening shows (``lines``), and whether the error came ``again``."""
        self.lines = lines
        self.again = again

    def open(self, app):
        app.r.message("Error", self.lines)

    def key(self, app, name):
        if name == OK or name == BACK:
            app.leave_game()
            app.recover(self.again)
