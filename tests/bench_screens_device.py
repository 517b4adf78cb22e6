"""SlapStack's device benchmark of the screens around a game (issue 14), on a real board.

    make flash                                    # SlapStack on the Pico first
    mpremote run tests/bench_screens_device.py    # a few minutes; hands off the buttons

``make bench-device`` runs it after tests/bench_device.py on the emulated Pico. It drives the
App the firmware runs (board.py, app/loop.py) with its own console keys (``App.key``, as a key's
interrupt does) and times each screen from the key to its last pixel out on the panel:
1. the main menu, its cursor moving; the Rules menu, How to play (every page), the
   statistics and the hardware test, for every game, each opened after a look at the main
   menu (LOOK_MS of the game loop, which loads their code meanwhile: App._while_waiting; the
   hardware test's while the cursor is on its entry), and the heap in use at their peak (after a full
   collection on each screen, as the App makes after a key);
2. War and Money with two bots, three deals each (DEALS): a new card (a battle, a throw)
   from its turn to its pixels out, over CARDS cards a deal, a full redraw of their table
   mid-game, the heap at the peak; the pause screen and back to the table;
3. Money with a person in seat 1: its choice panel from the moment the choice opens, and
   a press of the seat button (the next option) to the option on screen;
4. a game's end: the winner screen and, after a look at it, the game's summary; the heap
   at their peak.
Targets (issue 12's, kept by the new screens): a whole screen within 50 ms, a new card
within 10 ms median and 16 ms worst, a press's answer within 20 ms worst, heap under
96 KB (at least 144 KB of the image's heap free). The choice panel opening answers no press: the game puts it up over the pile, a
screen's target (its 77 KB alone take 12.4 ms on the SPI bus at 50 MHz). Nothing is saved:
settings, statistics and the last replay stay as they were.
"""
import gc
import sys
import time

from micropython import const

CARDS = const(60)
DEALS = (7, 8, 9)  # War's and Money's deals (seeds)
LOOK_MS = const(300)  # a person's look at a screen before the next key
WHOLE_MS = const(50)
HEAP = hasattr(gc, "mem_alloc")


def _us(t0):
    return time.ticks_diff(time.ticks_us(), t0)


_peak = [0, ""]  # the menus' heap in use at its peak (bytes), and the screen it was on


def sample(where):
    """The heap in use after a full collection (as the App makes once after each key while
    a menu waits), kept in ``_peak`` if it is the highest yet."""
    if HEAP:
        gc.collect()
        n = gc.mem_alloc()
        if n > _peak[0]:
            _peak[0] = n
            _peak[1] = where


def on_key(a, key, where=None):
    """Console key ``key`` handled as the game loop does; us until its screen is out (then,
    when ``where`` names the screen, the heap is sampled)."""
    t0 = time.ticks_us()
    a.key(key)
    a.r.g.sync()
    us = _us(t0)
    if where:
        sample(where)
    return us


def drawn(draw):
    """us for ``draw()`` and its pixels out."""
    t0 = time.ticks_us()
    draw()
    return _us(t0)


def _line(name, times, target_ms, games=None):
    """A screen's worst time over ``times``; ``games``, if given, the game each was for: the
    worst's is named."""
    worst = max(times)
    return "%-34s %6.2f ms worst (%d shown, first %.2f ms)%s%s" % (
        name, worst / 1000, len(times), times[0] / 1000,
        " %s's" % games[times.index(worst)] if games else "",
        "" if worst <= target_ms * 1000 else "  OVER %d ms" % target_ms)


