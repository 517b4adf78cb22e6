"""Type-check the firmware against MicroPython's own rp2 stubs.  (CPython; `make check`.)

    python tools/check.py [FILES...]      default: every device module in firmware/

mypy sees MicroPython's world, not CPython's: ``micropython-stdlib-stubs`` replaces the
typeshed standard library (``--custom-typeshed-dir``) and ``micropython-rp2-rpi-pico-stubs``
(``machine``, ``time``, ``micropython``, ...) come first on the module path. Those stubs are
installed as loose .pyi files in site-packages, which mypy will not search, so they are
copied into build/stubs first, with two corrections (``STUB_FIXES``): ticks values are
plain ints (the stubs make them opaque to stop ``ticks_us() - t``, but the firmware keeps
them in ``array('i')`` rings and the engine's clock module does the wrap-safe arithmetic),
and rp2's ``machine.freq(cpu_hz, peripheral_hz)`` exists (ports/rp2/modmachine.c takes the
second argument; the stub lists one). Errors inside the stubs are not ours and are
silenced; the engine package is followed for types but reported on by its own tests.

What is checked is the firmware's use of MicroPython: modules, names, call signatures,
attribute and operator types (``check_untyped_defs``: the code has no annotations).
What is not: None-ness (``strict_optional`` off) and the annotations mypy would like on
empty lists (``var-annotated``, ``has-type``), which unannotated code cannot give.
"""
import os
import shutil
import subprocess
import sys
from importlib import metadata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
# the SlapStack image's C modules, typed by the .pyi beside each
IMAGE_MODULES = [os.path.join(ROOT, "hw", "image", m) for m in ("gfx_native", "spi_regs", "seat_stamps")]

STUB_DISTS = ("micropython-rp2-rpi-pico-stubs", "micropython-stdlib-stubs")
TICKS = ("_TicksMs", "_TicksUs", "_TicksCPU")
STUB_FIXES = {
    "_mpy_shed/time_mp.pyi": [("class %s:" % name, "%s = int\nclass _Opaque%s:" % (name, name)) for name in TICKS],
    "machine.pyi": [("@overload\ndef freq(hz: int, /) -> None:",
                     "@overload\ndef freq(hz: int, peripheral_hz: int, /) -> None: ...\n"
                     "@overload\ndef freq(hz: int, /) -> None:")],
}


def stub_dir(out):
    """Copy the rp2 and shed stubs into ``out``; returns (out, typeshed dir, stub module names)."""
    typeshed = None
    modules = set()
    if os.path.isdir(out):
        shutil.rmtree(out)
    for dist in STUB_DISTS:
        try:
            files = metadata.files(dist) or []
        except metadata.PackageNotFoundError:
            raise SystemExit("%s is not installed: pip install -r requirements-dev.txt" % dist)
        for f in files:
            rel = str(f).replace(os.sep, "/")
            src = str(f.locate())
            if rel == "stdlib/VERSIONS":
                typeshed = os.path.dirname(os.path.dirname(src))
                continue
            if rel.startswith("stdlib/") or not rel.endswith(".pyi") or ".dist-info/" in rel:
                continue
            target = os.path.join(out, *rel.split("/"))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(src, target)
            if rel in STUB_FIXES:
                _fix(target, STUB_FIXES[rel])
            modules.add(rel.split("/")[0].replace(".pyi", ""))
    if typeshed is None:
        raise SystemExit("micropython-stdlib-stubs has no stdlib/VERSIONS: reinstall it")
    return out, typeshed, sorted(modules)


def _fix(path, replacements):
    with open(path) as f:
        text = f.read()
    for old, new in replacements:
        if old not in text:
            raise SystemExit("%s no longer holds %r: check.py's stub fix needs a look" % (path, old))
        text = text.replace(old, new, 1)
    with open(path, "w") as f:
        f.write(text)


def firmware_files():
    """Every file of firmware/ that goes on the board, relative to the repository."""
    return sorted(os.path.relpath(os.path.join(folder, name), ROOT)
                  for folder, _, files in os.walk(FIRMWARE) for name in files if name.endswith(".py"))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    stubs, typeshed, modules = stub_dir(os.path.join(ROOT, "build", "stubs"))
    config = os.path.join(ROOT, "build", "mypy-firmware.ini")
    with open(config, "w") as f:
        f.write("[mypy]\npython_version = 3.11\nfollow_imports = silent\ncheck_untyped_defs = True\n"
                "strict_optional = False\ndisable_error_code = var-annotated, has-type\n"
                "mypy_path = %s\n" % ":".join([stubs, os.path.join(ROOT, "src"), FIRMWARE] + IMAGE_MODULES))
        f.write("[mypy-%s]\nignore_errors = True\n" % ",".join(m + "," + m + ".*" for m in modules))
    cmd = [sys.executable, "-m", "mypy", "--config-file", config, "--custom-typeshed-dir", typeshed]
    run = subprocess.run(cmd + (argv or firmware_files()), cwd=ROOT)
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
