"""The bot that matches the table (level "match": match_bot.py in the slap games, War's and
Money's bots, pace.py): it learns the people's reactions as the game goes and presses near
their median, misses as often as they do, and never learns from bots."""
import json

from slapstack import clock, eventlog, events as E, replay, replay_writer
from slapstack.match_bot import MatchBot
from slapstack.pace import people_at
from slapstack.table import Table

MS = 1000


def _valid_reactions(events, seat):
    """Seat's valid slaps' reactions in ms (won, late or tied), in order."""
    return [e[5] // MS for e in events if e[0] == E.SLAP and e[2] == seat and e[3] <= E.V_TIE and e[5] >= 0]


def _middle(values):
    values = sorted(values)
    return values[len(values) // 2]


def _against_a_person(level, reaction_ms, seed=5, cards=400):
    """Ratscrew, a person at seat 0 who slaps every combination ``reaction_ms(k)`` after it
    shows (k: the k-th combination), the bot ``level`` at seat 1, cards every 1.5 s (so
    that a slow person's slap comes before the next card). Returns the events."""
    rec = eventlog.Recorder()
    plan = [-1, 0]  # the person's next press, and combinations seen

    def sink(kind, t, p, a, b, c):
        rec(kind, t, p, a, b, c)
        if kind == E.CARD:
            plan[0] = -1
            if table.game.visible_pattern() != E.PAT_NONE:
                plan[0] = clock.add(t, reaction_ms(plan[1]) * MS)
                plan[1] += 1

    table = Table("ratscrew", 2, deal={"seed": seed}, tempo_ms=1500, bots={1: level}, sink=sink, bot_seed=seed)
    table.start(0)
    while not table.game.over and table.game.cards_played < cards:
        due = table.next_due()
        if plan[0] >= 0 and clock.diff(plan[0], due) <= 0:
            t = plan[0]
            plan[0] = -1
            table.press(0, t)
            table.release(0, clock.add(t, 100 * MS))
        else:
            table.advance(due)
    return rec.events


def _slow(k):
    return 900 + (k * 37) % 200   # 900-1099 ms


def _fast(k):
    return 200 + (k * 37) % 100   # 200-299 ms


def test_against_a_slow_person_it_slaps_slowly_and_against_a_fast_one_fast():
    slow = _valid_reactions(_against_a_person("match", _slow), 1)
    fast = []
    for seed in (5, 6, 7, 8):  # (the fast person soon wins: a few short games)
        fast += _valid_reactions(_against_a_person("match", _fast, seed), 1)[10:]
    normal = _valid_reactions(_against_a_person("normal", _slow), 1)
    assert len(slow) > 20 and len(fast) > 20, (len(slow), len(fast))
    assert 350 <= _middle(normal) <= 600, normal   # the normal level: 480 ms on average
    assert 900 <= _middle(slow[10:]) <= 1100, slow  # once it has heard the person: as slow
    assert 200 <= _middle(fast) <= 300, fast   # and as fast


def test_a_person_it_cannot_beat_is_not_made_to_wait_for_it():
    # against the fast person the bot does not stay at the normal level's pace: the person
    # takes about as many piles by slapping as the bot does, not all of them
    events = _against_a_person("match", _fast)
    won = [e[2] for e in events if e[0] == E.SLAP and e[3] == E.V_WIN]
    assert 0.3 <= won.count(0) / len(won) <= 0.8, (won.count(0), len(won))


def test_it_never_learns_from_bots_and_plays_as_normal_among_them():
    def game(level):
        rec = eventlog.Recorder()
        table = Table("ratscrew", 4, deal={"seed": 9}, bots={0: level, 1: "hard", 2: "easy", 3: "hard"},
                      sink=rec, bot_seed=9)
        table.start(0)
        while not table.game.over:
            table.advance(table.next_due())
        return rec.events

    match = game("match")
    assert len(_valid_reactions(match, 1)) > 20  # the hard bots slapped plenty
    assert match == game("normal")


def test_until_it_has_heard_five_reactions_it_plays_as_normal():
    def game(level):
        rec = eventlog.Recorder()
        people = {1: "person:700", 2: "person:700", 3: "person:700"}
        people[0] = level
        table = Table("ratscrew", 4, deal={"seed": 3}, bots=people, sink=rec, bot_seed=3)
        table.start(0)
        while not table.game.over:
            table.advance(table.next_due())
        return rec.events

    match, normal = game("match"), game("normal")
    heard = [i for i in range(len(match)) if match[i][0] == E.SLAP and match[i][2] != 0
             and match[i][3] <= E.V_TIE and match[i][5] >= 0]
    fifth = heard[4]
    assert match[:fifth + 1] == normal[:fifth + 1]
    assert match != normal  # then it matches the slow people
    assert _middle(_valid_reactions(match, 0)) > _middle(_valid_reactions(normal, 0)) + 100


def test_its_middle_is_the_median_of_the_last_fifteen_it_heard():
    bot = MatchBot(1, 7, people=0b101, players=2)  # seat 0 dealt in, seat 2 a free seat's person
    for ms in (900, 300, 700, 500):
        bot.hear(0, E.V_LATE, ms * MS)
    assert bot.mean == 480  # four heard: still the normal level
    bot.hear(2, E.V_WIN, 600 * MS)
    assert bot.mean == 600 and bot.floor == 300  # 300 500 600 700 900; never faster than the fastest
    bot.hear(1, E.V_WIN, 100 * MS)  # its own slap, and (below) a false one: not reactions
    bot.hear(0, E.V_FALSE, 100 * MS)
    assert bot.mean == 600
    for _ in range(15):
        bot.hear(0, E.V_TIE, 250 * MS)
    assert bot.mean == 250 and bot.spread == 0  # the old ones are gone


def test_it_misses_as_often_as_the_people_do():
    bot = MatchBot(1, 7, people=0b1, players=2)
    for k in range(40):  # 40 combinations; the person slaps 10 of them
        bot.see(k * 700 * MS, E.PAT_DOUBLE)
        if k % 4 == 0:
            bot.hear(0, E.V_WIN, 500 * MS)
    bot.see(40 * 700 * MS, E.PAT_NONE)
    assert bot.miss == 750


def test_the_people_are_the_seats_with_no_bot_and_the_person_models():
    assert people_at({1: "match", 2: "person:700", 3: "hard"}, 6) == 0b110101


def test_a_game_with_it_replays_without_it():
    rec = eventlog.Recorder()
    table = Table("egyptian_war", 4, deal={"seed": 4}, sink=rec, bot_seed=4,
                  bots={0: "match", 1: "person:700", 2: "person:700", 3: "person:700"})
    table.start(0)
    while not table.game.over:
        table.advance(table.next_due())
    again = eventlog.Recorder()
    replay.play(replay.check(json.loads(replay_writer.dumps(table))), again)
    assert len(_valid_reactions(rec.events, 0)) > 10
    assert again.events == rec.events


def _duel_against_a_person(game, seed, press_after, reaction_ms, tempo_ms=None):
    """War or Money, a person at seat 0 who presses ``reaction_ms(k)`` after the k-th event
    that ``press_after(table, event)`` picks (None: not at all), the match bot at seat 1.
    Returns the events."""
    rec = eventlog.Recorder()
    plan = [-1, 0]

    def sink(kind, t, p, a, b, c):
        rec(kind, t, p, a, b, c)
        if press_after(table, (kind, t, p, a, b, c)):
            ms = reaction_ms(plan[1])  # (None: no press, a miss)
            plan[0] = -1 if ms is None else clock.add(t, ms * MS)
            plan[1] += 1

    table = Table(game, 2, deal={"seed": seed}, tempo_ms=tempo_ms, bots={1: "match"}, sink=sink, bot_seed=seed)
    table.start(0)
    steps = 0
    while not table.game.over and steps < 20000:
        steps += 1
        due = table.next_due()
        if plan[0] >= 0 and (due is None or clock.diff(plan[0], due) <= 0):
            t = plan[0]
            plan[0] = -1
            table.press(0, t)
            table.release(0, clock.add(t, 100 * MS))
        elif due is None:
            break
        else:
            table.advance(due)
    return rec.events


def _battle_shown(table, e):
    return e[0] == E.GAME_START or (e[0] == E.CARD and e[2] == 1)


def test_at_war_it_presses_to_turn_at_the_persons_pace():
    from slapstack import duel_events as D
    slow = [e[3] // MS for e in _duel_against_a_person("war", 3, _battle_shown, lambda k: 1100 + k * 37 % 200)
            if e[0] == D.WAR_READY and e[2] == 1]
    fast = [e[3] // MS for e in _duel_against_a_person("war", 3, _battle_shown, lambda k: 300 + k * 37 % 100)
            if e[0] == D.WAR_READY and e[2] == 1]
    assert len(slow) > 30 and len(fast) > 30
    assert 1100 <= _middle(slow[10:]) <= 1300 and 300 <= _middle(fast[10:]) <= 400  # normal: 650 ms


def _own_match(table, e):
    g = table.game
    return e[0] == E.CARD and e[2] == 0 and e[4] >= 2 and (e[3] & 15) == (g.pile_top(1) & 15)


def test_at_money_it_claims_at_the_persons_pace():
    reactions = []
    for seed in (1, 2, 3, 4, 5):
        events = _duel_against_a_person("money", seed, _own_match, lambda k: 900 + k * 37 % 200, tempo_ms=2500)
        person = [i for i in range(len(events)) if events[i][0] == E.SLAP and events[i][2] == 0
                  and events[i][3] == E.V_WIN]
        reactions += _valid_reactions(events[person[4]:], 1)  # once it heard five claims
    assert len(reactions) > 15, reactions
    assert 900 <= _middle(reactions) <= 1100, reactions  # normal: 480 ms


def test_at_money_it_misses_as_often_as_the_person():
    def missed(k):
        return 900 if k % 2 else None  # every other capture let go
    from slapstack import duel_events as D
    claims = lost = 0
    for seed in range(1, 9):
        events = _duel_against_a_person("money", seed, _own_match, missed, tempo_ms=2500)
        person = [i for i in range(len(events)) if events[i][2] == 0 and (
            events[i][0] == D.MONEY_MISSED or (events[i][0] == E.SLAP and events[i][3] == E.V_WIN))]
        if len(person) >= 12:  # once it has counted twelve of the person's captures
            later = events[person[11]:]
            claims += len(_valid_reactions(later, 1))
            lost += len([e for e in later if e[0] == D.MONEY_MISSED and e[2] == 1])
    assert claims > 15 and 0.3 <= lost / (claims + lost) <= 0.7, (claims, lost)  # normal: 8%
