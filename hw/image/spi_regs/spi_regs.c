// spi_regs, built into the SlapStack image: the register work of firmware/drivers/spi_dma.py
// in C.
//
// Built in, the code lives in flash and takes no heap (a viper module's machine code would be
// copied into it: 2.6 KB on MicroPython 1.28). spi_regs.pyi beside this file gives its types.
//
// p is an array('i') of SpiDma's numbers: [DMA channel registers, SPI block, DC pin mask, CS
// pin mask, channel control, panel width, panel height]; fill's is [channel registers, the
// address of the word its channel reads, channel control].
#include <stdint.h>

#include "py/obj.h"
#include "py/runtime.h"

#define SSPDR (0x08)         // the SPI block's data register
#define SSPSR (0x0C)         // its status register
#define BSY (0x10)           // still shifting a frame out
#define DMA_BUSY (1u << 24)  // CTRL_TRIG: the channel is still copying
#define SIO_OUT_SET (0xD0000014u)
#define SIO_OUT_CLR (0xD0000018u)
#define CASET (0x2A)         // the panel's address commands (MIPI DCS)
#define RASET (0x2B)
#define RAMWR (0x2C)

typedef volatile uint32_t reg_t;

static int32_t *numbers(mp_obj_t p, size_t n) {
    mp_buffer_info_t info;
    mp_get_buffer_raise(p, &info, MP_BUFFER_RW);
    if (info.typecode != 'i' || info.len < n * sizeof(int32_t)) {
        mp_raise_ValueError(MP_ERROR_TEXT("p must be an array('i') of SpiDma's numbers"));
    }
    return info.buf;
}

static reg_t *reg(int32_t address) {
    return (reg_t *)(uintptr_t)(uint32_t)address;
}

static uint8_t *bytes_of(mp_obj_t b, size_t n) {
    mp_buffer_info_t info;
    mp_get_buffer_raise(b, &info, MP_BUFFER_READ);
    if (info.len < n) {
        mp_raise_ValueError(MP_ERROR_TEXT("buffer shorter than the count"));
    }
    return info.buf;
}

// Until the channel has copied its last byte and the SPI block has shifted it out.
static void idle(const int32_t *q) {
    reg_t *ctrl = reg(q[0] + 12);
    reg_t *status = reg(q[1] + SSPSR);
    while (*ctrl & DMA_BUSY) {
    }
    while (*status & BSY) {
    }
}

