# The firmware the pmuctl tests and benchmark measure: a region run in a
# loop (firmware/bench_loop.S) around workloads (firmware/work.c), linked
# with the stub by the README's "Bring your own program" command.
# Outputs: ${PMUCTL_FW_ELF} (build/target/pmuctl/pmuctl-bench.elf) and
# ${PMUCTL_MS_ELF} (pmuctl-mergesort.elf, the blocksize experiment).
set(PMUCTL_MIPS_CC ${PMUSTUB_TOOL_mips_linux_gnu_gcc}) # cmake/tools.cmake
set(PMUCTL_FW_ELF "" CACHE INTERNAL "")
# pmuctl_firmware_elf(OUT SOURCES...): one firmware, linked with the stub.
function(pmuctl_firmware_elf out)
  set(_srcs)
  foreach(src ${ARGN})
    list(APPEND _srcs ${CMAKE_CURRENT_SOURCE_DIR}/firmware/${src})
  endforeach()
  get_filename_component(_dir ${out} DIRECTORY)
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${_dir}
    COMMAND ${PMUCTL_MIPS_CC} -march=34kc -mno-dsp -EB -O2 -g -ffreestanding
            -nostdlib -static -fno-pic -mno-abicalls -G0
            -T ${PMUSTUB_MALTA_DIR}/malta.ld ${_srcs}
            ${PMUSTUB_MALTA_DIR}/libpmustub.a -o ${out}
    # the stub's library and linker script as files, so that a new stub is
    # linked in (the target alone orders the build, it does not relink)
    DEPENDS ${_srcs} ${CMAKE_CURRENT_SOURCE_DIR}/firmware/loop_frame.h target_malta
            ${PMUSTUB_MALTA_DIR}/libpmustub.a ${PMUSTUB_MALTA_DIR}/malta.ld
    COMMENT "Building ${out}"
    VERBATIM)
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
