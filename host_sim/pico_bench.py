"""``make bench-device`` (and ``make soak-device``): the device benchmark (the soak) on the
emulated Pico, start to finish.

    python -m host_sim.pico_bench [tests/soak_device.py ...]

Starts the emulated Pico (``$PICO_RIG``, else ``../shared/pico``) on the SlapStack image
(hw/image: MicroPython 1.28 with the code in a ROMFS partition), puts SlapStack on it with the
real ``make flash``, the scripts compiled into its ROMFS partition too (``WITH=``: their
bytecode is not in the heap they measure), and runs ``tests/bench_device.py``,
``tests/bench_screens_device.py``, ``tests/heap_device.py`` and ``tests/unload_device.py`` (or
the scripts named) on it,
one after the other (``import``, then ``main()``), printing what the board prints as it
prints it (a soak's games one by one); then, for the benchmark, a table of each game's heap
at its peak and of what letting each group of modules go gives back. The emulator is stopped whatever happened. Exit status 0 when everything ran, 1 when not.
"""
import os
import re
import sys
import time

from host_sim.pico_rig import BOOT_US, IMAGE, ROOT, PicoRig, RigError

BENCHES = tuple(os.path.join(ROOT, "tests", name)
                for name in ("bench_device.py", "bench_screens_device.py", "heap_device.py",
                             "unload_device.py"))
RUN_TIMEOUT_S = 4 * 3600  # wall seconds: the chip runs at about 0.4x real time on a 2-core
# machine when busy (the benchmark takes some 17-30 minutes, the soak some 45)


def run_on_the_image(scripts):
    """make flash onto a fresh emulated Pico running the SlapStack image, the scripts compiled
    into the ROMFS partition with the firmware (``make flash WITH=``), then each script
    imported, so that its bytecode takes none of the heap it measures, as at a party where no
    benchmark runs. Returns (what the scripts printed, clk_sys at the end), or None when
    something failed (said on stderr)."""
    try:
        rig = PicoRig(firmware=IMAGE)
    except RigError as e:
        print("bench-device: %s" % e, file=sys.stderr)
        return None
    print("bench-device: starting the emulated Pico on %s (%s)" % (rig.image, rig.dir), flush=True)
    printed = []
    try:
        rig.start()
        print("bench-device: make flash onto it", flush=True)
        rig.flash(scripts=scripts)
        rig.run_for(BOOT_US)  # the menu drawn (mpremote stops it first)
        for script in scripts:
            print("bench-device: running %s from ROMFS" % os.path.relpath(script, ROOT), flush=True)
            name = os.path.basename(script)[:-3]
            code, out, err = rig.mpremote_streamed("exec", "import %s\n%s.main()" % (name, name),
                                                   timeout=RUN_TIMEOUT_S)
            printed.append(out)
            if code != 0:
                sys.stderr.write(err)
                print("bench-device: %s failed (%d)" % (os.path.relpath(script, ROOT), code), file=sys.stderr)
                return None
        clock = rig.call("time")["clk_sys_hz"]
    except (RigError, OSError) as e:
        print("bench-device: %s" % e, file=sys.stderr)
        return None
    finally:
        rig.stop()
    return "".join(printed), clock


def heaps(printed):
    """{game: (peak bytes, collection us)} from heap_device.py's HEAP lines."""
    return {m.group(1): (int(m.group(2)), int(m.group(3)))
            for m in re.finditer(r"HEAP \S+ (\w+) (\d+) (\d+) \d+", printed)}


def unloads(printed):
    """[(group, bytes held, bytes left once let go)] from unload_device.py's UNLOAD lines."""
    return [(m.group(1), int(m.group(2)), int(m.group(3)))
            for m in re.finditer(r"UNLOAD \S+ (\w+) (\d+) (\d+) ", printed)]


def main(scripts=BENCHES):
    t0 = time.time()
    ran = run_on_the_image(scripts)
    if ran is None:
        return 1
    printed, clock = ran
    if tuple(scripts) == BENCHES:
        print("heap in use at a game's peak (target 96 KB), and a full collection there:")
        for game, (peak, us) in heaps(printed).items():
            print("  %-9s %6.1f KB, collection %5.2f ms%s"
                  % (game, peak / 1024, us / 1000, "" if peak <= 96 * 1024 else "  OVER 96 KB"))
        print("the heap each group of modules the firmware lets go holds imported (app.unload):")
        for group, held, left in unloads(printed):
            print("  %-15s %6.1f KB, %5.1f KB given back" % (group, held / 1024, (held - left) / 1024))
    print("(emulated Pico, MicroPython 1.28, SlapStack image %s; clk_sys %.1f MHz at the end; %d s of wall time)"
          % (os.path.basename(IMAGE), clock / 1e6, time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main(tuple(os.path.abspath(a) for a in sys.argv[1:]) or BENCHES))
