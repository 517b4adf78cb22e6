"""SlapStack's soak on a real board: 20 four-bot games back to back (issue 12).

    make flash                            # SlapStack on the Pico first
    mpremote run tests/soak_device.py     # some 40 minutes on a Pico (make soak-device runs it
                                          # on the emulated one)

It plays 20 games of 4-player Egyptian Ratscrew, four bots, through the App as the game loop
does, a card every TEMPO_MS (the fastest tempo in the menu is 385 ms: at 150 the 20 games,
some 9000 cards, take some 40 minutes of the chip's time; a card is the same work at any
tempo) (each game's end saves its statistics and replay, as at a party),
with the watchdog on, and prints per game: its cards, its winner, the heap in use after it
(gc.mem_alloc after gc.collect) with the game still on screen and once it is let go (as
the next game or the menu does: ``App.leave_game``), its live heap at the peak (sampled every SAMPLE cards) and how
many of its cards had a garbage collection between their turn and their reveal (a loop pass
that showed a card and in which MicroPython collected, unless it was the App's own sweep,
after the reveal: those are counted apart). A collection is seen by MicroPython's own count
of the blocks allocated since the last one, which every collection sets to 0
(``collection_word``); where that word is not found, by the heap in use going down in the
pass (which an explicit free does too, so that count may be high). The heap in use is not read
in every pass where the word is found: ``gc.mem_alloc`` walks the whole heap's table (some
15,000 blocks), which in each of a card's passes would keep the chip from the sleeps the
game loop takes between them (and made a soak game on the emulated Pico a quarter
slower). The last line sums it up: the heap once each game is let go flat within 1 KB (from
the second game on: the first imports what games keep), no MemoryError, no reset (a reset or
an error ends this script early, so the line is missing), and the collections that landed in a card's reveal. For the last such card of
a game it also prints its number, the heap in use (live and garbage) after its pass, and the
piles taken since the App's last sweep: what a fix has to go by.

Your statistics and last replay are put back afterwards as they were.
"""
import gc
import os
import time

from micropython import const

GAMES = const(20)
FIRST_SEED = const(100)
TEMPO_MS = const(150)
SAMPLE = const(50)          # cards between two samples of the live heap (each a gc.collect)
FLAT = const(1024)          # bytes: the heap after a game may wander this much
KEPT = ("stats.json", "last_replay.json")  # the player's, put back at the end
_HIGH = const(0x20000000)   # blocks: the collection word before a pass (a small int: no allocation)
_RAM = const(0x20000000)    # the RP2040's SRAM, 264 KB
_RAM_END = const(0x20042000)


def _aside(names, suffix):
    """Rename each existing file in ``names`` to name + suffix; returns the ones moved."""
    moved = []
    for name in names:
        try:
            os.rename(name, name + suffix)
            moved.append(name)
        except OSError:
            pass
    return moved


def _restore(moved, suffix):
    for name in KEPT:
        try:
            os.remove(name)  # the soak's own
        except OSError:
            pass
    for name in moved:
        os.rename(name + suffix, name)


def collection_word():
    """The address of MicroPython's count of heap blocks allocated since the last garbage
    collection (``gc_alloc_amount``, the word before ``gc_alloc_threshold`` in its state),
    which every collection sets to 0: set to _HIGH before a pass, it is below after one in
    which a collection ran. Found as the word before the one that holds two marks given to
    ``gc.threshold`` in turn, and checked with a collection; 0 when not found."""
    import machine
    found = range(_RAM, _RAM_END, 4)
    for mark in (0x2A5A5A5, 0x15A5A5A):  # in blocks of 16 bytes (gc.threshold takes bytes)
        gc.threshold(mark * 16)
        found = [a for a in found if machine.mem32[a] == mark]
    gc.threshold(-1)  # (no collection by the amount allocated, as before)
    if len(found) != 1:
        return 0
    word = found[0] - 4
    machine.mem32[word] = _HIGH
    gc.collect()
    return word if machine.mem32[word] < _HIGH else 0


