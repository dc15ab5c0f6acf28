# Source locations, --function and report --pprof (tests/e2e/srclines.sh,
# srclines_gdb.py, report_pprof.py), included from tests/e2e/CMakeLists.txt
# with vboard and pmuctl: srclines_prog built with the stub for each board
# at -O2 (run on vboard) and -O0 (a prologue GDB skips), by the cross
# compilers with -g (pmustub_firmware).
set(_src_prog ${CMAKE_SOURCE_DIR}/tests/firmware/common/srclines_prog.c)
set(_src_elfs)
foreach(board malta ppce500)
  foreach(opt 0 2)
    set(elf ${CMAKE_CURRENT_BINARY_DIR}/srclines_prog-${board}-O${opt}.elf)
    pmustub_firmware(OUT ${elf} BOARD ${board} STUB OPT ${opt}
                     SOURCES ${_src_prog})
    list(APPEND _src_elfs ${elf})
  endforeach()
endforeach()
add_custom_target(e2e_srclines_programs ALL DEPENDS ${_src_elfs})

# Each location's address against gdb-multiarch's "break" on the same ELF.
add_test(NAME e2e_srclines_gdb
         COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/srclines_gdb.py $<TARGET_FILE:pmuctl>
                 ${_src_prog} ${_src_elfs})
set_tests_properties(e2e_srclines_gdb PROPERTIES TIMEOUT 900)
pmustub_test_needs(e2e_srclines_gdb gdb-multiarch)
# measure --from FILE:LINE --to FILE:LINE and --function fib on vboard's
# 34K against QEMU's exec log of the same ELF.
add_test(NAME e2e_srclines_34k
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/srclines.sh $<TARGET_FILE:pmuctl>
                 $<TARGET_FILE:vboard> ${_src_prog}
                 ${CMAKE_CURRENT_BINARY_DIR}/srclines_prog-malta-O2.elf
                 ${PMUSTUB_MALTA_DIR}/libpmustub.a ${CMAKE_SOURCE_DIR})
set_tests_properties(e2e_srclines_34k PROPERTIES TIMEOUT 900
                     ENVIRONMENT QEMU_CPU=${PMUSTUB_CORE_34k_QEMU_CPU})
pmustub_test_needs(e2e_srclines_34k qemu-system-mips gdb-multiarch)
# report --pprof read back by go tool pprof (Debian's golang-go), on a
# record file written for srclines_prog at -O2.
add_test(NAME e2e_report_pprof
         COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/report_pprof.py $<TARGET_FILE:pmuctl>
                 ${CMAKE_CURRENT_BINARY_DIR}/srclines_prog-malta-O2.elf
                 ${CMAKE_CURRENT_BINARY_DIR}/report_pprof)
set_tests_properties(e2e_report_pprof PROPERTIES TIMEOUT 900)
pmustub_test_needs(e2e_report_pprof go gdb-multiarch)
