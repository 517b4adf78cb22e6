# The C modules built into the SlapStack image (hw/image/build.sh passes this file as
# USER_C_MODULES): each keeps code out of the heap that viper would copy into it.
include(${CMAKE_CURRENT_LIST_DIR}/gfx_native/micropython.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/spi_regs/micropython.cmake)
