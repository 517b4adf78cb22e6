"""SlapStack's device benchmark: issue 4's figures, measured on a real board.

    make flash                            # SlapStack on the Pico first
    mpremote run tests/bench_device.py    # about a minute; keep your hands off the slap buttons

It runs the firmware that is on the board (board.py, app/loop.py, the engine) and prints:
1. Press-to-timestamp ordering between seats 1 and 2. The RP2040 presses the buttons
   itself: it switches each seat pin's output driver on, driving low (SIO GPIO_OE_SET),
   which is just what the button does (the pin map allows only buttons to GND), so the
   input sees the edge and the interrupt stamps it. No wiring. 20 presses of both in the
   same instant (fair: equal stamps), then 20 with seat 1 first and seat 2 100 us later
   and 20 the other way round (fair: the right order, and the gap as measured).
2. A full-screen redraw of a busy table (``busy_table``: the same every run): Renderer.full
   on the real panel.
3. A new card on screen: from a card's turn to its pixels being out (the reveal time the
   app gives the engine), over CARDS cards of 4-player Ratscrew (seat 1 pressed by this
   script, three bots, the fastest tempo; a new game when one ends); then the same split by
   how many cards the pile showed before it (0: an empty pile, where the whole card is
   drawn; 1-3: the fan grows by a place; 4: a full fan, where only what differs is).
4. A verdict on screen: from seat 1's press to its verdict's pixels being out (the app
   sends the pile first, ``Renderer.update_pile``, and then the rest of the table), pressing
   as soon as a combination is on screen.
5. Heap in use (gc.mem_alloc after gc.collect, just after each card is on screen) at
   the peak of that game.
Targets (issue 12): a new card within 10 ms median and 16 ms worst, a verdict within 20 ms
worst, a full redraw within 50 ms, peak heap under 96 KB. The first line names the CPU
clock (boot.py sets 200 MHz). Nothing is saved: your settings, statistics and last
replay are left as they were. (``mpremote run`` soft-resets the board first, which does
not start main.py, so the game loop is not running under the benchmark.)
"""
import gc
import time

from machine import mem32
from micropython import const

_OUT_CLR = const(0xD0000018)   # SIO GPIO_OUT_CLR: these pins' output value 0
_OE_SET = const(0xD0000024)    # SIO GPIO_OE_SET: output driver on
_OE_CLR = const(0xD0000028)    # SIO GPIO_OE_CLR: off again (the pull-up brings it back)
SETTLE_MS = const(20)          # longer than the buttons' 8 ms lockout: every edge counts
TRIALS = const(20)
GAP_US = const(100)
CARDS = const(250)
HOLD_MS = const(60)            # how long this script holds seat 1 down
HEAP = hasattr(gc, "mem_alloc")  # (the host simulator, on CPython, has no heap figure)


def press(mask):
    """Pull the GPIOs in ``mask`` low, all in the same instant, as pressed buttons do."""
    mem32[_OUT_CLR] = mask
    mem32[_OE_SET] = mask


def release(mask):
    mem32[_OE_CLR] = mask


def _edges(slaps):
    got = []
    slaps.poll(time.ticks_us(), lambda i, down, t: got.append((i, down, t)))
    return got


def _stamps(slaps, first, second, gap_us):
    """Press ``first`` and, ``gap_us`` later (0: in the same instant), ``second`` (GPIO
    masks), then let both go; returns {seat index: press stamp}."""
    _edges(slaps)
    if gap_us:
        press(first)
        time.sleep_us(gap_us)
        press(second)
    else:
        press(first | second)
    time.sleep_ms(SETTLE_MS)
    release(first | second)
    time.sleep_ms(SETTLE_MS)
    out = {}
    for i, down, t in _edges(slaps):
        if down:
            out[i] = t
    return out


