"""Runs on the board (``mpremote run --no-follow``): the firmware's own App with a chosen deal,
or (``WATCH``) watching the last game saved, as Watch last game does.

The device test puts ``SEED`` and ``SETTINGS`` (or ``WATCH = True``) above this text, and
``DEAL``, a given deal as a replay file writes one (``{"hands": ...}``), to play it instead of
the seed's: a short game where only its end or one moment of it is tested. Every engine event is
printed on the USB serial port as ``EV kind t p a b c``
so the test can follow the game and press the buttons from outside; everything else is
the firmware as ``main.py`` runs it, watchdog included.
"""
from app.loop import App
from hardware import board

SEED = globals().get("SEED", 1)
SETTINGS = globals().get("SETTINGS", {})
WATCH = globals().get("WATCH", False)
DEAL = globals().get("DEAL")
_event = App.on_event
_deal = App.deal


def _printed(self, kind, t, p, a, b, c):
    print("EV", kind, t, p, a, b, c)
    _event(self, kind, t, p, a, b, c)


def _given(self, game, players, **options):
    options["deal"] = DEAL
    return _deal(self, game, players, **options)


App.on_event = _printed
if DEAL is not None:
    App.deal = _given
a = App(board.Board())
a.settings.update(SETTINGS)
if WATCH:
    from app.watch import watch_last
    watch_last(a)
else:
    a.start_game(SEED)
print("STARTED", a.session.started)
a.run()