def play(app, seed, counts, word):
    """One game to its end; fills ``counts`` (cards shown, cards with a collection between
    their turn and their reveal, peak live heap; for the last such card: its number, the
    heap in use after its pass, the piles taken since the last sweep; and the cards in
    whose pass the App's own sweep collected) without allocating per card. ``word``:
    ``collection_word()``, or 0 to take a pass that showed a card and ends with less heap in
    use than it began with for one that collected. The App's sweep (``Session.sweep``, after a
    pile was taken) runs after the card's reveal in the pass, so a collection in a pass where it ran costs the card nothing; any
    other is counted as in the card's reveal (an automatic collection in a pass where the
    sweep ran too would be counted with the sweep's)."""

    app.start_game(seed)
    game = app.session.table.game
    real_reveal = game.reveal

    def reveal(t):
        d = real_reveal(t)
        if d:
            counts[0] += 1
        return d

    game.reveal = reveal
    import machine
    mem32 = machine.mem32
    while app.screen.game_in_play:  # (until its winner is up)
        shown = counts[0]
        swept = app.session.swept
        if word:
            mem32[word] = _HIGH
        else:
            before = gc.mem_alloc()
        app.step()
        if counts[0] != shown:
            collected = mem32[word] < _HIGH if word else gc.mem_alloc() < before
            if collected:
                if app.session.swept != swept:
                    counts[6] += 1
                else:
                    counts[1] += 1
                    counts[3] = counts[0]
                    counts[4] = gc.mem_alloc()
                    counts[5] = game.piles_taken - app.session.swept
            if counts[0] % SAMPLE == 0:
                gc.collect()
                live = gc.mem_alloc()
                if live > counts[2]:
                    counts[2] = live
        app.idle()
    return game


def main():
    gc.collect()
    base = gc.mem_alloc()
    from app.loop import App
    from app.screen import Screen
    from hardware import board

    a = App(board.Board())
    s = a.settings
    saved = dict(s)
    moved = _aside(KEPT, ".soak")
    s.update({"game": "ratscrew", "players": 4, "humans": 0, "tempo": "frantic"})
    deal = a.deal

    def quick_deal(*args, **kw):  # the menu's deal, at the soak's tempo
        kw["tempo_ms"] = TEMPO_MS
        return deal(*args, **kw)

    a.deal = quick_deal
    import machine

    print("SlapStack soak: %d four-bot Ratscrew games, a card every %d ms, CPU at %d MHz, heap %d bytes "
          "in use before the firmware was imported, of %d" % (GAMES, TEMPO_MS, machine.freq() // 1000000,
                                                              base, gc.mem_alloc() + gc.mem_free()))
    word = collection_word()
    print("collections seen by %s" % ("MicroPython's count of blocks since the last one (at 0x%08x)" % word
                                      if word else "the heap in use going down in a pass"))
    heaps = []
    cards = 0
    landed = 0
    after = 0
    t0 = time.ticks_ms()
    a.b.start_watchdog()
    try:
        for i in range(GAMES):
            counts = [0, 0, 0, 0, 0, 0, 0]
            game = play(a, FIRST_SEED + i, counts, word)
            played = game.cards_played
            winner = game.winner
            game = None            # (it holds its table)
            gc.collect()
            held = gc.mem_alloc()  # the ended game still on screen, its table and record kept
            a.leave_game()         # as the next game or the menu lets it go,
            a.change(Screen())     # and its winner's screen (the next deal's first step: session.begin)
            gc.collect()
            heaps.append(gc.mem_alloc())
            cards += played
            landed += counts[1]
            after += counts[6]
            print("game %2d: seed %d, %d cards, winner seat %d, heap %d with the game ended on screen, "
                  "%d once it is let go, live peak %d, collections in a reveal %d (the App's sweep after one: %d)"
                  % (i + 1, FIRST_SEED + i, played, winner + 1, held, heaps[-1], counts[2], counts[1],
                     counts[6]))
            if counts[1]:
                print("  the last: card %d, %d bytes in use after its pass, %d piles taken since the "
                      "last sweep" % (counts[3], counts[4], counts[5]))
    finally:
        a.b.stop_watchdog()
        del a.deal  # (the method again)
        s.clear()
        s.update(saved)
        _restore(moved, ".soak")
    spread = max(heaps[1:]) - min(heaps[1:])
    print("soak: %d games, %d cards in %d s; heap once games 2-%d were let go within %d bytes (%s, 1 KB allowed); "
          "no MemoryError, no reset; %d cards had a collection in their reveal (the App's sweep "
          "collected after a card's reveal in its pass %d times)"
          % (GAMES, cards, time.ticks_diff(time.ticks_ms(), t0) // 1000, GAMES, spread,
             "flat" if spread <= FLAT else "NOT FLAT", landed, after))


if __name__ == "__main__":
    main()
