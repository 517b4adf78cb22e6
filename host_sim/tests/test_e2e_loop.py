"""The game loop's timing, as players see it: a card turns when it is due, not at the next
tick; a slap game's card, and War's battle, is on the glass before the engine goes on with
its turn; a verdict
on a won pile makes way shortly before the next card, after players had time to read it.

The simulated device counts no CPU time, so these check the order of things and the
virtual clock (the emulated Pico's benchmark, ``make bench-device``, gives the times)."""
import time

from host_sim.device import MS

from drawing import colours
from painters import pile as P
from host_sim.tests import table_screen as S
from host_sim.tests.test_e2e_game import QuickPlayer
from slapstack import clock
from slapstack import duel_events as D
from slapstack import events as E

FOUR_BOTS = {"game": "ratscrew", "players": 4, "humans": 1, "tempo": "frantic"}  # (one idle person)


def _watch(dev, on_event):
    """Call ``on_event(kind, t, p, a, b, c)`` from the table's sink, before the App's."""
    table = dev.app.session.table
    sink = table.sink

    def watched(kind, t, p, a, b, c):
        on_event(kind, t, p, a, b, c)
        sink(kind, t, p, a, b, c)

    table.sink = watched


def test_a_card_turns_when_it_is_due_not_at_the_next_millisecond_tick(make_device):
    # machine.idle() sleeps to the next 1 ms tick: a card due in between waited for it
    dev = make_device(settings=FOUR_BOTS)
    dev.keys("ok")
    dev.run_until_event(E.CARD)
    late = []
    _watch(dev, lambda kind, t, p, a, b, c: late.append(time.ticks_diff(time.ticks_us(), t))
           if kind == E.CARD else None)
    dev.run_for(20000)
    assert len(late) > 20
    assert max(late) < 50, sorted(late)[-5:]


def test_a_slap_games_card_is_on_the_glass_before_the_engine_moves_the_turn_on(make_device):
    dev = make_device(settings=FOUR_BOTS)
    dev.keys("ok")
    dev.run_until_event(E.CARD)
    r = dev.app.r
    turned = []      # the card just turned, until the event after it
    checked = []

    def on_event(kind, t, p, a, b, c):
        if turned and kind != E.CARD:
            card = turned.pop()
            # the next event (the turn moving on, a challenge) finds the card drawn and out
            ink = colours.INK_RED if (card >> 4) in (1, 2) else colours.INK_BLACK
            checked.append((r.pile.cards[0] == card, S.suit_ink_at(dev) == ink, dev.app.session.shown_at is not None))
        if kind == E.CARD:
            turned[:] = [a]

    _watch(dev, on_event)
    dev.run_for(15000)
    assert len(checked) > 20
    assert all(all(c) for c in checked), checked


def test_wars_battle_is_on_the_glass_before_the_engine_compares_its_cards(make_device):
    # both cards out with seat 1's, the second: before the engine compares and gathers them,
    # the bots plan their next press and the endless-deal watch looks at the hands
    dev = make_device(settings={"game": "war", "players": 2, "humans": 1, "tempo": "frantic"})
    dev.keys("ok")
    dev.run_for(100)
    turned = [0, 0]
    checked = []

    def on_event(kind, t, p, a, b, c):
        if kind == E.CARD:
            turned[p] = a
        elif turned[1]:  # the battle's next event: WAR_TIE or PILE_WON
            inks = [colours.INK_RED if (card >> 4) in (1, 2) else colours.INK_BLACK for card in turned]
            checked.append((S.war_suit_ink(dev, 0) == inks[0], S.war_suit_ink(dev, 1) == inks[1],
                            dev.app.session.shown_at is not None))
            turned[0] = turned[1] = 0

    _watch(dev, on_event)
    for _ in range(40):  # you press 300 ms after each battle; the bot presses too
        dev.tap(0, hold_ms=60, then_ms=240)
    assert len(checked) > 10
    assert all(all(c) for c in checked), checked


