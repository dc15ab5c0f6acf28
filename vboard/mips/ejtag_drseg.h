/*
 * ejtag_drseg.h - the debug register segment (drseg, 0xFF300000..) that the
 * core serves itself in debug mode: DCR, the instruction-breakpoint unit
 * (IBS, IBAn/IBMn/IBASIDn/IBCn) and a data-breakpoint status register with
 * no channels.
 */
#ifndef VBOARD_EJTAG_DRSEG_H
#define VBOARD_EJTAG_DRSEG_H

#include <stdbool.h>
#include <stdint.h>

#define DRSEG_NUM_IB 4u /* IBS.BCN: the 34K has four instruction breakpoints */

struct drseg {
    bool big_endian;  /* DCR.ENM */
    bool inte;        /* DCR.IntE: interrupts enabled outside debug mode */
    uint32_t ibs;     /* IBS.BS bits that have hit */
    uint32_t iba[DRSEG_NUM_IB], ibm[DRSEG_NUM_IB];
    uint32_t ibasid[DRSEG_NUM_IB], ibc[DRSEG_NUM_IB];
    unsigned ib_enabled; /* bit n: IBCn.BE, so the per-instruction check
                            costs one test when no breakpoint is set */
};

void drseg_reset(struct drseg *d, bool big_endian);
/* prob_en is ECR.ProbEn, mirrored in DCR bit 0. */
uint32_t drseg_read(const struct drseg *d, uint32_t addr, bool prob_en);
void drseg_write(struct drseg *d, uint32_t addr, uint32_t val);
bool drseg_ibreak_match(struct drseg *d, uint32_t pc);

#endif
