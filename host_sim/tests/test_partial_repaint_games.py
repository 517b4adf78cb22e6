"""The renderer repaints only what a change can touch, in whole games: the screen must still come
out pixel for pixel as a full repaint of the same view would draw it (test_partial_repaint.py:
card by card, and random views).

- long games on the simulated device (the real App, its panel model on the SPI bus) compared
  after every update with a full repaint of the App's view, and what a card sends: the bytes
  before it counts as shown (the pile and its count) and in all;
- Money's banks and panels, and War's battles, its table drawn afresh and its box going.
"""
import pytest
from PIL import Image

from host_sim.panel_memory import WIDTH, HEIGHT
from drawing import colours
from painters import renderer  # (firmware modules)
import sample_views
from host_sim.tests.table_screen import regions_painted
from slapstack import cards
from host_sim.tests.screen_panel import ScreenPanel, full_repaint


def _glass(model):
    """What the panel model shows, as RGB bytes."""
    return model.to_image().tobytes()


def _as_glass(px):
    """RGB565 screen bytes (high byte first) as the same RGB bytes."""
    le = bytearray(len(px))
    le[0::2] = px[1::2]
    le[1::2] = px[0::2]
    return Image.frombytes("RGB", (WIDTH, HEIGHT), bytes(le), "raw", "BGR;16").tobytes()


class Watch:
    """Wraps the App's renderer: after every update that paints, the glass must show what a
    full repaint of the view draws; and per card, the SPI bytes sent before it counts as
    shown (update_pile) and in the whole pass (update_pile and update)."""

    def __init__(self, dev, r, app):
        self.dev = dev
        self.r = r
        spis = list(dev.hw.spi_objects.values())
        assert len(spis) == 1  # the panel's: the only SPI bus the board uses
        self.spi = spis[0]
        self.checks = 0
        self.cards = []  # (bytes before it is shown, bytes in all, ordinary) per card
        self._pile = None
        self._painted = 0  # what this pass's update_pile painted
        update, update_pile = r.update, r.update_pile

        def watched_pile(view):  # (every pass that paints: the pile first, a card or a verdict;
            # a slap game's card or verdict already in the engine's turn, Presenter.draw_pile)
            card = not app.session.card_shown
            if self._pile is None:  # the pass's (or the card's) first
                self._before = self.spi.bytes_written
                self._was = (bytes(r.pile.cards), r.pile.verdict)
            m = update_pile(view)
            self._painted |= m
            if card:
                self._pile = self.spi.bytes_written - self._before
            return m

        def watched(view):
            m = update(view)
            if self._pile is not None:
                was_pile, was_verdict = self._was
                ordinary = (all(was_pile) and all(view.pile) and was_verdict is None
                            and view.verdict is None and view.winner is None)
                self.cards.append((self._pile, self.spi.bytes_written - self._before, ordinary))
                self._pile = None
            painted = m | self._painted  # (the pile, or a panel over it, painted first)
            self._painted = 0
            if painted:
                self.checks += 1
                assert _glass(dev.panel) == _as_glass(full_repaint(view)), \
                    "after update %d: pile %r verdict %r" % (self.checks, list(view.pile), view.verdict)
            return m

        r.update_pile = watched_pile
        r.update = watched


def _play(make_device, game, players, rules, cards_wanted, seed, each_pass=None):
    dev = make_device(boot=False)
    dev.hw.idle = dev.machine_idle  # the App runs in this thread
    from drivers import spi_clock
    spi_clock.peripheral_clock_to_cpu()  # what boot.py does: the SPI at 50 MHz
    from app.loop import App
    from hardware import board
    b = board.Board()
    a = App(b)
    s = a.settings
    s["game"] = game
    s["players"] = players
    s["humans"] = 1  # seat 1 never presses: the bots slap, claim and win
    s["tempo"] = "frantic"
    s["rules"][game] = rules
    a.game_over = lambda: None  # nothing written to the flash
    watch = Watch(dev, b.renderer, a)
    played = 0
    while played < cards_wanted:
        a.start_game(seed + played)
        g = a.session.table.game
        while not g.over and g.cards_played < cards_wanted - played:
            a.step()
            if each_pass is not None:
                each_pass(a)
            a.idle()
        played += g.cards_played
        a.step()  # the winner screen, when there is one
    return watch


