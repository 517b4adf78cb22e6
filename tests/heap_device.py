"""The heap at each game's peak on the board, the menus' code loaded as a player loads it.

    make flash
    mpremote run tests/heap_device.py      # a few minutes; keep off the buttons

For 4-player Ratscrew, War and Money in turn: the main menu, a look at the game's Rules, How
to play and Statistics screens, then CARDS cards between bots at the fastest tempo, the heap
in use sampled after a full collection just after each card is on screen (the next card is a
tempo away). Prints a ``HEAP`` line a game (its peak in bytes, and how long the collection
at the peak took, in us) and which MicroPython image the board runs. ``make bench-device``
runs it. Nothing is saved.
"""
import gc
import os
import sys
import time

try:
    CARDS
except NameError:
    CARDS = 80  # (the device stage sets fewer before this text)
GAMES = (("ratscrew", 4), ("war", 2), ("money", 2))
LOOK_MS = 300


def _look(a, action):
    """Open the main menu's entry that opens ``action`` (app.menu_screens' function of that
    name), let it stand a moment, and go back."""
    m = a.screen.menu
    opens = getattr(sys.modules["app.menu_screens"], action)  # (the module the menu's entries came from)
    for i in range(len(m.entries)):
        if m.entries[i].key is opens:
            m.selected = i
    a.key("ok")
    t0 = time.ticks_ms()
    while time.ticks_diff(time.ticks_ms(), t0) < LOOK_MS:
        a.step()
        a.idle()
    a.key("back")


def play(a, game, players):
    """The menus, then CARDS cards of ``game``: (peak heap in bytes, us of the collection
    that found it, cards shown)."""
    s = a.settings
    s["game"] = game
    s["players"] = players
    s["humans"] = 0
    s["tempo"] = "frantic"
    a.show_menu()
    for action in ("rules", "how_to_play", "statistics"):
        _look(a, action)
    a.start_game(7)
    g = a.session.table.game
    real = g.reveal
    shown = [0]

    def counted(t):
        d = real(t)
        if d:
            shown[0] += 1
        return d

    g.reveal = counted
    peak = collect_us = seen = 0
    while not g.over and shown[0] < CARDS:
        a.step()
        if shown[0] != seen:
            seen = shown[0]
            t0 = time.ticks_us()
            gc.collect()
            took = time.ticks_diff(time.ticks_us(), t0)
            if gc.mem_alloc() > peak:
                peak, collect_us = gc.mem_alloc(), took
        a.idle()
    cards = shown[0]
    g = real = counted = None
    a.leave_game()
    return peak, collect_us, cards


def _keep(names):
    pass


def main(unload=True):
    """``unload=False``: the firmware lets no module go (``slapstack.unload``, as ``app.unload``
    and the engine call it), to see what letting them go saves at each game's peak."""
    if not unload:
        import slapstack
        from app import unload as letting_go
        slapstack.unload = _keep  # (games.forget_setup calls it there)
        letting_go.unload = _keep
    from app.loop import App
    from hardware import board

    a = App(board.Board())
    a.game_over = lambda: None  # the end of a game writes nothing here
    saved = dict(a.settings)
    image = getattr(sys.implementation, "_build", "?")
    try:
        for game, players in GAMES:
            peak, collect_us, cards = play(a, game, players)
            print("HEAP %s %s %d %d %d%s" % (image, game, peak, collect_us, cards, "" if unload else " kept"))
    finally:
        a.settings.clear()
        a.settings.update(saved)
    print("HEAPS DONE on %s" % os.uname().machine)


if __name__ == "__main__":
    main()