static mp_obj_t spi_regs_wait(mp_obj_t p) {
    idle(numbers(p, 7));
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(spi_regs_wait_obj, spi_regs_wait);

// Once the last transfer is over, start copying the first n bytes of buf to the data register.
static mp_obj_t spi_regs_start(mp_obj_t p, mp_obj_t buf, mp_obj_t count) {
    const int32_t *q = numbers(p, 7);
    mp_int_t n = mp_obj_get_int(count);
    uint8_t *b = bytes_of(buf, n < 0 ? 0 : (size_t)n);
    reg_t *ch = reg(q[0]);
    while (ch[3] & DMA_BUSY) {
    }
    ch[0] = (uint32_t)(uintptr_t)b; // READ_ADDR
    ch[1] = (uint32_t)q[1] + SSPDR; // WRITE_ADDR
    ch[2] = (uint32_t)n;            // TRANS_COUNT
    ch[3] = (uint32_t)q[4];         // CTRL_TRIG: go
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_3(spi_regs_start_obj, spi_regs_start);

// End the last CS frame once its pixels are out, then open one for the rectangle at xy
// (x << 16 | y) of size wh (w << 16 | h): CASET, RASET and RAMWR with their parameters, DC low
// for each command and high after it, CS left low for the pixels. Returns 0, sending nothing,
// for a rectangle not wholly on the panel, else 1.
static mp_obj_t spi_regs_window(mp_obj_t p, mp_obj_t xy_obj, mp_obj_t wh_obj) {
    const int32_t *q = numbers(p, 7);
    int32_t xy = mp_obj_get_int(xy_obj);
    int32_t wh = mp_obj_get_int(wh_obj);
    int32_t x = xy >> 16, y = xy & 0xFFFF, w = wh >> 16, h = wh & 0xFFFF;
    if (x < 0 || w <= 0 || h <= 0 || x + w > q[5] || y + h > q[6]) {
        return MP_OBJ_NEW_SMALL_INT(0);
    }
    reg_t *status = reg(q[1] + SSPSR);
    reg_t *data = reg(q[1] + SSPDR);
    reg_t *out_set = reg(SIO_OUT_SET);
    reg_t *out_clr = reg(SIO_OUT_CLR);
    uint32_t dc = (uint32_t)q[2], cs = (uint32_t)q[3];
    idle(q);
    *out_set = cs;
    *out_clr = cs;
    const uint8_t cmds[3] = {CASET, RASET, RAMWR};
    const int32_t first[2] = {x, y}, last[2] = {x + w - 1, y + h - 1};
    for (int i = 0; i < 3; i++) {
        *out_clr = dc; // (the block is idle here: its last byte has shifted out)
        *data = cmds[i];
        while (*status & BSY) {
        }
        *out_set = dc;
        if (i == 2) {
            break;
        }
        *data = (first[i] >> 8) & 0xFF; // four bytes fit the block's 8-deep FIFO
        *data = first[i] & 0xFF;
        *data = (last[i] >> 8) & 0xFF;
        *data = last[i] & 0xFF;
        while (*status & BSY) {
        }
    }
    return MP_OBJ_NEW_SMALL_INT(1);
}
static MP_DEFINE_CONST_FUN_OBJ_3(spi_regs_window_obj, spi_regs_window);

// Where buf's bytes are in memory.
static mp_obj_t spi_regs_address(mp_obj_t buf) {
    return mp_obj_new_int_from_uint((uintptr_t)bytes_of(buf, 0));
}
static MP_DEFINE_CONST_FUN_OBJ_1(spi_regs_address_obj, spi_regs_address);

// Fill the first n bytes (whole pixels) of buf with colour c, a word (two pixels) a transfer,
// and wait until it is done.
static mp_obj_t spi_regs_fill(size_t n_args, const mp_obj_t *args) {
    const int32_t *q = numbers(args[0], 3);
    mp_int_t n = mp_obj_get_int(args[2]);
    uint8_t *b = bytes_of(args[1], n < 0 ? 0 : (size_t)n);
    uint32_t c = (uint32_t)mp_obj_get_int(args[3]) & 0xFFFF;
    reg_t *ch = reg(q[0]);
    volatile uint32_t *word = (volatile uint32_t *)(uintptr_t)(uint32_t)q[1];
    *word = c | (c << 16);
    if (n > 3) { // (a count of 0 leaves the emulated channel busy for good)
        ch[0] = (uint32_t)q[1];          // READ_ADDR: the colour word, read again and again
        ch[1] = (uint32_t)(uintptr_t)b;  // WRITE_ADDR
        ch[2] = (uint32_t)(n >> 2);      // TRANS_COUNT
        ch[3] = (uint32_t)q[2];          // CTRL_TRIG: go
        while (ch[3] & DMA_BUSY) {
        }
    }
    if (n & 2) { // an odd pixel count: the last one
        *(volatile uint16_t *)(b + (n & ~3)) = (uint16_t)c;
    }
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(spi_regs_fill_obj, 4, 4, spi_regs_fill);

static const mp_rom_map_elem_t spi_regs_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_spi_regs) },
    { MP_ROM_QSTR(MP_QSTR_wait), MP_ROM_PTR(&spi_regs_wait_obj) },
    { MP_ROM_QSTR(MP_QSTR_start), MP_ROM_PTR(&spi_regs_start_obj) },
    { MP_ROM_QSTR(MP_QSTR_window), MP_ROM_PTR(&spi_regs_window_obj) },
    { MP_ROM_QSTR(MP_QSTR_address), MP_ROM_PTR(&spi_regs_address_obj) },
    { MP_ROM_QSTR(MP_QSTR_fill), MP_ROM_PTR(&spi_regs_fill_obj) },
};
static MP_DEFINE_CONST_DICT(spi_regs_globals, spi_regs_globals_table);

const mp_obj_module_t spi_regs_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&spi_regs_globals,
};

MP_REGISTER_MODULE(MP_QSTR_spi_regs, spi_regs_module);
