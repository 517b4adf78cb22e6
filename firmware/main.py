"""Runs at power-up after boot.py: build the board from /pins.json and play.

Hold the console's Back button while powering up to stay at the REPL instead (no game,
no watchdog), e.g. to look at the files. A pin map the firmware cannot use is printed on
the USB console and the Pico's own LED blinks until Ctrl-C.
"""
import name_pool

name_pool.keep_room()  # (first: room for a pool of names while the heap is whole; see name_pool.py)

import board  # noqa: E402

try:
    b = board.Board()
except ValueError as e:
    print(e)
    board.blink_forever()
if b.held("back"):
    print("Back held at power-up: SlapStack not started; the REPL is yours.")
else:
    import app

    app.App(b).run()