def _battles_after_your_press(make_device, ahead_us, engine_us=0, battles=8):
    """War against a bot, you pressing ``ahead_us`` before each of its presses (the engine
    taking ``engine_us`` over yours, as on the chip): how late each battle turned after
    its press (us), once your time shows on your tag after it."""
    dev = make_device(settings={"game": "war", "players": 2, "humans": 1, "tempo": "frantic"})
    dev.keys("ok")
    dev.run_for(100)
    a = dev.app
    bot = a.session.table.bots[0]
    late = []

    def on_event(kind, t, p, a_, b, c):
        if kind == D.WAR_READY and p == 0 and b and engine_us:
            dev.hw.busy_for_us(engine_us)
        elif kind == E.CARD and p == 1:
            late.append(clock.diff(a.session.game_time(time.ticks_us()), t))

    _watch(dev, on_event)
    for _ in range(battles):
        while bot.press_at < 0:
            dev.run_for(5)
        due = clock.add(bot.press_at, a.session.offset)  # the bot's press, on the board's clock
        mine = clock.add(due, -ahead_us)  # yours, before it
        assert time.ticks_diff(mine, dev.now_us) > 0
        dev.press(0, mine)
        dev.release(0, clock.add(mine, 60 * MS))
        dev.run_until(clock.add(due, 100 * MS))
        assert a.session.presenter.tags.ms[0] >= 0 and a.session.presenter.tags.drawn == a.session.presenter.tags.version  # your time shows
    assert len(late) >= battles
    return late


def test_wars_battle_is_not_held_back_by_painting_the_first_press(make_device):
    # your press puts READY on your strip and your time on your tag; painted at once, with
    # the bot's press due a moment later, they held the battle back by their paint (on the
    # chip the worst battles' passes began 9-10 ms late): the rest of the table waits until
    # the battle is out, then shows
    late = _battles_after_your_press(make_device, 2 * MS)
    assert max(late) < 500, late  # (SPI time alone: the strip and the tag are some 5 ms of it)


def test_wars_battle_due_during_the_first_press_engine_time_is_not_held_back_either(make_device):
    # on the chip the engine takes 2-3.5 ms over a press: with the bot's press 1 ms after
    # yours, it came due in your press's own pass, and the rest of the table (your READY
    # strip, your tag) was painted before the battle, which waited for it
    late = _battles_after_your_press(make_device, 1 * MS, engine_us=3 * MS)
    # turned in the next pass, right after your press's engine time (2 ms of which after the
    # bot's press was due); with the rest painted first it was 7.1 ms
    assert max(late) < 2500, late


def test_a_verdict_on_a_won_pile_goes_shortly_before_the_next_card_once_read(make_device):
    dev = make_device(settings=FOUR_BOTS)
    dev.keys("ok")
    dev.run_until_event(E.CARD)
    a = dev.app
    up = []          # (when a won slap's verdict went up, when it went off the glass)
    at_card = []     # (verdict on the glass, a pile won since the last card) at each card
    won = [False]

    def on_event(kind, t, p, a_, b, c):
        now = time.ticks_us()
        if up and up[-1][1] is None and a.r.pile.verdict is None:
            up[-1][1] = now
        if kind == E.SLAP and a_ == E.V_WIN:
            up.append([now, None])
        elif kind == E.PILE_WON and a_ == E.HOW_SLAP:
            won[0] = True
        elif kind == E.CARD:
            at_card.append((a.r.pile.verdict is not None, won[0]))
            won[0] = False

    _watch(dev, on_event)
    real = a.r.update_pile

    def update_pile(view):  # (the lift happens between events: note when its pixels are out)
        m = real(view)
        if up and up[-1][1] is None and a.r.pile.verdict is None:
            up[-1][1] = time.ticks_us()
        return m

    a.r.update_pile = update_pile
    player = QuickPlayer(dev)  # seat 1 slaps every combination, 220 ms after its card
    while dev.now_us < 60000 * MS and not dev.of(E.GAME_OVER):
        player.step()
    after_won = [v for v, w in at_card if w]
    assert len(after_won) >= 5, "not 5 piles won by a slap in a minute?"
    assert not any(after_won)     # the next card comes alone: the verdict is already gone
    shown = [time.ticks_diff(off, on) for on, off in up if off is not None]
    assert len(shown) >= 5, up
    assert min(shown) >= 300 * MS   # up 0.3 s at least: long enough to read the combination and time
    del a.r.update_pile


