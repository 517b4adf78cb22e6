"""The SlapStack hardware, built from the pin map: display, buttons, LEDs, piezo, flash,
watchdog.

Everything the game loop touches is one of the small objects made at power-up, each over
``machine`` (a Pin, a PWM, an SPI bus), so the host simulator runs this very code against
its fake ``machine``. Making them (board_setup.py, with the pin map's reading and checks)
is power-up's only: that code is imported for it and let go, and this module keeps what
a running game uses. ``FLASH`` is where the flash filesystem is (the simulator points it
at a folder holding a copy of hw/pins.json, as ``make flash`` puts one on the device).
"""
import machine
import os
import time

from micropython import const

from hid.buttons import STAMPS_WAITING
from hid.keys import KEYS
from slapstack import unload

FLASH = "/"
WATCHDOG_ARMED = "watchdog.armed"  # on the flash while the game loop runs under its watchdog
_TICK_US = const(1000)          # machine.idle() wakes at least this often (rp2: WFE with a 1 ms timeout)
_WDT_MS = const(5000)           # the RP2040 watchdog allows at most 8388 ms
_WATCHDOG_CTRL_CLR = const(0x40058000 + 0x3000)  # WATCHDOG CTRL, atomic bit-clear alias
_WATCHDOG_ENABLE = const(1 << 30)


def blink_forever():
    """No usable pin map, so no screen: blink the Pico's own LED until Ctrl-C
    (board_setup.py's)."""
    from hardware import board_setup
    board_setup.blink_forever()


class Board:
    def __init__(self, pins_path=None):
        """Everything from the pin map at ``pins_path`` (default: /pins.json on the flash);
        a map that cannot be used raises ValueError saying why.

        The map is read once, here: board_setup.py makes everything from it (with
        pinmap.py, its reading and checking, the biggest module used only at power-up)
        and both are let go again."""
        self.wdt = None
        self.flash = FLASH
        self.woke = bytearray(1)  # 1 once a button's edge was queued since a nap began (nap)
        from hardware import board_setup
        try:
            (self.seat_count, self.panel, self.renderer, self.leds, self.sound, self.slaps,
             self.keys) = board_setup.build(pins_path or FLASH + "pins.json", self.woke)
        finally:
            unload(("hardware.board_setup", "hardware.pinmap"))  # power-up only

    def held(self, key):
        """Whether console key ``key`` ("back"...) is down right now."""
        return self.keys.is_down(KEYS.index(key))

    # --- the rest ----------------------------------------------------------------------

    def reset_by_watchdog(self):
        """Whether this start followed a hang: the firmware stopped feeding its watchdog.

        On rp2, ``machine.reset()`` (``mpremote reset``, the end of ``make flash``) also
        reboots through the watchdog and reports WDT_RESET, and a watchdog reset clears
        nothing the firmware could read. So the game loop keeps the WATCHDOG_ARMED file on
        the flash while its watchdog runs and removes it when it stops on purpose (Ctrl-C,
        as mpremote sends): only a watchdog reset with that file still there was a hang."""
        if machine.reset_cause() != machine.WDT_RESET:
            return False
        try:
            os.stat(FLASH + WATCHDOG_ARMED)
            return True
        except OSError:
            return False

    def brightness(self, percent):
        self.panel.backlight(percent)

    def switch_sound(self, on):
        """The sound on or off, as the Sound setting says."""
        self.sound.switch(on)

    def hush(self):
        """The sound stops: the note playing and the rest of its tune (a pause, an error)."""
        self.sound.stop()

    def lights_off(self):
        """Every seat's LED dark (the main menu, an error)."""
        self.leds.off()

    def seats_in_play(self, players):
        """A game of ``players`` starting: the LEDs of the seats from ``players`` on, where
        nobody plays, stay dark."""
        self.leds.seats_in_play(players)

    def start_watchdog(self):
        """Arm the watchdog, and mark the flash (see ``reset_by_watchdog``)."""
        try:
            open(FLASH + WATCHDOG_ARMED, "w").close()
        except OSError:  # a full flash: a hang then goes unreported, the game still runs
            pass
        self.wdt = machine.WDT(timeout=_WDT_MS)

    def feed(self):
        if self.wdt is not None:
            self.wdt.feed()

    def stop_watchdog(self):
        """Pause the watchdog (Ctrl-C to the REPL, e.g. mpremote): the REPL feeds nobody.
        The reset that follows (``make flash``, ``mpremote reset``) is then no hang."""
        if self.wdt is not None:
            machine.mem32[_WATCHDOG_CTRL_CLR] = _WATCHDOG_ENABLE
            self.wdt = None
        try:
            os.remove(FLASH + WATCHDOG_ARMED)
        except OSError:
            pass

    def idle(self):
        machine.idle()

    def nap(self, us):
        """Sleep ``us``, or less when the sound has a note, the LEDs a blink or a button's
        debounce a change due (``nap_for``), unless a slap button or a key moves (or a key is
        held): then wake at the next interrupt or tick, as ``idle`` does. ``machine.idle()``
        wakes at every 1 ms tick, and a pass of the loop costs some 0.6 ms on the chip: a
        loop with nothing due for a while sleeps through the ticks here instead, the last
        part of a tick exactly (so it can sleep just until a card is due). A seat held down
        (a player resting a hand on it, a stuck button) does not keep the chip awake.

        The chip wakes from ``machine.idle()`` more often than every tick (every 0.3 ms on
        the emulated Pico with USB connected), so what it looks at then is two loads, not a
        method call (some 20 us each on the chip): ``woke``, which a button's interrupt sets
        as it queues an edge, and the C seat stamps' count."""
        woke = self.woke
        woke[0] = 0  # (first: an edge from now on sets it; one before shows in the checks below)
        if not self.keys.quiet():  # a key held: its repeats come in the passes
            machine.idle()
            return
        now = time.ticks_us()
        until = time.ticks_add(now, self.nap_for(us, now))
        stamps = STAMPS_WAITING
        while True:
            left = time.ticks_diff(until, time.ticks_us())
            if left < _TICK_US:
                if left > 0:
                    time.sleep_us(left)
                return
            machine.idle()
            if woke[0] or (stamps is not None and stamps()):
                return

    def nap_for(self, us, now):
        """How long a nap of at most ``us`` from ``now`` may last: less when the sound has a
        note, the LEDs a blink or the seat buttons a lockout's end or a stuck button due
        sooner (0: a button moved, a pass has work now)."""
        other = self.sound.due(now)
        if other is not None and other < us:
            us = other
        other = self.leds.due(now)
        if other is not None and other < us:
            us = other
        other = self.slaps.due_in(now)
        if other is not None and other < us:
            us = other
        return us

    def now(self):
        return time.ticks_us()
