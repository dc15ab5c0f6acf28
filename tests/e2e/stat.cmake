# pmuctl stat end to end (tests/e2e/stat.sh), included from
# tests/e2e/CMakeLists.txt after record.cmake (its long record_prog runs
# on for --duration and Ctrl-C): record_prog with 16 rounds, some 4
# million instructions to its end, on each board, each core.
set(_stat_elfs)
foreach(board malta ppce500)
  set(_stat_${board} ${CMAKE_CURRENT_BINARY_DIR}/stat_prog-${board}.elf)
  pmustub_firmware(OUT ${_stat_${board}} BOARD ${board} STUB
                   SOURCES ${CMAKE_SOURCE_DIR}/tests/firmware/common/record_prog.c
                   FLAGS -DRECORD_ROUNDS=16)
  list(APPEND _stat_elfs ${_stat_${board}})
endforeach()
add_custom_target(e2e_stat_programs ALL DEPENDS ${_stat_elfs})

# stat_test(NAME SCRIPT CPU BOARD ARCH [ARGS...]): test e2e_NAME_CPU runs
# SCRIPT (pmuctl, vboard, the arch, the core, the board's stat_prog, ARGS,
# the board's libpmustub.a for the oracle).
function(stat_test name script cpu board arch)
  string(TOUPPER ${board} b)
  add_test(NAME e2e_${name}_${cpu}
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/${script} $<TARGET_FILE:pmuctl>
                   $<TARGET_FILE:vboard> ${arch} ${cpu} ${_stat_${board}}
                   ${ARGN} ${PMUSTUB_${b}_DIR}/libpmustub.a)
  set_tests_properties(e2e_${name}_${cpu} PROPERTIES TIMEOUT 600
                       ENVIRONMENT QEMU_CPU=${PMUSTUB_CORE_${cpu}_QEMU_CPU})
  if(arch STREQUAL ppc)
    pmustub_test_needs(e2e_${name}_${cpu} qemu-system-ppc gdb-multiarch)
  else()
    pmustub_test_needs(e2e_${name}_${cpu} qemu-system-mips gdb-multiarch)
  endif()
endfunction()
# One core of each family: the run loop is the host's, the same on all.
stat_test(stat stat.sh 34k malta mips ${_rec_long_malta})
stat_test(stat stat.sh e200z7 ppce500 ppc ${_rec_long_ppce500})
# -I timed on the target (stat_target.sh): the stub's interval clock and
# notifications, on each family's port.
# Every core vboard runs: the interval clock is each core's own overflow
# interrupt (the 34K's IntCtl line, the 24K's and 74K's, the R1x000s'
# IP7, Power's PMU interrupt).
foreach(_cpu 34k 24k 74k r10k r12k)
  stat_test(stat_target stat_target.sh ${_cpu} malta mips)
endforeach()
foreach(_cpu e200z7 e500v2)
  stat_test(stat_target stat_target.sh ${_cpu} ppce500 ppc)
endforeach()
# stat on QEMU, whose cores have no counters: everything but counts
# (stat_qemu.sh).
add_test(NAME e2e_stat_qemu_malta
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/stat_qemu.sh $<TARGET_FILE:pmuctl>
                 mips ${_stat_malta})
add_test(NAME e2e_stat_qemu_ppce500
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/stat_qemu.sh $<TARGET_FILE:pmuctl>
                 ppc ${_stat_ppce500})
set_tests_properties(e2e_stat_qemu_malta e2e_stat_qemu_ppce500 PROPERTIES TIMEOUT 600)
pmustub_test_needs(e2e_stat_qemu_malta qemu-system-mips)
pmustub_test_needs(e2e_stat_qemu_ppce500 qemu-system-ppc)
# A pmuctl killed in stat -I on the target, and the GDB after it
# (monitor pmu says the run was on): stat_killed.sh, on record_long.
foreach(_killed 34k:malta:mips e200z7:ppce500:ppc)
  string(REPLACE ":" ";" _k ${_killed})
  list(GET _k 0 _cpu)
  list(GET _k 1 _board)
  list(GET _k 2 _arch)
  add_test(NAME e2e_stat_killed_${_cpu}
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/stat_killed.sh $<TARGET_FILE:pmuctl>
                   $<TARGET_FILE:vboard> ${_arch} ${_cpu} ${_rec_long_${_board}})
  set_tests_properties(e2e_stat_killed_${_cpu} PROPERTIES TIMEOUT 600)
  pmustub_test_needs(e2e_stat_killed_${_cpu} gdb-multiarch)
