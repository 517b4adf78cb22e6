// SlapStack's Python stack (MICROPY_ENABLE_PYSTACK, mpconfigboard.h): every Python call's frame,
// its locals and value stack, is taken from this array and given back as the call returns.
//
// Without it MicroPython puts a frame of up to 11 words on the C stack and takes a larger one
// from the heap, as a run of blocks that the allocator searches for from the heap's first free
// block. Once the menus had loaded and let go of their code, the heap held some 1,900 free
// single blocks below its large free runs, and each such frame took 0.03-0.2 ms to find: most
// drawing calls have more than 11 words of locals and stack, so the Rules menu, some 150 of
// them, opened in 46-55 ms (target 50), by what had run before it. Here a frame costs the same
// whatever the heap looks like, and a call allocates nothing.
//
// 16 KB, 16 KB less heap: the C stack (8 KB) still ends Python's recursion first, 35 calls deep on
// the emulated Pico, where 35 frames of a 12-local function take 3.4 KB of this stack. A call
// past its end would raise RuntimeError("pystack exhausted"). A thread on the second core gets
// a small stack of its own (py/modthread.c); SlapStack starts none.
#include "py/runtime.h"

#define PYSTACK_WORDS (16 * 1024 / sizeof(mp_obj_t))

static mp_obj_t pystack[PYSTACK_WORDS];

// The board's MICROPY_BOARD_EARLY_INIT, before the first mp_init, and MICROPY_BOARD_END_SOFT_RESET,
// when no Python frame is left: the stack starts empty.
void slapstack_pystack_init(void) {
    mp_pystack_init(pystack, &pystack[PYSTACK_WORDS]);
}
