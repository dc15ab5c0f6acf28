# The firmware the pmuctl tests and benchmark measure: a region run in a
# loop (firmware/bench_loop.S) around workloads (firmware/work.c), linked
# with the stub by the README's "Bring your own program" command.
# Outputs: ${PMUCTL_FW_ELF} (build/target/pmuctl/pmuctl-bench.elf) and
# ${PMUCTL_MS_ELF} (pmuctl-mergesort.elf, the blocksize experiment) for
# Malta (${PMUCTL_FW_34K_ELF}: the first with the one-core 34K stub,
# ${PMUCTL_FW_34K_SMALL_ELF} with the smallest one-core 34K stub),
# ${PMUCTL_PPC_FW_ELF} and ${PMUCTL_PPC_MS_ELF} (-ppce500.elf) for
# Power.
set(PMUCTL_FW_ELF "" CACHE INTERNAL "")
# pmuctl_firmware_elf(OUT BOARD SOURCES...): one firmware, linked with the
# stub of the board (malta, ppce500).
function(pmuctl_firmware_elf out board)
  set(_srcs ${ARGN})
  list(TRANSFORM _srcs PREPEND ${CMAKE_CURRENT_SOURCE_DIR}/firmware/)
  pmustub_firmware(OUT ${out} BOARD ${board} STUB SOURCES ${_srcs}
                   DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/firmware/loop_frame.h
                           ${CMAKE_CURRENT_SOURCE_DIR}/firmware/ppc_loop_frame.h)
endfunction()

set(PMUCTL_MS_ELF "" CACHE INTERNAL "")
block()
  set(_fw_out ${CMAKE_BINARY_DIR}/target/pmuctl)
  set(PMUCTL_FW_ELF ${_fw_out}/pmuctl-bench.elf CACHE INTERNAL "")
  set(PMUCTL_MS_ELF ${_fw_out}/pmuctl-mergesort.elf CACHE INTERNAL "")
  set(PMUCTL_PPC_FW_ELF ${_fw_out}/pmuctl-bench-ppce500.elf CACHE INTERNAL "")
  set(PMUCTL_PPC_MS_ELF ${_fw_out}/pmuctl-mergesort-ppce500.elf CACHE INTERNAL "")
  pmuctl_firmware_elf(${PMUCTL_FW_ELF} malta bench_loop.S work.c)
  # The same with the one-core 34K stub (MIPS16e: stub/CMakeLists.txt),
  # for the end-to-end tests of a stub sized for the chip.
  set(PMUCTL_FW_34K_ELF ${_fw_out}/pmuctl-bench-malta-34k.elf CACHE INTERNAL "")
  pmustub_firmware(OUT ${PMUCTL_FW_34K_ELF} BOARD malta BUILD malta-34k STUB
                   SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/firmware/bench_loop.S
                           ${CMAKE_CURRENT_SOURCE_DIR}/firmware/work.c
                   DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/firmware/loop_frame.h)
  # And with the smallest one-core 34K stub (malta-34k-small).
  set(PMUCTL_FW_34K_SMALL_ELF ${_fw_out}/pmuctl-bench-malta-34k-small.elf CACHE INTERNAL "")
  pmustub_firmware(OUT ${PMUCTL_FW_34K_SMALL_ELF} BOARD malta BUILD malta-34k-small STUB
                   SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/firmware/bench_loop.S
                           ${CMAKE_CURRENT_SOURCE_DIR}/firmware/work.c
                   DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/firmware/loop_frame.h)
  # The mergesort blocksize experiment (host/demo/mergesort_table.sh).
  pmuctl_firmware_elf(${PMUCTL_MS_ELF} malta ms_loop.S ms_work.c ms_blocksize.c)
  # The same two on Power (ppce500: QEMU's e500v2, vboard's e200z7/e500v2).
  pmuctl_firmware_elf(${PMUCTL_PPC_FW_ELF} ppce500 ppc_bench_loop.S work.c)
  pmuctl_firmware_elf(${PMUCTL_PPC_MS_ELF} ppce500 ppc_ms_loop.S ms_work.c)
  add_custom_target(pmuctl_firmware ALL DEPENDS ${PMUCTL_FW_ELF} ${PMUCTL_FW_34K_ELF} ${PMUCTL_FW_34K_SMALL_ELF}
                    ${PMUCTL_MS_ELF}
                    ${PMUCTL_PPC_FW_ELF} ${PMUCTL_PPC_MS_ELF})
endblock()
