"""The screen's size, which every screen lays itself out in: the panel in landscape.

The table's own regions (the seat strips, the pile, the cards) are the pile's
(``painters.pile``: ``STRIP``, ``SIDE``, ``MID_X``, ``PILE_Y``...), which War's and Money's
panels draw in too. host_sim/tests/test_palette.py fails when a colour or one of these
sizes is defined twice, and when the table's regions do not fill this screen."""
from micropython import const

W = const(320)
H = const(240)
