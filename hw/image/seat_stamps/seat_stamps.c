// seat_stamps, built into the SlapStack image: the seat buttons' edges stamped in the GPIO
// interrupt's first instructions (firmware/hid/buttons.py's SlapButtons drains them).
//
// IO_IRQ_BANK0 is one interrupt for every GPIO. MicroPython's own handler (gpio_irq, ports/rp2/
// machine_pin.c: the Pin.irq handlers, the menu keys') sits in the SDK's chain of shared
// handlers for it and looks at all 30 pins each time, some microseconds. While the stamps run,
// the interrupt's vector is seat_vector, in RAM: it reads the 1 MHz timer first, acknowledges
// the seat pins' latched edges, reads GPIO_IN once and, if a seat pin's level differs from the
// last entry's, writes (time, levels) to a ring nothing else writes. One interrupt stamps every
// seat pin that moved with one time. It calls the chain only when another pin's interrupt is
// pending too, so a seat edge that comes a microsecond after another finds the handler done
// and is stamped on its own entry, not after MicroPython's handler.
//
// Why the acknowledgement comes before the GPIO_IN read: an edge latched after the read of
// INTR stays latched (W1C writes only the bits read) and raises the interrupt again; an edge
// between the acknowledgement and the GPIO_IN read is in the levels read. Read the other way
// round, an edge between the two reads would be acknowledged and its level never seen.
//
// When the chain runs (a menu key's edge with a seat's), gpio_irq reads and acknowledges every
// pin's edges, ours included, and drops the ones without a Pin.irq: a seat edge latched while
// it runs would be lost. stamp_last, last in the chain, stamps any seat level that changed
// unseen (late, by gpio_irq's length, but not lost).
//
// Every other interrupt of the port has the SDK's default NVIC priority (0x80: the USB, the
// timer's alarms, DMA; PendSV the lowest). While the stamps run, IO_IRQ_BANK0 has 0x40, so an
// edge that comes while one of those handlers runs preempts it instead of waiting for its end.
// MicroPython's gpio_irq runs at that priority too: the menu keys' short hard handlers may then
// preempt the USB's, as a higher-priority Python hard IRQ may on other ports. Only code that
// turns every interrupt off (a flash write, MicroPython's atomic sections) holds a stamp back.
//
// Times are time.ticks_us() values (the low 30 bits of TIMERAWL, as the rp2 port's ticks_us).
// The ring is a power of two; when it is full the oldest entries are kept, and of the entries
// that find it full only the newest is kept, aside, and delivered after the ring's: the levels
// drain() ends with are always the pins' last levels seen. The others are counted (overruns()).
//
// A soft reset stops the stamps first (the board's MICROPY_BOARD_START_SOFT_RESET calls
// seat_stamps_soft_reset, hw/image/SLAPSTACK/mpconfigboard.h), before machine_pin_deinit takes
// gpio_irq out of the chain: the SDK changes the chain only while the vector is its own.
#include <stdint.h>

#include "py/obj.h"
#include "py/runtime.h"

#include "hardware/gpio.h"
#include "hardware/irq.h"
#include "hardware/structs/iobank0.h"
#include "hardware/structs/scb.h"
#include "hardware/structs/sio.h"
#include "hardware/structs/timer.h"
#include "hardware/sync.h"

#define RING (64u)                    // entries, a power of two
#define TICKS_MASK (0x3FFFFFFFu)      // time.ticks_us() wraps at 2**30
#define EDGES (GPIO_IRQ_EDGE_RISE | GPIO_IRQ_EDGE_FALL)
#define BANKS (4u)                    // INTR registers, 8 GPIOs each (30 GPIOs)
#define STAMP_PRIORITY (0x40)         // IO_IRQ_BANK0's NVIC priority while stamping: above the
                                      // default (0x80) every other interrupt keeps

static uint32_t ring_t[RING];
static uint32_t ring_levels[RING];
static volatile uint32_t ring_w;      // entries written (the interrupt alone writes it)
static volatile uint32_t ring_r;      // entries read (drain alone writes it)
static volatile uint32_t overruns;    // entries dropped: the ring was full
static volatile uint32_t lost_t, lost_levels, lost_waiting;  // the newest dropped entry
static volatile uint32_t seat_mask;   // the seat pins, as GPIO_IN bits (0: stopped)
static volatile uint32_t last_levels; // the seat levels of the last entry (or at start)
static uint32_t ack[BANKS];           // per INTR register: the seat pins' edge bits
static irq_handler_t chain;          // the SDK's chain for IO_IRQ_BANK0 while seat_vector stands in

