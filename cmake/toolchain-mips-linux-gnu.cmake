# Debian 12's MIPS cross compiler (package gcc-mips-linux-gnu), used for
# bare-metal, big-endian MIPS32r2 code; the board's flags are in
# stub/board/<board>/board.cmake.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR mips)
set(CMAKE_C_COMPILER mips-linux-gnu-gcc)
set(CMAKE_ASM_COMPILER mips-linux-gnu-gcc)
set(CMAKE_AR mips-linux-gnu-ar)
set(CMAKE_OBJCOPY mips-linux-gnu-objcopy)
set(CMAKE_SIZE mips-linux-gnu-size)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
