# pmuctl's end-to-end tests (run from host/CMakeLists.txt once vboard is
# defined). Scripts: tests/e2e/pmuctl_*.sh.
set(_e2e ${CMAKE_SOURCE_DIR}/tests/e2e)
add_test(NAME e2e_pmuctl_vboard
         COMMAND bash ${_e2e}/pmuctl_vboard.sh $<TARGET_FILE:pmuctl>
                 $<TARGET_FILE:vboard> ${PMUCTL_FW_ELF} ${CMAKE_SOURCE_DIR})
set_tests_properties(e2e_pmuctl_vboard PROPERTIES TIMEOUT 300)
pmustub_test_needs(e2e_pmuctl_vboard qemu-system-mips gdb-multiarch)
add_test(NAME e2e_pmuctl_errors
         COMMAND bash ${_e2e}/pmuctl_errors.sh $<TARGET_FILE:pmuctl>
                 ${PMUSTUB_MALTA_DIR}/pmustub-demo.elf)
set_tests_properties(e2e_pmuctl_errors PROPERTIES TIMEOUT 120)
pmustub_test_needs(e2e_pmuctl_errors qemu-system-mips gdb-multiarch)
# Through OpenOCD on vboard's EJTAG port (vboard/tests/ejtag/CMakeLists.txt
# builds the loop firmware).
add_test(NAME e2e_pmuctl_openocd
         COMMAND bash ${_e2e}/pmuctl_openocd.sh $<TARGET_FILE:pmuctl>
                 $<TARGET_FILE:vboard>
                 ${CMAKE_SOURCE_DIR}/vboard/tests/openocd/vboard-34k.cfg
                 ${CMAKE_BINARY_DIR}/vboard/tests/ejtag/ejtag_loop.elf
                 ${CMAKE_SOURCE_DIR})
set_tests_properties(e2e_pmuctl_openocd PROPERTIES TIMEOUT 300)
pmustub_test_needs(e2e_pmuctl_openocd qemu-system-mips gdb-multiarch openocd)
