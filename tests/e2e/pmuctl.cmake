# pmuctl's end-to-end tests (included from tests/e2e/CMakeLists.txt).
# Scripts: tests/e2e/pmuctl_*.sh.
set(_e2e ${CMAKE_SOURCE_DIR}/tests/e2e)
add_test(NAME e2e_pmuctl_vboard
         COMMAND bash ${_e2e}/pmuctl_vboard.sh $<TARGET_FILE:pmuctl>
                 $<TARGET_FILE:vboard> ${PMUCTL_FW_ELF} ${CMAKE_SOURCE_DIR})
set_tests_properties(e2e_pmuctl_vboard PROPERTIES TIMEOUT 900)
pmustub_test_needs(e2e_pmuctl_vboard qemu-system-mips gdb-multiarch)
# monitor pmuctl in GDB through pmuctl proxy in front of the stub.
add_test(NAME e2e_pmuctl_gdb_monitor
         COMMAND bash ${_e2e}/pmuctl_gdb_monitor.sh $<TARGET_FILE:pmuctl>
                 $<TARGET_FILE:vboard> ${PMUCTL_FW_ELF} 34k ${CMAKE_SOURCE_DIR})
set_tests_properties(e2e_pmuctl_gdb_monitor PROPERTIES TIMEOUT 900)
pmustub_test_needs(e2e_pmuctl_gdb_monitor qemu-system-mips gdb-multiarch)
add_test(NAME e2e_pmuctl_gdb_monitor_e200z7
         COMMAND bash ${_e2e}/pmuctl_gdb_monitor.sh $<TARGET_FILE:pmuctl>
                 $<TARGET_FILE:vboard> ${PMUCTL_PPC_FW_ELF} e200z7 ${CMAKE_SOURCE_DIR})
set_tests_properties(e2e_pmuctl_gdb_monitor_e200z7 PROPERTIES TIMEOUT 900)
pmustub_test_needs(e2e_pmuctl_gdb_monitor_e200z7 qemu-system-ppc gdb-multiarch)
# Ctrl-C in GDB during a long monitor pmuctl stat.
add_test(NAME e2e_pmuctl_gdb_monitor_ctrlc
         COMMAND bash ${_e2e}/pmuctl_gdb_monitor_ctrlc.sh $<TARGET_FILE:pmuctl>
                 $<TARGET_FILE:vboard> ${PMUCTL_FW_ELF})
set_tests_properties(e2e_pmuctl_gdb_monitor_ctrlc PROPERTIES TIMEOUT 400)
pmustub_test_needs(e2e_pmuctl_gdb_monitor_ctrlc gdb-multiarch)
# A noisy serial line (bit flips both ways) and a slow one.
add_test(NAME e2e_pmuctl_noisy
         COMMAND bash ${_e2e}/pmuctl_noisy.sh $<TARGET_FILE:pmuctl>
                 $<TARGET_FILE:vboard> ${PMUCTL_FW_ELF})
set_tests_properties(e2e_pmuctl_noisy PROPERTIES TIMEOUT 600)
pmustub_test_needs(e2e_pmuctl_noisy qemu-system-mips gdb-multiarch)
# An ELF that is not the program, through the stub's qCRC. Through
# OpenOCD, whose gdb server answers qCRC, pmuctl_openocd.sh checks the same.
add_test(NAME e2e_pmuctl_elf_check
         COMMAND bash ${_e2e}/pmuctl_elf_check.sh $<TARGET_FILE:pmuctl>
                 $<TARGET_FILE:vboard> ${PMUCTL_FW_ELF})
set_tests_properties(e2e_pmuctl_elf_check PROPERTIES TIMEOUT 900)
add_test(NAME e2e_pmuctl_errors
         COMMAND bash ${_e2e}/pmuctl_errors.sh $<TARGET_FILE:pmuctl>
                 ${PMUSTUB_MALTA_DIR}/pmustub-demo.elf)
