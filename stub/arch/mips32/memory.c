/*
 * memory.c - fault-safe memory access for m/M/X/Z0 and the cache sequence
 * that makes written code visible to instruction fetch.
 *
 * The program's memory is reached uncached, so that the stub leaves no
 * line of its own in the D-cache (docs/stub.md, "What the stub leaves in
 * the caches"): a kseg0 address (cached) is read and written through its
 * kseg1 alias (the same physical address, uncached; MD00090, "Virtual
 * Memory Segments"). The D-cache may hold a newer copy of the line than
 * memory (write-back), so before an uncached read the line is written
 * back if it is there and dirty, and stays valid: CACHE Hit_Writeback_D
 * (MD00086 CACHE, operation 0b110 on the D-cache, 0x19). Before an
 * uncached write it is written back and invalidated, CACHE
 * Hit_Writeback_Invalidate_D (0b101, 0x15): a valid line would go on
 * holding the old bytes. Hit operations do nothing to a line that is not
 * in the cache, and an unmapped kseg0 address cannot fault.
 */
#include "mips_port.h"

#define KSEG0 0x80000000u
#define KSEG_SIZE 0x20000000u
#define CACHE_HIT_WB_D "0x19"
#define CACHE_HIT_WB_INV_D "0x15"

/* The address the stub reaches addr through for a read or a write. */
MIPS_CODE32 static uint32_t uncached(uint32_t addr, int write)
{
    if (addr - KSEG0 >= KSEG_SIZE)
        return addr; /* kseg1, a device, or a mapped segment: as it is */
    if (write)
        __asm__ volatile("cache " CACHE_HIT_WB_INV_D ", 0(%0)\n\tsync"
                         : : "r"(addr) : "memory");
    else
        __asm__ volatile("cache " CACHE_HIT_WB_D ", 0(%0)\n\tsync"
                         : : "r"(addr) : "memory");
    return addr + KSEG_SIZE;
}

int mips_peek_word(uint32_t addr, uint32_t *out)
{
    return mips_probe_read(uncached(addr, 0), 4, out);
}

/* Aligned words where possible (device registers want whole words),
 * bytes elsewhere. Big-endian: buf order is memory order. */
int mips_mem_read(stub_addr_t addr, uint8_t *buf, unsigned len)
{
    while (len) {
        uint32_t v;
        if (!(addr & 3) && len >= 4) {
            if (mips_peek_word(addr, &v))
                return STUB_MEM_FAULT;
            buf[0] = (uint8_t)(v >> 24), buf[1] = (uint8_t)(v >> 16);
            buf[2] = (uint8_t)(v >> 8), buf[3] = (uint8_t)v;
            addr += 4, buf += 4, len -= 4;
        } else {
            if (mips_probe_read(uncached(addr, 0), 1, &v))
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
 * instruction hazard. SYNCI_Step (RDHWR $1) = 0 means no caches to mind.
 * The writes went around the D-cache (uncached()), so only the I-cache
 * lines go: the program fetches the new instructions from memory. */
MIPS_CODE32 static void sync_icache(uint32_t addr, unsigned len)
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
            if (mips_probe_write(uncached(addr, 1), 4, v))
                return STUB_MEM_FAULT;
            addr += 4, buf += 4, len -= 4;
        } else {
            if (mips_probe_write(uncached(addr, 1), 1, *buf))
                return STUB_MEM_FAULT;
            addr++, buf++, len--;
        }
    }
    sync_icache(start, total);
    return STUB_MEM_OK;
}
