# The MPC5674F (e200z7): boots from internal flash through the BAM, the
# debug line on eSCI_A, the stub in SRAM. Book E pages only: VLE code would
# be a board option (an RCHW with VLE = 1 and VLE-attributed pages for the
# program). vboard's MPC5674F runs such an image, but the BAM then gives
# the SRAM entry (TLB 3, where the stub runs) VLE too, so the option needs
# the start-up code to rewrite that entry as Book E first: not done yet.
# The toolchain and the Book E integer code flags are ppce500's (its
# board.cmake says why; the e200z7 runs the e500v2's integer instruction
# set, e200z7 RM ch. 3); the sources and the linker script are the chip's.
include(${CMAKE_CURRENT_LIST_DIR}/../ppce500/board.cmake)
set(PMUSTUB_BOARD_SOURCES start.S board.c ../esci.c)
set(PMUSTUB_BOARD_LDS mpc5674f.ld)
unset(PMUSTUB_BOARD_VLE_LDS) # no VLE script for the chip yet
