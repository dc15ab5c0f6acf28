# Debian 12's MIPS cross compiler (package gcc-mips-linux-gnu), used for
# bare-metal, big-endian MIPS32r2 code: no libc, no PIC, no abicalls.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR mips)
set(CMAKE_C_COMPILER mips-linux-gnu-gcc)
set(CMAKE_ASM_COMPILER mips-linux-gnu-gcc)
set(CMAKE_AR mips-linux-gnu-ar)
set(CMAKE_OBJCOPY mips-linux-gnu-objcopy)
set(CMAKE_SIZE mips-linux-gnu-size)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
# -march=34kc turns on the DSP ASE by itself; QEMU's 34Kf traps on DSP
# instructions (DESIGN.md, "Toolchain facts"), hence -mno-dsp.
# -G0: no $gp-relative small data, so nothing depends on _gp being loaded.
set(PMUSTUB_TARGET_FLAGS "-g -march=34kc -mno-dsp -EB -ffreestanding -fno-pic -mno-abicalls -G0 -fno-builtin")
set(CMAKE_C_FLAGS_INIT "${PMUSTUB_TARGET_FLAGS}")
set(CMAKE_ASM_FLAGS_INIT "${PMUSTUB_TARGET_FLAGS}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-nostdlib -static")