def test_a_long_slap_game_shows_after_every_update_what_a_full_repaint_draws(make_device):
    # two decks with wild jokers: tens, jokers, long piles, verdicts, piles won and burned
    watch = _play(make_device, "ratscrew", 4, {"decks": 2, "jokers": "wild"}, 600, 7)
    assert len(watch.cards) >= 590 and watch.checks >= len(watch.cards)
    ordinary = [c for c in watch.cards if c[2]]
    assert len(ordinary) >= 100
    print("cards %d, ordinary %d: before shown max %d, in all max %d" % (
        len(watch.cards), len(ordinary), max(c[0] for c in ordinary), max(c[1] for c in ordinary)))


@pytest.mark.parametrize("game,rules", [("war", {"turn": "auto"}), ("money", {"variant": "egyptian"})])
def test_war_and_money_show_what_a_full_repaint_draws(make_device, game, rules):
    watch = _play(make_device, game, 2, rules, 200, 3)
    assert len(watch.cards) >= 60 and watch.checks >= len(watch.cards)  # (a War battle turns two)
    if game == "war":  # a battle repaints what differs on its two cards' faces, not both whole
        shown = sorted(c[0] for c in watch.cards)
        assert shown[len(shown) // 2] <= WAR_BATTLE_BUDGET, shown


def test_a_money_choice_shows_each_option_and_second_as_a_full_repaint_draws(make_device):
    # seat 1 is a person: each choice of theirs opens over the pile; their button shows the
    # next option (its lines repainted alone) and the seconds count down (theirs alone)
    pressed = []

    def press_while_choosing(a):
        d = a.session.presenter
        c = d.choosing
        if c.panel is not None and len(pressed) < 40 and c.panel.left % 2:
            pressed.append(c.index)
            d.seat(c.chooser)  # what the seat button's edge does (Session.on_seat: Presenter.seat)

    watch = _play(make_device, "money", 2, {}, 150, 5, press_while_choosing)
    assert len(pressed) >= 10 and watch.checks >= 100


def _banks_painted(regions):
    """The banks the top strip's regions cover, [(x, w)], each checked to be painted as
    narrow parts side by side that tile it (its owner's name, then each kind held: a part
    is a band or two, where the bank whole was four bands each drawing all of it)."""
    top = sorted((x, w) for x, y, w, h in regions if y == 0 and h == 28)
    banks = []
    for start in (0, 160):
        parts = [(x, w) for x, w in top if start <= x < start + 160]
        if parts:
            assert parts[0][0] == start and all(a[0] + a[1] == b[0] for a, b in zip(parts, parts[1:]))
            assert parts[-1][0] + parts[-1][1] == start + 160 and max(w for _, w in parts) <= 80
            banks.append((start, 160))
    return banks


def test_a_money_bank_change_repaints_that_bank_alone():
    # each bank and the right strip (the pot and the values) are regions of their own (the
    # top strip whole, 320 px wide, was four bands each drawing every card and number: 31 ms
    # on the chip; a bank whole, 12 ms); a capture's or an exchange's change repaints what
    # changed, and the pixels are those of a whole repaint
    from painters import duel_panels
    from painters.view import SEAT_NAMES
    p = ScreenPanel()
    r = renderer.Renderer(p)
    v = sample_views.table()
    banks = duel_panels.MoneyBanks(v, (4, 3, 2, 1, 0), (5, 10, 15, 20, 30), SEAT_NAMES)
    pot = banks.pot
    regions = regions_painted(r)
    banks.counts[:] = bytes([1, 2, 0, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 0, 0])
    banks.repaint(r, True)
    pot.repaint(r, True)
    assert _banks_painted(regions) == [(0, 160), (160, 160)] and (284, 28, 36, 184) in regions
    regions.clear()
    version = pot.version
    banks.counts[10 + 2] += 1  # a card of money joins the pot
    banks.repaint(r, False)
    assert regions == [] and pot.version == version + 1  # the pot's panel, painted next
    pot.repaint(r, False)
    assert [(x, w) for x, _, w, _ in regions] == [(284, 36)]
    regions.clear()
    banks.counts[10 + 2] = 0  # seat 1 (on the left) captures the pot
    banks.counts[5 + 2] += 1
    banks.counts[5 + 3] += 2
    banks.repaint(r, False)
    pot.repaint(r, False)
    assert _banks_painted(regions) == [(0, 160)] and (284, 28, 36, 184) in regions
    drawn = bytes(p.px)
    banks.repaint(r, True)
    pot.repaint(r, True)
    assert bytes(p.px) == drawn


def test_the_empty_strips_under_moneys_panels_are_painted_by_the_panels_alone():
    # the banks cover the empty top seat's strip, the pot the right one's: painting the bare
    # strip first was 2.8 ms of a Money table's 50 ms on the chip, all of it painted over at once
    from painters import duel_panels
    from painters import view as viewmod
    p = ScreenPanel()
    r = renderer.Renderer(p)
    v = viewmod.TableView("Money", seats=2)
    v.count[0] = 20
    v.count[1] = 18
    banks = duel_panels.MoneyBanks(v, (4, 3, 2, 1, 0), (5, 10, 15, 20, 30), viewmod.SEAT_NAMES)
    banks.counts[:] = bytes([1, 2, 0, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 0, 0])
    regions = regions_painted(r)
    r.full(v)
    bare = bytes(p.px)
    assert (0, 0, WIDTH, 28) in regions              # without the banks: the bare strip
    v.panels = (banks, banks.pot)
    regions.clear()
    r.full(v)
    assert (0, 0, WIDTH, 28) not in regions and (0, 212, WIDTH, 28) in regions
    assert _banks_painted(regions) == [(0, 160), (160, 160)]
    assert regions.count((284, 28, 36, 184)) == 1    # the pot's, not the bare strip's too
    rows = [bytes(p.px)[WIDTH * 2 * y:WIDTH * 2 * (y + 1)] for y in range(240)]
    bare_rows = [bare[WIDTH * 2 * y:WIDTH * 2 * (y + 1)] for y in range(240)]
    assert [row[:284 * 2] for row in rows[28:]] == [row[:284 * 2] for row in bare_rows[28:]]  # the rest as before
    covered = bytes(p.px)
    p.px[:WIDTH * 28 * 2] = b"\xf8\x00" * (WIDTH * 28)  # whatever lay there before
    r.full(v)
    assert bytes(p.px) == covered                   # every pixel of the strip is the banks'


CARD_SHOWN_BUDGET = 31 * 1024   # a new card on a fan of four: four index boxes, the top card's big rank


# and suit (5.1 ms at 50 MHz; its count follows); fewer, larger boxes, as each paint costs about half a
# millisecond of Python on the chip whatever its size
WAR_BATTLE_BUDGET = 33 * 1024  # War's two new cards, face to face: each one's index, big rank and big


# suit (the panel whole, as before: 76 KB, 12 ms at 50 MHz alone)
CARD_TOTAL_BUDGET = 68 * 1024   # with the two seat strips the turn passes between (the strip in full


def test_an_ordinary_card_sends_little_before_it_is_shown_and_in_all(make_device):
    watch = _play(make_device, "ratscrew", 4, {}, 300, 11)
    ordinary = [c for c in watch.cards if c[2]]
    assert len(ordinary) >= 40
    assert max(c[0] for c in ordinary) <= CARD_SHOWN_BUDGET
    assert max(c[1] for c in ordinary) <= CARD_TOTAL_BUDGET
    shown = sorted(c[0] for c in watch.cards)
    assert shown[len(shown) // 2] <= 40 * 1024  # the median card, fans growing included


def test_war_s_first_battle_turns_its_cards_onto_blank_ones_painting_their_faces_boxes_only():
    # before the first battle each place shows a blank card with a "?", so the first battle
    # paints only the boxes the new faces fill, as every battle does (onto the bare felt,
    # two whole cards were 65 KB, 15-16 ms on the chip: War's slowest new card); the "?"
    # is gone and the pixels are those of the panel painted whole
    from painters import duel_panels
    for pair in (("QH", "7S"), ("10D", "AC"), ("JK", "10S"), ("2C", "JK")):
        p = ScreenPanel()
        r = renderer.Renderer(p)
        war = duel_panels.WarCards(r)
        war.repaint(r, True)  # the deal: two blank cards
        for seat in range(2):
            war.up[seat] = cards.parse_exact(pair[seat])
        regions = regions_painted(r)
        war.repaint(r, False)
        places = (duel_panels.card_box(0)[0], duel_panels.card_box(1)[0])
        card_y = duel_panels.card_box(0)[1]
        for x, y, w, h in regions:
            assert any(px <= x and x + w <= px + duel_panels.CARD_W for px in places), pair
            assert card_y <= y and y + h <= card_y + duel_panels.CARD_H
        assert sum(w * h for _, _, w, h in regions) * 2 < 32 * 1024, pair  # (two whole cards: 65 KB)
        drawn = bytes(p.px)
        war.repaint(r, True)
        assert bytes(p.px) == drawn, pair


def test_war_s_table_drawn_afresh_paints_a_card_at_a_time_as_the_panel_whole_draws():
    # a redraw of War's table (after the pause screen, or its first drawing) paints each card
    # with the felt beside it, so a band draws one card, not both (on the chip the whole
    # table took 44-51 ms); the pixels are those of the panel painted as one region. With
    # the WAR! box up, which lies over both cards, the panel is still one region.
    from painters import duel_panels
    right = duel_panels.card_box(0)[0]
    for up, down in ((("", ""), 0), (("QH", "7S"), 0), (("AD", ""), 0), (("QH", "7S"), 3), (("9C", "2D"), 5)):
        p = ScreenPanel()
        r = renderer.Renderer(p)
        war = duel_panels.WarCards(r)
        for seat in range(2):
            war.up[seat] = cards.parse_exact(up[seat]) if up[seat] else 0
            war.down[seat] = down  # (a war's round: face down under each)
        regions = regions_painted(r)
        war.repaint(r, True)
        assert regions == [(36, 28, right - 36, 156), (right, 28, 284 - right, 156)], up
        drawn = bytes(p.px)
        p.px[:] = bytes(len(p.px))
        del r.g.paint
        r.g.paint(war.x, war.y, war.w, war.h, colours.FELT, war.painter)  # the panel as one region
        assert bytes(p.px) == drawn, up
    regions = regions_painted(r)
    war.war = 1
    war.stake = 4
    war.repaint(r, True)
    assert regions == [(36, 28, 248, 156)]


def test_war_s_box_going_repaints_what_lay_under_it_as_a_whole_repaint_draws():
    # a war's round: the tied cards under the WAR! box give way to new ones and the box goes;
    # what lay under the box is painted a card at a time (its region whole drew both cards
    # in each band), and the pixels are those of the panel painted whole
    from painters import duel_panels
    p = ScreenPanel()
    r = renderer.Renderer(p)
    war = duel_panels.WarCards(r)
    war.up[0] = cards.parse_exact("9H")
    war.up[1] = cards.parse_exact("9C")
    war.repaint(r, True)
    war.war = 1  # the tie: the box comes, with the cards at stake
    war.stake = 2
    war.repaint(r, False)
    boxed = bytes(p.px)
    war.repaint(r, True)
    assert bytes(p.px) == boxed
    regions = regions_painted(r)
    war.war = 0  # the war's round: two new cards face up, the box goes
    war.up[0] = cards.parse_exact("KS")
    war.up[1] = cards.parse_exact("4D")
    war.repaint(r, False)
    assert (36 + 124 - 70, 78, 140, 70) not in regions  # not the box's region whole
    assert [rg for rg in regions if rg[1] == 78 and rg[3] == 70] == [(90, 78, 68, 70), (158, 78, 4, 70),
                                                                    (162, 78, 68, 70)]
    drawn = bytes(p.px)
    del r.g.paint
    war.repaint(r, True)
    assert bytes(p.px) == drawn
