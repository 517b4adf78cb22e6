"""The page's main.py: what firmware/main.py does at power-up, with the loop's passes run by
the page (page.js calls ``run_pass`` when the last one wished, or at once on a touch or a
key) instead of ``App.run``'s endless loop, which would hold the browser's only thread.

``power_up`` runs after firmware/boot.py; ``button`` is a seat's or a key's level change from
the page, stamped with the browser's time for the event. With ``observe`` (the page's test
mode) the engine's events are counted for the browser test (``count``).
"""
import sys

import web_time

sys.modules["time"] = web_time  # before boot.py: every `import time` gets the page's clock

app = None
problem = None
_events = []      # (kind, a) of the engine's events, when observed
_observe = False


def _micropython():
    """The VM's ``micropython`` has no alloc_emergency_exception_buf (hid/buttons.py calls
    it): a module with everything of the VM's and that, as tests/board_stubs.py does."""
    import micropython as vm
    import web_micropython
    web_micropython.__dict__.update({k: getattr(vm, k) for k in dir(vm) if not k.startswith("__")})
    sys.modules["micropython"] = web_micropython


_micropython()


def power_up(observe=False):
    """main.py's steps: the firmware checked (installed.py), the board built from /pins.json,
    the App on its main menu; a firmware that cannot start is said on the screen (rescue.py)."""
    global app, problem, _observe
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
                _events.append((kind, a))
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


def button(gpio, down, t):
    """The button on ``gpio`` pressed (``down``) or let go at ``t`` (ticks_us)."""
    import machine
    import seat_stamps
    machine.press(gpio, down)
    if seat_stamps.mask() >> gpio & 1:
        seat_stamps.stamp(t)


def count(kind, a=-1):
    """How many of the engine's events of ``kind`` (with ``a``, a slap's verdict) so far."""
    return len([e for e in _events if e[0] == kind and (a < 0 or e[1] == a)])


def screen():
    """The name of the App's screen up (the browser test's check, as the simulator's
    ``Device.screen_name``)."""
    return type(app.screen).__name__ if app is not None else "rescue"


def menu_entry():
    """The text of the menu entry under the cursor, "" on a screen with no menu (the browser
    test walks the menus by it, as host_sim/shots.py does)."""
    m = getattr(app.screen, "menu", None)
    return m.items()[m.selected] if m is not None else ""
