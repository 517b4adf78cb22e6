"""The seats' colours, seat 1 first: red, blue, green, yellow. The one place they are written:
the screen draws each seat's strip and name in them (colours.SEAT_COLOURS, in RGB565), the
maker buys each seat's button and LED in its colour, and the drawings in hw/ and the
simulator's window show them. Plain numbers, so the hw/ tools read them on any Python."""
SEAT_RGB = ((220, 40, 40), (40, 110, 235), (40, 185, 70), (245, 205, 30))
