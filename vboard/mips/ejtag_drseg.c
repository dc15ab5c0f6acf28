/*
 * ejtag_drseg.c - drseg registers. Addresses and bit positions are in
 * ejtag_regs.h with their sources (OpenOCD mips_ejtag.h, Glasgow
 * arch/mips/ejtag.py, both from MD00047).
 */
#include "ejtag_drseg.h"

#include "ejtag_regs.h"

#include <string.h>

void drseg_reset(struct drseg *d, bool big_endian)
{
    memset(d, 0, sizeof *d);
    d->big_endian = big_endian;
    /* MD00047 gives IntE a reset value of 1 (interrupts enabled in
     * non-debug mode); OpenOCD only ever sets or clears it
     * (mips32_enable_interrupts in src/target/mips32.c). */
    d->inte = true;
}

/* Which IB register an address names: returns the channel or -1, and the
 * register's offset within the channel's block in *off. */
static int ib_channel(uint32_t addr, uint32_t *off)
{
    if (addr < DRSEG_IBA0)
        return -1;
    uint32_t rel = addr - DRSEG_IBA0;
    uint32_t n = rel / DRSEG_IB_STEP;
    if (n >= DRSEG_NUM_IB)
        return -1;
    *off = rel % DRSEG_IB_STEP;
    return (int)n;
}

uint32_t drseg_read(const struct drseg *d, uint32_t addr, bool prob_en)
{
    uint32_t off;
    int n;

    switch (addr) {
    case DRSEG_DCR:
        return (d->big_endian ? DCR_ENM : 0) | DCR_IB | DCR_DB |
               (d->inte ? DCR_INTE : 0) | (prob_en ? DCR_PROBEN : 0);
    case DRSEG_IBS:
        return ((uint32_t)DRSEG_NUM_IB << BCN_SHIFT) | d->ibs;
    case DRSEG_DBS:
        return 0; /* BCN = 0: no data breakpoint channels */
    default:
        break;
    }
    n = ib_channel(addr, &off);
    if (n < 0)
        return 0;
    switch (off) {
    case 0:                return d->iba[n];
    case DRSEG_IBM_OFF:    return d->ibm[n];
    case DRSEG_IBASID_OFF: return d->ibasid[n];
    case DRSEG_IBC_OFF:    return d->ibc[n];
    default:               return 0;
    }
}

void drseg_write(struct drseg *d, uint32_t addr, uint32_t val)
{
    uint32_t off;
    int n;

    switch (addr) {
    case DRSEG_DCR:
        d->inte = (val & DCR_INTE) != 0; /* the only writable DCR bit here */
        return;
    case DRSEG_IBS:
        /* BS bits are cleared by writing 0; writing 1 has no effect. */
        d->ibs &= val & BS_MASK;
        return;
    default:
        break;
    }
    n = ib_channel(addr, &off);
    if (n < 0)
        return;
    switch (off) {
    case 0:                d->iba[n] = val; break;
    case DRSEG_IBM_OFF:    d->ibm[n] = val; break;
    case DRSEG_IBASID_OFF: d->ibasid[n] = val & 0xFFu; break;
    case DRSEG_IBC_OFF:
        d->ibc[n] = val & (IBC_BE | IBC_TE);
        if (val & IBC_BE)
            d->ib_enabled |= 1u << n;
        else
            d->ib_enabled &= ~(1u << n);
        break;
    default:               break;
    }
}

/* MD00047 instruction breakpoint match: IBMn bits set to 1 are "don't
 * care"; ASID is not compared (IBS.ASIDsup = 0, IBCn.ASIDuse not
 * implemented). Every matching enabled channel records its BS bit. */
bool drseg_ibreak_match(struct drseg *d, uint32_t pc)
{
    bool hit = false;
    if (!d->ib_enabled)
        return false;
    for (unsigned n = 0; n < DRSEG_NUM_IB; n++) {
        if ((d->ib_enabled >> n & 1u) && ((pc ^ d->iba[n]) & ~d->ibm[n]) == 0) {
            d->ibs |= 1u << n;
            hit = true;
        }
    }
    return hit;
}