set_tests_properties(e2e_pmuctl_errors PROPERTIES TIMEOUT 600)
pmustub_test_needs(e2e_pmuctl_errors qemu-system-mips gdb-multiarch)
# Through OpenOCD on vboard's EJTAG port (tests/firmware/mips/CMakeLists.txt
# builds the loop firmware): tests/e2e/pmuctl_NAME.sh as e2e_pmuctl_NAME.
function(pmuctl_openocd_test name)
  add_test(NAME e2e_pmuctl_${name}
           COMMAND bash ${_e2e}/pmuctl_${name}.sh $<TARGET_FILE:pmuctl>
                   $<TARGET_FILE:vboard>
                   ${CMAKE_SOURCE_DIR}/tests/vboard/openocd/vboard-34k.cfg
                   ${VBOARD_EJTAG_LOOP_ELF}
                   ${CMAKE_SOURCE_DIR})
  # 293 s measured for openocd on a loaded machine: twice that, for a hang.
  set_tests_properties(e2e_pmuctl_${name} PROPERTIES TIMEOUT 600)
  pmustub_test_needs(e2e_pmuctl_${name} qemu-system-mips gdb-multiarch openocd)
endfunction()
pmuctl_openocd_test(openocd)
# GDB through pmuctl proxy to OpenOCD.
pmuctl_openocd_test(proxy)
# The same through OpenOCD with a configuration written from its manual
# (no gdb_breakpoint_override), on a program linked with the README's
# command and one linked with -Ttext and the default linker script.
foreach(link readme ttext)
  add_test(NAME e2e_pmuctl_stock_openocd_${link}
           COMMAND bash ${_e2e}/pmuctl_stock_openocd.sh $<TARGET_FILE:pmuctl>
                   $<TARGET_FILE:vboard> ${PMUSTUB_MALTA_DIR} ${CMAKE_SOURCE_DIR}/README.md
                   ${CMAKE_SOURCE_DIR} ${link})
  set_tests_properties(e2e_pmuctl_stock_openocd_${link} PROPERTIES TIMEOUT 600)
  pmustub_test_needs(e2e_pmuctl_stock_openocd_${link} qemu-system-mips gdb-multiarch openocd)
endforeach()
# SDBBPs a killed pmuctl left through OpenOCD, put back by the next one.
add_test(NAME e2e_openocd_killed
         COMMAND bash ${_e2e}/openocd_killed.sh $<TARGET_FILE:pmuctl>
                 $<TARGET_FILE:vboard> ${CMAKE_SOURCE_DIR})
set_tests_properties(e2e_openocd_killed PROPERTIES TIMEOUT 600)
pmustub_test_needs(e2e_openocd_killed qemu-system-mips gdb-multiarch openocd)
# SDBBPs (MIPS32 and MIPS16e) a GDB killed on OpenOCD left, put back by
# pmuctl measure --elf and by pmuctl proxy --elf.
foreach(next pmuctl proxy)
  add_test(NAME e2e_openocd_killed_gdb_${next}
           COMMAND bash ${_e2e}/openocd_killed_gdb.sh $<TARGET_FILE:pmuctl>
                   $<TARGET_FILE:vboard> ${CMAKE_SOURCE_DIR} ${next})
  set_tests_properties(e2e_openocd_killed_gdb_${next} PROPERTIES TIMEOUT 600)
  pmustub_test_needs(e2e_openocd_killed_gdb_${next} gdb-multiarch openocd)
endforeach()
# stat through OpenOCD (stock configuration) with no stub on the target:
# -I by halting; the count against a loop's arithmetic.
add_test(NAME e2e_stat_openocd
         COMMAND bash ${_e2e}/stat_openocd.sh $<TARGET_FILE:pmuctl> $<TARGET_FILE:vboard>)
set_tests_properties(e2e_stat_openocd PROPERTIES TIMEOUT 600)
pmustub_test_needs(e2e_stat_openocd gdb-multiarch openocd)
# record through OpenOCD (stock configuration) with no stub on the target.
add_test(NAME e2e_record_openocd
         COMMAND bash ${_e2e}/record_openocd.sh $<TARGET_FILE:pmuctl>
                 $<TARGET_FILE:vboard> ${CMAKE_SOURCE_DIR})
