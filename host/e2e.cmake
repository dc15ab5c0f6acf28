# pmuctl's end-to-end tests (run from host/CMakeLists.txt once vboard is
# defined). Scripts: tests/e2e/pmuctl_*.sh.
set(_e2e ${CMAKE_SOURCE_DIR}/tests/e2e)
if(PMUCTL_FW_ELF)
  add_test(NAME e2e_pmuctl_vboard
           COMMAND bash ${_e2e}/pmuctl_vboard.sh $<TARGET_FILE:pmuctl>
                   $<TARGET_FILE:vboard> ${PMUCTL_FW_ELF} ${CMAKE_SOURCE_DIR})
  set_tests_properties(e2e_pmuctl_vboard PROPERTIES TIMEOUT 300)
  # A noisy serial line (bit flips both ways) and a slow one (issue 10).
  add_test(NAME e2e_pmuctl_noisy
           COMMAND bash ${_e2e}/pmuctl_noisy.sh $<TARGET_FILE:pmuctl>
                   $<TARGET_FILE:vboard> ${PMUCTL_FW_ELF})
  set_tests_properties(e2e_pmuctl_noisy PROPERTIES TIMEOUT 600)
  # An ELF that is not the program, through the stub: needs the stub's
  # qCRC (issue 10, section 4, stub side). Through OpenOCD, whose gdb server
  # answers qCRC, pmuctl_openocd.sh checks the same already.
  file(READ ${CMAKE_SOURCE_DIR}/stub/core/query.c _pmuctl_query_c)
  if(_pmuctl_query_c MATCHES "qCRC")
    add_test(NAME e2e_pmuctl_elf_check
             COMMAND bash ${_e2e}/pmuctl_elf_check.sh $<TARGET_FILE:pmuctl>
                     $<TARGET_FILE:vboard> ${PMUCTL_FW_ELF})
    set_tests_properties(e2e_pmuctl_elf_check PROPERTIES TIMEOUT 300)
  else()
    message(STATUS "e2e_pmuctl_elf_check not registered: the stub does not "
                   "answer qCRC yet (stub/core/query.c)")
  endif()
endif()
add_test(NAME e2e_pmuctl_errors
         COMMAND bash ${_e2e}/pmuctl_errors.sh $<TARGET_FILE:pmuctl>
                 ${PMUSTUB_MALTA_DIR}/pmustub-demo.elf)
set_tests_properties(e2e_pmuctl_errors PROPERTIES TIMEOUT 120)
# Through OpenOCD on vboard's EJTAG port (tests/vboard/ejtag_tests.cmake
# builds the loop firmware).
find_program(PMUCTL_OPENOCD openocd)
if(PMUCTL_OPENOCD AND TARGET vboard_ejtag_loop)
  add_test(NAME e2e_pmuctl_openocd
           COMMAND bash ${_e2e}/pmuctl_openocd.sh $<TARGET_FILE:pmuctl>
                   $<TARGET_FILE:vboard>
                   ${CMAKE_SOURCE_DIR}/tests/vboard/openocd/vboard-34k.cfg
                   ${CMAKE_BINARY_DIR}/tests/vboard/ejtag_loop.elf
                   ${CMAKE_SOURCE_DIR})
  set_tests_properties(e2e_pmuctl_openocd PROPERTIES TIMEOUT 300)
endif()
