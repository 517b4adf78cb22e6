"""``make sim``: the SlapStack device in a window, played from the keyboard.

The real firmware (boot.py, main.py) runs on the fakes (see device.py) with the virtual
clock following the wall clock. The display is the panel model's picture, enlarged; the
seat LEDs glow under it; the piezo's PWM plays through the sound card as a square wave.

Keys: seats 1-4 on 1 2 3 4 (or A L Z M); the console's up/down on the arrow keys, OK on
Enter or Space, Back on Backspace or Escape. A key held is a button held: a slap needs a
release before the next one, as on the box. Close the window (or Ctrl+C) to stop.
"""
import contextlib
import os
import sys
import tempfile
import time

from host_sim import screen
from host_sim.command import self_command
from host_sim.device import Device, FirmwareStopped

SEAT_KEYS = {"1": 0, "2": 1, "3": 2, "4": 3, "a": 0, "l": 1, "z": 2, "m": 3}
CONSOLE_KEYS = {"up": "up", "down": "down", "return": "ok", "enter": "ok", "space": "ok",
                "backspace": "back", "escape": "back"}
STRIP = 70          # height of the LED strip under the display
# What a desktop keeps for itself around a window: its title bar and the desktop's own
# panels (a 1366x768 laptop's GNOME or Windows leave some 700 px of height for a window)
DESKTOP_ROOM = (60, 112)
FRAME_S = 1 / 60    # screen refresh
SAMPLE_RATE = 22050
DEMO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "screens", "demo_replay.json")
OFF_SCREEN = ("offscreen", "dummy")  # SDL's video drivers that open no window


def headless_hint():
    """What to do without a window, as commands that run as printed from here."""
    demo = os.path.relpath(DEMO)
    return ("Without a window the simulator takes screenshots of a replay, e.g. the demo game: "
            "%s shots %s --at menu card:3 winner --out shots (or a game of your own: the device "
            "saves the last one as last_replay.json in its flash folder). "
            "SDL_VIDEODRIVER=dummy runs this window off-screen."
            % (self_command(), demo if not demo.startswith("..") else DEMO))


def no_window(pygame):
    """Why no window can open (one line, with what to do instead), or None if one can.
    An X server that does not answer makes SDL fall back to its off-screen driver, which
    would run without showing anything: that counts as no window too."""
    env = os.environ
    asked = env.get("SDL_VIDEODRIVER")
    where = ", ".join("%s=%s" % (k, env[k]) for k in ("DISPLAY", "WAYLAND_DISPLAY") if env.get(k))
    if sys.platform.startswith("linux") and not (where or asked):
        return "no screen to open a window on (no DISPLAY or WAYLAND_DISPLAY set). " + headless_hint()
    try:
        with c_stderr_quiet():
            pygame.display.init()
    except pygame.error as e:
        return "cannot open a window (%s). %s" % (e, headless_hint())
    driver = pygame.display.get_driver()
    if driver in OFF_SCREEN and not asked:
        pygame.display.quit()
        return ("cannot open a window on %s: no display server answers there (SDL fell back to "
                "its %r driver). %s" % (where, driver, headless_hint()))
    return None


@contextlib.contextmanager
def c_stderr_quiet():
    """Keep what C libraries print on file descriptor 2 (ALSA's eight lines about a missing
    sound card, SDL's complaints) out of the terminal; Python's own stderr is untouched."""
    sys.stderr.flush()
    saved = os.dup(2)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    os.close(devnull)
    try:
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


@contextlib.contextmanager
def flash_folder(path):
    """The device's flash: ``path``, or a temporary folder removed afterwards."""
    if path:
        yield path
        return
    with tempfile.TemporaryDirectory(prefix="slapstack-flash-") as tmp:
        yield tmp


class Tones:
    """Square waves on the sound card for the piezo's PWM; silent if there is no audio device."""

    def __init__(self, pygame, enabled=True):
        self.pygame = pygame
        self.cache = {}
        self.playing = None
        self.ok = False
        if not enabled:
            return
        try:
            with c_stderr_quiet():
                pygame.mixer.init(frequency=SAMPLE_RATE, size=-16, channels=1)
            self.ok = True
        except pygame.error as e:
            print("no audio device (%s): the simulator runs without sound" % e, file=sys.stderr)

    def show(self, freq, duty):
        if not self.ok:
            return
        want = freq if duty else None
        if want == self.playing:
            return
        if self.playing is not None:
            self.cache[self.playing].stop()
        if want is not None:
            self._tone(want).play(loops=-1)
        self.playing = want

    def _tone(self, freq):
        if freq not in self.cache:
            period = max(2, round(SAMPLE_RATE / freq))
            periods = max(1, round(0.05 * SAMPLE_RATE / period))  # ~50 ms of whole periods
            half = period // 2
            wave = ((b"\x00\x30" * half) + (b"\x00\xd0" * (period - half))) * periods
            self.cache[freq] = self.pygame.mixer.Sound(buffer=wave)
        return self.cache[freq]


