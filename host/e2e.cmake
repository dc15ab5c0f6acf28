# pmuctl's end-to-end tests (run from host/CMakeLists.txt once vboard is
# defined). Scripts: tests/e2e/pmuctl_*.sh.
set(_e2e ${CMAKE_SOURCE_DIR}/tests/e2e)
if(PMUCTL_FW_ELF)
  add_test(NAME e2e_pmuctl_vboard
           COMMAND bash ${_e2e}/pmuctl_vboard.sh $<TARGET_FILE:pmuctl>
                   $<TARGET_FILE:vboard> ${PMUCTL_FW_ELF} ${CMAKE_SOURCE_DIR})
  set_tests_properties(e2e_pmuctl_vboard PROPERTIES TIMEOUT 300)
endif()
add_test(NAME e2e_pmuctl_errors
         COMMAND bash ${_e2e}/pmuctl_errors.sh $<TARGET_FILE:pmuctl>
                 ${PMUSTUB_MALTA_DIR}/pmustub-demo.elf)
set_tests_properties(e2e_pmuctl_errors PROPERTIES TIMEOUT 120)