endforeach()

# Interrupts in a delay slot (MIPS): stat_delay_slots.sh, delay_loop.c
# built three times, only its loop count differing.
set(_dl_src ${CMAKE_SOURCE_DIR}/tests/firmware/mips/delay_loop.c)
set(_dl_big 40000000)
set(_dl_elfs)
foreach(n 1000 2000 ${_dl_big})
  set(_dl_${n} ${CMAKE_CURRENT_BINARY_DIR}/delay_loop_${n}.elf)
  pmustub_firmware(OUT ${_dl_${n}} BOARD malta STUB SOURCES ${_dl_src}
                   FLAGS -DDELAY_N=${n})
  list(APPEND _dl_elfs ${_dl_${n}})
endforeach()
add_custom_target(e2e_delay_loop_programs ALL DEPENDS ${_dl_elfs})
add_test(NAME e2e_stat_delay_slots_34k
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/stat_delay_slots.sh
                 $<TARGET_FILE:pmuctl> $<TARGET_FILE:vboard> 34k
                 ${PMUSTUB_MALTA_DIR}/libpmustub.a ${_dl_1000} ${_dl_2000}
                 ${_dl_${_dl_big}} ${_dl_big})
set_tests_properties(e2e_stat_delay_slots_34k PROPERTIES TIMEOUT 600
                     ENVIRONMENT QEMU_CPU=${PMUSTUB_CORE_34k_QEMU_CPU})
pmustub_test_needs(e2e_stat_delay_slots_34k qemu-system-mips gdb-multiarch)

# stat -I drawn by pmuctl plot (stat_plot.sh): phases_prog.c, three
# phases of unequal IPC, on the 34K.
set(_phases_elf ${CMAKE_CURRENT_BINARY_DIR}/phases_prog-malta.elf)
pmustub_firmware(OUT ${_phases_elf} BOARD malta STUB
                 SOURCES ${CMAKE_SOURCE_DIR}/tests/firmware/common/phases_prog.c)
add_custom_target(e2e_phases_program ALL DEPENDS ${_phases_elf})
add_test(NAME e2e_stat_plot_34k
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/stat_plot.sh $<TARGET_FILE:pmuctl>
                 $<TARGET_FILE:vboard> 34k ${_phases_elf} ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(e2e_stat_plot_34k PROPERTIES TIMEOUT 600)
pmustub_test_needs(e2e_stat_plot_34k gnuplot)

# Target-timed intervals end where the target's clock says, also in a
# phase of cache misses (stat_interval_edges.sh), on both families.
set(_phases_ppc_elf ${CMAKE_CURRENT_BINARY_DIR}/phases_prog-ppce500.elf)
pmustub_firmware(OUT ${_phases_ppc_elf} BOARD ppce500 STUB
                 SOURCES ${CMAKE_SOURCE_DIR}/tests/firmware/common/phases_prog.c)
add_custom_target(e2e_phases_program_ppce500 ALL DEPENDS ${_phases_ppc_elf})
foreach(_edges 34k:${_phases_elf} e200z7:${_phases_ppc_elf})
  string(REPLACE ":" ";" _edges ${_edges})
  list(GET _edges 0 _cpu)
  list(GET _edges 1 _elf)
  add_test(NAME e2e_stat_interval_edges_${_cpu}
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/stat_interval_edges.sh
                   $<TARGET_FILE:pmuctl> $<TARGET_FILE:vboard> ${_cpu} ${_elf})
  set_tests_properties(e2e_stat_interval_edges_${_cpu} PROPERTIES TIMEOUT 600)
endforeach()

# On-target intervals over a line paced like a UART at 115200 baud
# (stat_line_paced.sh): the records keep coming through the whole run.
foreach(_paced 34k:malta e200z7:ppce500 e500v2:ppce500)
  string(REPLACE ":" ";" _paced ${_paced})
  list(GET _paced 0 _cpu)
  list(GET _paced 1 _board)
  add_test(NAME e2e_stat_line_paced_${_cpu}
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/stat_line_paced.sh
                   $<TARGET_FILE:pmuctl> $<TARGET_FILE:vboard> ${_cpu} ${_stat_${_board}})
  set_tests_properties(e2e_stat_line_paced_${_cpu} PROPERTIES TIMEOUT 600)
endforeach()
