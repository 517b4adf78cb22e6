"""``make web``: the page that plays SlapStack in a browser, built into a folder any static
file server serves (default build/web), with nothing fetched from elsewhere when it runs.

    python -m host_sim.web.build [--out DIR]

The firmware is what ``make flash`` puts on a board (tools/flash.py's build: the engine and
the firmware's packages compiled to .mpy, boot.py, main.py, installed.py, rescue.py and
hw/pins.json), packed into one file (``slapstack.pack``) with the page's own modules
(host_sim/web/platform: ``machine``, ``seat_stamps``, ``time`` and the Board for a page,
and main.py's steps, web_main.py). Beside it: the MicroPython WebAssembly VM of the board's
release (npm's micropython-1-28), the page (index.html, page.js, panel.js, files.js,
sound.js), page.json (the seats' colours, from firmware/drawing/seat_rgb.py, and the
replay's file name) and sw.js, the service worker that keeps them all for a load with no
network (named with a hash of them: a new build replaces them).
"""
import argparse
import hashlib
import json
import os
import shutil
import struct
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(ROOT, "build", "web")
VM = os.path.join(ROOT, "node_modules", "micropython-1-28")  # the board's release (hw/image)
PAGE = ("index.html", "page.js", "panel.js", "files.js", "sound.js")
VM_FILES = ("micropython.mjs", "micropython.wasm")
MANIFEST = "slapstack-files.txt"  # installed.py's: "lib", the code is files

sys.path.insert(0, os.path.join(ROOT, "tools"))
import flash  # noqa: E402  (tools/flash.py: make flash's build)


def seat_rgb():
    """The seats' colours as the firmware has them (drawing/seat_rgb.py: plain numbers)."""
    scope = {}
    with open(os.path.join(ROOT, "firmware", "drawing", "seat_rgb.py")) as f:
        exec(f.read(), scope)
    return [list(c) for c in scope["SEAT_RGB"]]


def replay_file():
    """The name the firmware saves the last game's replay under (storage/files.py)."""
    from host_sim import fwpath
    fwpath.use_firmware()
    from storage.files import REPLAY_FILE
    return REPLAY_FILE


def pack(files):
    """(path on the page's filesystem, bytes) as one file: a little-endian u32, the JSON
    index [[path, size], ...] of that length, then the files' bytes in order."""
    index = json.dumps([[path, len(data)] for path, data in files]).encode()
    return struct.pack("<I", len(index)) + index + b"".join(data for _, data in files)


def firmware_files(work):
    """What make flash puts on a board, as (path, bytes): the code under /rom/lib, the
    filesystem's files at /; and the manifest of a board whose code is files."""
    mods, _ = flash.build(work)
    out = []
    for _, dest in mods:
        with open(os.path.join(work, "rom", *dest.split("/")), "rb") as f:
            out.append(("/rom/" + dest, f.read()))
    for src, dest in flash.filesystem_files():
        with open(src, "rb") as f:
            out.append(("/" + dest, f.read()))
    out.append(("/" + MANIFEST, b"lib\n"))
    return out


def platform_files():
    folder = os.path.join(HERE, "platform")
    out = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".py"):
            with open(os.path.join(folder, name), "rb") as f:
                out.append(("/web/" + name, f.read()))
    return out


def build(out=OUT):
    """Build the page into ``out`` (replaced whole); returns its files' total size in bytes."""
    if not os.path.isdir(VM):
        raise SystemExit("no MicroPython WebAssembly VM in node_modules: run make setup first")
    with tempfile.TemporaryDirectory(prefix="slapstack-web-") as work:
        files = firmware_files(work) + platform_files()
    tmp = out + ".new"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    for name in PAGE:
        shutil.copyfile(os.path.join(HERE, name), os.path.join(tmp, name))
    for name in VM_FILES:
        shutil.copyfile(os.path.join(VM, name), os.path.join(tmp, name))
    with open(os.path.join(tmp, "slapstack.pack"), "wb") as f:
        f.write(pack(files))
    with open(os.path.join(tmp, "page.json"), "w") as f:
        json.dump({"seat_rgb": seat_rgb(), "replay_file": replay_file()}, f)
    names = sorted(os.listdir(tmp))
    version = hashlib.sha256()
    for name in names:
        with open(os.path.join(tmp, name), "rb") as f:
            version.update(name.encode() + b"\0" + f.read())
    with open(os.path.join(HERE, "sw.js")) as f:
        worker = f.read().replace("@VERSION@", version.hexdigest()[:16]).replace("@FILES@", json.dumps(["./"] + names))
    with open(os.path.join(tmp, "sw.js"), "w") as f:
        f.write(worker)
    shutil.rmtree(out, ignore_errors=True)
    os.replace(tmp, out)
    return sum(os.path.getsize(os.path.join(out, n)) for n in os.listdir(out))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_sim.web.build", description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=OUT, help="the folder to build the page in (default build/web)")
    args = ap.parse_args(argv)
    try:
        size = build(os.path.abspath(args.out))
    except flash.Stop as e:
        print(e, file=sys.stderr)
        return 2
    print("SlapStack's page is in %s (%d KB); make web-serve serves it" % (os.path.relpath(args.out), size // 1024))
    return 0


if __name__ == "__main__":
    sys.exit(main())