def _game_pile(g):
    """The pile as the game holds it, as the view shows it (Presenter.sync_pile's reading)."""
    n = g.pile_len()
    return ([g.pile_top(i) if i < n else 0 for i in range(P.PILE_SHOWN)],
            [g.pile_seat(i) + 1 if i < n else 0 for i in range(P.PILE_SHOWN)], n)


def test_the_pile_on_screen_is_the_games_after_every_card_and_every_pile_won(make_device):
    # a slap game's card moves the view's pile down a place instead of reading it again
    # from the game (SlapPresenter.card): across piles won by slaps and by challenges,
    # the screen's pile is still the game's
    dev = make_device(settings=FOUR_BOTS)
    dev.keys("ok")
    dev.run_until_event(E.CARD)
    a = dev.app
    seen = []

    table = a.session.table
    sink = table.sink

    def watched(kind, t, p, a_, b, c):
        sink(kind, t, p, a_, b, c)
        v = a.session.view  # what the App made of it
        seen.append((list(v.pile), list(v.pile_seat), v.pile_count) == _game_pile(table.game))

    table.sink = watched
    player = QuickPlayer(dev)
    while dev.now_us < 40000 * MS and not dev.of(E.GAME_OVER):
        player.step()
    won = [e for e in dev.events if e[1] == E.PILE_WON]
    assert len(won) >= 10 and len(seen) > 200, (len(won), len(seen))
    assert all(seen), seen.index(False)


def _passes(a):
    """The times of the App's passes from now on (``del a.step`` ends the count)."""
    step = a.step
    passes = []

    def counted():
        passes.append(time.ticks_us())
        step()

    a.step = counted
    return passes


def test_the_loop_sleeps_between_cards_yet_a_slap_wakes_it_at_once(make_device):
    # with nothing due for a while the loop naps (Board.nap) instead of a pass at every
    # 1 ms tick, and still runs a pass as soon as a button moves
    dev = make_device(settings=FOUR_BOTS)
    dev.keys("ok")
    dev.run_until_event(E.CARD)
    a = dev.app
    passes = _passes(a)
    cards = len(dev.of(E.CARD))
    dev.run_for(5000)
    cards = len(dev.of(E.CARD)) - cards
    assert cards >= 8
    assert len(passes) < 5000 // 4, len(passes)  # not one a millisecond
    due = a.session.table.next_due()
    t = dev.now_us + 3 * MS
    assert time.ticks_diff(due, a.session.game_time(t % (1 << 30))) > 3000  # the press lands in a nap
    del passes[:]
    dev.press(0, t)
    dev.release(0, t + 60 * MS)
    dev.run_for(5)
    woke = [time.ticks_diff(p, t % (1 << 30)) for p in passes]
    assert [w for w in woke if w >= 0] and min(w for w in woke if w >= 0) < 100, woke
    del a.step


def test_a_menu_left_alone_sleeps_yet_a_key_wakes_it_at_once(make_device):
    # once a menu has loaded what it leads to and collected its garbage (App.tidy), nothing
    # happens until a key: the loop naps, not a pass at every 1 ms tick (some 0.6 ms of the
    # chip's each: more than half its time), and a key is still answered in the next pass
    dev = make_device()
    dev.run_for(3000)
    a = dev.app
    assert dev.screen_name() == "MainMenu" and a.tidy
    key = a.key
    keys = []

    def pressed(name):
        keys.append((time.ticks_us(), name))
        key(name)

    a.key = pressed
    passes = _passes(a)
    dev.run_for(1000)
    assert len(passes) <= 1000 // 40, len(passes)  # a pass every 50 ms, not every 1 ms
    t = dev.now_us + 17 * MS + 300                  # in the middle of a nap
    dev.press("down", t)
    dev.release("down", t + 60 * MS)
    dev.run_for(100)
    assert [name for _, name in keys] == ["down"]
    assert time.ticks_diff(keys[0][0], t % (1 << 30)) < 1100, keys
    del a.step, a.key