set_tests_properties(e2e_record_openocd PROPERTIES TIMEOUT 600)
pmustub_test_needs(e2e_record_openocd qemu-system-mips gdb-multiarch openocd)
# Power: QEMU's e500v2 publishes no PMU; the Power catalogues.
add_test(NAME e2e_pmuctl_power_qemu
         COMMAND bash ${_e2e}/pmuctl_power.sh $<TARGET_FILE:pmuctl>
                 ${PMUSTUB_PPCE500_DIR}/pmustub-demo.elf)
set_tests_properties(e2e_pmuctl_power_qemu PROPERTIES TIMEOUT 600)
pmustub_test_needs(e2e_pmuctl_power_qemu qemu-system-ppc gdb-multiarch)
# Power: pmuctl measuring on vboard's e200z7 and e500v2 against
# QEMU's e500v2 exec log of the same ELF.
foreach(cpu ${PMUSTUB_BOARD_ppce500_CORES})
  add_test(NAME e2e_pmuctl_power_${cpu}
           COMMAND bash ${_e2e}/pmuctl_power_vboard.sh $<TARGET_FILE:pmuctl>
                   $<TARGET_FILE:vboard> ${PMUCTL_PPC_FW_ELF} ${cpu} ${CMAKE_SOURCE_DIR})
  set_tests_properties(e2e_pmuctl_power_${cpu} PROPERTIES TIMEOUT 900)
  pmustub_test_needs(e2e_pmuctl_power_${cpu} qemu-system-ppc gdb-multiarch)
endforeach()
# pmuctl's traced measurement through the stub's native bracket, and its
# fallback to agent expressions (a relay takes the feature out).
add_test(NAME e2e_pmuctl_native
         COMMAND bash ${_e2e}/pmuctl_native.sh $<TARGET_FILE:pmuctl>
                 $<TARGET_FILE:vboard> ${PMUCTL_FW_ELF} ${CMAKE_SOURCE_DIR})
set_tests_properties(e2e_pmuctl_native PROPERTIES TIMEOUT 900)
pmustub_test_needs(e2e_pmuctl_native qemu-system-mips gdb-multiarch)
# pmuctl compare on two measured results and a third that differs.
add_test(NAME e2e_pmuctl_compare
         COMMAND bash ${_e2e}/pmuctl_compare.sh $<TARGET_FILE:pmuctl>
                 $<TARGET_FILE:vboard> ${PMUCTL_FW_ELF} ${CMAKE_SOURCE_DIR})
set_tests_properties(e2e_pmuctl_compare PROPERTIES TIMEOUT 900)
# The description pmuctl keeps between connects.
add_test(NAME e2e_pmuctl_tdesc_cache
         COMMAND bash ${_e2e}/pmuctl_tdesc_cache.sh $<TARGET_FILE:pmuctl>
                 $<TARGET_FILE:vboard> ${PMUCTL_FW_ELF} ${CMAKE_SOURCE_DIR})
set_tests_properties(e2e_pmuctl_tdesc_cache PROPERTIES TIMEOUT 900)
# The seeds' remaining rows: the mode sweep, per-TC/per-VPE counting on
# the 34K, perfex -y's time estimates on the R10000.
foreach(name modes mt cost)
  add_test(NAME e2e_pmuctl_${name}
           COMMAND bash ${_e2e}/pmuctl_${name}.sh $<TARGET_FILE:pmuctl>
                   $<TARGET_FILE:vboard> ${PMUCTL_FW_ELF} ${CMAKE_SOURCE_DIR})
  set_tests_properties(e2e_pmuctl_${name} PROPERTIES TIMEOUT 900)
  pmustub_test_needs(e2e_pmuctl_${name} qemu-system-mips gdb-multiarch)
endforeach()
