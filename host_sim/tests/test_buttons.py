"""Slap buttons on the simulated RP2040: fair times, debounce, stuck buttons, wrap-around.

Every test runs the real firmware/hid/buttons.py on a virtual clock twice: with the seats
stamped by the fake ``seat_stamps`` (the SlapStack image's C stamps, the host's usual path),
and with them stamped by the Python hard IRQ under the allocation guard (the path without
the module). ``irq_entry_us``/``irq_handler_us`` give the interrupt the cost it has on the
device so pin-order bias would show; the C stamp, the vector's first instructions, costs
nothing (on the chip: 0-1 us, tests/device/test_stamps.py), so ``sim.late`` is 0 there.
"""

import sys
import time

import pytest

from host_sim.fakes import VirtualClock, install, uninstall


MS = 1000


class Edges:
    def __init__(self):
        self.events = []

    def __call__(self, seat, pressed, t):
        self.events.append((seat, pressed, t))

    def presses(self):
        return [(s, t) for s, p, t in self.events if p]


@pytest.fixture(params=["seat_stamps", "pin_irq"])
def sim(request, monkeypatch):
    def start(clock=None, **options):
        options.setdefault("irq_entry_us", 3)
        options.setdefault("irq_handler_us", 30)
        hw = install(clock, **options)
        start.late = 0 if start.c_stamps else options["irq_entry_us"]  # a press to its stamp, us
        from hid import buttons
        if request.param == "pin_irq":
            monkeypatch.setattr(buttons, "seat_stamps", None)
        else:
            assert buttons.seat_stamps is sys.modules["seat_stamps"]
        return hw
    start.c_stamps = request.param == "seat_stamps"
    yield start
    uninstall()


def slap_buttons(gpios, **kw):
    from hid import buttons
    return buttons.SlapButtons(list(gpios), **kw)


def poll(btns):
    got = Edges()
    btns.poll(time.ticks_us(), got)
    return got.events


def run_to(hw, t):
    hw.clock.advance_to(t)


# --- fairness ---------------------------------------------------------------------------
@pytest.mark.parametrize("wiring", [(2, 9), (9, 2), (21, 4)])
def test_seats_pressed_in_the_same_interrupt_get_the_same_time_whatever_their_pins(sim, wiring):
    hw = sim()
    btns = slap_buttons(wiring)
    hw.sim_set_levels({wiring[0]: 0, wiring[1]: 0}, at_us=10 * MS)
    run_to(hw, 20 * MS)
    events = poll(btns)
    assert sorted(events) == [(0, True, 10 * MS + sim.late), (1, True, 10 * MS + sim.late)]


@pytest.mark.parametrize("handler_us", [0, 30])
def test_a_higher_pin_pressed_1us_earlier_wins(sim, handler_us):
    hw = sim(irq_entry_us=0, irq_handler_us=handler_us)
    btns = slap_buttons((2, 9))  # seat 0 on GPIO 2, seat 1 on GPIO 9
    hw.sim_set_level(9, 0, at_us=10 * MS)
    hw.sim_set_level(2, 0, at_us=10 * MS + 1)
    run_to(hw, 20 * MS)
    # in Python, with a busy handler the later press is stamped when the vector runs again;
    # the C stamp runs before any handler
    late = 1 if sim.c_stamps else max(1, handler_us)
    assert poll(btns) == [(1, True, 10 * MS), (0, True, 10 * MS + late)]


def test_presses_closer_than_the_interrupt_latency_tie_they_never_swap(sim):
    hw = sim(irq_entry_us=3)
    btns = slap_buttons((2, 9))
    hw.sim_set_level(9, 0, at_us=10 * MS)
    hw.sim_set_level(2, 0, at_us=10 * MS + 1)  # lands while the CPU enters the Python interrupt
    run_to(hw, 20 * MS)
    if sim.c_stamps:  # the C vector's stamp is done by then: the next run stamps it
        assert poll(btns) == [(1, True, 10 * MS), (0, True, 10 * MS + 1)]
    else:
        assert sorted(poll(btns)) == [(0, True, 10 * MS + 3), (1, True, 10 * MS + 3)]