def _war_of_two_people(make_device):
    """A War game of two people, dealt, the table waiting for their presses."""
    dev = make_device(settings={"game": "war", "players": 2, "humans": 2})
    dev.keys("ok")
    dev.run_for(500)
    return dev


def test_war_waiting_for_people_sleeps_yet_its_face_down_cards_come_on_time(make_device):
    # War waits for people most of the time, nothing due: the loop naps (a pass every few ms,
    # not at every 1 ms tick: some 0.6 ms of the chip's each), and wakes just in time for
    # what its panel changes by itself, a battle's face-down cards 20 ms after its cards
    dev = _war_of_two_people(make_device)
    a = dev.app
    passes = _passes(a)
    dev.run_for(1000)
    assert dev.of(E.CARD) == [] and len(passes) <= 1000 // 6, len(passes)
    cards = a.session.presenter.cards
    lay_down = cards.lay_down
    laid = []

    def timed(down):
        laid.append(a.session.game_time(time.ticks_us()))
        return lay_down(down)

    cards.lay_down = timed
    dev.tap(0)
    dev.tap(1)
    shown = dev.of(E.CARD)[-1][0]
    assert laid and 20000 <= clock.diff(laid[0], shown) <= 20100, (laid, shown)
    del a.step, cards.lay_down


def test_money_waiting_for_a_choice_sleeps_yet_counts_its_seconds_down_on_time(make_device):
    # a person's Money choice: nothing due for seconds but its countdown; the loop naps, and
    # the panel shows each second less as it begins
    dev = make_device(settings={"game": "money", "players": 2, "humans": 2, "tempo": "fast"})
    dev.keys("ok")
    dev.run_until_event(E.MONEY_CHOICE, 10 * 60 * 1000, step_ms=20)
    dev.run_for(20)
    a = dev.app
    g = a.session.table.game
    panel = a.session.view.overlay
    count_down = panel.count_down
    counted = []

    def timed(left):
        changed = count_down(left)
        if changed:
            counted.append((left, clock.diff(g.choice_due(), a.session.game_time(time.ticks_us()))))
        return changed

    panel.count_down = timed
    passes = _passes(a)
    dev.run_for(3000)
    assert len(passes) <= 3000 // 6, len(passes)
    assert [left for left, _ in counted] == [7, 6, 5], counted
    assert all(left * 1000000 - 100 <= us <= left * 1000000 for left, us in counted), counted
    del a.step, panel.count_down


def test_a_seat_held_down_lets_the_loop_sleep_yet_shows_stuck_on_time(make_device):
    # a hand resting on a button (or a stuck one) must not keep the chip awake: the loop naps
    # while it is held, and wakes just in time to mark the seat STUCK, 3 s after its press
    dev = _war_of_two_people(make_device)
    a = dev.app
    s = a.session
    show_stuck = s.show_stuck
    marked = []

    def timed(mask):
        marked.append((mask, time.ticks_us()))
        show_stuck(mask)

    s.show_stuck = timed
    t = dev.now_us + 1
    dev.press(0, t)
    dev.run_for(100)
    passes = _passes(a)
    dev.run_for(3500)
    assert len(passes) <= 3500 // 6, len(passes)  # not one a millisecond
    assert [m for m, _ in marked] == [1], marked
    assert 3000000 <= time.ticks_diff(marked[0][1], t % (1 << 30)) <= 3000100, marked
    dev.release(0, dev.now_us + 1)
    dev.run_for(100)
    assert [m for m, _ in marked] == [1, 0], marked
    del a.step, s.show_stuck


def test_a_menu_sleeps_with_a_seat_held_down(make_device):
    dev = make_device()
    dev.run_for(3000)
    a = dev.app
    assert dev.screen_name() == "MainMenu" and a.tidy
    dev.press(2, dev.now_us + 1)
    dev.run_for(100)
    passes = _passes(a)
    dev.run_for(4000)
    assert len(passes) <= 4000 // 40, len(passes)  # a pass every 50 ms, held or not
    del a.step
