/*
 * registers.c - the register table of the Power port: which GDB numbers
 * exist, how wide, and where their value lives. Numbers follow GDB's
 * org.gnu.gdb.power.core (GDB manual "PowerPC Features";
 * docs/hardware-facts.md, "GDB's Power register numbers"):
 * r0-r31 0-31, pc 64, msr 65, cr 66, lr 67, ctr 68, xer 69. 32-63 are the
 * FPU's, which neither the e500v2 nor the e200z7 has: absent, not
 * invented. 80.. are the performance monitor's (pmu_regs.c). Plain C (host
 * unit tests).
 */
#include "ppc_port.h"

uint32_t ppc_ctx[CTX_WORDS];

static const struct reg_range {
    uint8_t first, last, slot; /* GDB numbers first..last at ppc_ctx[slot..] */
} reg_table[] = {
    {0, 31, 0},       /* r0-r31 */
    {64, 69, CTX_PC}, /* pc, msr, cr, lr, ctr, xer */
};

static int slot_of(unsigned regno)
{
    for (unsigned i = 0; i < sizeof reg_table / sizeof *reg_table; i++)
        if (regno >= reg_table[i].first && regno <= reg_table[i].last)
            return reg_table[i].slot + (int)(regno - reg_table[i].first);
    return -1;
}

unsigned ppc_reg_size(unsigned regno)
{
    return slot_of(regno) < 0 ? ppc_pmu_reg_size(regno) : 4;
}

/* Big-endian: buffer order is GDB's. */
int ppc_reg_read(unsigned regno, uint8_t *buf)
{
    int s = slot_of(regno);
    uint32_t v;

    if (s < 0)
        return ppc_pmu_reg_read(regno, buf);
    v = ppc_ctx[s];
    buf[0] = (uint8_t)(v >> 24), buf[1] = (uint8_t)(v >> 16);
    buf[2] = (uint8_t)(v >> 8), buf[3] = (uint8_t)v;
    return STUB_REG_OK;
}

int ppc_reg_write(unsigned regno, const uint8_t *buf)
{
    int s = slot_of(regno);

    if (s < 0)
        return ppc_pmu_reg_write(regno, buf);
    ppc_ctx[s] = (uint32_t)buf[0] << 24 | (uint32_t)buf[1] << 16 |
                 (uint32_t)buf[2] << 8 | buf[3];
    return STUB_REG_OK;
}
