from slapstack import clock


def test_add_and_diff_on_the_ring():
    top = clock.MASK
    assert clock.add(top, 1) == 0
    assert clock.add(top - 5, 10) == 4
    assert clock.add(3, -5) == top - 1
    assert clock.add(100, 0) == 100
    assert clock.diff(4, top - 5) == 10
    assert clock.diff(top - 5, 4) == -10
    assert clock.diff(7, 7) == 0
    assert clock.diff(clock.HALF - 1, 0) == clock.HALF - 1
    assert clock.diff(0, clock.HALF) == -clock.HALF


def test_add_and_diff_agree_with_plain_arithmetic():
    for t in (0, 1, 12345, clock.HALF, clock.MASK - 70000, clock.MASK):
        for d in (-300000000, -70000, -1, 0, 1, 69999, 70001, 300000000):
            assert clock.add(t, d) == (t + d) % (clock.MASK + 1)
            assert clock.diff(clock.add(t, d), t) == d


def test_elapsed_unwraps_long_games():
    from slapstack.eventlog import Elapsed
    e = Elapsed(clock.MASK - 10)
    assert e.at(5) == 16
    assert e.at(clock.add(5, 500000000)) == 500000016
