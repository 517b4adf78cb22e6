# SlapStack: the Raspberry Pi Pico (RP2040, 2 MB flash) and its pin names, as the stock board.
set(PICO_BOARD "pico")
set(PICO_PLATFORM "rp2040")
set(MICROPY_BOARD_PINS "${MICROPY_PORT_DIR}/boards/RPI_PICO/pins.csv")
# Python calls' frames on a Python stack of their own (pystack.c)
list(APPEND MICROPY_SOURCE_BOARD ${MICROPY_BOARD_DIR}/pystack.c)
