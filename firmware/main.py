"""Runs at power-up after boot.py: build the board from /pins.json and play.

Hold the console's Back button while powering up to stay at the REPL instead (no game,
no watchdog), e.g. to look at the files; hold OK for the hardware test (the App opens it). A firmware that make flash did not finish writing,
or a module missing, is said on the screen and the USB console (rescue.py), and main.py ends
at the REPL for the next make flash. A pin map the firmware cannot use is printed on the USB
console and the Pico's own LED blinks until Ctrl-C.
"""
import installed

problem = installed.problem()
if problem is None:
    try:
        from app.loop import App
        from hardware import board
    except (ImportError, ValueError) as e:  # ValueError: a .mpy this MicroPython cannot load
        problem = "%s: %s" % (type(e).__name__, e)
if problem is not None:
    import rescue

    rescue.show(problem)
else:
    try:
        b = board.Board()
    except ValueError as e:
        print(e)
        board.blink_forever()
    if b.held("back"):
        print("Back held at power-up: SlapStack not started; the REPL is yours.")
    else:
        App(b).run()
