/*
 * ppc_alu.h - condition register, XER, add/shift/rotate and branch-
 * condition helpers shared by the Book E run loop (ppc_exec.c) and the VLE
 * instructions (vle_exec.c). Semantics: Power ISA 2.06 Book I, chapter 3
 * "Fixed-Point Facility" and chapter 2 "Branch Facility"; the VLE
 * instructions use the same ones (VLE PEM Rev.0 chapter 3).
 */
#ifndef VBOARD_PPC_ALU_H
#define VBOARD_PPC_ALU_H

#include <stdbool.h>
#include <stdint.h>

#include "ppc_cpu.h"
#include "ppc_decode.h"

/* ---- condition register and XER ----------------------------------------- */

static inline uint32_t cmp_field(const struct ppc_cpu *c, bool lt, bool gt)
{
    return (lt ? CR_LT : gt ? CR_GT : CR_EQ) | (c->xer >> 31);
}

static inline void set_crf(struct ppc_cpu *c, unsigned n, uint32_t f)
{
    unsigned sh = 28 - 4 * n;
    c->cr = (c->cr & ~(0xfu << sh)) | f << sh;
}

static inline void set_cr0(struct ppc_cpu *c, uint32_t v)
{
    set_crf(c, 0, cmp_field(c, (int32_t)v < 0, (int32_t)v > 0));
}

static inline void set_ca(struct ppc_cpu *c, bool ca)
{
    c->xer = ca ? c->xer | XER_CA : c->xer & ~XER_CA;
}

static inline void set_ov(struct ppc_cpu *c, bool ov)
{
    c->xer = ov ? c->xer | XER_OV | XER_SO : c->xer & ~XER_OV;
}

static inline unsigned ca_in(const struct ppc_cpu *c) { return (c->xer >> 29) & 1u; }

static inline bool cr_bit(const struct ppc_cpu *c, unsigned b)
{
    return (c->cr >> (31 - b)) & 1u;
}

/* x + y + cin for the add and subtract-from families (subtract-from adds
 * ~rA): the result, CA when asked, OV/SO with OE, CR0 with Rc. */
static inline uint32_t add3(struct ppc_cpu *c, uint32_t x, uint32_t y, unsigned cin,
                            bool carry, uint32_t flags)
{
    uint64_t sum = (uint64_t)x + y + cin;
    uint32_t v = (uint32_t)sum;
    if (carry)
        set_ca(c, sum >> 32);
    if (flags & DF_OE)
        set_ov(c, ((x ^ v) & (y ^ v)) >> 31);
    if (flags & DF_RC)
        set_cr0(c, v);
    return v;
}

static inline uint32_t rotl(uint32_t v, unsigned n)
{
    n &= 31u;
    return n ? (v << n) | (v >> (32 - n)) : v;
}

/* sraw/srawi: CA is set when the result is negative and 1 bits were
 * shifted out (Book I "Shift Right Algebraic Word"). */
static inline uint32_t sra(struct ppc_cpu *c, uint32_t a, unsigned n)
{
    if (n > 31) {
        set_ca(c, a >> 31);
        return (uint32_t)((int32_t)a >> 31);
    }
    set_ca(c, (a >> 31) && n && (a & ((1u << n) - 1u)));
    return (uint32_t)((int32_t)a >> n);
}

static inline uint32_t crop(unsigned xo, bool a, bool b)
{
    switch (xo) {
    case 257: return a & b;      /* crand */
    case 449: return a | b;      /* cror */
    case 193: return a ^ b;      /* crxor */
    case 225: return !(a & b);   /* crnand */
    case 33: return !(a | b);    /* crnor */
    case 289: return a == b;     /* creqv */
    case 129: return a & !b;     /* crandc */
    default: return a | !b;      /* 417 crorc */
    }
}

/* bc/bclr/bcctr: BO[2] = 0 decrements CTR and tests it against BO[3]; BO[0]
 * = 0 tests CR[BI] against BO[1] (Book I "Branch Instructions"; BO bits
 * numbered 0-4 from the left: 16, 8, 4, 2, 1). */
static inline bool bc_taken(struct ppc_cpu *c, unsigned bo, unsigned bi, bool use_ctr)
{
    bool ctr_ok = true;
    if (use_ctr && !(bo & 4u)) {
        c->ctr--;
        ctr_ok = (c->ctr != 0) != ((bo >> 1) & 1u);
    }
    bool cond_ok = (bo & 16u) || cr_bit(c, bi) == ((bo >> 3) & 1u);
    return ctr_ok && cond_ok;
}

static inline void branch_events(struct ppc_cpu *c, unsigned bo, bool taken, bool lk)
{
    c->ev[PEV_BRANCH]++;
    c->ev[PEV_BRANCH_TAKEN] += taken;
    c->ev[PEV_BL] += lk;
    if ((bo & 0x14u) != 0x14u) { /* not "branch always" */
        c->ev[PEV_CBRANCH]++;
        c->ev[PEV_CBRANCH_TAKEN] += taken;
    }
}

#endif
