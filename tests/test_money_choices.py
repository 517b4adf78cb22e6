"""Money (rules document 002): a player's choices, their deadlines and labels, and how the bots
choose and claim around them, on MicroPython and CPython (set up by money_setup.py: tempo
1000 ms, piles top card first).
"""

from slapstack import eventlog, events as ev, money_game
from slapstack import duel_events as D
from money_setup import K, Q, J, JK, SEVEN, TWELVE, TWENTY, game, capture_deal


def test_the_deadline_takes_the_default_choice():
    s = game(hands=[[], ["2D"]], pile=TWELVE, under=["K"], banks=[["J"], []])
    s.tick(8999)
    assert s.g.pending_choice() is not None and s.g.default_choice() == 0
    assert s.g.next_due() == 9000000
    s.tick(9000)
    assert s.of(ev.MONEY_CHOSEN) == [(ev.MONEY_CHOSEN, 9000000, 0, 0, 1, D.ACT_BUY)]
    assert len(s.hand(0)) == 10 and s.g.pending_choice() is None


def test_a_press_by_the_chooser_gives_them_choice_ms_again():
    # a person reading the options presses to see the next: the default waits for them
    s = game(hands=[[], ["2D"]], pile=TWELVE, under=["K"], banks=[["J"], []])
    s.tick(1000)
    assert s.g.choice_due() == 9000000
    s.press(1, 7000)                        # the other player's press gives no time
    assert s.g.choice_due() == 9000000
    s.press(0, 7500)                        # the chooser's button shows the next option
    assert s.g.choice_due() == 15500000 and s.g.next_due() == 15500000
    s.press(0, 7700)                        # a later press moves it again, never earlier
    assert s.g.choice_due() == 15700000
    s.tick(15699)
    assert s.g.pending_choice() is not None and s.of(ev.MONEY_CHOSEN) == []
    s.tick(15700)
    assert s.of(ev.MONEY_CHOSEN) == [(ev.MONEY_CHOSEN, 15700000, 0, 0, 1, D.ACT_BUY)]
    assert s.g.choice_due() is None


def test_pressing_on_never_keeps_a_choice_open_past_four_times_choice_ms():
    s = game(hands=[[], ["2D"]], pile=TWELVE, under=["K"], banks=[["J"], []])
    s.tick(1000)                            # opened at 1000 ms: 33 s at most
    t = 1500
    while t < 40000:
        s.press(0, t)
        t += 500
        if s.of(ev.MONEY_CHOSEN):
            break
    assert s.of(ev.MONEY_CHOSEN) == [(ev.MONEY_CHOSEN, 33000000, 0, 0, 1, D.ACT_BUY)]


def test_the_seller_pressing_through_the_change_gets_time_too():
    s = game(hands=[[], TWENTY], pile=["9S"], banks=[["Q"], ["K"]])
    s.tick(1000)                            # p0 pays its Q to p1, who answers
    assert s.g.pending_choice()[0] == 1 and s.g.choice_due() == 9000000
    s.press(1, 8000)
    assert s.g.choice_due() == 16000000
    s.tick(9000)
    assert s.of(ev.MONEY_CHOSEN) == [] and s.g.pending_choice()[0] == 1


def test_bad_choices_are_refused_and_change_nothing():
    s = game(hands=[[], ["2D"]], pile=TWELVE, under=["K"], banks=[["J"], []])
    s.tick(1000)
    for p, i in ((1, 0), (0, 2), (0, -1), (0, "1")):
        try:
            s.choose(p, i, 1100)
            assert False, (p, i)
        except ValueError:
            pass
    assert s.g.pending_choice()[0] == 0 and not s.of(ev.MONEY_CHOSEN)
    s.press(0, 1200)                        # a press does not claim while a choice is open
    assert s.of(ev.SLAP)[0][3] == ev.V_IGNORED and s.g.pile_len() == 12


