/*
 * ppce500.h - vboard's board for the Power CPUs, laid out as QEMU 7.2's
 * ppce500 (hw/ppc/e500.c, e500plat.c): RAM from physical 0, the CCSR
 * window at 0xF_E000_0000 (1 MiB) with the first 16550 at +0x4500
 * (registers one byte apart), the MPIC at +0x40000 (the UART's interrupt
 * is its source 42, its output the CPU's external input) and the global
 * utilities (GUTS) at +0xE0000, whose RSTCR resets the board; and the
 * state QEMU's -kernel loader leaves.
 */
#ifndef VBOARD_PPCE500_H
#define VBOARD_PPCE500_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mpic.h"
#include "ppc_cpu.h"
#include "uart.h"

#define PPCE500_CCSR_BASE 0xfe0000000ull /* e500plat.c ccsrbar_base */
#define PPCE500_CCSR_SIZE 0x00100000ull  /* MPC8544_CCSRBAR_SIZE */
#define PPCE500_UART0     0x4500u        /* MPC8544_SERIAL0_REGS_OFFSET */
#define PPCE500_MPIC      0x40000u       /* MPC8544_MPIC_REGS_OFFSET */
#define PPCE500_UART_IRQ  42u            /* e500.c: mpic[42] */
#define PPCE500_GUTS      0xe0000u       /* MPC8544_UTIL_OFFSET */
#define PPCE500_RSTCR     0xb0u          /* mpc8544_guts.c: RSTCR, bit 0x2 resets */

struct ppce500 {
    struct ppc_cpu cpu;
    uint8_t *ram;
    uint64_t ram_size;
    struct uart uart;
    struct mpic mpic;
    const char *kernel;
};

/* false with a one-line reason in err */
bool ppce500_init(struct ppce500 *b, const char *cpu, uint32_t ram_mib,
                  const char *kernel, char *err, size_t errlen);
void ppce500_free(struct ppce500 *b);
/* Loads the ELF as QEMU's -kernel does and puts the CPU in QEMU's entry
 * state (ppce500_cpu_reset); also what a board reset does. */
bool ppce500_boot(struct ppce500 *b, char *err, size_t errlen);
/* The UART's INTRPT to its MPIC source, the MPIC's int to the CPU's
 * external input; after a device changed (an access, a byte received). */
void ppce500_update_irq(struct ppce500 *b);

#endif
