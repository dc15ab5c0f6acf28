/*
 * memory.c - fault-safe memory access for m/M/X/Z0, through the probes of
 * vectors.S, and the cache sequence that makes written code visible to
 * instruction fetch.
 */
#include "ppc_port.h"

/* Whole aligned words where they fit (device registers want them), single
 * bytes elsewhere. */
static unsigned access_size(stub_addr_t addr, unsigned len)
{
    return !(addr & 3) && len >= 4 ? 4 : 1;
}

int ppc_mem_read(stub_addr_t addr, uint8_t *buf, unsigned len)
{
    while (len) {
        unsigned n = access_size(addr, len);
        uint32_t v;

        if (ppc_probe_read(addr, n, &v))
            return STUB_MEM_FAULT;
        for (unsigned i = n; i-- > 0; v >>= 8)
            buf[i] = (uint8_t)v; /* big-endian: the MSB is the first byte */
        addr += n, buf += n, len -= n;
    }
    return STUB_MEM_OK;
}

/* Both cores have 32-byte L1 lines (e200z7 RM ch. 9; e500 core RM,
 * L1CFG0[CBSIZE] = 0); one operation per 32 bytes reaches every line.
 * dcbst pushes the new bytes out of the data cache, icbi drops stale ones
 * from the instruction cache, isync refetches (Power ISA Book II,
 * "Instruction Storage": the self-modifying code sequence). */
#define CACHE_LINE 32u

static void sync_icache(uint32_t addr, unsigned len)
{
    uint32_t a, end = addr + len;

    for (a = addr & ~(CACHE_LINE - 1); a < end; a += CACHE_LINE)
        __asm__ volatile("dcbst 0, %0" : : "r"(a) : "memory");
    __asm__ volatile("msync" : : : "memory");
    for (a = addr & ~(CACHE_LINE - 1); a < end; a += CACHE_LINE)
        __asm__ volatile("icbi 0, %0" : : "r"(a) : "memory");
    __asm__ volatile("msync\n\tisync" : : : "memory");
}

int ppc_mem_write(stub_addr_t addr, const uint8_t *buf, unsigned len)
{
    uint32_t start = addr;
    unsigned total = len;

    while (len) {
        unsigned n = access_size(addr, len);
        uint32_t v = 0;

        for (unsigned i = 0; i < n; i++)
            v = v << 8 | buf[i];
        if (ppc_probe_write(addr, n, v))
            return STUB_MEM_FAULT;
        addr += n, buf += n, len -= n;
    }
    sync_icache(start, total);
    return STUB_MEM_OK;
}
