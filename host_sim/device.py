"""A whole SlapStack on the host: the firmware's own boot.py and main.py on the fakes.

``Device(flash_dir)`` installs ``host_sim.fakes`` (fake ``machine``, virtual clock), puts
a copy of hw/pins.json and a manifest saying the code is in files in ``flash_dir`` (what
``make flash`` leaves on a board; the folder is the device's flash filesystem), wires a pixel-exact panel model to the display's SPI
bus, and runs firmware/boot.py then firmware/main.py unchanged in a thread of their own.

Only one side runs at a time: the firmware runs until its main loop calls
``machine.idle()`` at or after the time the simulator asked for, then hands control back;
so a test is deterministic and virtual time moves only when it says so. The simulator
side presses buttons (edges queued on the virtual clock at exact times, taken by the
firmware's interrupt handler), reads the screen (``image``/``pixel``), the LEDs and the
piezo's PWM timeline, and the files on the flash.

For tests, the App's event sink is observed (``events``): each engine event with the
virtual time it happened at, so a test can wait for "the next slap" without guessing; and
``game_events``, each as the table reported it (its game time), to hold a game played
against its replay.
"""
import builtins
import json
import os
import runpy
import shutil
import sys
import threading

from host_sim import fakes, fwpath, screen
from host_sim.fakes.filling_flash import FillingFlash
from host_sim.panel_model import MODELS, connect

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PINS = os.path.join(ROOT, "hw", "pins.json")
FIRMWARE = fwpath.FIRMWARE
WALL_LIMIT_S = 120  # a firmware that never idles this long (real time) is stuck: fail loudly
MS = 1000


class Stopped(BaseException):
    """The simulator switched the device off (raised inside the firmware's idle)."""


class FirmwareStopped(RuntimeError):
    """The firmware is not running any more (it returned, crashed or reset)."""


def _forget_firmware():
    """Drop firmware and engine modules so each device imports them afresh."""
    tops = set(n[:-3] if n.endswith(".py") else n for n in os.listdir(fwpath.FIRMWARE)) | {"slapstack"}
    for name in list(sys.modules):
        if name.split(".")[0] in tops:
            del sys.modules[name]


