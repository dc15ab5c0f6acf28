# pmuctl record and report end to end (tests/e2e/record.sh), included from
# tests/e2e/CMakeLists.txt with vboard and pmuctl: record_prog on each
# board, and its long variant for the Ctrl-C test, on each core given.
set(_rec_src ${CMAKE_SOURCE_DIR}/tests/firmware/common/record_prog.c)
set(_rec_elfs)
foreach(board malta ppce500)
  set(_rec_${board} ${CMAKE_CURRENT_BINARY_DIR}/record_prog-${board}.elf)
  set(_rec_long_${board} ${CMAKE_CURRENT_BINARY_DIR}/record_long-${board}.elf)
  pmustub_firmware(OUT ${_rec_${board}} BOARD ${board} STUB SOURCES ${_rec_src})
  pmustub_firmware(OUT ${_rec_long_${board}} BOARD ${board} STUB SOURCES ${_rec_src}
                   FLAGS -DRECORD_ROUNDS=100000000)
  list(APPEND _rec_elfs ${_rec_${board}} ${_rec_long_${board}})
endforeach()
add_custom_target(e2e_record_programs ALL DEPENDS ${_rec_elfs})

# record_test(CPU BOARD ARCH)
function(record_test cpu board arch)
  string(TOUPPER ${board} b)
  add_test(NAME e2e_record_${cpu}
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/record.sh $<TARGET_FILE:pmuctl>
                   $<TARGET_FILE:vboard> ${arch} ${cpu} ${_rec_${board}}
                   ${_rec_long_${board}} ${PMUSTUB_${b}_DIR}/libpmustub.a)
  set_tests_properties(e2e_record_${cpu} PROPERTIES TIMEOUT 300
                       ENVIRONMENT QEMU_CPU=${PMUSTUB_CORE_${cpu}_QEMU_CPU})
  if(arch STREQUAL ppc)
    pmustub_test_needs(e2e_record_${cpu} qemu-system-ppc gdb-multiarch)
  else()
    pmustub_test_needs(e2e_record_${cpu} qemu-system-mips gdb-multiarch)
  endif()
endfunction()
foreach(cpu ${PMUSTUB_BOARD_malta_CORES})
  record_test(${cpu} malta mips)
endforeach()
foreach(cpu ${PMUSTUB_BOARD_ppce500_CORES})
  record_test(${cpu} ppce500 ppc)
endforeach()
