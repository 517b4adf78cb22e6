"""seat_stamps measured on the emulated Pico: presses from outside at exact microseconds, on
every pair of seat pins, both orders, at gaps from 0 to 20 us; each stamp against its press.

    .venv/bin/python tests/device/stamp_probe.py [IMAGE.uf2] [--busy] [--noisy] [--default-priority] [--reset-check]

A maker's or a developer's probe of a freshly built image, beside the device stage's
test_stamps.py (which presses while the firmware draws cards): it starts its own rig on IMAGE (default: build/image/slapstack-v1.28.0.uf2, hw/image/build.sh's output), runs a
script on the bare image (no SlapStack code: just seat_stamps at 200 MHz) that drains the ring
until the presses are over, and prints per gap: the pairs in order, equal, swapped, and the
stamps' error (stamp - press, us). ``--busy``: the chip meanwhile writes 4 KB bands to SPI0
and fills a framebuf, as a card's drawing does (not the game's drawing itself).
``--noisy``: other interrupts meanwhile: a 1 kHz machine.Timer (the timer's alarm interrupt
and a soft callback) and lines printed to the USB serial port all along (the USB's).
``--default-priority``: IO_IRQ_BANK0 put back to the NVIC priority every interrupt has
(0x80) after start(), to see what seat_stamps' 0x40 is for.
``--reset-check``: then starts the stamps, soft-resets, and checks that a Pin.irq on a seat pin
fires again (the board's soft-reset hook stopped the stamps and gave the vector back).
"""
import os
import re
import subprocess
import sys
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from host_sim.pico_rig import PicoRig  # noqa: E402

PINS = (2, 3, 4, 5)
GAPS = range(0, 21)
SPACING_US = 4003     # between two combinations (press, then both released half-way); not a
# whole number of ms, so the presses come at every phase of the 1 kHz interrupts, 3 us apart
TICKS = 1 << 30

DEVICE = """
import machine, time, seat_stamps, framebuf
from array import array
machine.freq(200_000_000)
mask = 0
for g in %(pins)r:
    machine.Pin(g, machine.Pin.IN, machine.Pin.PULL_UP)
    mask |= 1 << g
busy = %(busy)r
if busy:
    spi = machine.SPI(0, 24_000_000)
    buf = bytearray(4096)
    fb = framebuf.FrameBuffer(buf, 64, 32, framebuf.RGB565)
seat_stamps.start(mask)
if %(default_priority)r:  # NVIC_IPR3's byte 1: IO_IRQ_BANK0 (IRQ 13)
    machine.mem32[0xE000E40C] = (machine.mem32[0xE000E40C] & ~0xFF00) | 0x8000
print('PRIORITY', hex(machine.mem32[0xE000E40C] >> 8 & 0xFF))
noisy = %(noisy)r
ticks = [0]
if noisy:
    def tick(_):
        ticks[0] += 1
    timer = machine.Timer(period=1, callback=tick)
T = array('i', [0] * 16)
L = array('i', [0] * 16)
out = []
t0 = time.ticks_us()
print('READY', t0)
end = time.ticks_add(t0, %(run_us)d)
k = 0
while time.ticks_diff(end, time.ticks_us()) > 0:
    n = seat_stamps.drain(T, L)
    for i in range(n):
        out.append((T[i], L[i]))
    if busy:
        k += 1
        fb.fill(k & 0xFFFF)
        fb.text('Q', k & 31, 4, 0xFFFF)
        spi.write(buf)
    if noisy:
        k += 1
        if not k & 3:
            print('noise', k)
if noisy:
    timer.deinit()
    print('TICKS', ticks[0])
while True:
    n = seat_stamps.drain(T, L)
    for i in range(n):
        out.append((T[i], L[i]))
    if n < 16:
        break
print('OVERRUNS', seat_stamps.overruns())
for t, lv in out:
    print('S', t, lv)
print('DONE')
seat_stamps.stop()
"""


RESET_A = """
import machine, seat_stamps
machine.Pin(2, machine.Pin.IN, machine.Pin.PULL_UP)
seat_stamps.start(1 << 2)
print('STARTED')
"""

RESET_B = """
import machine, time
n = [0]
def h(p):
    n[0] += 1
p = machine.Pin(2, machine.Pin.IN, machine.Pin.PULL_UP)
p.irq(h, machine.Pin.IRQ_FALLING, hard=True)
print('ARMED')
t = time.ticks_ms()
while time.ticks_diff(time.ticks_ms(), t) < 1500:
    pass
print('IRQS', n[0])
"""


def exec_beside(pico, code, timeout):
    """``mpremote exec code`` in a thread (the test presses meanwhile): (thread, result box)."""
    out = {}

    def run():
        out["r"] = subprocess.run(pico.mpremote_cmd(["exec", code]), capture_output=True, text=True,
                                  timeout=timeout)

    th = threading.Thread(target=run)
    th.start()
    return th, out


