# Malta (QEMU -M malta -cpu 34Kf, vboard --cpu 34k|r10k|r12k): big-endian
# MIPS32 Release 2, the debug line on the ISA COM1 16550.
set(PMUSTUB_BOARD_ARCH mips32)
set(PMUSTUB_BOARD_TOOLCHAIN toolchain-mips-linux-gnu.cmake)
# The cross compiler's prefix (cmake/tools.cmake finds <prefix>-gcc).
set(PMUSTUB_BOARD_CROSS mips-linux-gnu)
# -march=34kc turns on the DSP ASE by itself; QEMU's 34Kf traps on DSP
# instructions (docs/hardware-facts.md, "The MIPS toolchain"), hence -mno-dsp.
# -G0: no $gp-relative small data, so nothing depends on _gp being loaded.
set(PMUSTUB_BOARD_FLAGS -march=34kc -mno-dsp -EB -ffreestanding -fno-pic
    -mno-abicalls -G0 -fno-builtin)
set(PMUSTUB_BOARD_SOURCES start.S board.c rx_irq.c ../uart16550.c)
set(PMUSTUB_BOARD_LDS malta.ld)
# How GDB's Ctrl-C reaches the stub while the program runs: COM1's
# receive interrupt through the i8259 on IP2 (rx_irq.c), always there on a
# Malta, so the CP0 timer poll that boards without one need is not built
# (stub/arch/mips32/interrupt.c, PMUSTUB_CTRLC_POLL).
set(PMUSTUB_BOARD_CTRLC rx_irq)
