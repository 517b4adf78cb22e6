"""The sample table used by tests, the bench, the parity digest and the preview (either VM).

Import after the firmware modules are importable (/fw on the device VM, host_sim.fwpath on
CPython).
"""
from painters import view as viewmod
from slapstack import cards


def table():
    """Four seats mid-game: Blue challenged with 3 chances, Green out, Yellow a bot."""
    v = viewmod.TableView("Egyptian Ratscrew", seats=4)
    v.count[0] = 14
    v.count[1] = 9
    v.count[3] = 23
    v.out[2] = True
    v.is_bot[3] = True
    v.turn = 1
    v.challenged = 1
    v.chances = 3
    v.pile[:] = cards.parse_list(["7H", "KS", "7D", "10C"])
    v.pile_count = 12
    v.banner = "Blue: 3 chances"
    return v