def reset_check(pico):
    """The stamps started, a soft reset, then a hard Pin.irq on the same pin: does it fire?"""
    r = pico.mpremote("exec", RESET_A)
    assert "STARTED" in r.stdout, r.stdout + r.stderr
    pico.mpremote("soft-reset")
    th, out = exec_beside(pico, RESET_B, 600)
    pico.wait_serial(r"ARMED", timeout_s=120, since="STARTED")
    pico.press(2, in_us=100_000, duration_us=50_000)
    th.join()
    m = re.search(r"IRQS (\d+)", out["r"].stdout)
    print("after a soft reset, a Pin.irq on the stamped pin fired %s time(s)" % (m.group(1) if m else "?"))
    return m is not None and int(m.group(1)) >= 1


def plan(start_us):
    """[(first pin, second pin, gap, press time of first)], and the rig's set commands."""
    combos = []
    sets = []
    t = start_us
    for a in PINS:
        for b in PINS:
            if a == b:
                continue
            for gap in GAPS:
                if gap == 0 and a > b:
                    continue  # the same instant: one order is enough
                combos.append((a, b, gap, t))
                sets.append((a, 0, t))
                sets.append((b, 0, t + gap))
                sets.append((a, None, t + SPACING_US // 2))
                sets.append((b, None, t + SPACING_US // 2))
                t += SPACING_US
    return combos, sets, t


def _diff(a, b):
    """a - b on the 2**30 ticks circle, signed."""
    d = (a - b) % TICKS
    return d - TICKS if d >= TICKS // 2 else d


def analyse(combos, stamps):
    """For each combination, the stamps of its two presses (the first entry after the press
    time, within the combination's window, in which the pin reads low)."""
    rows = []
    for a, b, gap, t in combos:
        got = {}
        for st, lv in stamps:
            d = _diff(st, t)
            if not -5 <= d < SPACING_US // 2:
                continue
            for pin in (a, b):
                if pin not in got and not lv >> pin & 1:
                    got[pin] = st
        if a in got and b in got:
            rows.append((a, b, gap, _diff(got[b], got[a]), _diff(got[a], t), _diff(got[b], t + gap)))
        else:
            rows.append((a, b, gap, None, None, None))
    return rows


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    busy = "--busy" in sys.argv
    noisy = "--noisy" in sys.argv
    default_priority = "--default-priority" in sys.argv
    image = os.path.abspath(args[0] if args else os.path.join(ROOT, "build", "image", "slapstack-v1.28.0.uf2"))
    with PicoRig(firmware=image) as pico:
        pico.run_for(1_500_000)
        n_combos = len(plan(0)[0])
        run_us = 600_000 + n_combos * SPACING_US
        script = DEVICE % {"pins": PINS, "busy": busy, "run_us": run_us, "noisy": noisy,
                           "default_priority": default_priority}
        th, out = exec_beside(pico, script, 1800)
        pico.wait_serial(r"READY (\d+)", timeout_s=300)
        pico.call("pause")
        now = int(pico.now_us())
        start = now + 200_000
        combos, sets, _ = plan(start)
        for pin, level, at in sets:
            pico.call("set", pin=pin, level=level, at_us=at)
        pico.call("resume")
        th.join()
        r = out["r"]
        if "DONE" not in r.stdout:
            print(r.stdout[-3000:], r.stderr[-3000:])
            raise SystemExit("the device script did not finish")
        stamps = [(int(x), int(y)) for x, y in re.findall(r"^S (\d+) (-?\d+)", r.stdout, re.M)]
        overruns = int(re.search(r"OVERRUNS (\d+)", r.stdout).group(1))
        combos = [(a, b, g, t % TICKS) for a, b, g, t in combos]
        reset_ok = reset_check(pico) if "--reset-check" in sys.argv else None
    rows = analyse(combos, stamps)
    prio = re.search(r"PRIORITY (\S+)", r.stdout).group(1)
    ticks = re.search(r"TICKS (\d+)", r.stdout)
    print("image %s, 200 MHz, %s%s, IO_IRQ_BANK0 priority %s; %d entries drained, %d overruns" % (
        os.path.basename(image), "busy (SPI writes, framebuf)" if busy else "idle loop draining",
        ", noisy (%s timer callbacks, %d lines on USB)" % (ticks.group(1), r.stdout.count("noise"))
        if ticks else "", prio, len(stamps), overruns))
    print("gap_us  pairs  in_order  equal  swapped  missing  stamp_error_us(min-max)")
    worst = 0
    for gap in GAPS:
        rs = [r for r in rows if r[2] == gap]
        ok = sum(1 for r in rs if r[3] is not None and r[3] > 0)
        eq = sum(1 for r in rs if r[3] == 0)
        sw = sum(1 for r in rs if r[3] is not None and r[3] < 0)
        miss = sum(1 for r in rs if r[3] is None)
        errs = [e for r in rs if r[3] is not None for e in (r[4], r[5])]
        if errs:
            worst = max(worst, max(errs), -min(errs))
        print("%6d  %5d  %8d  %5d  %7d  %7d  %s" % (gap, len(rs), ok, eq, sw, miss,
                                                  "%d-%d" % (min(errs), max(errs)) if errs else "-"))
    print("worst stamp error: %d us" % worst)
    if reset_ok is not None:
        print("soft reset stops the stamps: %s" % ("yes" if reset_ok else "NO"))


if __name__ == "__main__":
    main()
