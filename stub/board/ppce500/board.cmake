# QEMU's ppce500 (-M ppce500 -cpu e500v2): 32-bit Power Book E, the debug
# line on the first 16550 of the CCSR DUART.
set(PMUSTUB_BOARD_ARCH ppc32)
set(PMUSTUB_BOARD_TOOLCHAIN toolchain-powerpc-linux-gnu.cmake)
# The cross compiler's prefix (cmake/tools.cmake finds <prefix>-gcc).
set(PMUSTUB_BOARD_CROSS powerpc-linux-gnu)
# Book E integer code for both the e500v2 and the e200z7 (docs/power.md):
# -mcpu=8548 is the e500v2 (isel, which the e200z7 has too: RM 3.9);
# -msoft-float: neither core has the classic FPU, and GCC 12 no longer
# emits SPE (-mno-spe is not even accepted); -msdata=none: nothing
# r13-relative; no .eh_frame (GDB unwinds from -g's .debug_frame).
# tests/e2e/ppc_isa.sh checks every instruction the stub has.
set(PMUSTUB_BOARD_FLAGS -mcpu=8548 -msoft-float -msdata=none -ffreestanding
    -fno-pic -fno-builtin -fno-asynchronous-unwind-tables)
# At -Os GCC saves and restores registers through libgcc's _savegpr_N /
# _restgpr_N_x, which -nostdlib leaves out: programs link with -lgcc, as
# the GCC manual advises for -nostdlib (README).
set(PMUSTUB_BOARD_LINK_LIBS gcc)
set(PMUSTUB_BOARD_SOURCES start.S board.c rx_irq.c ../uart16550.c)
set(PMUSTUB_BOARD_LDS ppce500.ld)
# The script for a program with VLE code (the e200z7's; README), generated
# from ppce500.ld with vle_phdrs.ld and vle_sections.ld.
set(PMUSTUB_BOARD_VLE_LDS ppce500_vle.ld)
