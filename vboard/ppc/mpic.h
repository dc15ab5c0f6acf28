/*
 * mpic.h - the part of the MPC8544's MPIC (the SoC's OpenPIC interrupt
 * controller, CCSR + 0x4_0000) that firmware needs to take one device's
 * interrupt on processor 0: the global configuration and spurious vector
 * registers, each source's vector/priority (IVPR) and destination (IDR)
 * registers, and processor 0's current task priority (CTPR), interrupt
 * acknowledge (IACK) and end of interrupt (EOI), also at their "this
 * processor" aliases. Every source is level-sensitive (the SoC's internal
 * ones are); timers, IPIs, messages, MSIs and the critical and machine
 * check outputs are not modelled.
 */
#ifndef VBOARD_MPIC_H
#define VBOARD_MPIC_H

#include <stdbool.h>
#include <stdint.h>

#define MPIC_SIZE 0x40000u  /* register block */
#define MPIC_SOURCES 256u   /* QEMU's OPENPIC_MAX_SRC */

struct mpic {
    uint32_t gcr, svr, ctpr;
    uint32_t ivpr[MPIC_SOURCES], idr[MPIC_SOURCES];
    uint8_t input[MPIC_SOURCES / 8];      /* the sources' levels */
    uint8_t in_service[MPIC_SOURCES / 8]; /* acknowledged, not yet EOI'd */
};

void mpic_reset(struct mpic *m);
void mpic_input(struct mpic *m, unsigned src, bool level);
/* Processor 0's int output: a request above CTPR and above every
 * priority in service. */
bool mpic_int(const struct mpic *m);
/* off: from the MPIC's base; 32-bit registers. */
uint32_t mpic_read(struct mpic *m, uint32_t off);
void mpic_write(struct mpic *m, uint32_t off, uint32_t v);

#endif
