/*
 * ejtag_test_jtag.h - test-side JTAG probe and fake CPU for the EJTAG unit
 * tests. The probe drives pins exactly as OpenOCD's bitbang driver does
 * (TCK low with TMS/TDI, sample TDO, TCK high); the fake CPU implements the
 * cpu_* hooks of ejtag.h and records what the port asked of it.
 */
#ifndef VBOARD_EJTAG_TEST_JTAG_H
#define VBOARD_EJTAG_TEST_JTAG_H

#include "ejtag.h"

#include <stdbool.h>
#include <stdint.h>

struct cpu {
    bool dm;               /* Debug.DM */
    bool sst;              /* Debug.SSt */
    int debug_interrupts;  /* cpu_debug_interrupt calls */
    int resets;            /* cpu_reset calls */
    bool last_debug_boot;  /* debug_boot of the last cpu_reset */
    bool mips16;           /* what cpu_has_mips16 says */
};

/* One TCK cycle; returns TDO sampled before the rising edge. */
bool jt_clock(struct ejtag *ej, bool tms, bool tdi);
/* Five TMS=1 clocks then Run-Test/Idle. */
void jt_reset_to_idle(struct ejtag *ej);
/* From Run-Test/Idle: shift nbits of out (LSB first) into IR or DR,
 * returning what came out in in (may be NULL), and end in Run-Test/Idle.
 * out/in hold nbits bits in 32-bit words, LSB of word 0 first. */
void jt_scan(struct ejtag *ej, bool ir, const uint32_t *out, uint32_t *in,
             unsigned nbits);
void jt_ir(struct ejtag *ej, uint32_t ir);
uint32_t jt_dr32(struct ejtag *ej, uint32_t out);

#endif