def _spread(name, times, median_ms, worst_ms):
    s = sorted(times)
    med, worst = s[len(s) // 2], s[-1]
    over = med > median_ms * 1000 or worst > worst_ms * 1000
    return "%-34s %6.2f ms median, %.2f ms worst (%d cards)%s" % (
        name, med / 1000, worst / 1000, len(s), "  OVER %d / %d ms" % (median_ms, worst_ms) if over else "")


def linger(a, ms):
    """The game loop's passes for ``ms``, as while a person looks at a screen before the next
    key (the main menu and the winner load the next screens' code meanwhile)."""
    t0 = time.ticks_ms()
    while time.ticks_diff(time.ticks_ms(), t0) < ms:
        a.step()
        a.idle()


def _to_action(a, action, game):
    """The main menu's cursor onto the entry that opens ``action`` (app.menu_screens' function of
    that name, as Down presses would), then OK,
    a person's look at the menu later (the heap sampled then, with the next screens' code
    loaded ahead, and on the screen opened)."""
    m = a.screen.menu
    opens = getattr(sys.modules["app.menu_screens"], action)  # (the module the menu's entries came from)
    for i in range(len(m.entries)):
        if m.entries[i].key is opens:
            m.selected = i
    a.tidy = False  # (as after the key that moved it)
    linger(a, LOOK_MS)
    sample("main menu (%s)" % game)
    return on_key(a, "ok", "%s (%s)" % (action, game))


def heap(where):
    """The heap as MicroPython sees it after a full collection (in use, free, and "max free
    sz": its largest free run in 16-byte blocks) and the interned names, printed ``where``: a
    heap the menus broke up runs out of one big run long before it runs out of bytes."""
    import micropython
    if hasattr(micropython, "qstr_info"):  # (not the host simulator's stand-in)
        gc.collect()
        print("heap %s:" % where)
        micropython.mem_info()
        micropython.qstr_info()


def menus(a, games):
    """Every menu screen of every game: lines."""
    from app import menu_screens as app_menus
    main, cursor, rules, rule_moves, howto, stats, hwtest = [], [], [], [], [], [], []
    howto_games = []  # the game of each How to play page
    main.append(drawn(lambda: (app_menus.show_menu(a), a.r.g.sync())))
    for _ in range(3):
        cursor.append(on_key(a, "down", "main menu"))
    for game in games:
        a.settings["game"] = game
        app_menus.show_menu(a)
        rules.append(_to_action(a, "rules", game))
        for _ in range(3):
            rule_moves.append(on_key(a, "down", "rules (%s)" % game))
        on_key(a, "back")
        howto.append(_to_action(a, "how_to_play", game))
        for _ in range(len(a.screen.menu.pages) - 1):
            howto.append(on_key(a, "ok", "howto (%s)" % game))
        howto_games += [game] * (len(howto) - len(howto_games))
        on_key(a, "back")
        stats.append(_to_action(a, "statistics", game))
        on_key(a, "back")
        hwtest.append(_to_action(a, "hardware_test", game))
        app_menus.show_menu(a)  # (as Back held 2 s leaves it)
    heap("after every game's menus")
    peak = ["menus: heap in use at the peak: %d bytes, on %s (target 96 KB)" % (_peak[0], _peak[1])] if HEAP else []
    return peak + [_line("main menu", main, WHOLE_MS), _line("main menu, cursor moved", cursor, WHOLE_MS),
            _line("Rules menu opened", rules, WHOLE_MS, games), _line("Rules menu, cursor moved", rule_moves, WHOLE_MS),
            _line("How to play, each page", howto, WHOLE_MS, howto_games), _line("Statistics", stats, WHOLE_MS, games),
            _line("Hardware test opened", hwtest, WHOLE_MS, games)]


def _deal(a, game, humans, seed):
    s = a.settings
    s["game"] = game
    s["players"] = 2
    s["humans"] = humans
    s["tempo"] = "frantic"
    a.start_game(seed)
    return a.session.table.game


def duel(a, game, seeds=DEALS, cards=CARDS):
    """``cards`` cards of ``game`` between two bots in each deal of ``seeds``: lines. (One
    deal is not the worst: a battle that comes a few ms after the first bot's press, a war,
    a capture's banks fall where its cards and the bots' times put them.)"""
    delays = []
    full = []
    paused = []
    table = []
    peak = 0
    for k in range(len(seeds)):
        if k:  # the last deal let go, as the App does before the next game: held here, its
            g = real_reveal = timed_reveal = None  # game was garbage only after the next deal's
            a.leave_game()  # collections, and the first battle's pass collected it (21-30 ms)
        g = _deal(a, game, 0, seeds[k])
        real_reveal = g.reveal

        def timed_reveal(t):
            d = real_reveal(t)
            if d:
                delays.append(d)
            return d

        g.reveal = timed_reveal
        seen = len(delays)
        shown = len(delays) + cards
        while not g.over and len(delays) < shown:
            a.step()
            if HEAP and len(delays) != seen:
                seen = len(delays)
                gc.collect()  # just after a card is out: the next is a tempo away
                peak = max(peak, gc.mem_alloc())
            a.idle()
        for _ in range(3):
            full.append(drawn(lambda: (a.r.full(a.session.view), a.r.g.sync())))
        paused.append(on_key(a, "back"))
        table.append(on_key(a, "ok"))
        del g.reveal
    name = "War" if game == "war" else "Money"
    lines = [_spread(name + ": new card on screen", delays, 10, 16),
             _line(name + ": whole table redrawn", full, WHOLE_MS),
             _line(name + ": paused (Back)", paused, WHOLE_MS),
             _line(name + ": table again (OK)", table, WHOLE_MS)]
    if HEAP:
        lines.append("%s: heap in use at the peak: %d bytes (target 96 KB)" % (name, peak))
    return lines


def money_choice(a, seed=11, choices=5, presses=4):
    """Money with a person in seat 1 (seat index 0): each choice's panel from its opening to
    its pixels out, and a seat press (the next option) to that option on screen: lines.
    (The deal's first choice comes after some 40 cards, 22 s of the game's time, its fifth
    within some 100: an opening's cost depends on what else changes in its pass, a capture's
    banks and pile, so one opening is not the worst.)"""
    g = _deal(a, "money", 1, seed)
    d = a.session.presenter
    c = d.choosing  # (a person's Money choices)
    playing = a.screen
    opened, pressed = [], []
    while not g.over and len(opened) < choices and a.screen is playing:
        t0 = time.ticks_us()
        was = c.panel
        a.step()
        if c.panel is not None and c.panel is not was:
            a.r.g.sync()
            opened.append(_us(t0))  # the pass in which it opened, its panel out
            for _ in range(presses):
                t0 = time.ticks_us()
                d.seat(c.chooser)  # what the seat button's edge does (Session.on_seat: Presenter.seat)
                a.step()
                a.r.g.sync()
                pressed.append(_us(t0))
            on_key(a, "ok")  # take the option shown
        a.idle()
    if a.screen is not playing:
        return ["Money: the game stopped (on %s) after %d choices" % (type(a.screen).__name__, len(opened))]
    if not opened:
        return ["Money: no choice opened in this deal"]
    return [_line("Money: choice panel opened", opened, WHOLE_MS),
            _line("Money: seat press, next option shown", pressed, 20)]


def game_end(a):
    """The winner screen and the summary of the game on the table: lines."""
    from app import game_end
    s = a.session
    v = s.view
    v.winner = 0  # as at a game's end: the winner waits for the player
    winner = [drawn(lambda: (a.change(game_end.Winner(s)), a.r.g.sync()))]
    linger(a, LOOK_MS)
    _peak[0] = 0
    sample("the winner screen")
    summary = [drawn(lambda: (a.change(game_end.GameSummary()), a.r.g.sync()))]
    sample("the summary")
    v.winner = None
    return [_line("winner screen", winner, WHOLE_MS),
            _line("game summary", summary, WHOLE_MS)] + \
        (["game's end: heap in use at the peak: %d bytes, on %s (target 96 KB)" % (_peak[0], _peak[1])]
         if HEAP else [])


def report(a, say):
    """Every section's lines to ``say``, as each is measured."""
    s = a.settings
    saved = dict(s)
    a.game_over = lambda: None  # a game's end saves nothing here
    try:
        for section in (lambda: menus(a, a.game_names), lambda: duel(a, "war"), lambda: game_end(a),
                        lambda: duel(a, "money"), lambda: money_choice(a)):
            for line in section():
                say(line)
    finally:
        a.leave_game()
        del a.game_over
        s.clear()
        s.update(saved)


def main():
    from app.loop import App
    from hardware import board
    import machine

    b = board.Board()
    a = App(b)
    print("SlapStack screens benchmark (keep off the buttons), CPU at %d MHz" % (machine.freq() // 1000000))
    report(a, print)


if __name__ == "__main__":
    main()
