"""The pin map loader runs on the device: MicroPython loads and checks the committed hw/pins.json.

Needs the firmware and hw folders mounted:
    node tests/mpy_run.mjs --mount firmware:/fw --mount hw:/hw tests/run.py test_pinmap
Under CPython the same tests find firmware/ and hw/ next to tests/.
"""
import gc
import json
import os
import sys


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _folders():
    root = __file__.rsplit("/", 2)[0] if "/" in __file__ else "."
    for fw, hw in (("/fw", "/hw"), (root + "/firmware", root + "/hw")):
        if _exists(fw + "/hardware/pinmap.py") and _exists(hw + "/pins.json"):
            return fw, hw
    raise AssertionError("firmware/ and hw/ not found: run with --mount firmware:/fw --mount hw:/hw")


SCRATCH = "/tmp/slapstack_test_pins.json"


def _setup():
    """(pinmap module, path of the committed pins.json); fails, not skips, without the folders."""
    fw, hw = _folders()
    if fw not in sys.path:
        sys.path.append(fw)
    from hardware import pinmap
    return pinmap, hw + "/pins.json"


def _default():
    with open(_setup()[1]) as f:
        return json.load(f)


def _allocated_by(fn):
    """Bytes allocated while fn runs (MicroPython heap counter, or tracemalloc's peak on CPython)."""
    if hasattr(gc, "mem_alloc"):
        gc.collect()
        gc.disable()
        try:
            before = gc.mem_alloc()
            fn()
            return gc.mem_alloc() - before
        finally:
            gc.enable()
    import tracemalloc
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_committed_map_loads_on_the_device():
    pinmap, pins = _setup()
    pm = pinmap.load(pins)
    d = pm.display
    assert (d.driver, d.spi, d.sck, d.mosi, d.miso, d.baudrate) == ("st7789", 0, 18, 19, None, 62500000)
    assert (d.width, d.height) == (320, 240)
    assert len(pm.seats) == 4
    assert [s.button.gpio for s in pm.seats] == [2, 3, 4, 5]
    assert pm.seat_button_mask() == 0x3C
    assert sorted(pm.console) == ["back", "down", "ok", "up"]
    assert pm.console["ok"].pull == "up"
    assert pm.piezo == 15


def test_refusals_name_pin_and_reason_on_the_device():
    pinmap = _setup()[0]
    d = _default()
    d["display"]["dc"] = 16
    d["piezo"] = 25
    d["console"]["up"]["gpio"] = 6
    text = "\n".join(pinmap.validate(d))
    assert "display.dc: GP16 is SPI0's default MISO pin" in text
    assert "piezo: GP25 is reserved on the Pico" in text
    assert "GP6 is used twice: seat 1 LED and console.up" in text


def test_corrupt_and_missing_files_are_refused_on_the_device():
    pinmap = _setup()[0]
    with open(SCRATCH, "w") as f:
        f.write('{"schema": 1, "display": ')
    try:
        try:
            pinmap.load(SCRATCH)
            assert False, "corrupt map was accepted"
        except ValueError as e:
            assert "is not valid JSON" in str(e)
    finally:
        os.remove(SCRATCH)
    try:
        pinmap.load(SCRATCH)
        assert False, "missing map was accepted"
    except ValueError as e:
        assert "cannot be read" in str(e)


def test_loading_the_map_at_boot_costs_little_heap():
    # Measured 9.3 KB on MicroPython 1.28 (file text, parsed JSON, objects); the Pico has ~240 KB.
    pinmap, pins = _setup()
    used = _allocated_by(lambda: pinmap.load(pins))
    assert used < 16 * 1024, used
