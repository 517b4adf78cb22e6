# The C code built into the SlapStack image (hw/image/build.sh passes this file as
# USER_C_MODULES): two modules that keep machine code out of the heap, where viper would copy
# it, the seat buttons' stamps taken in the GPIO interrupt's first instructions, and the code's
# names as static names, which keep them out of the heap's pools.
include(${CMAKE_CURRENT_LIST_DIR}/gfx_native/micropython.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/spi_regs/micropython.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/seat_stamps/micropython.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/names/micropython.cmake)
