"""The Board in a browser page: the firmware's own (hardware/board.py: its parts made from
/pins.json over the page's ``machine``), but for its two waits. On the chip the loop sleeps
in them; a page must hand the thread back to the browser instead, so each says how long it
would sleep (web_time.wish) and the page runs the next pass then, or at once when a seat or
a key moves (as an interrupt ends the chip's sleep).
"""
import web_time
from hardware import board


class WebBoard(board.Board):
    def idle(self):
        web_time.wish(web_time.TICK_US)

    def nap(self, us):
        web_time.wish(self.nap_for(us, web_time.ticks_us()))
