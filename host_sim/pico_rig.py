"""The emulated Pico (``../shared/pico``, or ``$PICO_RIG``) driven from CPython: start it,
``make flash`` onto it, press its buttons at exact emulated microseconds, read its screen.

The rig runs a MicroPython image on an emulated RP2040 (rp2040js): by default the official
stock ``RPI_PICO`` one (``STOCK_IMAGE``), as on a Pico out of its box, on which ``make flash``
installs the SlapStack image (``IMAGE``, MicroPython 1.28 with a ROMFS partition for the code)
before the code; ``PicoRig(firmware=IMAGE)`` starts on that image, ``PicoRig(firmware=None,
bootsel=True)`` is a blank Pico plugged in with BOOTSEL held, ``PicoRig(flash_image=path)`` a
board whose flash is one saved earlier (``save_flash``). Its BOOTSEL drive is a folder
(``drive``), which ``flash`` names to make flash (``DRIVE=``). Time is counted in CPU cycles at
the programmed clock and SPI is shifted at its baud, so what is measured here is the chip's
time, however slow the host. ``make test-device`` and ``make bench-device`` use this module;
the rig's README says what it models.

    with PicoRig() as pico:          # a new board: fresh flash, the stock image
        pico.flash()                 # the real make flash, mpremote over the rig's pty
        pico.wait_serial(...)        # or pico.run_for(us), pico.screen(), pico.press(...)

The seat pins get the 4.7 kOhm pull-ups ``hw/pins.json`` puts on the board ("external"),
and the panel's DC and CS pins are captured with its SPI stream, which the project's own
panel model (``panel_model.py``) decodes into what the glass shows.
"""
import contextlib
import ctypes
import json
import os
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time

from host_sim.panel_model import MODELS

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RIG_DEFAULT = os.path.join(os.path.dirname(ROOT), "shared", "pico")
PINS = os.path.join(ROOT, "hw", "pins.json")
IMAGE = os.path.join(ROOT, "hw", "image", "slapstack-v1.28.0.uf2")
STOCK_IMAGE = "RPI_PICO-v1.28.0.uf2"  # the official image, in the rig's firmware/ folder
_RECORD = struct.Struct("<dHBB")  # the rig's SPI capture: t_us, data, bus, flags
_DC = 1
_CS = 2
START_S = 30          # wall seconds for the rig to come up
BOOT_US = 2_500_000   # emulated us from power-up or reset to the menu drawn (boot.py, main.py)
SERIAL_WAIT_S = 240   # wall seconds to wait for a line on the serial port (the chip runs ~0.4x)


class RigError(RuntimeError):
    """The emulated Pico could not be started or did not answer."""


def rig_dir():
    """Where the emulated Pico is: $PICO_RIG, else ../shared/pico beside the repository."""
    return os.path.abspath(os.environ.get("PICO_RIG") or RIG_DEFAULT)