# --- debounce ---------------------------------------------------------------------------
def test_bounce_within_the_lockout_is_ignored_and_the_first_edge_is_the_time(sim):
    hw = sim()
    btns = slap_buttons((5,))
    for k, t in enumerate((1000, 1300, 1700, 2600, 4100, 6000, 6500)):  # press, contacts chatter
        hw.sim_set_level(5, k % 2, at_us=t)
    run_to(hw, 20 * MS)
    for k, t in enumerate((50_000, 50_400, 51_000)):  # release with chatter
        hw.sim_set_level(5, 1 - k % 2, at_us=t)
    run_to(hw, 80 * MS)
    assert poll(btns) == [(0, True, 1000 + sim.late), (0, False, 50_000 + sim.late)]


def test_a_held_button_never_counts_twice(sim):
    hw = sim()
    btns = slap_buttons((5, 6))
    hw.sim_set_level(5, 0, at_us=1 * MS)
    for k in range(6):  # the other seat keeps slapping: every interrupt sees seat 0 still down
        hw.sim_set_level(6, k % 2, at_us=(20 + 20 * k) * MS)
    run_to(hw, 200 * MS)
    events = poll(btns)
    assert [e for e in events if e[0] == 0] == [(0, True, 1 * MS + sim.late)]
    assert btns.is_down(0)


def test_a_second_press_counts_only_after_a_release(sim):
    hw = sim()
    btns = slap_buttons((5,))
    hw.sim_set_level(5, 0, at_us=1 * MS)
    hw.sim_set_level(5, 1, at_us=30 * MS)
    hw.sim_set_level(5, 0, at_us=60 * MS)
    run_to(hw, 100 * MS)
    assert [p for _, p, _ in poll(btns)] == [True, False, True]


def test_a_tap_shorter_than_the_lockout_is_reported_in_time_order(sim):
    hw = sim()
    btns = slap_buttons((5, 6))
    hw.sim_set_level(5, 0, at_us=1 * MS)
    hw.sim_set_level(6, 0, at_us=3 * MS)
    hw.sim_set_level(5, 1, at_us=4 * MS)  # released inside seat 0's lockout
    run_to(hw, 20 * MS)
    assert poll(btns) == [(0, True, 1 * MS + sim.late), (1, True, 3 * MS + sim.late), (0, False, 4 * MS + sim.late)]
    assert not btns.is_down(0)


# --- stuck buttons ------------------------------------------------------------------------
def test_a_stuck_button_is_reported_does_not_block_others_and_recovers(sim):
    hw = sim()
    btns = slap_buttons((5, 6))
    hw.sim_set_level(5, 0, at_us=1 * MS)
    run_to(hw, 2_000 * MS)
    assert [e[:2] for e in poll(btns)] == [(0, True)]
    assert btns.stuck_seats() == 0
    run_to(hw, 3_100 * MS)
    poll(btns)
    assert btns.stuck_seats() == 0b01
    hw.sim_set_level(6, 0, at_us=3_200 * MS)  # the other seat still slaps
    run_to(hw, 3_300 * MS)
    assert poll(btns) == [(1, True, 3_200 * MS + sim.late)]
    hw.sim_set_level(5, 1, at_us=4_000 * MS)
    run_to(hw, 4_100 * MS)
    assert poll(btns) == [(0, False, 4_000 * MS + sim.late)]
    assert btns.stuck_seats() == 0


def test_a_nap_knows_when_the_buttons_next_need_a_poll(sim):
    # Board.nap sleeps through a held button: what a poll would do without a new edge is
    # timed (a lockout's end, a held button turning stuck), and an edge waiting ends the nap
    hw = sim()
    btns = slap_buttons((5, 6))
    assert btns.due_in(time.ticks_us()) is None and not btns.moved()   # all up: only an edge brings work
    hw.sim_set_level(5, 0, at_us=1 * MS)
    hw.sim_set_level(5, 1, at_us=2 * MS)                                # a tap inside its lockout
    run_to(hw, 3 * MS)
    assert btns.moved() and btns.due_in(time.ticks_us()) == 0         # the press waits for a poll
    assert [e[:2] for e in poll(btns)] == [(0, True)]
    assert not btns.moved()
    assert btns.due_in(time.ticks_us()) == 1 * MS + sim.late + 8 * MS - 3 * MS  # its release, at the lockout's end
    run_to(hw, 10 * MS)
    assert poll(btns) == [(0, False, 2 * MS + sim.late)]
    assert btns.due_in(time.ticks_us()) is None
    hw.sim_set_level(6, 0, at_us=20 * MS)                               # held down
    run_to(hw, 40 * MS)
    poll(btns)
    assert btns.due_in(time.ticks_us()) == 20 * MS + sim.late + 3_000 * MS - 40 * MS  # stuck then
    run_to(hw, 3_020 * MS + sim.late)
    assert btns.due_in(time.ticks_us()) == 0
    poll(btns)
    assert btns.stuck_seats() == 0b10 and btns.due_in(time.ticks_us()) is None  # stuck: nothing timed


