"""``make bench-device`` (and ``make soak-device``): the device benchmark (the soak) on the
emulated Pico, start to finish.

    python -m host_sim.pico_bench [tests/soak_device.py]

Starts the emulated Pico (``$PICO_RIG``, else ``../shared/pico``: the official MicroPython
1.28 ``RPI_PICO`` image on an emulated RP2040, its time counted in CPU cycles), puts SlapStack
on it with the real ``make flash``, runs ``tests/bench_device.py`` (or the script named) on it
with ``mpremote run``,
prints what the board printed (with the clock it ran at) and stops the emulator, whatever
happened. Exit status 0 when the benchmark ran, 1 when it did not (its output is printed).
"""
import os
import sys
import time

from host_sim.pico_rig import ROOT, PicoRig, RigError

BENCH = os.path.join(ROOT, "tests", "bench_device.py")
RUN_TIMEOUT_S = 4 * 3600  # wall seconds: the chip runs at about 0.4x real time on a 2-core
# machine when busy (the benchmark takes some 6 minutes, the soak about two hours)


def main(script=BENCH):
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
        print("bench-device: running %s" % os.path.relpath(script, ROOT), flush=True)
        run = rig.mpremote("run", script, check=False, timeout=RUN_TIMEOUT_S)
        clock = rig.call("time")["clk_sys_hz"]
    except (RigError, OSError) as e:
        print("bench-device: %s" % e, file=sys.stderr)
        return 1
    finally:
        rig.stop()
    sys.stdout.write(run.stdout)
    if run.returncode != 0:
        sys.stderr.write(run.stderr)
        print("bench-device: the benchmark failed (%d)" % run.returncode, file=sys.stderr)
        return 1
    print("(emulated Pico, official MicroPython 1.28 RPI_PICO image, clk_sys %.1f MHz at the end; "
          "%d s of wall time)" % (clock / 1e6, time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main(*[os.path.abspath(a) for a in sys.argv[1:2]]))