def fit_scale(desktop):
    """The largest whole scale (the panel's pixels stay crisp squares) at which the window,
    the LED strip under the display included, fits a ``desktop`` of (width, height) pixels
    with room for the title bar and the desktop's panels: 3 on 1920x1080, 2 on 1366x768, 1
    on a screen less than 662 pixels high or 700 wide."""
    w, h = desktop
    return max(1, min((w - DESKTOP_ROOM[0]) // 320, (h - DESKTOP_ROOM[1] - STRIP) // 240))


class Window:
    def __init__(self, dev, pygame, scale=None, sound=True):
        """The window at ``scale`` window pixels a display pixel; None: the largest that
        fits the desktop (fit_scale)."""
        self.dev = dev
        self.pg = pygame
        if scale is None:
            scale = fit_scale(pygame.display.get_desktop_sizes()[0])
        self.scale = scale
        self.w = 320 * scale
        self.h = 240 * scale
        self.surface = pygame.display.set_mode((self.w, self.h + STRIP))
        pygame.display.set_caption("SlapStack (simulated)")
        self.font = pygame.font.Font(None, 22)
        self.tones = Tones(pygame, sound)
        self.seen_bytes = -1
        self.open = True

    def handle(self, event):
        """One pygame event: a key goes to its button at the current virtual time."""
        pg = self.pg
        if event.type == pg.QUIT:
            self.open = False
        elif event.type in (pg.KEYDOWN, pg.KEYUP):
            name = pg.key.name(event.key)
            button = SEAT_KEYS.get(name, CONSOLE_KEYS.get(name))
            if button is None or (isinstance(button, int) and button >= len(self.dev.pins.seats)):
                return
            if event.type == pg.KEYDOWN:
                self.dev.press(button)
            else:
                self.dev.release(button)

    def draw(self):
        pg = self.pg
        model = self.dev.panel
        if model.bytes_in != self.seen_bytes or self.seen_bytes < 0:
            self.seen_bytes = model.bytes_in
            img = screen.image(model)
            level = self.dev.backlight()
            if level < 65535:
                img = img.point(lambda v: v * level // 65535)
            frame = pg.image.fromstring(img.tobytes(), img.size, "RGB")
            self.surface.blit(pg.transform.scale(frame, (self.w, self.h)), (0, 0))
        self._leds()
        pg.display.flip()

    def _leds(self):
        pg = self.pg
        pg.draw.rect(self.surface, (24, 24, 28), (0, self.h, self.w, STRIP))
        from drawing.seat_rgb import SEAT_RGB  # (the firmware's: on the path once a Device is made)
        seats = self.dev.pins.seats
        for i in range(len(seats)):
            rgb = SEAT_RGB[i]
            glow = (self.dev.led(i) / 65535) ** 0.5  # a dimmed LED still shows, as to the eye
            lit = tuple(int(30 + (v - 30) * glow) for v in rgb)
            cx = self.w * (2 * i + 1) // (2 * len(seats))
            pg.draw.circle(self.surface, lit, (cx, self.h + 24), 16)
            keys = "%d or %s" % (i + 1, "ALZM"[i])
            label = self.font.render("seat %d: %s" % (i + 1, keys), True, (200, 200, 200))
            if label.get_width() > self.w // len(seats) - 4:  # (a small window: the keys alone)
                label = self.font.render(keys, True, (200, 200, 200))
            self.surface.blit(label, (cx - label.get_width() // 2, self.h + 46))

    def sound(self):
        freq, duty = self.dev.hw.pwm_output(self.dev.pins.piezo)
        self.tones.show(freq, duty)


def main(args):
    """Exit status 0 when the window is closed, 2 if none can open; Ctrl+C comes out as
    KeyboardInterrupt after everything (the temporary flash folder too) is cleaned up."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_VIDEO_CENTERED", "1")  # (where the window manager leaves it to SDL)
    import pygame
    problem = no_window(pygame)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    pygame.font.init()
    with flash_folder(args.flash) as flash:
        dev = None
        try:
            dev = Device(flash)
            win = Window(dev, pygame, args.scale, sound=not args.mute)
            print("flash folder: %s%s" % (flash, "" if args.flash else
                                          " (temporary, removed at the end; --flash DIR keeps one)"))
            dev.boot()
            run(dev, win, pygame)
        except Exception as e:  # the device stopped (a crash, files it cannot take): one line
            print("error: the simulated device stopped (flash folder %s): %s" % (flash, why(e)), file=sys.stderr)
            return 2
        finally:
            if dev is not None:
                dev.close()
            pygame.quit()
    return 0


def why(e):
    """An exception in one line: the firmware's own error, where the device crashed on it."""
    cause = e.__cause__ if isinstance(e, FirmwareStopped) and e.__cause__ is not None else e
    text = " ".join(str(cause).split())
    return "%s: %s" % (type(cause).__name__, text) if text else type(cause).__name__


def run(dev, win, pygame, wall=time.perf_counter, frames=None):
    """Keep virtual time on the wall clock, hand keys to the buttons, redraw; until closed
    (or ``frames`` redraws, for tests)."""
    start_wall = wall()
    start_us = dev.now_us
    next_frame = start_wall
    drawn = 0
    while win.open and (frames is None or drawn < frames):
        for event in pygame.event.get():
            win.handle(event)
        target = start_us + int((wall() - start_wall) * 1e6)
        if target > dev.now_us:
            dev.run_until(target)
        win.sound()
        if wall() >= next_frame:
            win.draw()
            drawn += 1
            next_frame += FRAME_S
        else:
            time.sleep(0.001)
