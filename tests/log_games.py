"""Prints the full event logs of seeded games between bots, one event per line as ints.

Run on CPython and on MicroPython, the outputs must be identical byte for byte
(host_sim/tests/test_cross_vm.py compares them): one seed, one game, on both runtimes.
"""
from slapstack.table import Table

GAMES = (
    ("ratscrew", 4, {"big_mac": True, "run": True, "flush": True, "marriage": True, "tens": True,
                     "burn_escalate": True, "slap_in_penalty": "negative"}),
    ("egyptian_war", 3, {}),
    ("ruffle", 4, {"slaps": True, "double": True, "sandwich": True, "marriage": True,
                   "tens": True, "nile_nine": True}),
    ("beggar", 2, {}),
    ("ratscrew", 2, {"jokers": "wild", "decks": 2, "slap_in_penalty": "lockout"}),
    ("war", 2, {}),
    ("money", 2, {}),
    ("money", 2, {"variant": "egyptian"}),
    ("money", 2, {"variant": "syrian", "choice_ms": 900}),
    ("egyptian_war", 4, {}, "masher"),     # the masher (masher.py) at seat 0
    ("money", 2, {"penalty_take": "press"}, "masher"),
    ("ruffle", 4, {}, "match", "person:250"),   # the bot that matches the table, among person models
)


def main():
    for seed in (1, 2):
        for entry in GAMES:
            name, players, rules = entry[:3]
            lines = []
            bots = dict((s, entry[4] if len(entry) > 4 else ("easy", "normal", "hard")[s % 3]) for s in range(players))
            if len(entry) > 3:
                bots[0] = entry[3]
            table = Table(name, players, rules=rules, deal={"seed": seed}, bots=bots,
                          sink=lambda k, t, p, a, b, c: lines.append("%d %d %d %d %d %d" % (k, t, p, a, b, c)),
                          bot_seed=seed, record=False)
            table.start(0)
            table.watch_for_loops()
            steps = 0
            while not table.game.over and steps < 40000:
                table.advance(table.next_due())
                steps += 1
            print("# %s players=%d seed=%d%s" % (name, players, seed, " " + entry[3] if len(entry) > 3 else ""))
            for line in lines:
                print(line)


main()
