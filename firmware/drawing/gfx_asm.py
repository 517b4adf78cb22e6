"""A block of pixels filled in Thumb assembler (``@micropython.asm_thumb``): the chip only.

gfx_native's functions fill every block of more than a few pixels with ``block``: a store
loop in viper takes some 30 cycles a pixel on the chip, framebuf's fill_rect 10, this 3
(measured on the emulated Pico, MicroPython 1.28, 200 MHz). ``make flash`` compiles it
with ``mpy-cross -march=armv6m``; elsewhere it does not import, and gfx.py draws in plain
Python. (The assembler's registers and instructions are not Python names, and its ``str``,
a store, is not Python's: hence the mypy line below; ``make check`` type-checks the rest of
the firmware as usual.)
"""
# mypy: disable-error-code="name-defined, call-overload"
import micropython


@micropython.asm_thumb
def block(r0, r1, r2, r3):
    """Fill a block of pixels: r0 the band (its buffer's address), r1 the block's first
    pixel's byte offset, r2 its rows << 16 | its width (at least 1 each), r3 the band's
    row length in bytes << 16 | the colour. Two pixels a word store, eight a pass: some 3
    cycles a pixel, where framebuf's fill_rect takes 10 and a store loop in viper 30."""
    add(r0, r0, r1)
    lsl(r4, r3, 16)  # r4: the colour, in both halves of a word
    lsr(r4, r4, 16)
    lsl(r6, r4, 16)
    orr(r4, r6)
    lsr(r5, r3, 16)  # r5: the row length in bytes
    lsr(r1, r2, 16)  # r1: rows to go
    lsl(r2, r2, 16)  # r2: the width
    lsr(r2, r2, 16)
    label(ROW)
    mov(r6, r0)
    mov(r7, r2)
    mov(r3, 2)
    tst(r6, r3)  # a row starting on a pixel that is not word-aligned: that one alone
    beq(EIGHT)
    strh(r4, [r6, 0])
    add(r6, 2)
    sub(r7, 1)
    label(EIGHT)
    cmp(r7, 8)
    blt(PAIRS)
    str(r4, [r6, 0])
    str(r4, [r6, 4])
    str(r4, [r6, 8])
    str(r4, [r6, 12])
    add(r6, 16)
    sub(r7, 8)
    b(EIGHT)
    label(PAIRS)
    cmp(r7, 2)
    blt(LAST)
    str(r4, [r6, 0])
    add(r6, 4)
    sub(r7, 2)
    b(PAIRS)
    label(LAST)
    cmp(r7, 1)
    bne(NEXT)
    strh(r4, [r6, 0])
    label(NEXT)
    add(r0, r0, r5)
    sub(r1, 1)
    bgt(ROW)


@micropython.asm_thumb
def spans(r0, r1, r2, r3):
    """Fill a picture's runs of pixels, row by row (gfx_native.mask): r0 the numbers p
    (p[0] the band's width, p[2] the picture's left edge in the band, p[4] the runs a row
    holds, p[5] the rows to fill, at least 1, p[7] the byte offset of the first row's runs
    in r1, p[11] the byte offset of its first pixel in the band), r1 the runs (each a byte
    pair, start and end column, end exclusive; (0, 0) for none), r2 the band, r3 the colour.
    Each run is cut to the band's columns, then filled as ``block`` fills (a War card's
    big suit, 56 x 56 px in two bands, painted in 1.5 ms on the emulated chip, MicroPython
    1.28 at 200 MHz, where viper bit by bit took 2.1)."""
    lsl(r4, r3, 16)  # r4: the colour, in both halves of a word
    orr(r4, r3)
    ldr(r5, [r0, 28])
    add(r1, r1, r5)  # r1: the first row's runs
    ldr(r5, [r0, 44])
    add(r2, r2, r5)  # r2: the first row's first pixel (column 0)
    label(ROW)
    ldr(r3, [r0, 16])  # r3: the row's runs to go
    label(RUN)
    ldrb(r5, [r1, 0])  # the run's columns in the band: r5 to r6
    ldrb(r6, [r1, 1])
    add(r1, 2)
    cmp(r6, r5)
    ble(NEXT_RUN)  # (0, 0): no run
    ldr(r7, [r0, 8])
    add(r5, r5, r7)
    add(r6, r6, r7)
    cmp(r5, 0)
    bge(LEFT_IN)
    mov(r5, 0)
    label(LEFT_IN)
    ldr(r7, [r0, 0])
    cmp(r6, r7)
    ble(RIGHT_IN)
    mov(r6, r7)
    label(RIGHT_IN)
    sub(r7, r6, r5)  # r7: its pixels
    ble(NEXT_RUN)
    add(r6, r5, r5)
    add(r6, r6, r2)  # r6: its first pixel's address; then the fill of one of block's rows
    # (written again here: an assembler function cannot call another's code, and a call
    # through MicroPython for each run is what this is for saving)
    mov(r5, 2)
    tst(r6, r5)  # a run starting on a pixel that is not word-aligned: that one alone
    beq(EIGHT)
    strh(r4, [r6, 0])
    add(r6, 2)
    sub(r7, 1)
    label(EIGHT)
    cmp(r7, 8)
    blt(PAIRS)
    str(r4, [r6, 0])
    str(r4, [r6, 4])
    str(r4, [r6, 8])
    str(r4, [r6, 12])
    add(r6, 16)
    sub(r7, 8)
    b(EIGHT)
    label(PAIRS)
    cmp(r7, 2)
    blt(LAST)
    str(r4, [r6, 0])
    add(r6, 4)
    sub(r7, 2)
    b(PAIRS)
    label(LAST)
    cmp(r7, 1)
    bne(NEXT_RUN)
    strh(r4, [r6, 0])
    label(NEXT_RUN)
    sub(r3, 1)
    bgt(RUN)
    ldr(r5, [r0, 0])  # the next row
    add(r5, r5, r5)
    add(r2, r2, r5)
    ldr(r5, [r0, 20])
    sub(r5, 1)
    str(r5, [r0, 20])
    bgt(ROW)
