"""Shared by the host tests.

- The property tests' hypothesis profiles, derandomized so CI runs the same games every time:
  ``slapstack`` (``make test``, CI) plays 4,000 examples a test, ``deep`` the full 10,000
  (``make test-deep``: ``pytest --hypothesis-profile=deep``). 4,000 is twice the count that
  found every one of the 17 engine bugs, planted to choose it, that the 10,000 found (a run
  that wraps round first at 2,000, one at 100, the rest at 50); 4 more planted bugs escape
  the 10,000 too.
- Each test's garbage collections walk only what the test and its fixtures make
  (``gc.freeze`` as it is set up). The simulated firmware collects as the chip does (after
  every pile taken, on every menu); without the freeze each of those walks everything the
  worker's earlier tests left alive (build123d's model, hypothesis's examples, some 470,000
  objects), and a worker spends most of its time in the collector. Frozen before its
  fixtures, a test's device is still collected once the test is over.
- The fakes installed (``hw``: host_sim.fakes.install(), uninstalled after the test).
- The display tests' panels (``rig``: each kind of panel in turn; ``board``: make one).
- The end-to-end tests' simulated device (``make_device``) and the golden-image switch:

    pytest host_sim --update-golden     rewrite host_sim/golden/*.png from what the firmware
                                        draws now (then look at them before committing)
"""
import gc
import json
import os

import pytest
from hypothesis import HealthCheck, settings

from host_sim.panel_model import KINDS

_PROPERTY = dict(deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("slapstack", max_examples=4000, **_PROPERTY)
settings.register_profile("deep", max_examples=10000, **_PROPERTY)
settings.load_profile("slapstack")  # --hypothesis-profile=deep picks the other


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    gc.collect()
    gc.freeze()


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite host_sim/golden/*.png instead of comparing against them")


@pytest.fixture
def update_golden(request):
    return request.config.getoption("--update-golden")


@pytest.fixture
def hw():
    """The simulated board (host_sim.fakes.install()), its fakes removed after the test."""
    from host_sim import fakes
    yield fakes.install()
    fakes.uninstall()


@pytest.fixture(params=KINDS)
def rig(request):
    """A display on the simulated board (display_rig.make), for each kind of panel; the fakes
    removed after the test."""
    from host_sim import display_rig, fakes
    yield display_rig.make(request.param)
    fakes.uninstall()


@pytest.fixture
def board():
    """display_rig.make, with the fakes removed after the test."""
    from host_sim import display_rig, fakes
    yield display_rig.make
    fakes.uninstall()


@pytest.fixture
def flash(tmp_path):
    """The device's flash filesystem: a folder (pins.json is copied in at boot)."""
    d = tmp_path / "flash"
    d.mkdir()
    return d


@pytest.fixture
def make_device(flash):
    """make_device(settings=None, boot=True, **options) -> a Device on the ``flash`` folder."""
    from host_sim.device import Device
    made = []

    def make(settings=None, boot=True, **options):
        if settings is not None:
            (flash / "settings.json").write_text(json.dumps(settings))
        dev = Device(str(flash), **options)
        made.append(dev)
        return dev.boot() if boot else dev

    yield make
    for dev in made:
        dev.close()


@pytest.fixture
def bench_on_board(make_device, monkeypatch):
    """bench_on_board(name) -> (device, the benchmark script ``tests/<name>.py`` as a module,
    App, Board): a device benchmark run by the test on the simulated board, as boot.py
    leaves it (SPI clock), with a fixed heap figure (CPython has none)."""
    import gc
    import sys
    tests = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "tests")
    loaded = []

    def load(name):
        dev = make_device(boot=False)
        dev.hw.idle = dev.machine_idle   # the test runs the firmware itself, in its own thread
        monkeypatch.setattr(gc, "mem_alloc", lambda: 50000, raising=False)
        from drivers import spi_clock
        spi_clock.peripheral_clock_to_cpu()  # what boot.py does
        monkeypatch.syspath_prepend(tests)
        import importlib
        from app.loop import App
        from hardware import board
        bench = importlib.import_module(name)
        loaded.append(name)
        if hasattr(bench, "HEAP"):
            monkeypatch.setattr(bench, "HEAP", True)
        b = board.Board()
        return dev, bench, App(b), b

    yield load
    for name in loaded:
        sys.modules.pop(name, None)
