# The MPC5674F (e200z7): boots from internal flash through the BAM, the
# debug line on eSCI_A, the stub in SRAM. Book E code, or VLE code with
# mpc5674f_vle.ld (README, "MPC5674F"): the RCHW stays VLE = 0, so the BAM
# leaves every TLB entry Book E (the stub's SRAM entry 3 too), and start.S
# then gives the program's VLE code a flash page with MAS2[VLE] of its
# own, cut out of the BAM's flash entry.
# The toolchain and the Book E integer code flags are ppce500's (its
# board.cmake says why; the e200z7 runs the e500v2's integer instruction
# set, e200z7 RM ch. 3); the sources and the linker scripts are the chip's.
include(${CMAKE_CURRENT_LIST_DIR}/../ppce500/board.cmake)
set(PMUSTUB_BOARD_SOURCES start.S board.c ../esci.c)
set(PMUSTUB_BOARD_LDS mpc5674f.ld)
# The script for a program with VLE code, generated from mpc5674f.ld with
# vle_phdrs.ld and vle_sections.ld (stub/CMakeLists.txt).
set(PMUSTUB_BOARD_VLE_LDS mpc5674f_vle.ld)
# The eSCI's clock, where the build gives it (cmake/options.cmake,
# PMUSTUB_MPC5674F_ESCI_HZ), for board.c's baud rate divider.
if(PMUSTUB_MPC5674F_ESCI_HZ)
  set(PMUSTUB_BOARD_DEFINITIONS MPC5674F_ESCI_HZ=${PMUSTUB_MPC5674F_ESCI_HZ}u)
endif()
