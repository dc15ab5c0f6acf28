# Debian 12's 32-bit Power cross compiler (package gcc-powerpc-linux-gnu),
# used for bare-metal, big-endian Book E code; the board's flags are in
# stub/board/<board>/board.cmake.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR powerpc)
set(CMAKE_C_COMPILER powerpc-linux-gnu-gcc)
set(CMAKE_ASM_COMPILER powerpc-linux-gnu-gcc)
set(CMAKE_AR powerpc-linux-gnu-ar)
set(CMAKE_OBJCOPY powerpc-linux-gnu-objcopy)
set(CMAKE_SIZE powerpc-linux-gnu-size)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
