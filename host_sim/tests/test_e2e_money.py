"""Money on the simulated device, played by two people with the seat buttons and the console:
the choice panel (its options, countdown and time to read), the banks, whose turn it is, the
pile cards' owners, and the game's own words on the status line.
"""
import sys

from drawing import colours
from painters import card_faces
from painters import pile as P
from host_sim.tests import table_screen as S
from host_sim.tests.screen_text import TextLog
from painters.view import SEAT_NAMES as R_NAMES
from slapstack import events as E
from slapstack import duel_events as D

CHIP_X, CHIP_Y, CHIP_W, CHIP_H = card_faces.chip_box()  # a seat's chip on a card


def test_money_choice_shows_in_a_panel_the_seat_button_cycles_ok_takes_and_it_counts_down(make_device):
    dev = make_device(settings={"game": "money", "players": 2, "humans": 2, "tempo": "fast"})
    dev.keys("ok")
    assert "painters.choice_words" in sys.modules  # its words loaded with the deal, not as a choice opens
    with TextLog() as log:
        ask = dev.run_until_event(E.MONEY_CHOICE, 10 * 60 * 1000, step_ms=20)
        dev.run_for(20)
        seat, count = ask[2], ask[3]
        name = R_NAMES[seat]
        texts = log.texts()
        assert name + ": buy cards" in texts or name + ": give back" in texts
        assert "1/%d" % count in texts and name + " button: next" in texts and "OK: take it" in texts
        assert "8" in texts and " s" in texts                    # the seconds left (choice_ms 8000)
        colour = dev.app.session.view.colour[seat]                         # the panel is framed in their colour
        assert dev.pixel(P.MID_X + 3, 104 + 40) == colour
        log.clear()
        dev.tap(seat)                                              # the seat button: the next option
        assert "2/%d" % count in log.texts()
        assert not [e for e in dev.of(E.SLAP) if e[3] != E.V_IGNORED]  # and no claim
        log.clear()
        dev.run_for(2000)
        assert "6" in log.texts() and "7" in log.texts()           # counting down, second by second
        dev.keys("ok")
        chosen = dev.of(E.MONEY_CHOSEN)[-1]
        assert (chosen[2], chosen[3], chosen[4]) == (seat, 1, 0)   # option 2, not the deadline default
        dev.run_for(20)
        assert dev.app.session.view.overlay is None                        # the pile is whole again
        assert dev.pixel(P.MID_X + 3, 104 + 40) != colour


def _money_choice_with_a_pile(dev):
    """Two people until a choice opens on a pile of at least two cards; its event."""
    dev.keys("ok")
    while True:
        ask = dev.run_until_event(E.MONEY_CHOICE, 10 * 60 * 1000, step_ms=20)
        dev.run_for(20)
        if dev.app.session.table.game.pile_len() >= 2:
            return ask
        dev.keys("ok")                                             # take it; the next one


