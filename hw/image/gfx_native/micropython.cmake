# gfx_native, the band painter's inner loops in C, built into the SlapStack image
# (hw/image/build.sh passes this file as USER_C_MODULES).
add_library(usermod_gfx_native INTERFACE)
target_sources(usermod_gfx_native INTERFACE ${CMAKE_CURRENT_LIST_DIR}/gfx_native.c)
target_include_directories(usermod_gfx_native INTERFACE ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(usermod INTERFACE usermod_gfx_native)
