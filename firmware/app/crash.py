"""What the App does when an uncaught error stops it: the error logged to error.log
(bounded), the game it stopped saved, and the lines its error screen shows (screen.py's
``Error``) until a key returns to the menu.

Only an error runs this, so app/loop.py imports it then (``App.crash``) rather than keep its
code in a game's heap; ``App.crash`` also copes when there is no heap for the import.
"""
import gc
import sys

from storage.files import CRASH_REPLAY_FILE, ERROR_LOG, ERROR_LOG_MAX

UNLOAD_WITH = "game"  # let go with the game (app/unload.py)


def handle(app, e, playing):
    """Log error ``e`` and, if ``playing`` (a game, not a watched replay), save the game
    as CRASH_REPLAY_FILE first; returns the error screen's lines. Games are
    deterministic, so ``python -m host_sim replay crash_replay.json`` on a laptop plays
    it up to the error again, with the full traceback the device's log leaves out."""
    saved = playing and _save_game(app.session)
    try:
        app.drop_session()
    except Exception:
        pass
    gc.collect()
    text = _exception_text(e)
    try:
        app.b.hush()
        app.b.lights_off()
    except Exception:
        pass
    time = app.ticks
    stamp = "--- error %d s after power-up\n" % (time.ticks_diff(time.ticks_ms(), app.boot_ms) // 1000)
    if saved:
        text += "The game so far: %s\n" % CRASH_REPLAY_FILE
    logged = app.store().append_bounded(ERROR_LOG, stamp + text, ERROR_LOG_MAX)
    lines = text.strip().split("\n")
    if saved:
        lines.pop()
    shown = [lines[-1]]
    if len(lines) > 1:
        shown.append(lines[-2].strip())
    shown.append(logged or ("Saved in error.log and " + CRASH_REPLAY_FILE if saved else "Saved in error.log"))
    shown.append("OK: back to the menu")
    return shown


def _save_game(s):
    """Save the game (Session ``s``) the error stopped; True if it was saved. Writing reads
    only the table's recorded inputs and its set-up."""
    if s is None:
        return False
    try:
        from app import game_end
        return not game_end.save_replay(s, CRASH_REPLAY_FILE)
    except Exception:
        return False


def _exception_text(e):
    """The traceback as text, on MicroPython (sys.print_exception) or CPython (the simulator)."""
    import io
    buf = io.StringIO()
    if hasattr(sys, "print_exception"):
        sys.print_exception(e, buf)
    else:
        import traceback  # type: ignore[import-not-found]  # CPython only: the simulator
        traceback.print_exception(type(e), e, e.__traceback__, file=buf)
    return buf.getvalue()