def ordering(slaps, a=0, b=1, trials=TRIALS, gap_us=GAP_US):
    """Lines saying how seats a and b's press stamps compare (see the module's 1.)."""
    ma = slaps.gpio_mask(a)
    mb = slaps.gpio_mask(b)
    equal = 0
    for _ in range(trials):
        s = _stamps(slaps, ma, mb, 0)
        if a in s and b in s and s[a] == s[b]:
            equal += 1
    lines = ["seats %d and %d pressed in the same instant: %d of %d stamped equal"
             % (a + 1, b + 1, equal, trials)]
    for i, j, first, second in ((a, b, ma, mb), (b, a, mb, ma)):
        right = 0
        gaps = []
        for _ in range(trials):
            s = _stamps(slaps, first, second, gap_us)
            if i in s and j in s:
                d = time.ticks_diff(s[j], s[i])
                gaps.append(d)
                if d > 0:
                    right += 1
        lines.append("seat %d pressed %d us before seat %d: %d of %d in that order, stamps %s us apart"
                     % (i + 1, gap_us, j + 1, right, trials,
                        "%d-%d" % (min(gaps), max(gaps)) if gaps else "never both"))
    return lines


def _shown(pile):
    """How many places of the fan the renderer drew cards in (``Pile.cards``)."""
    n = 0
    for i in range(len(pile)):
        if pile[i]:
            n = i + 1
    return n


def busy_table():
    """The table a full redraw is timed on, the same every run (the table the games happen
    to leave differs from run to run, and so did its redraw, by 12 ms): four seats, two
    of them out, one challenged with three chances left, four face cards and a ten on the
    pile (the widest ranks), the banner in a seat's pill."""
    from painters.view import TableView
    v = TableView("Egyptian Ratscrew", 4)
    for i, c in enumerate((0x3A, 0x0D, 0x1B, 0x2C)):  # 10 of spades on top, K, J, Q under it
        v.pile[i] = c
        v.pile_seat[i] = 1 + (2 - i) % 4
        v.count[i] = (0, 23, 17, 0)[i]
        v.out[i] = i == 0 or i == 3
    v.pile_count = 12
    v.turn = 2
    v.challenged = 1
    v.chances = 3
    v.banner = "Green takes 12"
    v.banner_seat = 2
    return v


def redraw(renderer, view, n=5):
    """(mean, worst) us of ``n`` full-screen redraws of ``view``."""
    total = worst = 0
    for _ in range(n):
        t = time.ticks_us()
        renderer.full(view)
        d = time.ticks_diff(time.ticks_us(), t)
        total += d
        worst = max(worst, d)
    return total // n, worst