def test_choice_labels():
    assert money_game.choice_label((D.ACT_PLAY,)) == "Play card"
    assert money_game.choice_label((D.ACT_BUY, K, 5, ())) == "K: 5 from floor"
    assert money_game.choice_label((D.ACT_BUY, Q, 5, (J,))) == "Q: 5 from floor +J"
    assert money_game.choice_label((D.ACT_PAY, Q)) == "Pay Q to opp"
    assert money_game.choice_label((D.ACT_GIVE, Q, 10, (K,))) == "Give 10 + K"
    assert money_game.choice_label((D.ACT_EXCHANGE, Q, D.SRC_FLOOR, (J, K))) == "Q -> J+K floor"
    assert money_game.choice_label((D.ACT_EXCHANGE, K, D.SRC_OPPONENT, (JK, JK, JK, JK))) == "K -> JK+JK+JK+JK opp"


def test_bot_takes_change_and_seller_keeps_ten_cards():
    from slapstack import money_strategy
    s = game(hands=[[], ["2D"]], pile=TWELVE, under=["K"], banks=[["J"], []])
    s.tick(1000)
    assert money_strategy.bot_choice(s.g) == 1             # J: 5 from floor +K keeps a King
    s = game(hands=[[], TWENTY], pile=["9S"], banks=[["Q"], ["K"]])
    s.tick(1000)
    assert money_strategy.bot_choice(s.g) == 1             # giving 15 would leave 5 < 10
    assert money_strategy.bot_choice(game(**capture_deal()).g) is None


def test_a_bot_claims_while_the_opponent_chooses_how_to_buy():
    from slapstack.table import Table
    rec = eventlog.Recorder()
    # p1 (the bot) throws 5C, p0 7D, p1 7C (a match) at 900 ms; p0 then has no cards and must
    # choose how to buy at 1200 ms; this bot (seed 20) claims at 1221 ms, during the choice
    t = Table("money", 2, sink=rec, bot_seed=20, bots={1: "hard"}, tempo_ms=300,
              deal={"hands": [["7D"], ["5C", "7C", "2S", "3S"]], "pile": SEVEN, "banks": [["K", "J"], []],
                    "first": 1})
    t.start(0)
    t.advance(1200000)
    assert t.game.pending_choice()[0] == 0 and rec.of(ev.SLAP) == []
    t.advance(1500000)
    assert [e[1:4] for e in rec.of(ev.SLAP)] == [(1221000, 1, ev.V_WIN)]
    assert rec.of(ev.PILE_WON)[0][2:4] == (1, ev.HOW_CAPTURE)


def test_a_bot_whose_claim_falls_due_during_its_own_choice_claims_after_it():
    from slapstack.table import Table
    rec = eventlog.Recorder()
    # p1 (the bot, seed 22) throws 5C, p0 7D, p1 7C (a match) at 900 ms; p0 has no cards and
    # pays its J to p1 at 1200 ms, so p1 chooses the change: its button moves through that
    # choice, so its claim waits until it has chosen (2306 ms) and comes a reaction after it
    spades = ["AS", "2S", "3S", "4S", "6S", "8S", "9S", "10S", "AD", "2D", "3D"]
    t = Table("money", 2, sink=rec, bot_seed=22, bots={1: "hard"}, tempo_ms=300,
              deal={"hands": [["7D"], ["5C", "7C"] + spades], "pile": ["9H"], "banks": [["J", "K"], ["K"]],
                    "first": 1})
    t.start(0)
    t.advance(1200000)
    t.choose(0, 1, 1200000)                 # pay the J to p1, who owes 10 and chooses the change
    assert t.game.pending_choice()[0] == 1
    t.advance(3000000)
    chosen = rec.of(ev.MONEY_CHOSEN)[-1]
    assert chosen[2] == 1 and chosen[1] == 2306000
    slaps = rec.of(ev.SLAP)
    assert [e[2:4] for e in slaps] == [(1, ev.V_WIN)] and 2306000 < slaps[0][1] < 2306000 + 600000
    assert rec.of(ev.PILE_WON)[0][2:4] == (1, ev.HOW_CAPTURE)
