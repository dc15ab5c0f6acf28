/*
 * memory.c - fault-safe memory access for m/M/X/Z0 and the cache sequence
 * that makes written code visible to instruction fetch.
 */
#include "mips_port.h"

/* Aligned words where possible (device registers want whole words),
 * bytes elsewhere. Big-endian: buf order is memory order. */
int mips_mem_read(stub_addr_t addr, uint8_t *buf, unsigned len)
{
    while (len) {
        uint32_t v;
        if (!(addr & 3) && len >= 4) {
            if (mips_probe_read(addr, 4, &v))
                return STUB_MEM_FAULT;
            buf[0] = (uint8_t)(v >> 24), buf[1] = (uint8_t)(v >> 16);
            buf[2] = (uint8_t)(v >> 8), buf[3] = (uint8_t)v;
            addr += 4, buf += 4, len -= 4;
        } else {
            if (mips_probe_read(addr, 1, &v))
                return STUB_MEM_FAULT;
            *buf++ = (uint8_t)v;
            addr++, len--;
        }
    }
    return STUB_MEM_OK;
}

/* Write back the D-cache lines and invalidate the I-cache lines that cover
 * [addr, addr+len): SYNCI per line, then SYNC (MD00086 SYNCI, "self-
 * modifying code"); the eret that resumes the program clears the
 * instruction hazard. SYNCI_Step (RDHWR $1) = 0 means no caches to mind. */
static void sync_icache(uint32_t addr, unsigned len)
{
    uint32_t step, end = addr + len;

    __asm__ volatile("rdhwr %0, $1" : "=r"(step));
    if (step) {
        for (addr &= ~(step - 1); addr < end; addr += step)
            __asm__ volatile("synci 0(%0)" : : "r"(addr) : "memory");
    }
    __asm__ volatile("sync" : : : "memory");
}

int mips_mem_write(stub_addr_t addr, const uint8_t *buf, unsigned len)
{
    uint32_t start = addr;
    unsigned total = len;

    while (len) {
        if (!(addr & 3) && len >= 4) {
            uint32_t v = (uint32_t)buf[0] << 24 | (uint32_t)buf[1] << 16 |
                         (uint32_t)buf[2] << 8 | buf[3];
            if (mips_probe_write(addr, 4, v))
                return STUB_MEM_FAULT;
            addr += 4, buf += 4, len -= 4;
        } else {
            if (mips_probe_write(addr, 1, *buf))
                return STUB_MEM_FAULT;
            addr++, buf++, len--;
        }
    }
    sync_icache(start, total);
    return STUB_MEM_OK;
}