static inline void __attribute__((always_inline)) stamp(void) {
    uint32_t t = timer_hw->timerawl;  // first: the time the interrupt began
    uint32_t mask = seat_mask;
    for (uint32_t b = 0; b < BANKS; b++) {
        uint32_t bits = ack[b];
        if (bits) {
            uint32_t pending = io_bank0_hw->intr[b] & bits;
            if (pending) {
                io_bank0_hw->intr[b] = pending;  // W1C: the seat edges we answer for
            }
        }
    }
    uint32_t levels = sio_hw->gpio_in & mask;
    if (levels == last_levels || !mask) {
        return;
    }
    last_levels = levels;
    t &= TICKS_MASK;
    uint32_t w = ring_w;
    if (lost_waiting || w - ring_r >= RING) {  // (while one waits aside, the ring takes none:
        if (lost_waiting) {                     //  drain gives it after the ring's, in order)
            overruns = overruns + 1;            // the one it replaces is never delivered
        }
        lost_t = t;
        lost_levels = levels;
        lost_waiting = 1;
        return;
    }
    ring_t[w & (RING - 1)] = t;
    ring_levels[w & (RING - 1)] = levels;
    __dmb();
    ring_w = w + 1;
}

// IO_IRQ_BANK0's vector while the stamps run.
static void __not_in_flash_func(seat_vector)(void) {
    stamp();
    io_bank0_irq_ctrl_hw_t *ctrl = get_core_num() ? &io_bank0_hw->proc1_irq_ctrl : &io_bank0_hw->proc0_irq_ctrl;
    for (uint32_t b = 0; b < BANKS; b++) {
        if (ctrl->ints[b] & ~ack[b]) {  // another pin's interrupt: MicroPython's handlers
            chain();
            return;
        }
    }
}

// Last in the chain: a seat edge gpio_irq acknowledged before seat_vector saw it.
static void __not_in_flash_func(stamp_last)(void) {
    stamp();
}

static inline irq_handler_t *vector(void) {
    return &((irq_handler_t *)scb_hw->vtor)[VTABLE_FIRST_IRQ + IO_IRQ_BANK0];
}

static void set_edges(uint32_t mask, bool on) {
    for (uint gpio = 0; gpio < NUM_BANK0_GPIOS; gpio++) {
        if (mask & (1u << gpio)) {
            gpio_set_irq_enabled(gpio, EDGES, on);  // (acknowledges the old edges first)
        }
    }
}

// start(mask): stamp the edges of the GPIOs in mask (bit n: GPIO n) from now on, an empty
// ring, no overruns. Returns GPIO_IN & mask, the levels the first entry differs from.
static mp_obj_t seat_stamps_start(mp_obj_t mask_obj) {
    uint32_t mask = (uint32_t)mp_obj_get_int(mask_obj);
    if (mask >> NUM_BANK0_GPIOS) {
        mp_raise_ValueError(MP_ERROR_TEXT("mask: GPIOs 0..29 only"));
    }
    uint32_t old = seat_mask;
    seat_mask = 0;
    set_edges(old, false);
    if (chain == NULL) {
        irq_add_shared_handler(IO_IRQ_BANK0, stamp_last, PICO_SHARED_IRQ_HANDLER_LOWEST_ORDER_PRIORITY);
        uint32_t state = save_and_disable_interrupts();
        chain = *vector();
        *vector() = seat_vector;
        restore_interrupts(state);
    }
    uint32_t state = save_and_disable_interrupts();
    for (uint32_t b = 0; b < BANKS; b++) {
        uint32_t bits = 0;
        for (uint32_t j = 0; j < 8; j++) {
            if (mask & (1u << (8 * b + j))) {
                bits |= (uint32_t)EDGES << (4 * j);
            }
        }
        ack[b] = bits;
    }
    ring_r = ring_w;
    overruns = 0;
    lost_waiting = 0;
    set_edges(mask, true);
    uint32_t levels = sio_hw->gpio_in & mask;
    last_levels = levels;
    seat_mask = mask;
    restore_interrupts(state);
    irq_set_priority(IO_IRQ_BANK0, STAMP_PRIORITY);
    irq_set_enabled(IO_IRQ_BANK0, true);
    return mp_obj_new_int_from_uint(levels);
}
static MP_DEFINE_CONST_FUN_OBJ_1(seat_stamps_start_obj, seat_stamps_start);