# --- the timer wraps at 2**30 us (about 18 minutes) -------------------------------------------
def test_presses_across_the_ticks_wrap_keep_order_and_lockout(sim):
    hw = sim(VirtualClock.near_wrap(before_us=5 * MS))
    start = hw.clock.now_us
    btns = slap_buttons((5, 6))
    hw.sim_set_level(5, 0, at_us=start + 4 * MS)   # 1 ms before the wrap
    hw.sim_set_level(5, 1, at_us=start + 6 * MS)   # bounce just after it: ignored
    hw.sim_set_level(5, 0, at_us=start + 7 * MS)
    hw.sim_set_level(6, 0, at_us=start + 6 * MS + 500)
    run_to(hw, start + 30 * MS)
    events = poll(btns)
    assert [(s, p) for s, p, _ in events] == [(0, True), (1, True)]
    t0, t1 = events[0][2], events[1][2]
    assert t0 > t1  # raw values wrapped...
    assert time.ticks_diff(t1, t0) == 2_500  # ...the difference did not


def test_a_press_after_a_long_quiet_spell_is_not_mistaken_for_bounce(sim):
    hw = sim()
    btns = slap_buttons((5,))
    hw.sim_set_level(5, 0, at_us=1 * MS)
    hw.sim_set_level(5, 1, at_us=100 * MS)
    run_to(hw, 200 * MS)
    poll(btns)
    quiet = 10 * 60 * 1_000_000  # 10 minutes: beyond ticks_diff's 2**29 us reach
    hw.sim_set_level(5, 0, at_us=100 * MS + quiet)
    run_to(hw, 200 * MS + quiet)
    assert poll(btns) == [(0, True, (100 * MS + quiet + sim.late) % (1 << 30))]


# --- ring buffer overflow ---------------------------------------------------------------------
def test_a_full_ring_keeps_the_oldest_edges_and_counts_the_rest(sim):
    hw = sim()
    btns = slap_buttons((5, 6), ring_size=4)
    for k in range(3):  # 6 edges, nobody polls
        hw.sim_set_level(5, 0, at_us=(1 + 40 * k) * MS)
        hw.sim_set_level(5, 1, at_us=(21 + 40 * k) * MS)
    run_to(hw, 200 * MS)
    events = poll(btns)
    assert [t for _, _, t in events] == [1 * MS + sim.late, 21 * MS + sim.late, 41 * MS + sim.late, 61 * MS + sim.late]
    assert btns.overruns == 2
    assert not btns.is_down(0)
    hw.sim_set_level(6, 0, at_us=210 * MS)
    run_to(hw, 220 * MS)
    assert poll(btns) == [(1, True, 210 * MS + sim.late)]


@pytest.mark.parametrize("sim", ["seat_stamps"], indirect=True)  # (the Python path has no C ring)
def test_a_full_c_ring_keeps_the_oldest_and_the_last_levels(sim):
    """seat_stamps' ring (64 entries) fills with a long chatter nobody polls: the oldest
    entries and the newest are kept, so the button's state is still right."""
    hw = sim()
    assert sim.c_stamps
    btns = slap_buttons((5,))
    for k in range(67):  # chatter every 50 us, ending pressed: the ring's last entry is a release
        hw.sim_set_level(5, k % 2, at_us=1 * MS + 50 * k)
    run_to(hw, 20 * MS)
    assert poll(btns) == [(0, True, 1 * MS + sim.late)]
    assert btns.is_down(0)
    assert btns.overruns == 67 - 64 - 1  # the others replaced by the newest, kept aside
    hw.sim_set_level(5, 1, at_us=30 * MS)
    run_to(hw, 40 * MS)
    assert poll(btns) == [(0, False, 30 * MS + sim.late)]


