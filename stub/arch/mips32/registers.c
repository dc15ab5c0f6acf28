/*
 * registers.c - the register table of the MIPS32 port: which GDB numbers
 * exist, how wide, where their value lives and whether GDB may write them.
 * Numbers and names follow GDB's fixed MIPS layout (GDB manual "MIPS
 * Features"; docs/hardware-facts.md, "GDB's MIPS register numbers");
 * target-xml/mips/ describes the same numbers to GDB.
 */
#include "mips_port.h"
#include "pmu.h"

uint32_t mips_ctx[CTX_WORDS];

enum reg_kind {
    RK_CTX,    /* saved context word, writable */
    RK_ZERO,   /* r0: reads 0, writes ignored */
    RK_RO,     /* saved context word, read-only (badvaddr) */
    RK_FPU,    /* needs an FPU; writable */
    RK_FPU_RO, /* needs an FPU; read-only (fir) */
    RK_PMU,    /* perfctlN / perfcntN, for the counters that exist */
    RK_PMU64,  /* perfcntN_64: the 64-bit counts */
};

static const struct reg_range {
    uint8_t first, last, kind;
} reg_table[] = {
    {0, 0, RK_ZERO},
    {1, 34, RK_CTX},                 /* r1-r31, status, lo, hi */
    {CTX_BADVADDR, CTX_BADVADDR, RK_RO},
    {CTX_CAUSE, CTX_PC, RK_CTX},     /* cause, pc */
    {CTX_F0, CTX_FCSR, RK_FPU},      /* f0-f31, fcsr */
    {CTX_FIR, CTX_FIR, RK_FPU_RO},
    {PMU_REGNUM_CONTROL(0), PMU_REGNUM_CONTROL(0) + 2 * PMU_MAX_COUNTERS - 1, RK_PMU},
    {PMU_REGNUM_COUNT64(0), PMU_REGNUM_COUNT64(0) + PMU_MAX_COUNTERS - 1, RK_PMU64},
};

/* Which counter a PMU register belongs to. */
static unsigned pmu_counter_of(const struct reg_range *r, unsigned regno)
{
    return r->kind == RK_PMU ? (regno - PMU_REGNUM_CONTROL(0)) / 2
                             : regno - PMU_REGNUM_COUNT64(0);
}

static const struct reg_range *lookup(unsigned regno)
{
    for (unsigned i = 0; i < sizeof reg_table / sizeof *reg_table; i++)
        if (regno >= reg_table[i].first && regno <= reg_table[i].last)
            return (reg_table[i].kind == RK_PMU ||
                    reg_table[i].kind == RK_PMU64) &&
                           pmu_counter_of(&reg_table[i], regno) >= pmu_counters
                       ? 0 /* a counter this core does not have */
                       : &reg_table[i];
    return 0;
}

/* perfctlN at even offsets from perfctl0, perfcntN at odd ones
 * (target-xml/cores.toml, family mips32). */
static uint32_t pmu_reg_read(unsigned regno)
{
    unsigned off = regno - PMU_REGNUM_CONTROL(0);
    return off & 1 ? pmu_count(off / 2) : pmu_ctl(off / 2);
}

static void pmu_reg_write(unsigned regno, uint32_t v)
{
    unsigned off = regno - PMU_REGNUM_CONTROL(0);
    if (off & 1)
        pmu_set_count(off / 2, v);
    else
        pmu_set_ctl(off / 2, v);
}

unsigned mips_reg_size(unsigned regno)
{
    const struct reg_range *r = lookup(regno);
    return !r ? 0 : r->kind == RK_PMU64 ? 8 : 4;
}

static void put_be32(uint8_t *b, uint32_t v)
{
    b[0] = (uint8_t)(v >> 24), b[1] = (uint8_t)(v >> 16);
    b[2] = (uint8_t)(v >> 8), b[3] = (uint8_t)v;
}

int mips_reg_read(unsigned regno, uint8_t *buf)
{
    const struct reg_range *r = lookup(regno);

    if (!r)
        return STUB_REG_UNAVAILABLE;
    if (r->kind == RK_PMU64) {
        uint64_t v = pmu_count64(regno - PMU_REGNUM_COUNT64(0));
        put_be32(buf, (uint32_t)(v >> 32));
        put_be32(buf + 4, (uint32_t)v);
        return STUB_REG_OK;
    }
    if ((r->kind == RK_FPU || r->kind == RK_FPU_RO) && !mips_has_fpu)
        return STUB_REG_UNAVAILABLE; /* no FPU: no value to invent */
    put_be32(buf, r->kind == RK_ZERO  ? 0
                   : r->kind == RK_PMU ? pmu_reg_read(regno)
                                       : mips_ctx[regno]);
    return STUB_REG_OK;
}

int mips_reg_write(unsigned regno, const uint8_t *buf)
{
    const struct reg_range *r = lookup(regno);
    uint32_t v = (uint32_t)buf[0] << 24 | (uint32_t)buf[1] << 16 |
                 (uint32_t)buf[2] << 8 | buf[3];

    if (!r || r->kind == RK_RO || r->kind == RK_FPU_RO)
        return STUB_REG_READONLY;
    if (r->kind == RK_PMU64) {
        uint32_t lo = (uint32_t)buf[4] << 24 | (uint32_t)buf[5] << 16 |
                      (uint32_t)buf[6] << 8 | buf[7];
        pmu_set_count64(regno - PMU_REGNUM_COUNT64(0), (uint64_t)v << 32 | lo);
        return STUB_REG_OK;
    }
    if (r->kind == RK_FPU && !mips_has_fpu)
        return STUB_REG_UNAVAILABLE;
    if (r->kind == RK_PMU)
        pmu_reg_write(regno, v);
    else if (r->kind != RK_ZERO)
        mips_ctx[regno] = v;
    return STUB_REG_OK;
}
