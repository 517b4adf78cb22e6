# spi_regs, the SPI and DMA register work of firmware/drivers/spi_dma.py in C, built into the
# SlapStack image (included by hw/image/modules.cmake).
add_library(usermod_spi_regs INTERFACE)
target_sources(usermod_spi_regs INTERFACE ${CMAKE_CURRENT_LIST_DIR}/spi_regs.c)
target_include_directories(usermod_spi_regs INTERFACE ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(usermod INTERFACE usermod_spi_regs)
