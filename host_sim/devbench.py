"""The device benchmark (tests/bench_device.py) on the simulated board.

    python -m host_sim devbench [--cards N]

The simulator times the SPI bus at its real clock (62.5 MHz once boot.py's clock change is
made, as here) and the button interrupts, in virtual time; the Python code itself runs on
the laptop outside virtual time. So the latencies printed are what the panel's bytes and
the loop's waiting cost, without the Pico's CPU time: lower bounds. Run the benchmark on a
board (``mpremote run tests/bench_device.py``) for the real figures. No heap figure here.
"""
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main(cards):
    from host_sim.device import Device
    with tempfile.TemporaryDirectory() as d:
        dev = Device(os.path.join(d, "flash"))
        dev.hw.idle = dev.machine_idle  # the benchmark runs the firmware in this thread
        from drivers import spi_clock
        spi_clock.peripheral_clock_to_cpu()  # what boot.py does at power-up
        sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tests"))
        from app.loop import App
        import bench_device
        from hardware import board
        b = board.Board()
        a = App(b)
        print("SlapStack device benchmark on the simulated board (SPI and interrupts timed, "
              "CPU time not: lower bounds)")
        for line in bench_device.report(a, b, cards):
            print(line)
    return 0
