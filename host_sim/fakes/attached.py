"""The FakeHardware that the fake ``machine`` module and its classes answer for (one at a time,
as there is one chip): ``host_sim.fakes.install`` attaches it, ``uninstall`` lets it go."""

_hw = None


def attach(hw):
    """Answer for FakeHardware ``hw`` from now on (None: for none)."""
    global _hw
    _hw = hw


def hardware():
    """The attached FakeHardware; the fakes used before ``install`` say so."""
    if _hw is None:
        raise RuntimeError("fake machine used before host_sim.fakes.install()")
    return _hw