// stop(): no more stamps; the interrupt gets its chain (without stamp_last) and the default
// priority back.
static mp_obj_t seat_stamps_stop(void) {
    uint32_t old = seat_mask;
    seat_mask = 0;
    set_edges(old, false);
    for (uint32_t b = 0; b < BANKS; b++) {
        ack[b] = 0;
    }
    if (chain != NULL) {
        uint32_t state = save_and_disable_interrupts();
        if (*vector() == seat_vector) {
            *vector() = chain;
        }
        chain = NULL;
        restore_interrupts(state);
        irq_remove_handler(IO_IRQ_BANK0, stamp_last);
    }
    irq_set_priority(IO_IRQ_BANK0, PICO_DEFAULT_IRQ_PRIORITY);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_0(seat_stamps_stop_obj, seat_stamps_stop);

static int32_t *words(mp_obj_t a, size_t *n) {
    mp_buffer_info_t info;
    mp_get_buffer_raise(a, &info, MP_BUFFER_RW);
    if (info.typecode != 'i' && info.typecode != 'I') {
        mp_raise_ValueError(MP_ERROR_TEXT("drain needs array('i')s"));
    }
    *n = info.len / sizeof(int32_t);
    return info.buf;
}

// drain(times, levels): move the oldest entries into the two array('i')s, as many as both
// hold. Returns how many. The interrupt is never held off: the ring has one writer (the
// interrupt) and one reader (this); only the dropped entry kept aside is read with
// interrupts off, for three loads.
static mp_obj_t seat_stamps_drain(mp_obj_t times_obj, mp_obj_t levels_obj) {
    size_t nt, nl;
    int32_t *times = words(times_obj, &nt);
    int32_t *levels = words(levels_obj, &nl);
    size_t room = nt < nl ? nt : nl;
    size_t n = 0;
    uint32_t r = ring_r;
    uint32_t w = ring_w;
    __dmb();
    while (r != w && n < room) {
        times[n] = (int32_t)ring_t[r & (RING - 1)];
        levels[n] = (int32_t)ring_levels[r & (RING - 1)];
        r++;
        n++;
    }
    __dmb();
    ring_r = r;
    if (r == w && n < room && lost_waiting) {
        uint32_t state = save_and_disable_interrupts();
        if (lost_waiting && ring_w == r) {
            times[n] = (int32_t)lost_t;
            levels[n] = (int32_t)lost_levels;
            lost_waiting = 0;
            n++;
        }
        restore_interrupts(state);
    }
    return MP_OBJ_NEW_SMALL_INT((mp_int_t)n);
}
static MP_DEFINE_CONST_FUN_OBJ_2(seat_stamps_drain_obj, seat_stamps_drain);

// pending(): how many entries drain() would give now.
static mp_obj_t seat_stamps_pending(void) {
    return MP_OBJ_NEW_SMALL_INT((mp_int_t)((ring_w - ring_r) + lost_waiting));
}
static MP_DEFINE_CONST_FUN_OBJ_0(seat_stamps_pending_obj, seat_stamps_pending);

// overruns(): the entries dropped since start() because the ring was full.
static mp_obj_t seat_stamps_overruns(void) {
    return mp_obj_new_int_from_uint(overruns);
}
static MP_DEFINE_CONST_FUN_OBJ_0(seat_stamps_overruns_obj, seat_stamps_overruns);

// The board's MICROPY_BOARD_START_SOFT_RESET: a soft reset stops the stamps.
void seat_stamps_soft_reset(void) {
    seat_stamps_stop();
}

static const mp_rom_map_elem_t seat_stamps_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_seat_stamps) },
    { MP_ROM_QSTR(MP_QSTR_start), MP_ROM_PTR(&seat_stamps_start_obj) },
    { MP_ROM_QSTR(MP_QSTR_stop), MP_ROM_PTR(&seat_stamps_stop_obj) },
    { MP_ROM_QSTR(MP_QSTR_drain), MP_ROM_PTR(&seat_stamps_drain_obj) },
    { MP_ROM_QSTR(MP_QSTR_pending), MP_ROM_PTR(&seat_stamps_pending_obj) },
    { MP_ROM_QSTR(MP_QSTR_overruns), MP_ROM_PTR(&seat_stamps_overruns_obj) },
    { MP_ROM_QSTR(MP_QSTR_SIZE), MP_ROM_INT(RING) },
};
static MP_DEFINE_CONST_DICT(seat_stamps_globals, seat_stamps_globals_table);

const mp_obj_module_t seat_stamps_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&seat_stamps_globals,
};

MP_REGISTER_MODULE(MP_QSTR_seat_stamps, seat_stamps_module);
