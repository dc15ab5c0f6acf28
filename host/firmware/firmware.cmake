# The firmware the pmuctl tests and benchmark measure: a region run in a
# loop (firmware/bench_loop.S) around workloads (firmware/work.c), linked
# with the stub by the README's "Bring your own program" command.
# Outputs: ${PMUCTL_FW_ELF} (build/target/pmuctl/pmuctl-bench.elf) and
# ${PMUCTL_MS_ELF} (pmuctl-mergesort.elf, the blocksize experiment).
set(PMUCTL_FW_ELF "" CACHE INTERNAL "")
# pmuctl_firmware_elf(OUT SOURCES...): one firmware, linked with the stub.
function(pmuctl_firmware_elf out)
  set(_srcs ${ARGN})
  list(TRANSFORM _srcs PREPEND ${CMAKE_CURRENT_SOURCE_DIR}/firmware/)
  pmustub_firmware(OUT ${out} BOARD malta STUB SOURCES ${_srcs}
                   DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/firmware/loop_frame.h)
endfunction()

set(PMUCTL_MS_ELF "" CACHE INTERNAL "")
block()
  set(_fw_out ${CMAKE_BINARY_DIR}/target/pmuctl)
  set(PMUCTL_FW_ELF ${_fw_out}/pmuctl-bench.elf CACHE INTERNAL "")
  set(PMUCTL_MS_ELF ${_fw_out}/pmuctl-mergesort.elf CACHE INTERNAL "")
  pmuctl_firmware_elf(${PMUCTL_FW_ELF} bench_loop.S work.c)
  # The mergesort blocksize experiment (host/demo/mergesort_table.sh).
  pmuctl_firmware_elf(${PMUCTL_MS_ELF} ms_loop.S ms_work.c)
  add_custom_target(pmuctl_firmware ALL DEPENDS ${PMUCTL_FW_ELF} ${PMUCTL_MS_ELF})
endblock()
