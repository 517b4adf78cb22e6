"""``make bench-device`` (and ``make soak-device``): the device benchmark (the soak) on the
emulated Pico, start to finish.

    python -m host_sim.pico_bench [tests/soak_device.py ...]

Starts the emulated Pico (``$PICO_RIG``, else ``../shared/pico``: the official MicroPython
1.28 ``RPI_PICO`` image on an emulated RP2040, its time counted in CPU cycles), puts SlapStack
on it with the real ``make flash``, runs ``tests/bench_device.py`` and
``tests/bench_screens_device.py`` (or the scripts named) on it, one after the other, with
``mpremote run``,
prints what the board prints as it prints it (a soak's games one by one), then the clock it
ran at, and stops the emulator, whatever happened. Exit status 0 when the benchmark ran, 1
when it did not.
"""
import os
import sys
import time

from host_sim.pico_rig import ROOT, PicoRig, RigError

BENCHES = (os.path.join(ROOT, "tests", "bench_device.py"), os.path.join(ROOT, "tests", "bench_screens_device.py"))
RUN_TIMEOUT_S = 4 * 3600  # wall seconds: the chip runs at about 0.4x real time on a 2-core
# machine when busy (the benchmark takes some 6 minutes, the soak about two hours)


def main(scripts=BENCHES):
    t0 = time.time()
    try:
        rig = PicoRig()
    except RigError as e:
        print("bench-device: %s" % e, file=sys.stderr)
        return 1
    print("bench-device: starting the emulated Pico (%s)" % rig.dir, flush=True)
    try:
        rig.start()
        print("bench-device: make flash onto it", flush=True)
        rig.flash()
        rig.run_for(2_500_000)  # boot.py, main.py, the menu drawn (mpremote run stops it first)
        for script in scripts:
            print("bench-device: running %s" % os.path.relpath(script, ROOT), flush=True)
            code, err = rig.mpremote_streamed("run", script, timeout=RUN_TIMEOUT_S)
            if code != 0:
                sys.stderr.write(err)
                print("bench-device: %s failed (%d)" % (os.path.relpath(script, ROOT), code), file=sys.stderr)
                return 1
        clock = rig.call("time")["clk_sys_hz"]
    except (RigError, OSError) as e:
        print("bench-device: %s" % e, file=sys.stderr)
        return 1
    finally:
        rig.stop()
    print("(emulated Pico, official MicroPython 1.28 RPI_PICO image, clk_sys %.1f MHz at the end; "
          "%d s of wall time)" % (clock / 1e6, time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main(tuple(os.path.abspath(a) for a in sys.argv[1:]) or BENCHES))
