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
  set_tests_properties(e2e_record_${cpu} PROPERTIES TIMEOUT 900
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

# record_brackets.sh: record_brackets.c with brackets shorter than, near,
# and much longer than record's period of 997 instructions (BRACKET_N: the
# loops' length; the instructions per bracket are QEMU's, checked by the
# test), on the 34K and the e200z7.
set(_brk_src ${CMAKE_SOURCE_DIR}/tests/firmware/common/record_brackets.c)
set(_brk_elfs)
# Power's loops are shorter than MIPS's: its near bracket takes more.
set(_brk_near_malta 20)
set(_brk_near_ppce500 28)
foreach(board malta ppce500)
  set(_brk_${board})
  foreach(len short:6 near:${_brk_near_${board}} long:1500)
    string(REPLACE ":" ";" len ${len})
    list(GET len 0 name)
    list(GET len 1 n)
    set(elf ${CMAKE_CURRENT_BINARY_DIR}/record_brackets_${name}-${board}.elf)
    pmustub_firmware(OUT ${elf} BOARD ${board} STUB SOURCES ${_brk_src}
                     FLAGS -DBRACKET_N=${n})
    list(APPEND _brk_${board} ${elf})
  endforeach()
  list(APPEND _brk_elfs ${_brk_${board}})
endforeach()
add_custom_target(e2e_record_bracket_programs ALL DEPENDS ${_brk_elfs})

# record_callgraph.sh: record --call-graph dwarf on callchain_prog.c, a
# known chain main -> chain_a -> chain_b -> chain_c -> chain_leaf, on the
# 34K (MIPS o32) and the e200z7, in the loop below.
set(_cg_src ${CMAKE_SOURCE_DIR}/tests/firmware/common/callchain_prog.c)
set(_cg_elfs)
foreach(board malta ppce500)
  set(_cg_${board} ${CMAKE_CURRENT_BINARY_DIR}/callchain_prog-${board}.elf)
  pmustub_firmware(OUT ${_cg_${board}} BOARD ${board} STUB SOURCES ${_cg_src})
  list(APPEND _cg_elfs ${_cg_${board}})
endforeach()
add_custom_target(e2e_callchain_programs ALL DEPENDS ${_cg_elfs})

foreach(t 34k:malta:mips e200z7:ppce500:ppc)
  string(REPLACE ":" ";" t ${t})
  list(GET t 0 cpu)
  list(GET t 1 board)
  list(GET t 2 arch)
  string(TOUPPER ${board} b)
  add_test(NAME e2e_record_brackets_${cpu}
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/record_brackets.sh
                   $<TARGET_FILE:pmuctl> $<TARGET_FILE:vboard> ${arch} ${cpu}
                   ${PMUSTUB_${b}_DIR}/libpmustub.a
                   ${CMAKE_SOURCE_DIR}/target-xml/events/${cpu}.csv
                   ${_rec_${board}} ${_brk_${board}})
  set_tests_properties(e2e_record_brackets_${cpu} PROPERTIES TIMEOUT 600
                       ENVIRONMENT QEMU_CPU=${PMUSTUB_CORE_${cpu}_QEMU_CPU})
  pmustub_test_needs(e2e_record_brackets_${cpu} qemu-system-${arch} gdb-multiarch)
  add_test(NAME e2e_record_callgraph_${cpu}
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/record_callgraph.sh
                   $<TARGET_FILE:pmuctl> $<TARGET_FILE:vboard> ${arch} ${cpu}
                   ${_cg_${board}})
  set_tests_properties(e2e_record_callgraph_${cpu} PROPERTIES TIMEOUT 600)
  pmustub_test_needs(e2e_record_callgraph_${cpu} gdb-multiarch)
endforeach()

# record_multi.sh: two events at once (instructions and a data-side event
# vboard models on the core: the 34K's data cache accesses; the e200z7's
# loads, as vboard's e200z7 models no data cache access event and
# record_prog's region takes no linefill), their refusals, and -F.
foreach(t 34k:malta:mips:dcache_accesses:101 e200z7:ppce500:ppc:loads:101)
  string(REPLACE ":" ";" t ${t})
  list(GET t 0 cpu)
  list(GET t 1 board)
  list(GET t 2 arch)
  list(GET t 3 ev)
  list(GET t 4 period)
  string(TOUPPER ${board} b)
  add_test(NAME e2e_record_multi_${cpu}
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/record_multi.sh
                   $<TARGET_FILE:pmuctl> $<TARGET_FILE:vboard> ${arch} ${cpu}
                   ${_rec_${board}} ${PMUSTUB_${b}_DIR}/libpmustub.a ${ev}:${period})
  set_tests_properties(e2e_record_multi_${cpu} PROPERTIES TIMEOUT 900
                       ENVIRONMENT QEMU_CPU=${PMUSTUB_CORE_${cpu}_QEMU_CPU})
  pmustub_test_needs(e2e_record_multi_${cpu} qemu-system-${arch} gdb-multiarch)
endforeach()
