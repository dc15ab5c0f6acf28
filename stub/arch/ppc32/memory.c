/*
 * memory.c - fault-safe memory access for m/M/X/Z0, through the probes of
 * vectors.S, and the cache sequence that makes written code visible to
 * instruction fetch.
 *
 * Around the caches: where the board maps the program's memory a second
 * time cache-inhibited (the linker script's __pmustub_ram_alias and
 * __pmustub_ram_size: ppce500.ld, start.S), the stub reads and writes the
 * program's memory through that alias, so that serving GDB allocates no
 * line of the program's caches (docs/stub.md). A line the program has
 * dirty in the data cache is first stored (dcbst: written back, kept), so
 * the alias reads what the program wrote; before a write the line is
 * flushed (dcbf), or its cached copy would go stale. Both are no-ops for
 * a line the cache does not hold, which is the usual case for code.
 */
#include "ppc_port.h"

extern char __pmustub_ram_alias[] __attribute__((weak));
extern char __pmustub_ram_size[] __attribute__((weak));

/* Both cores have 32-byte L1 lines (e200z7 RM ch. 9; e500 core RM,
 * L1CFG0[CBSIZE] = 0); one operation per 32 bytes reaches every line. */
#define CACHE_LINE 32u

/* The address to use for [addr, addr + len): the alias, or addr itself. */
static stub_addr_t around_caches(stub_addr_t addr, unsigned len, int writing)
{
    uint32_t size = (uint32_t)__pmustub_ram_size, a;

    if (!__pmustub_ram_alias || addr >= size || len > size - addr)
        return addr;
    for (a = addr & ~(CACHE_LINE - 1); a < addr + len; a += CACHE_LINE) {
        if (writing)
            __asm__ volatile("dcbf 0, %0" : : "r"(a) : "memory");
        else
            __asm__ volatile("dcbst 0, %0" : : "r"(a) : "memory");
    }
    __asm__ volatile("msync" : : : "memory");
    return addr + (uint32_t)__pmustub_ram_alias;
}

/* Whole aligned words where they fit (device registers want them), single
 * bytes elsewhere. */
static unsigned access_size(stub_addr_t addr, unsigned len)
{
    return !(addr & 3) && len >= 4 ? 4 : 1;
}

int ppc_mem_read(stub_addr_t addr, uint8_t *buf, unsigned len)
{
    addr = around_caches(addr, len, 0);
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

/* dcbst pushes the new bytes out of the data cache, icbi drops stale ones
 * from the instruction cache, isync refetches (Power ISA Book II,
 * "Instruction Storage": the self-modifying code sequence). Through the
 * alias dcbst finds nothing to push. */
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

    addr = around_caches(addr, len, 1);
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
