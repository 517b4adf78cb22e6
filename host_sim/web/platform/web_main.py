"""The page's main.py: what firmware/main.py does at power-up, with the loop's passes run by
the page (page.js calls ``run_pass`` when the last one wished, or at once on a touch or a
key) instead of ``App.run``'s endless loop, which would hold the browser's only thread.

``power_up`` runs after firmware/boot.py; ``button`` is a seat's or a key's level change from
the page, stamped with the browser's time for the event. With ``observe`` (the page's test
mode) the engine's events are kept for the browser test (``count``, ``events``), each with
the time it happened on the page's clock, as the simulator's ``Device.events``.
"""
import sys

import web_micropython
import web_time

# before boot.py: every `import time` gets the page's clock, every `import micropython` the
# VM's module with what the firmware needs of it besides
sys.modules["time"] = web_time
sys.modules["micropython"] = web_micropython

app = None
_events = []      # (t_us, kind, p, a, b, c, late_us) of the engine's events, when observed
_observe = False


def power_up(observe=False):
    """main.py's steps: the firmware checked (installed.py), the board built from /pins.json,
    the App on its main menu; a firmware that cannot start is said on the screen (rescue.py)."""
    global app, _observe
    _observe = observe
    import installed
    problem = installed.problem()
    if problem is None:
        try:
            from app.loop import App
            import web_board
        except (ImportError, ValueError) as e:
            problem = "%s: %s" % (type(e).__name__, e)
    if problem is not None:
        import rescue
        rescue.show(problem)
        return problem

    class PageApp(App):
        def on_event(self, kind, t, p, a, b, c):
            if _observe:
                now = web_time.ticks_us()
                late = web_time.ticks_diff(self.session.game_time(now), t)  # (the game's clock)
                _events.append((now, kind, p, a, b, c, late))
            App.on_event(self, kind, t, p, a, b, c)

    b = web_board.WebBoard()
    app = PageApp(b)
    b.start_watchdog()
    web_time.wished()
    return None


def run_pass():
    """One pass of the App's loop (App._loop's body: a step, then its wait, an error shown by
    the App); returns how long it wished to sleep, in us."""
    if app is None:
        return 1000000
    try:
        app.step()
        app.idle()
    except Exception as e:
        app.crash(e)
    return web_time.wished()


def away():
    """The page was hidden (another tab, a call on the phone): a game or a replay on the
    table is paused, as Back pauses it, rather than played on by the bots in slow motion
    (a hidden page's timers run late)."""
    if app is not None and type(app.screen).__name__ in ("Playing", "Watching"):
        app.key("back")


def button(gpio, down, t):
    """The button on ``gpio`` pressed (``down``) or let go at ``t`` (ticks_us)."""
    import machine
    import seat_stamps
    machine.press(gpio, down)
    if seat_stamps.mask() >> gpio & 1:
        seat_stamps.stamp(t)


def event_count():
    return len(_events)


def count(kind, a=-1):
    """How many of the engine's events of ``kind`` (with ``a``, a slap's verdict) so far."""
    return len([e for e in _events if e[1] == kind and (a < 0 or e[3] == a)])


def events(since=0):
    """The engine's events from the ``since``th on, as JSON: [[t_us, kind, p, a, b, c, late],
    ...]: ``t_us`` the page's clock when the engine told it, ``late`` how long after the
    event's own time in the game (a card's due time, a slap's press) that was, in us."""
    import json
    return json.dumps(_events[since:])


def screen():
    """The name of the App's screen up (the browser test's check, as the simulator's
    ``Device.screen_name``)."""
    return type(app.screen).__name__ if app is not None else "rescue"


def menu_entry():
    """The text of the menu entry under the cursor, "" on a screen with no menu (the browser
    test walks the menus by it, as host_sim/shots.py does)."""
    m = getattr(app.screen, "menu", None)
    return m.items()[m.selected] if m is not None else ""
