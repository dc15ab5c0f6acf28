# ejtag_tests.cmake - vboard's EJTAG probe port (part B), included by
# tests/vboard/CMakeLists.txt.
#
# Provides:
#   vboard_ejtag      static library with ejtag.c, rbb.c and their helpers;
#                     link it into the vboard executable (it needs the cpu_*
#                     hooks of ejtag.h from the CPU side).
#   VBOARD_EJTAG_SOURCES  the same sources, for anyone listing files.
# Registers the cmocka unit tests (ASan+UBSan) and, when the vboard target
# and its firmware exist, the OpenOCD end-to-end test.

set(VBOARD_EJTAG_DIR ${CMAKE_CURRENT_LIST_DIR})
set(VBOARD_EJTAG_SOURCES
    ${VBOARD_EJTAG_DIR}/ejtag.c
    ${VBOARD_EJTAG_DIR}/ejtag_tap.c
    ${VBOARD_EJTAG_DIR}/ejtag_pracc.c
    ${VBOARD_EJTAG_DIR}/ejtag_drseg.c
    ${VBOARD_EJTAG_DIR}/rbb.c)

add_library(vboard_ejtag STATIC ${VBOARD_EJTAG_SOURCES})
target_include_directories(vboard_ejtag PUBLIC ${VBOARD_EJTAG_DIR})

# ---- unit tests (cmocka, sanitizers) ----------------------------------------
find_library(VBOARD_CMOCKA_LIB cmocka REQUIRED)
find_path(VBOARD_CMOCKA_INC cmocka.h REQUIRED)

add_library(vboard_ejtag_san STATIC ${VBOARD_EJTAG_SOURCES}
            ${VBOARD_EJTAG_DIR}/ejtag_test_jtag.c)
target_include_directories(vboard_ejtag_san PUBLIC ${VBOARD_EJTAG_DIR})
target_compile_options(vboard_ejtag_san PUBLIC ${PMUSTUB_SAN_FLAGS})
target_link_options(vboard_ejtag_san PUBLIC ${PMUSTUB_SAN_FLAGS})

foreach(t tap probe rbb)
  add_executable(vboard_ejtag_test_${t} ${VBOARD_EJTAG_DIR}/ejtag_test_${t}.c)
  target_include_directories(vboard_ejtag_test_${t} PRIVATE
                             ${VBOARD_CMOCKA_INC})
  target_link_libraries(vboard_ejtag_test_${t} PRIVATE vboard_ejtag_san
                        ${VBOARD_CMOCKA_LIB})
  add_test(NAME vboard_ejtag_${t} COMMAND vboard_ejtag_test_${t})
endforeach()

# The TAP alone behind remote_bitbang, with the unit tests' fake CPU.
add_executable(vboard_ejtag_test_server ${VBOARD_EJTAG_DIR}/ejtag_test_server.c)
target_link_libraries(vboard_ejtag_test_server PRIVATE vboard_ejtag_san)
add_test(NAME vboard_openocd_tap
         COMMAND ${VBOARD_EJTAG_DIR}/../e2e/openocd_tap.sh
                 $<TARGET_FILE:vboard_ejtag_test_server>
                 ${VBOARD_EJTAG_DIR}/openocd/vboard-34k.cfg)
pmustub_test_needs(vboard_openocd_tap openocd)

# ---- firmware for the OpenOCD end-to-end test --------------------------------
# Built with the MIPS cross compiler directly: one assembly file, no libc,
# linked at 0x80100000 by openocd/ejtag_loop.ld.
set(VBOARD_MIPS_GCC ${PMUSTUB_TOOL_mips_linux_gnu_gcc}) # cmake/tools.cmake
block(PROPAGATE VBOARD_EJTAG_LOOP_ELF)
  set(VBOARD_EJTAG_LOOP_ELF ${CMAKE_CURRENT_BINARY_DIR}/ejtag_loop.elf)
  add_custom_command(
    OUTPUT ${VBOARD_EJTAG_LOOP_ELF}
    COMMAND ${VBOARD_MIPS_GCC} -march=34kc -mno-dsp -EB -fno-pic
            -mno-abicalls -G0 -nostdlib -static -Wl,--build-id=none
            -T ${VBOARD_EJTAG_DIR}/openocd/ejtag_loop.ld
            -o ${VBOARD_EJTAG_LOOP_ELF} ${VBOARD_EJTAG_DIR}/openocd/ejtag_loop.S
    DEPENDS ${VBOARD_EJTAG_DIR}/openocd/ejtag_loop.S
            ${VBOARD_EJTAG_DIR}/openocd/ejtag_loop.ld
    COMMENT "Building the OpenOCD test firmware ejtag_loop.elf")
  add_custom_target(vboard_ejtag_loop ALL DEPENDS ${VBOARD_EJTAG_LOOP_ELF})
endblock()

# ---- OpenOCD + gdb end to end on the real vboard ------------------------------
# Registered once this directory is fully processed, so that the vboard
# target exists whatever the order of include() and add_executable().
function(vboard_ejtag_register_e2e)
  add_test(NAME vboard_openocd_e2e
           COMMAND ${VBOARD_EJTAG_DIR}/../e2e/openocd_vboard.sh
                   $<TARGET_FILE:vboard>
                   ${VBOARD_EJTAG_DIR}/openocd/vboard-34k.cfg
                   ${VBOARD_EJTAG_LOOP_ELF})
  set_tests_properties(vboard_openocd_e2e PROPERTIES TIMEOUT 300)
  pmustub_test_needs(vboard_openocd_e2e openocd gdb-multiarch)
endfunction()
cmake_language(DEFER CALL vboard_ejtag_register_e2e)
