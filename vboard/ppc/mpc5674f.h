/*
 * mpc5674f.h - vboard's MPC5674F: just enough of the chip for the stub's
 * mpc5674f board port to run (docs/vboard.md "The MPC5674F machine").
 *
 * Memory map (MPC5674F header mpc5674f.h v1.04, as RTEMS carries it in
 * bsps/powerpc/mpc55xxevb/include/mpc55xx/fsl-mpc567x.h; RTEMS
 * linkcmds.mpc5674fevb; the CM2350 emulator's MPC5674F model, which cites
 * the MPC5674F Reference Manual rev. 7): flash 4 MiB at 0, SRAM 256 KiB
 * at 0x40000000, SIU at 0xC3F90000, SWT at 0xFFF38000, eSCI_A at
 * 0xFFFB0000. The peripheral bridges' windows (PBRIDGE A 0xC3F00000,
 * PBRIDGE B 0xFFF00000, 1 MiB each) read 0 and ignore writes where no
 * modelled register is.
 */
#ifndef VBOARD_MPC5674F_H
#define VBOARD_MPC5674F_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "esci.h"
#include "ppc_cpu.h"
#include "uart.h"

#define MPC5674F_FLASH_SIZE (4u << 20)
#define MPC5674F_SRAM_BASE  0x40000000u
#define MPC5674F_SRAM_SIZE  (256u << 10)

struct mpc5674f {
    struct ppc_cpu cpu;
    uint8_t *flash, *sram;
    struct uart uart; /* the host side of eSCI_A's line (common/serial.c) */
    struct esci esci_a;
    uint16_t pcr[512]; /* SIU_PCR0-511 as written */
    uint32_t swt_mcr;
    const char *kernel;
};

/* The reset configuration half word, as the first word of a boot block
 * (MPC5644A RM ch. 21 Fig. 21-4; CM2350 emulator bam.py; RTEMS start.S
 * writes 0x005A0000): the boot ID 0x5A in bits 8-15, SWT 0x08000000,
 * WTE 0x04000000, PS0 0x02000000, VLE 0x01000000; the entry address is
 * the word after it. */
#define RCHW_ID_MASK 0x00ff0000u
#define RCHW_ID      0x005a0000u
#define RCHW_SWT     0x08000000u
#define RCHW_VLE     0x01000000u

/* The BAM's internal-flash boot on the core c (mpc5674f_boot.c): finds the
 * RCHW in flash, maps TLB entries 0-4 and starts the core at the entry
 * word; false, with a one-line reason in err, when there is no valid RCHW
 * (or it asks for VLE, which vboard's e200z7 does not run). */
bool mpc5674f_bam(struct ppc_cpu *c, const uint8_t *flash, uint32_t size, uint32_t *rchw,
                  char *err, size_t errlen);
/* The offset of the first valid RCHW in flash, or -1 (mpc5674f_boot.c). */
long mpc5674f_find_rchw(const uint8_t *flash, uint32_t size);

/* false with a one-line reason in err */
bool mpc5674f_init(struct mpc5674f *b, const char *cpu, const char *kernel, char *err,
                   size_t errlen);
void mpc5674f_free(struct mpc5674f *b);
/* Power-on reset: flash programmed with the ELF (erased elsewhere), the
 * core as the BAM leaves it for an internal-flash boot (mpc5674f_boot.c). */
bool mpc5674f_boot(struct mpc5674f *b, char *err, size_t errlen);

#endif
