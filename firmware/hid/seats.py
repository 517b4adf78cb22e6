"""The board's most seats, four: a slap button and an LED each, seat ``i`` at edge ``i`` of the
screen (0 bottom, 1 left, 2 top, 3 right). The one place the number is written: the pin map
takes from 2 seats up to it, and the table's view and strips, the statistics and the
evening's score hold this many."""
MOST_SEATS = 4