def test_money_choice_leaves_the_top_cards_and_their_owners_in_sight(make_device):
    dev = make_device(settings={"game": "money", "players": 2, "humans": 2, "tempo": "fast"})
    ask = _money_choice_with_a_pile(dev)
    g = dev.app.session.table.game
    v = dev.app.session.view
    x, y = S.top_card()
    for k in range(2):                                             # the top card and the one under it
        cx = x - k * S.FAN
        owner = g.pile_seat(k)
        if owner >= 0:                                             # its thrower's chip, in their colour
            assert dev.pixel(cx + CHIP_X + CHIP_W // 2, y + CHIP_Y + CHIP_H // 2) == v.colour[owner], k
        ix, iy, iw, _ = card_faces.index_box()
        inks = {dev.pixel(cx + ix + i, y + iy + j)
                for i in range(iw) for j in range(28)}
        assert colours.INK_RED in inks or colours.INK_BLACK in inks, k       # its rank, in ink on the card
    assert dev.pixel(P.MID_X + 3, 104 + 40) == v.colour[ask[2]]  # and the panel below them


def test_a_press_gives_the_chooser_time_to_read(make_device):
    dev = make_device(settings={"game": "money", "players": 2, "humans": 2, "tempo": "fast"})
    dev.keys("ok")
    seat = dev.run_until_event(E.MONEY_CHOICE, 10 * 60 * 1000, step_ms=20)[2]
    g = dev.app.session.table.game
    first = g.choice_due()
    dev.run_for(6000)                                              # reading: 2 s left
    assert dev.app.session.view.overlay.left == 2      # the choice's panel
    with TextLog() as log:
        dev.tap(seat)                                              # the next option, and 8 s again
        dev.run_for(40)
        assert "8" in log.texts()
    assert dev.app.session.view.overlay.left == 8 and g.choice_due() - first >= 5900 * 1000
    dev.run_for(4000)                                              # past the first deadline
    assert not dev.of(E.MONEY_CHOSEN) and g.pending_choice()[0] == seat
    dev.run_for(4500)                                              # 8 s after the press: the default
    assert dev.of(E.MONEY_CHOSEN)[-1][3:5] == (0, 1)


def test_money_shows_the_banks_and_whose_turn_it_is(make_device):
    dev = make_device(settings={"game": "money", "players": 2, "humans": 1, "tempo": "fast"})
    with TextLog() as log:
        dev.keys("ok")
        dev.run_for(100)
        bank = [d for d in log.drawn if d.y < 28]                  # the top strip: both banks
        assert sorted(d.text for d in bank if d.scale == 2 and d.text in "KQJ") == ["J", "J", "K", "K", "Q", "Q"]
        assert sorted(d.text for d in bank if d.text == "2") == ["2"] * 6
        turn = dev.app.session.table.game.turn
        assert dev.app.session.view.turn == turn and "TURN" in log.texts()
        dev.run_until_event(E.CARD, 5000)
        dev.run_for(20)
        assert dev.app.session.view.turn == 1 - turn                       # the next thrower


def test_money_says_capture_and_wrong_claim_in_its_own_words(make_device):
    dev = make_device(settings={"game": "money", "players": 2, "humans": 1, "tempo": "fast"})
    dev.keys("ok")
    dev.run_until_event(E.CARD, 5000, where=lambda ev: ev[2] == 0 and
                          dev.app.session.table.game.pile_len() >= 2 and
                          (ev[3] & 15) != (dev.app.session.table.game.pile_top(1) & 15))
    with TextLog() as log:
        dev.tap(0)                                                 # a claim on a card that does not match
        texts = log.texts()
    assert "WRONG CLAIM" in texts and "Blue gets the pile" in texts
    assert not [t for t in texts if "burns" in t or "NO SLAP" in t or "DOUBLE" in t]


def test_money_labels_each_bank_with_its_owner_and_lists_what_each_money_card_buys(make_device):
    for rules, values in (({}, ["Q", "15", "J", "10", "K", "5"]),
                          ({"variant": "syrian"}, ["K", "20", "Q", "15", "J", "10", "JK", "5"])):
        dev = make_device(settings={"game": "money", "players": 2, "humans": 1, "tempo": "fast",
                                    "rules": {"money": rules}})
        with TextLog() as log:
            dev.keys("ok")
            dev.run_for(100)
        top = [d for d in log.drawn if d.inside((0, 0, 320, 28))]
        assert [d.text for d in top if d.text in R_NAMES + ("You",)] == ["Blue", "You"]   # each bank's owner, left
        # and right: the one person playing, whose strip says YOU, is "You" there too
        assert [d for d in top if d.text == "Blue"][0].x < 160 <= [d for d in top if d.text == "You"][0].x
        side = sorted([d for d in log.drawn if d.inside((284, 28, 36, 184))], key=lambda d: (d.y, d.x))
        assert [d.text for d in side] == values                             # what each buys, the engine's values
        g = dev.app.session.table.game
        assert [int(t) for t in values[1::2]] == [g.kind_value(k) for k in g.rules.order]
        dev.close()


def test_money_tags_each_pile_card_with_its_throwers_colour(make_device):
    dev = make_device(settings={"game": "money", "players": 2, "humans": 1, "tempo": "fast"})
    dev.keys("ok")
    card = dev.run_until_event(E.CARD, 5000)
    dev.run_for(20)
    x, y = S.top_card()
    assert dev.app.session.view.pile_seat[0] == card[2] + 1
    assert dev.pixel(x + CHIP_X + CHIP_W // 2, y + CHIP_Y + CHIP_H // 2) == dev.app.session.view.colour[card[2]]
    card = dev.run_until_event(E.CARD, 5000)
    dev.run_for(20)
    assert dev.pixel(x + CHIP_X + CHIP_W // 2, y + CHIP_Y + CHIP_H // 2) == dev.app.session.view.colour[card[2]]


def test_money_choices_say_what_is_given_and_how_many_cards_come(make_device):
    dev = make_device(settings={"game": "money", "players": 2, "humans": 2, "tempo": "fast"})
    dev.keys("ok")
    seen = set()
    for _ in range(6):
        dev.run_until_event(E.MONEY_CHOICE, 10 * 60 * 1000, step_ms=20)
        dev.run_for(20)
        g = dev.app.session.table.game
        p, choices = g.pending_choice()
        for i, ch in enumerate(choices):
            panel = dev.app.session.view.overlay
            words = panel.line1 + " / " + panel.line2
            a = ch[0]
            if a == D.ACT_BUY:
                assert panel.line1 == "Pay %s to the pile" % D.MONEY_NAMES[ch[1]]
                assert panel.line2.startswith("get its ") and " %d" % ch[2] in panel.line2
            elif a == D.ACT_PAY:
                assert panel.line1 == "Pay %s to %s" % (D.MONEY_NAMES[ch[1]], R_NAMES[1 - p])
                assert panel.line2.startswith("get ") and panel.line2.endswith(" of %s's cards" % R_NAMES[1 - p])
            elif a == D.ACT_GIVE:
                assert panel.line1.startswith("Give %d cards" % ch[2])
                assert "%s (%d)" % (D.MONEY_NAMES[ch[1]], g.kind_value(ch[1])) in panel.line2
            seen.add(a)
            dev.tap(p)                                                 # the next option
            dev.run_for(20)
        dev.keys("ok")
        dev.run_for(50)
    assert D.ACT_BUY in seen or D.ACT_PAY in seen


def test_money_says_the_first_time_a_persons_card_can_be_claimed(make_device):
    dev = make_device(settings={"game": "money", "players": 2, "humans": 1, "tempo": "fast"})
    dev.keys("ok")
    chances, hinted = [], []                                          # (cards thrown so far)
    while len(chances) < 2 and not dev.app.session.table.game.over:            # Red (the person) never claims
        dev.run_for(20)
        n = len(dev.of(E.CARD))
        if dev.app.session.table.game.claim_p == 0 and n not in chances:
            chances.append(n)
        v = dev.app.session.view
        if v.banner == "Match! Press!" and n not in hinted:
            assert v.banner_seat == 0                                  # in Red's colour
            hinted.append(n)
    assert len(chances) == 2 and hinted == chances[:1]                 # the first chance only
