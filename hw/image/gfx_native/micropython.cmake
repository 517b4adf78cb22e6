# gfx_native, the band painter's inner loops in C, built into the SlapStack image
# (included by hw/image/modules.cmake).
add_library(usermod_gfx_native INTERFACE)
target_sources(usermod_gfx_native INTERFACE ${CMAKE_CURRENT_LIST_DIR}/gfx_native.c)
target_include_directories(usermod_gfx_native INTERFACE ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(usermod INTERFACE usermod_gfx_native)
