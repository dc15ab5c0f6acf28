/*
 * cp0_access.c - coprocessor 0 registers the port reads and writes outside
 * its fast paths, one small MIPS32 function each, so that the code around
 * them can be MIPS16e where the stub is built so (MIPS_CODE32, cp0.h).
 * Register numbers: MD00090, "CP0 Registers"; Linux mipsregs.h
 * read_c0_count (9,0), read_c0_compare (11,0), read_c0_status (12,0),
 * read_c0_intctl (12,1), read_c0_cause (13,0), read_c0_prid (15,0),
 * read_c0_config1 (16,1). And SYNC, which MIPS16e lacks too.
 */
#include "cp0.h"

MIPS_CODE32 uint32_t mips_cp0_count(void)
{
    return CP0_READ(9, 0);
}

#if PMUSTUB_CTRLC_POLL /* the poll's only (cp0.h) */
MIPS_CODE32 uint32_t mips_cp0_compare(void)
{
    return CP0_READ(11, 0);
}
#endif

MIPS_CODE32 void mips_cp0_set_compare(uint32_t v)
{
    CP0_WRITE(11, 0, v);
}

MIPS_CODE32 uint32_t mips_cp0_status(void)
{
    return CP0_READ(12, 0);
}

MIPS_CODE32 void mips_cp0_set_status(uint32_t v)
{
    CP0_WRITE(12, 0, v);
}

MIPS_CODE32 uint32_t mips_cp0_intctl(void)
{
    return CP0_READ(12, 1);
}

MIPS_CODE32 uint32_t mips_cp0_cause(void)
{
    return CP0_READ(13, 0);
}

MIPS_CODE32 uint32_t mips_cp0_prid(void)
{
    return CP0_READ(15, 0);
}

MIPS_CODE32 uint32_t mips_cp0_config1(void)
{
    return CP0_READ(16, 1);
}

MIPS_CODE32 void mips_sync(void)
{
    __asm__ volatile("sync" : : : "memory");
}
