/*
 * pmr_access.c - mfpmr and mtpmr by GDB register number: the one place the
 * port touches a performance monitor register (pmu.c and pmu_regs.c call
 * it; the host unit tests put a fake PMU in its place).
 */
#include "ppc_port.h"

/* mfpmr/mtpmr take the PMR number in the instruction: one case per
 * register (pmu_registry.h, PMU_REGISTERS; regnum -> PMR). */
uint32_t ppc_pmr_read(unsigned regno)
{
    uint32_t v = 0;

    switch (regno) {
#define READ(num, at, role, n, ro, bits)                                    \
    case num:                                                               \
        __asm__ volatile("mfpmr %0, %1" : "=r"(v) : "i"(at));               \
        break;
        PMU_REGISTERS(READ)
#undef READ
    }
    return v;
}

/* Only the supervisor PMRs: mtpmr to a UPMR is illegal (e200z7 RM 8.2). */
void ppc_pmr_write(unsigned regno, uint32_t v)
{
    switch (regno) {
#define WRITE(num, at, role, n, ro, bits)                                   \
    case num:                                                               \
        if (!(ro))                                                          \
            __asm__ volatile("mtpmr %0, %1\n\tisync" : : "i"(at), "r"(v));  \
        break;
        PMU_REGISTERS(WRITE)
#undef WRITE
    }
}
