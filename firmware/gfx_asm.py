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
