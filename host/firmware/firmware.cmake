# The firmware the pmuctl tests and benchmark measure: a region run in a
# loop (firmware/bench_loop.S) around workloads (firmware/work.c), linked
# with the stub by the README's "Bring your own program" command.
# Outputs: ${PMUCTL_FW_ELF} (build/target/pmuctl/pmuctl-bench.elf) and
# ${PMUCTL_MS_ELF} (pmuctl-mergesort.elf, the blocksize experiment).
find_program(PMUCTL_MIPS_CC mips-linux-gnu-gcc)
set(PMUCTL_FW_ELF "" CACHE INTERNAL "")
if(PMUCTL_MIPS_CC)
  set(_fw_dir ${CMAKE_CURRENT_SOURCE_DIR}/firmware)
  set(_fw_out ${CMAKE_BINARY_DIR}/target/pmuctl)
  set(PMUCTL_FW_ELF ${_fw_out}/pmuctl-bench.elf CACHE INTERNAL "")
  add_custom_command(
    OUTPUT ${PMUCTL_FW_ELF}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${_fw_out}
    COMMAND ${PMUCTL_MIPS_CC} -march=34kc -mno-dsp -EB -O2 -g -ffreestanding
            -nostdlib -static -fno-pic -mno-abicalls -G0
            -T ${PMUSTUB_MALTA_DIR}/malta.ld
            ${_fw_dir}/bench_loop.S ${_fw_dir}/work.c
            ${PMUSTUB_MALTA_DIR}/libpmustub.a -o ${PMUCTL_FW_ELF}
    DEPENDS ${_fw_dir}/bench_loop.S ${_fw_dir}/work.c target_malta
    COMMENT "Building the pmuctl measurement firmware"
    VERBATIM)
  # The mergesort blocksize experiment (host/demo/mergesort_table.sh).
  set(PMUCTL_MS_ELF ${_fw_out}/pmuctl-mergesort.elf CACHE INTERNAL "")
  add_custom_command(
    OUTPUT ${PMUCTL_MS_ELF}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${_fw_out}
    COMMAND ${PMUCTL_MIPS_CC} -march=34kc -mno-dsp -EB -O2 -g -ffreestanding
            -nostdlib -static -fno-pic -mno-abicalls -G0
            -T ${PMUSTUB_MALTA_DIR}/malta.ld
            ${_fw_dir}/ms_loop.S ${_fw_dir}/ms_work.c
            ${PMUSTUB_MALTA_DIR}/libpmustub.a -o ${PMUCTL_MS_ELF}
    DEPENDS ${_fw_dir}/ms_loop.S ${_fw_dir}/ms_work.c target_malta
    COMMENT "Building the mergesort blocksize firmware"
    VERBATIM)
  add_custom_target(pmuctl_firmware ALL DEPENDS ${PMUCTL_FW_ELF} ${PMUCTL_MS_ELF})
endif()