def _spread(name, values, target_ms):
    if not values:
        return "%s: none measured" % name
    values.sort()
    return "%s: median %d us, worst %d us over %d (target %d ms)" % (
        name, values[len(values) // 2], values[-1], len(values), target_ms)


def by_pile(shown, landed):
    """The new card's delays split by how many cards the pile showed before it."""
    parts = []
    for k in range(5):
        ds = sorted(d for d, n in zip(shown, landed) if n == k)
        if ds:
            parts.append("%d: %d / %d us (%d)" % (k, ds[len(ds) // 2], ds[-1], len(ds)))
    return "new card on screen by the cards the pile showed before it, median / worst (count): " + \
        ", ".join(parts)


def play(app, board, seat=0, cards=CARDS, seed=2024):
    """Play 4-player Ratscrew games on the app (another when one ends) for ``cards`` cards,
    pressing ``seat`` on every combination as soon as it is on screen; returns (card reveal
    delays, verdict delays, peak heap, and per card how many cards the pile showed before
    it), in us and bytes. Settings change for these games
    only, and nothing is saved: no statistics, no replay."""
    s = app.settings
    saved = dict(s)
    s["game"] = "ratscrew"
    s["players"] = min(4, board.seat_count)
    s["humans"] = 1
    s["tempo"] = "frantic"
    app.game_over = lambda: None  # the end of a game writes nothing here
    r = app.r
    real_update_pile = r.update_pile
    pile_out = [0]  # when the pile's pixels were last all out on the panel

    landed = []  # per card in ``shown``: how many cards the pile showed before it
    drawn = [-1]  # that, for the card being drawn, from its first paint to its reveal

    def timed_update_pile(view, shown_of=_shown):  # (a closure over more than four names
        # allocates its arguments' array on every call: this one does not)
        if not app.session.card_shown and drawn[0] < 0:
            drawn[0] = shown_of(app.r.pile.cards)  # the cards it last drew there
        painted = real_update_pile(view)
        if painted:
            pile_out[0] = time.ticks_us()
        return painted

    r.update_pile = timed_update_pile
    shown = []
    verdicts = []
    peak = 0
    played = 0
    try:
        while played < cards:
            app.start_game(seed + played)
            game = app.session.table.game
            p = _play_one(app, board, seat, cards - played, shown, verdicts, pile_out, landed, drawn)
            peak = max(peak, p)
            played += game.cards_played
    finally:
        del r.update_pile  # (the method again)
        s.clear()
        s.update(saved)
        app.session.drop_record()  # the game's spilled input record, which its end would remove
    return shown, verdicts, peak, landed


def _play_one(app, board, seat, cards, shown, verdicts, pile_out, landed, drawn):
    game = app.session.table.game
    real_reveal = game.reveal

    def timed_reveal(t):
        d = real_reveal(t)
        if d:
            shown.append(d)
            landed.append(drawn[0])
        drawn[0] = -1
        return d

    game.reveal = timed_reveal
    mask = board.slaps.gpio_mask(seat)
    pressed_at = None   # our press, until its verdict is on screen
    before = None       # the verdict on screen when we pressed
    release_at = None
    peak = 0
    seen = len(shown)   # cards shown so far: this script looks at the table once per new card,
    # so it adds no work to the loop passes in between (a card due meanwhile would wait for it)
    while not game.over and game.cards_played < cards:
        app.step()
        now = time.ticks_us()
        v = app.session.view.verdict
        if pressed_at is not None and v is not None and v is not before and v[0] == seat:
            verdicts.append(time.ticks_diff(pile_out[0], pressed_at))  # drawn in this pass
            pressed_at = None
        fresh = len(shown) != seen  # a card came on screen in this pass
        seen = len(shown)
        if release_at is not None and time.ticks_diff(now, release_at) >= 0:
            release(mask)
            release_at = None
        elif (fresh and release_at is None and pressed_at is None
              and game.visible_pattern() and not game.contest_open and game.award_to < 0):
            before = v
            pressed_at = time.ticks_us()
            press(mask)
            release_at = time.ticks_add(pressed_at, HOLD_MS * 1000)
        elif fresh and HEAP and pressed_at is None:  # just after a card is out: the next is
            gc.collect()  # a tempo away, so the collection delays no card
            peak = max(peak, gc.mem_alloc())
        app.idle()  # as the game loop waits
    release(mask)
    time.sleep_ms(SETTLE_MS)
    return peak


def report(app, board, cards=CARDS, before=0):
    """Every figure, as the lines main() prints."""
    lines = ordering(board.slaps)
    shown, verdicts, peak, landed = play(app, board, cards=cards)
    mean, worst = redraw(board.renderer, busy_table())
    lines.append("full-screen redraw of a busy table: mean %d us, worst %d us (target 50 ms)" % (mean, worst))
    lines.append(by_pile(shown, landed))
    lines.append(_spread("new card on screen", shown, 10) + ", 16 ms worst")
    lines.append(_spread("press to verdict on screen", verdicts, 20))
    lines.append("pile paints that allocated (painted again with the heap open): %d" % board.renderer.heap_misses)
    if HEAP:
        lines.append("heap in use at the peak of a 4-player game: %d bytes (target 96 KB), of which %d "
                     "before the firmware was imported (MicroPython's own and this script's code)" % (peak, before))
    return lines


def main():
    gc.collect()
    before = gc.mem_alloc() if HEAP else 0
    from app.loop import App
    from hardware import board

    b = board.Board()
    a = App(b)
    import machine

    print("SlapStack device benchmark (keep off the slap buttons), CPU at %d MHz" % (machine.freq() // 1000000))
    for line in report(a, b, before=before):
        print(line)
    import micropython

    if hasattr(micropython, "qstr_info"):  # (the host simulator's stand-in has none)
        print("interned names, never freed, the benchmark's own among them (their pools hold 20, 40, ... 640: "
              "past 1260 names a seventh, of 1280, takes 7.7 KB at once):")
        micropython.qstr_info()


if __name__ == "__main__":
    main()
