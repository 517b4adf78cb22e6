# seat_stamps, the seat buttons' edges stamped in the GPIO interrupt's first instructions, in C,
# built into the SlapStack image (included by hw/image/modules.cmake).
add_library(usermod_seat_stamps INTERFACE)
target_sources(usermod_seat_stamps INTERFACE ${CMAKE_CURRENT_LIST_DIR}/seat_stamps.c)
target_include_directories(usermod_seat_stamps INTERFACE ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(usermod INTERFACE usermod_seat_stamps)