# --- set-up and tear-down ------------------------------------------------------------------
def test_pull_ups_and_hard_irqs_on_both_edges(sim):
    hw = sim()
    btns = slap_buttons((5, 6))
    import machine
    assert machine.Pin(5).value() == 1  # pulled up, not pressed
    both = machine.Pin.IRQ_FALLING | machine.Pin.IRQ_RISING
    if sim.c_stamps:  # the C stamps' edges, no Pin.irq
        assert hw.gpios[5].raw == both and hw.gpios[5].handler is None
    else:
        assert hw.gpios[5].hard and hw.gpios[5].trigger == both
    btns.deinit()
    hw.sim_set_level(5, 0, at_us=1 * MS)
    run_to(hw, 20 * MS)
    assert poll(btns) == []


def test_active_high_buttons(sim):
    hw = sim()
    btns = slap_buttons((5,), active_low=False)
    hw.sim_set_level(5, 1, at_us=1 * MS)
    run_to(hw, 20 * MS)
    assert poll(btns) == [(0, True, 1 * MS + sim.late)]


def test_a_button_held_at_power_on_is_down_and_later_stuck(sim):
    hw = sim()
    hw.sim_set_level(5, 0)
    btns = slap_buttons((5,))
    assert btns.is_down(0)
    run_to(hw, 3_500 * MS)
    assert poll(btns) == []
    assert btns.stuck_seats() == 1


# --- console keys -----------------------------------------------------------------------------
def test_console_key_repeats_while_held(sim):
    hw = sim()
    from hid import buttons
    keys = buttons.ConsoleKeys([10, 11], repeat_delay_us=400 * MS, repeat_us=100 * MS)
    hw.sim_set_level(11, 0, at_us=1 * MS)
    run_to(hw, 650 * MS)
    got = Edges()
    keys.poll(time.ticks_us(), got)
    hw.sim_set_level(11, 1, at_us=700 * MS)
    run_to(hw, 1_000 * MS)
    keys.poll(time.ticks_us(), got)
    t0 = 1 * MS + 3
    assert got.events == [(1, True, t0), (1, True, t0 + 400 * MS), (1, True, t0 + 500 * MS),
                          (1, True, t0 + 600 * MS), (1, False, 700 * MS + 3)]


def test_console_keys_without_repeat_report_press_and_release_once(sim):
    hw = sim()
    from hid import buttons
    keys = buttons.ConsoleKeys([10])
    hw.sim_set_level(10, 0, at_us=1 * MS)
    hw.sim_set_level(10, 1, at_us=2_000 * MS)
    run_to(hw, 2_100 * MS)
    got = Edges()
    keys.poll(time.ticks_us(), got)
    assert got.events == [(0, True, 1 * MS + 3), (0, False, 2_000 * MS + 3)]


# --- setting up -------------------------------------------------------------------------------
def test_a_group_starts_from_the_buttons_levels_and_refuses_a_bad_ring(sim):
    """A button held at power-up is down from the start (its release is the first edge);
    a ring size that is not a power of two is refused with a message."""
    hw = sim()
    hw.sim_set_level(3, 0, at_us=0)
    btns = slap_buttons([2, 3])
    assert not btns.is_down(0) and btns.is_down(1)
    with pytest.raises(ValueError, match="power of two"):
        slap_buttons([2], ring_size=12)


def test_ctrl_c_in_a_poll_leaves_interrupts_on(sim, monkeypatch):
    # mpremote stops the firmware with Ctrl-C, which lands wherever the loop is; in the
    # poll's critical section it once left interrupts off and the board deaf to USB
    hw = sim()
    btns = slap_buttons([2, 3])
    hw.sim_set_level(2, 0, at_us=10 * MS)
    run_to(hw, 30 * MS)
    assert poll(btns) == [(0, True, 10 * MS + sim.late)]
    fw_time = sys.modules["hid.buttons"].time
    real_diff = fw_time.ticks_diff

    def interrupted(a, b):
        monkeypatch.setattr(fw_time, "ticks_diff", real_diff)
        raise KeyboardInterrupt

    monkeypatch.setattr(fw_time, "ticks_diff", interrupted)
    with pytest.raises(KeyboardInterrupt):
        poll(btns)
    assert not hw.irq_disabled
    hw.sim_set_level(2, 1, at_us=40 * MS)
    run_to(hw, 60 * MS)
    assert poll(btns) == [(0, False, 40 * MS + sim.late)]      # the release's interrupt still comes
