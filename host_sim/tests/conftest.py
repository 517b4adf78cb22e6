"""Shared by the host tests.

- One hypothesis profile for every property test: 10,000 examples each, derandomized so
  CI runs the same games every time. SLAPSTACK_EXAMPLES=300 makes a quick run.
- The end-to-end tests' simulated device (``make_device``) and the golden-image switch:

    pytest host_sim --update-golden     rewrite host_sim/golden/*.png from what the firmware
                                        draws now (then look at them before committing)
"""
import json
import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "slapstack",
    max_examples=int(os.environ.get("SLAPSTACK_EXAMPLES", "10000")),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("slapstack")


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite host_sim/golden/*.png instead of comparing against them")


@pytest.fixture
def update_golden(request):
    return request.config.getoption("--update-golden")


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