class Device:
    def __init__(self, flash_dir, pins=PINS, clock=None, **hw_options):
        os.makedirs(flash_dir, exist_ok=True)
        self.flash = flash_dir
        if not os.path.exists(self.path("pins.json")):
            shutil.copyfile(pins, self.path("pins.json"))
        _forget_firmware()
        fwpath.use_firmware()
        import installed
        if not os.path.exists(self.path(installed.MANIFEST)):
            with open(self.path(installed.MANIFEST), "w") as f:
                f.write("lib\n")  # what make flash leaves on a board whose code is files
        hw_options.setdefault("strict", True)
        self.hw = fakes.install(clock, **hw_options)
        from hardware import board
        from hardware import pinmap
        board.FLASH = installed.FLASH = flash_dir.rstrip("/") + "/"
        self.pins = pinmap.load(self.path("pins.json"))
        d = self.pins.display
        self.panel = MODELS[d.driver]()
        connect(self.hw, self.panel, d.spi, d.dc, d.cs, d.rst)
        self.events = []          # (t_us, kind, p, a, b, c) from the App's event sink
        self.game_events = []     # (kind, t, p, a, b, c) as the table reported them (t game time)
        self.message = None       # the last full-screen message: (title, its lines), as the App asked for it
        self.app = None
        self._observe_app()
        self.machine_idle = self.hw.idle  # the fake machine's own idle: a test that runs the
        # firmware in its own thread (no device thread) puts it back
        self.hw.idle = self._idle
        self._cv = threading.Condition()
        self._firmware_turn = False
        self._until = 0
        self._stop = False
        self.outcome = None       # why the firmware stopped: "returned", an exception...
        self._thread = None
        self._real_files = None   # builtins.open and os.statvfs while limit_flash has them replaced

    # --- files on the flash ------------------------------------------------------------

    def path(self, name):
        return os.path.join(self.flash, name)

    def limit_flash(self, free_bytes):
        """From now on the flash has ``free_bytes`` left (``FillingFlash``), whichever module
        writes there, one the firmware imports again after letting it go included."""
        if self._real_files is None:
            self._real_files = builtins.open, os.statvfs
        flash = FillingFlash(free_bytes, self.flash, *self._real_files)
        builtins.open, os.statvfs = flash.open, flash.statvfs

    def read_json(self, name):
        with open(self.path(name)) as f:
            return json.load(f)

    # --- running -----------------------------------------------------------------------

    @property
    def now_us(self):
        return self.hw.clock.now_us

    def boot(self, run_ms=50):
        """Power up: boot.py, then main.py, run for ``run_ms`` of virtual time."""
        self._thread = threading.Thread(target=self._firmware, name="firmware", daemon=True)
        self._thread.start()
        self.run_for(run_ms)
        return self

    def run_until(self, t_us):
        """Let the firmware run until virtual time ``t_us`` (its first idle from then)."""
        if self.outcome is not None:
            raise FirmwareStopped("the firmware has stopped: %r" % (self.outcome,))
        with self._cv:
            self._until = t_us
            self._firmware_turn = True
            self._cv.notify_all()
            if not self._cv.wait_for(lambda: not self._firmware_turn, WALL_LIMIT_S):
                raise RuntimeError("the firmware did not reach idle within %d s of real time" % WALL_LIMIT_S)
        if self.outcome is not None and not isinstance(self.outcome, Stopped):
            if isinstance(self.outcome, BaseException) and not isinstance(self.outcome, fakes.SimulatedReset):
                raise FirmwareStopped("the firmware crashed") from self.outcome

    def run_for(self, ms):
        self.run_until(self.now_us + int(ms * MS))

    def run_until_event(self, kind, timeout_ms=60000, where=None, step_ms=5, since=None):
        """Run until the App's sink gets an event of ``kind`` (and ``where(event)``); returns it.
        Events from index ``since`` of ``events`` count too (default: only new ones)."""
        seen = len(self.events) if since is None else since
        for ev in self.events[seen:]:
            if ev[1] == kind and (where is None or where(ev)):
                return ev
        deadline = self.now_us + timeout_ms * MS
        while self.now_us < deadline:
            self.run_for(step_ms)
            for ev in self.events[seen:]:
                if ev[1] == kind and (where is None or where(ev)):
                    return ev
            seen = len(self.events)
        raise AssertionError("no event %d within %d ms" % (kind, timeout_ms))

    def of(self, kind):
        """Every event of ``kind`` so far."""
        return [ev for ev in self.events if ev[1] == kind]

    def close(self):
        """Switch the device off and remove the fakes."""
        if self._thread is not None and self._thread.is_alive():
            with self._cv:
                self._stop = True
                self._firmware_turn = True
                self._cv.notify_all()
            self._thread.join(10)
        if self._real_files is not None:
            builtins.open, os.statvfs = self._real_files
            self._real_files = None
        fakes.uninstall()

    def _firmware(self):
        with self._cv:
            self._cv.wait_for(lambda: self._firmware_turn)
        try:
            runpy.run_path(os.path.join(FIRMWARE, "boot.py"), run_name="boot")
            runpy.run_path(os.path.join(FIRMWARE, "main.py"), run_name="__main__")
            self.outcome = "returned"
        except BaseException as e:  # a crash, a watchdog reset, or Stopped: all end the run
            self.outcome = e
        finally:
            with self._cv:
                self._firmware_turn = False
                self._cv.notify_all()

    def _idle(self):
        """``machine.idle()`` as the firmware calls it: wait like the device, then maybe
        hand control to the simulator."""
        self.machine_idle()
        if self.hw.clock.now_us < self._until and not self._stop:
            return
        with self._cv:
            self._firmware_turn = False
            self._cv.notify_all()
            self._cv.wait_for(lambda: self._firmware_turn)
        if self._stop:
            raise Stopped()

    def _observe_app(self):
        from app.loop import App
        from painters.renderer import Renderer
        device = self
        message = Renderer.message

        def observed_message(r, title, lines):
            device.message = (title, list(lines))
            message(r, title, lines)

        Renderer.message = observed_message
        init = App.__init__
        sink = App.on_event

        def observed_init(inst, board):
            device.app = inst
            init(inst, board)

        def observed_event(inst, kind, t, p, a, b, c):
            device.events.append((device.hw.clock.now_us, kind, p, a, b, c))
            device.game_events.append((kind, t, p, a, b, c))
            sink(inst, kind, t, p, a, b, c)

        App.__init__ = observed_init
        App.on_event = observed_event

    # --- buttons -------------------------------------------------------------------------

    def _gpio(self, name):
        if isinstance(name, int):
            return self.pins.seats[name].button.gpio
        return self.pins.console[name].gpio

    def press(self, name, at_us=None):
        """Press a seat button (0-3) or console key ("up"...) at ``at_us`` (default now)."""
        self.hw.sim_set_level(self._gpio(name), 0, at_us=at_us)

    def release(self, name, at_us=None):
        self.hw.sim_set_level(self._gpio(name), None, at_us=at_us)

    def tap(self, name, hold_ms=60, then_ms=40):
        """Press now, let go after ``hold_ms``, and run ``then_ms`` more."""
        t = self.now_us + 1
        self.press(name, t)
        self.release(name, t + hold_ms * MS)
        self.run_until(t + (hold_ms + then_ms) * MS)

    def screen_name(self):
        """The name of the App's screen up: its class (app/screen.py's ``Screen``s:
        "MainMenu", "Playing", "Winner"...)."""
        return type(self.app.screen).__name__

    def keys(self, *names):
        for name in names:
            self.tap(name)

    # --- what a player sees and hears --------------------------------------------------------

    def image(self):
        return screen.image(self.panel)

    def pixel(self, x, y):
        return self.panel.pixel(x, y)

    def led(self, seat):
        """Duty (0-65535) the seat's LED is driven with now."""
        return self.hw.pwm_output(self.pins.seats[seat].led)[1]

    def backlight(self):
        """How bright the backlight is now (0-65535): the BL pin's duty, or its complement
        where a PNP switches the backlight (``bl_active: "low"``)."""
        duty = self.hw.pwm_output(self.pins.display.bl)[1]
        return 65535 - duty if self.pins.display.bl_active_low else duty

    def piezo(self):
        """Every change of the piezo's PWM as (t_us, freq_hz, duty_u16)."""
        return self.hw.pwm_timeline(self.pins.piezo)

    def tones_since(self, t_us):
        """Frequencies of the notes (duty > 0) the piezo started at or after ``t_us``."""
        return [f for t, f, duty in self.piezo() if t >= t_us and duty > 0]