def _die_with_parent():
    """In the rig's process: end it with the test run, even one killed outright (Linux)."""
    try:
        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PicoRig:
    """One emulated Pico with its own control port, pty and flash file (several can run)."""

    def __init__(self, flash_file=None, workdir=None, firmware=STOCK_IMAGE, bootsel=False, flash_image=None):
        """``firmware``: the .uf2 the chip runs, a path or a file in the rig's firmware/, or None
        for none (a blank flash); ``bootsel``: powered up with BOOTSEL held; ``flash_image``: a
        2 MiB flash saved by ``save_flash`` (image, code and files), in place of ``firmware``."""
        self.dir = rig_dir()
        if not os.path.exists(os.path.join(self.dir, "pico.mjs")):
            raise RigError("no emulated Pico at %s (set PICO_RIG to its folder)" % self.dir)
        self.work = workdir or tempfile.mkdtemp(prefix="slapstack-pico-")
        if flash_image is not None:
            self.firmware = self._nothing()
            self.image = "the flash saved in %s" % flash_image
        elif firmware is None:
            self.firmware = self._nothing()
            self.image = "a blank flash"
        else:
            self.firmware = os.path.join(self.dir, "firmware", firmware)
            self.image = os.path.basename(self.firmware)
        if not os.path.exists(self.firmware):
            raise RigError("no MicroPython image %s" % self.firmware)
        self.bootsel = bootsel
        self.flash_file = flash_file or os.path.join(self.work, "flash.bin")
        if flash_image is not None:
            shutil.copyfile(flash_image, self.flash_file)  # the rig loads it at start
        self.pty = os.path.join(self.work, "ttyPICO")
        self.drive = os.path.join(self.work, "RPI-RP2")  # the BOOTSEL drive, while the board is in BOOTSEL
        self.port = _free_port()
        with open(PINS) as f:
            self.pins = json.load(f)
        d = self.pins["display"]
        self.seat_pins = [s["button"]["gpio"] for s in self.pins["seats"]]
        self.key_pins = {k: v["gpio"] for k, v in self.pins["console"].items()}
        self.panel = MODELS[d["driver"]]()
        self._dc, self._cs = d["dc"], d["cs"]
        self._proc = None
        self._sock = None
        self._buf = b""
        self._id = 0
        self._spi_since = 0.0

    # --- life ----------------------------------------------------------------------------

    def _nothing(self):
        """An empty image: started with it, the rig writes nothing over the flash."""
        path = os.path.join(self.work, "blank.bin")
        open(path, "wb").close()
        return path

    def start(self):
        return self._power_up(self.firmware, self.bootsel)

    def _power_up(self, firmware, bootsel):
        pulled = ",".join(str(s["button"]["gpio"]) for s in self.pins["seats"]
                          if s["button"].get("pull") == "external")
        args = ["node", os.path.join(self.dir, "pico.mjs"), "--firmware", firmware, "--pty", self.pty,
                "--ctrl-port", str(self.port), "--spi0-dc", str(self._dc), "--spi0-cs", str(self._cs),
                "--flash-file", self.flash_file, "--bootsel-dir", self.drive]
        if pulled:
            args += ["--pull-up", pulled]
        if bootsel:
            args.append("--bootsel")
        self._buf = b""
        self._log = open(os.path.join(self.work, "rig.log"), "w")
        self._proc = subprocess.Popen(args, stdout=self._log, stderr=subprocess.STDOUT, preexec_fn=_die_with_parent)
        end = time.time() + START_S
        while time.time() < end:
            if self._proc.poll() is not None:
                raise RigError("the emulated Pico stopped at start: see %s" % self._log.name)
            if os.path.exists(self.pty):
                try:
                    self._sock = socket.create_connection(("127.0.0.1", self.port), timeout=2)
                    self._sock.settimeout(600)
                    return self
                except OSError:
                    pass
            time.sleep(0.1)
        self.stop()
        raise RigError("the emulated Pico did not come up within %d s" % START_S)

    def stop(self):
        if self._sock is not None:
            try:
                self._sock.settimeout(5)
                self.call("quit")
            except (OSError, RuntimeError, ConnectionError):
                pass
            self._sock.close()
            self._sock = None
        if self._proc is not None:
            try:
                self._proc.wait(10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
            self._proc = None
            self._log.close()

    @contextlib.contextmanager
    def unplugged(self):
        """The board unplugged: the block gets the path of its flash image (2 MiB, saved as the
        rig stops) to change; plugged in again after, it boots whatever its flash then holds."""
        self.stop()
        yield self.flash_file
        self._power_up(self._nothing(), bootsel=False)
        self.run_for(BOOT_US)

    def save_flash(self, path):
        """The board's 2 MiB flash as it is now, saved to ``path`` (the chip paused meanwhile:
        the flash of one moment); ``PicoRig(flash_image=path)`` starts a board from it."""
        self.call("pause")
        try:
            self.call("flash_save")  # into flash_file, which the rig keeps up to date
            shutil.copyfile(self.flash_file, path)
        finally:
            self.call("resume")

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    # --- the control channel -------------------------------------------------------------

    def call(self, cmd, **kw):
        """One control-channel command (see the rig's README); its reply as a dict."""
        self._id += 1
        req = dict(kw, cmd=cmd, id=self._id)
        self._sock.sendall((json.dumps(req) + "\n").encode())
        while True:
            while b"\n" not in self._buf:
                chunk = self._sock.recv(65536)
                if not chunk:
                    raise ConnectionError("the emulated Pico closed its control channel")
                self._buf += chunk
            line, self._buf = self._buf.split(b"\n", 1)
            res = json.loads(line)
            if res.get("id") == req["id"]:
                if not res.get("ok"):
                    raise RigError("%s: %s" % (cmd, res.get("error")))
                return res

    def now_us(self):
        """Emulated microseconds since the last (re)boot: ``time.ticks_us()``'s base."""
        return self.call("time")["time_us"]

    def run_for(self, us):
        """Let ``us`` of emulated time pass (then go on running)."""
        self.call("wait_until", in_us=int(us))

    def press(self, pin, at_us=None, in_us=None, duration_us=60000):
        """A button to GND on GPIO ``pin`` at an emulated time, released after ``duration_us``
        (None: held until ``release``)."""
        when = {"at_us": at_us} if at_us is not None else {"in_us": 100 if in_us is None else in_us}
        if duration_us is None:
            self.call("set", pin=pin, level=0, **when)
        else:
            self.call("press", pin=pin, duration_us=duration_us, **when)

    def release(self, pin, at_us=None):
        self.call("release", pin=pin, **({"at_us": at_us} if at_us is not None else {}))

    def key(self, name, hold_ms=60, after_ms=150):
        """A console key (up, down, ok, back) pressed and released, then ``after_ms`` more."""
        self.press(self.key_pins[name], duration_us=hold_ms * 1000)
        self.run_for((hold_ms + after_ms) * 1000)

    def slap(self, seat, at_us=None, in_us=None, hold_ms=60):
        """Seat ``seat`` (0-based) slaps at ``at_us``, or ``in_us`` from now."""
        self.press(self.seat_pins[seat], at_us=at_us, in_us=in_us, duration_us=hold_ms * 1000)

    def reset(self):
        """The RUN pin: a hard reset, flash kept."""
        self.call("reset")

    # --- serial ----------------------------------------------------------------------------

    def serial_text(self, nbytes=65536):
        return self.call("serial_log", bytes=nbytes)["text"]

    def wait_serial(self, pattern, timeout_s=SERIAL_WAIT_S, since=""):
        """Wait until the board has printed ``pattern`` (a regex) after the text ``since``
        (nothing counts before ``since`` is printed: what an earlier script printed may match)."""
        end = time.time() + timeout_s
        while True:
            text = self.serial_text()
            if since:
                text = text[text.rindex(since) + len(since):] if since in text else ""
            m = re.search(pattern, text)
            if m:
                return m
            if time.time() > end:
                raise RigError("no %r on the serial port within %d s; it printed:\n%s"
                               % (pattern, timeout_s, text[-2000:]))
            time.sleep(0.2)

    # --- the project's tools on it ---------------------------------------------------------

    def mpremote_cmd(self, args):
        """The command line that runs mpremote with ``args`` on the rig's pty."""
        return [sys.executable, "-m", "mpremote", "connect", self.pty] + list(args)

    def mpremote(self, *args, check=True, timeout=600):
        """mpremote on the rig's pty; returns the CompletedProcess (text)."""
        run = subprocess.run(self.mpremote_cmd(args), capture_output=True, text=True, timeout=timeout)
        if check and run.returncode != 0:
            raise RigError("mpremote %s failed (%d):\n%s%s" % (" ".join(args), run.returncode,
                                                               run.stdout[-2000:], run.stderr[-2000:]))
        return run

    def mpremote_streamed(self, *args, timeout=600):
        """mpremote on the rig's pty, its output copied to stdout line by line as it comes (a
        long run shows its progress); returns (exit status, stdout, stderr). Killed after
        ``timeout``."""
        proc = subprocess.Popen(self.mpremote_cmd(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        timer = threading.Timer(timeout, proc.kill)
        timer.start()
        out = []
        try:
            for line in proc.stdout:
                out.append(line)
                sys.stdout.write(line)
                sys.stdout.flush()
            err = proc.stderr.read()
            return proc.wait(), "".join(out), err
        finally:
            timer.cancel()

    def flash(self, timeout=900, scripts=()):
        """The real ``make flash`` onto this board (``scripts`` compiled in too: ``WITH``), its
        drive named; returns its output. It ends with a reset (and one more before it when it
        installed the SlapStack image: the board rebooted into it)."""
        resets = self.call("time")["resets"]
        # (a build folder of its own: several rigs may be flashed at once)
        run = subprocess.run(["make", "-s", "flash", "PORT=" + self.pty, "DRIVE=" + self.drive,
                              "FLASH_BUILD=" + os.path.join(self.work, "flash-build")] +
                             (["WITH=" + " ".join(scripts)] if scripts else []),
                             cwd=ROOT, capture_output=True, text=True, timeout=timeout)
        if run.returncode != 0:
            raise RigError("make flash failed (%d):\n%s%s" % (run.returncode, run.stdout[-3000:],
                                                             run.stderr[-3000:]))
        self.wait_reset(resets + ("the SlapStack image is installed" in run.stdout))
        return run.stdout

    def wait_reset(self, resets, timeout_s=START_S):
        """Wait until the board has been reset since the ``time`` command said ``resets``."""
        end = time.time() + timeout_s
        while self.call("time")["resets"] <= resets:
            if time.time() > end:
                raise RigError("the board was not reset within %d s" % timeout_s)
            time.sleep(0.05)

    def read_file(self, path):
        """A file on the board's flash as text, or None when it is not there."""
        run = self.mpremote("exec", "import sys\ntry:\n f=open(%r)\nexcept OSError:\n print('<none>')\n"
                            "else:\n sys.stdout.write(f.read())\n f.close()" % path)
        return None if run.stdout.strip() == "<none>" else run.stdout

    # --- the screen ------------------------------------------------------------------------

    def screen(self):
        """The panel model after everything sent to it so far (fed incrementally)."""
        path = os.path.join(self.work, "spi.bin")
        self.call("spi_dump", path=path, format="bin", bus=0, clear=True)
        with open(path, "rb") as f:
            data = f.read()
        model = self.panel
        run = bytearray()
        run_dc = None
        for off in range(0, len(data), _RECORD.size):
            _, value, _, flags = _RECORD.unpack_from(data, off)
            if flags & _CS:              # CS high: the panel is not listening
                if run:
                    model.on_spi_write(bytes(run), run_dc)
                    run.clear()
                continue
            dc = flags & _DC
            if dc != run_dc and run:
                model.on_spi_write(bytes(run), run_dc)
                run.clear()
            run_dc = dc
            run.append(value & 0xFF)
        if run:
            model.on_spi_write(bytes(run), run_dc)
        return model

    def pixel(self, x, y):
        return self.screen().pixel(x, y)

    def save_screen(self, path, scale=2):
        from PIL import Image
        self.screen().to_image().resize((320 * scale, 240 * scale), Image.NEAREST).save(path)
        return path
