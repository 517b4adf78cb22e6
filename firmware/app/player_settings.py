"""The player's settings and statistics in the App: read from the flash at power-up (the
defaults after an error the menu may have caused), applied as a menu changes one, and saved
once the menus are left alone a while.

Only the menus use this code, so it goes with them when a game is dealt (``unload.MENU_ONLY``)
and the App imports it again where it is used (``App.player_settings``).
"""
from storage import settings
from storage import stats
from slapstack import games
from storage.files import ERROR_LOG, ERROR_LOG_MAX


def load(a):
    """Power-up: the settings and statistics read and in use; returns the notice's lines
    (none: no notice). No file stops this: each reader gives what it can trust and says
    what it could not use (settings.py, stats.py), and a reader that fails after all gives
    the defaults, its file set aside."""
    b = a.b
    game_names = settings.available_games()
    notes = []
    try:
        chosen, more = settings.load(a.store(), game_names, b.seat_count)
    except Exception as e:  # (a reader's own fault: the file is not to blame, but set aside)
        chosen, more = settings.defaults(game_names, b.seat_count), _unread(a, settings.FILE, e)
    notes += _few(more)
    try:
        kept, more = stats.load(a.store())
    except Exception as e:
        kept, more = stats.empty(), _unread(a, stats.FILE, e)
    notes += _few(more)
    a.use_settings(game_names, chosen, kept)
    if b.reset_by_watchdog():
        a.store().append_bounded(ERROR_LOG, "--- restarted by the watchdog\n", ERROR_LOG_MAX)
        notes.insert(0, "SlapStack stopped responding and was restarted by its watchdog.")
    apply(a)
    return notes


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
    if again or a.settings is None:
        _fall_back(a)
    try:
        a.show_menu()
    except Exception:
        _fall_back(a)
        a.show_menu()


def _fall_back(a):
    game_names = a.game_names if a.game_names is not None else settings.available_games()
    a.use_settings(game_names, settings.defaults(game_names, a.b.seat_count),
                   a.stats if a.stats is not None else stats.empty())


def apply(a):
    """The sound and the brightness as the settings say."""
    a.b.sound.switch(a.settings["sound"])
    a.b.brightness(a.settings["brightness"])


def changed(a):
    """A setting changed in a menu: it takes effect now and is saved once the menus are
    left alone a while (App.step)."""
    s = a.settings
    settings.normalise(s, a.b.seat_count)
    games.forget_others(s["game"])  # (the game may have changed: the menus keep only its code)
    apply(a)
    a.save_settings_later()


def save(a, then=None):
    """Write changed settings; on failure show why (then go on to ``then(a)``) and return True."""
    if not a.settings_to_save():
        return False
    problem = settings.save(a.store(), a.settings)
    if problem:
        a.notice("Not saved", [problem, "Your choices still apply until the power goes off."], then)
    return bool(problem)
