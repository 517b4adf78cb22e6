// SlapStack: a Raspberry Pi Pico with MicroPython's stock configuration plus a ROMFS partition.
// The filesystem keeps the stock Pico's place and size (the top 1408 KB of the 2 MB flash), so a
// board moved from the stock image keeps its settings, statistics and replays. The ROMFS
// partition lies just below it: `make flash` writes the compiled firmware there, mounted at
// /rom, where its .mpy modules run in place (their bytecode and names take no heap).
#define MICROPY_HW_BOARD_NAME                   "SlapStack (Raspberry Pi Pico)"
#define MICROPY_HW_FLASH_STORAGE_BYTES          (1408 * 1024)
#define MICROPY_HW_ROMFS_BYTES                  (256 * 1024)

// seat_stamps (hw/image/seat_stamps/) stands in for the GPIO interrupt's vector while it
// stamps the seats: a soft reset stops it first, before machine_pin_deinit changes the SDK's
// chain of GPIO handlers.
extern void seat_stamps_soft_reset(void);
#define MICROPY_BOARD_START_SOFT_RESET() seat_stamps_soft_reset()

// Python calls' frames on a Python stack of their own, not the heap (SLAPSTACK/pystack.c says why).
#define MICROPY_ENABLE_PYSTACK                  (1)
extern void slapstack_pystack_init(void);
#define MICROPY_BOARD_EARLY_INIT() slapstack_pystack_init()
#define MICROPY_BOARD_END_SOFT_RESET() slapstack_pystack_init()
