"""The player's settings and statistics in the App: read from the flash at power-up (the
defaults after an error the menu may have caused), applied as a menu changes one, and saved
once the menus are left alone a while.

Only the menus use this code, so it goes with them when a game is dealt (``UNLOAD_WITH = "menus"``)
and the App imports it again where it is used (``App.player_settings``).
"""
from storage import settings
from storage import stats
from slapstack import games
from storage.files import ERROR_LOG, ERROR_LOG_MAX

UNLOAD_WITH = "menus"  # let go when a game is dealt (app/unload.py)


def load(app):
    """Power-up: the settings and statistics read and in use; returns the notice's lines
    (none: no notice). No file stops this: each reader gives what it can trust and says
    what it could not use (settings.py, stats.py), and a reader that fails after all gives
    the defaults, its file set aside."""
    b = app.b
    game_names = settings.available_games()
    notes = []
    try:
        chosen, more = settings.load(app.store(), game_names, b.seat_count)
    except Exception as e:  # (a reader's own fault: the file is not to blame, but set aside)
        chosen, more = settings.defaults(game_names, b.seat_count), _unread(app, settings.FILE, e)
    notes += _few(more)
    try:
        kept, more = stats.load(app.store())
    except Exception as e:
        kept, more = stats.empty(), _unread(app, stats.FILE, e)
    notes += _few(more)
    app.use_settings(game_names, chosen, kept)
    if b.reset_by_watchdog():
        app.store().append_bounded(ERROR_LOG, "--- restarted by the watchdog\n", ERROR_LOG_MAX)
        notes.insert(0, "SlapStack stopped responding and was restarted by its watchdog.")
    apply(app)
    return notes


def _unread(app, name, e):
    app.store().set_aside(name)
    return ["%s could not be read (%s); kept as %s.bad" % (name, type(e).__name__, name)]


def _few(messages):
    """A file's messages, at most three of them on the notice (it holds some eight lines):
    else its first problem, and how many more with its last line (where the file was kept)."""
    if len(messages) > 3:
        return [messages[0], "%d more problems. %s" % (len(messages) - 2, messages[-1])]
    return messages


def after_error(app, again):
    """OK on the error screen: the main menu, always. ``again``: the error came back before
    any key since the last one's OK (the menu, or what it loads while it waits, failed), so
    the settings in use may be its cause: the menu then comes with the defaults (in use
    until a setting changes; the file stays as it is), and so it does if the menu itself
    fails with the settings in use."""
    if again or app.settings is None:
        _fall_back(app)
    try:
        app.show_menu()
    except Exception:
        _fall_back(app)
        app.show_menu()


def _fall_back(app):
    game_names = app.game_names if app.game_names is not None else settings.available_games()
    app.use_settings(game_names, settings.defaults(game_names, app.b.seat_count),
                   app.stats if app.stats is not None else stats.empty())


def apply(app):
    """The sound and the brightness as the settings say."""
    app.b.switch_sound(app.settings["sound"])
    app.b.brightness(app.settings["brightness"])


def changed(app):
    """A setting changed in a menu: it takes effect now and is saved once the menus are
    left alone a while (App.step)."""
    s = app.settings
    settings.normalise(s, app.b.seat_count)
    games.forget_others(s["game"])  # (the game may have changed: the menus keep only its code)
    apply(app)
    app.save_settings_later()


def save(app, then=None):
    """Write changed settings; on failure show why (then go on to ``then(a)``) and return True."""
    if not app.settings_to_save():
        return False
    problem = settings.save(app.store(), app.settings)
    if problem:
        app.notice("Not saved", [problem, "Your choices still apply until the power goes off."], then)
    return bool(problem)
