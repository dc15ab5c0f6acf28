/*
 * esci.h - the polled part of an MPC5500/5600 eSCI (enhanced serial
 * communication interface) in SCI mode, on top of vboard's UART queues
 * (common/uart.h), which the serial backend fills and drains.
 *
 * Registers (MPC5674F header mpc5674f.h v1.04, struct ESCI_tag, carried
 * by RTEMS as bsps/powerpc/mpc55xxevb/include/mpc55xx/fsl-mpc567x.h; the
 * polled use in RTEMS console-esci.c): CR1 at +0 (32 bits: SBR 0x1FFF0000,
 * TE 0x8, RE 0x4), CR2 at +4 (16), DR at +6 (16 bits, the data in the low
 * byte, +7), SR at +8 (32 bits, write 1 to clear: TDRE 0x80000000, TC
 * 0x40000000, RDRF 0x20000000), LCR at +0xC (32).
 */
#ifndef VBOARD_ESCI_H
#define VBOARD_ESCI_H

#include <stdbool.h>
#include <stdint.h>

#include "uart.h"

#define ESCI_SIZE 0x4000u /* eSCI_A..D are 0x4000 apart (mpc5674f.h) */

struct esci {
    struct uart *line;
    uint32_t cr1, lcr;
    uint16_t cr2;
};

void esci_reset(struct esci *e, struct uart *line);
/* off: the offset in the module; false: not a modelled access */
bool esci_read(struct esci *e, uint32_t off, unsigned size, uint32_t *v, double now_ns);
bool esci_write(struct esci *e, uint32_t off, unsigned size, uint32_t v, double now_ns);

#endif
