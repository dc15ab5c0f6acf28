/*
 * mem.c - address translation and memory accesses for the interpreter
 * (see mem.h for the segment map and citations).
 */
#include "mem.h"

#include "cpu.h"
#include "ejtag.h"

#define DMSEG_LO 0xff200000u
#define DMSEG_HI 0xff2fffffu
#define DRSEG_LO 0xff300000u
#define DRSEG_HI 0xff3fffffu

enum seg { SEG_CACHED, SEG_UNCACHED, SEG_MAPPED, SEG_DMSEG, SEG_DRSEG, SEG_ADDRERR };

static bool user_mode(const struct cpu *c)
{
    return !(c->debug & DBG_DM) && (c->status & (ST_EXL | ST_ERL)) == 0 &&
           ((c->status & ST_KSU) >> 3) == 2;
}

/* Classifies va and gives its physical address for unmapped segments. */
static enum seg classify(const struct cpu *c, uint32_t va, uint32_t *pa)
{
    if (va < 0x80000000u) {
        if (c->status & ST_ERL) { /* MD00090 4.3: kuseg unmapped with ERL=1 */
            *pa = va;
            return SEG_UNCACHED;
        }
        return SEG_MAPPED;
    }
    if (user_mode(c))
        return SEG_ADDRERR;
    if (va < 0xa0000000u) {
        *pa = va - 0x80000000u;
        return SEG_CACHED;
    }
    if (va < 0xc0000000u) {
        *pa = va - 0xa0000000u;
        return SEG_UNCACHED;
    }
    /* EJTAG spec MD00047 section 2.5 "Debug Mode Address Space": dmseg and
     * drseg exist only in debug mode (dmseg only while ProbEn=1). */
    if ((c->debug & DBG_DM) && c->ejtag) {
        if (va >= DMSEG_LO && va <= DMSEG_HI && ejtag_probe_enabled(c->ejtag))
            return SEG_DMSEG;
        if (va >= DRSEG_LO && va <= DRSEG_HI)
            return SEG_DRSEG;
    }
    return SEG_MAPPED;
}

/* Devices: whatever the machine puts on the bus at a physical address. */
static bool dev_read(struct cpu *c, uint32_t pa, unsigned size, uint32_t *v)
{
    return c->bus.read(c->bus.ctx, pa, size, v);
}

static bool dev_write(struct cpu *c, uint32_t pa, unsigned size, uint32_t v)
{
    return c->bus.write(c->bus.ctx, pa, size, v);
}

static enum mem_result mapped_fault(struct cpu *c, uint32_t va, bool store)
{
    cpu_tlb_refill(c, store, va);
    return MEM_EXCEPTION;
}

enum mem_result mem_fetch(struct cpu *c, uint32_t va, uint32_t *insn)
{
    uint32_t pa;
    switch (classify(c, va, &pa)) {
    case SEG_CACHED:
        mem_model_fetch(c, pa);
        /* fall through */
    case SEG_UNCACHED:
        if (pa < c->ram_size && pa + 4 <= c->ram_size) {
            *insn = be32_get(c->ram + pa);
            return MEM_OK;
        }
        if (dev_read(c, pa, 4, insn))
            return MEM_OK;
        cpu_exception(c, EXC_IBE);
        return MEM_EXCEPTION;
    case SEG_DMSEG:
        if (ejtag_dmseg_access(c->ejtag, va, 4, false, true, insn) == EJTAG_DONE)
            return MEM_OK;
        return MEM_STALL;
    case SEG_DRSEG:
        *insn = ejtag_drseg_read(c->ejtag, va);
        return MEM_OK;
    case SEG_ADDRERR:
        cpu_address_error(c, false, va);
        return MEM_EXCEPTION;
    default:
        return mapped_fault(c, va, false);
    }
}

enum mem_result mem_access(struct cpu *c, uint32_t va, unsigned size,
                           bool store, uint32_t *val)
{
    uint32_t pa;
    switch (classify(c, va, &pa)) {
    case SEG_CACHED:
        mem_model_data(c, pa, store);
        break;
    case SEG_UNCACHED:
        c->ev[store ? EV_UC_STORE : EV_UC_LOAD]++;
        break;
    case SEG_DMSEG:
        return ejtag_dmseg_access(c->ejtag, va, size, store, false, val) == EJTAG_DONE
                   ? MEM_OK : MEM_STALL;
    case SEG_DRSEG:
        if (store)
            ejtag_drseg_write(c->ejtag, va, *val);
        else
            *val = ejtag_drseg_read(c->ejtag, va);
        return MEM_OK;
    case SEG_ADDRERR:
        cpu_address_error(c, store, va);
        return MEM_EXCEPTION;
    default:
        return mapped_fault(c, va, store);
    }
    if (pa < c->ram_size && pa + size <= c->ram_size) {
        if (store)
            mem_ram_put(c->ram + pa, size, *val);
        else
            *val = mem_ram_get(c->ram + pa, size);
        return MEM_OK;
    }
    if (store ? dev_write(c, pa, size, *val) : dev_read(c, pa, size, val))
        return MEM_OK;
    cpu_exception(c, EXC_DBE);
    return MEM_EXCEPTION;
}

enum mem_result mem_merge_word(struct cpu *c, uint32_t va, uint32_t keep,
                               uint32_t bits)
{
    uint32_t pa, old;
    switch (classify(c, va, &pa)) {
    case SEG_CACHED:
        mem_model_data(c, pa, true);
        break;
    case SEG_UNCACHED:
        c->ev[EV_UC_STORE]++;
        break;
    case SEG_ADDRERR:
        cpu_address_error(c, true, va);
        return MEM_EXCEPTION;
    case SEG_MAPPED:
        return mapped_fault(c, va, true);
    default: /* dmseg/drseg: partial-word stores are not offered to the probe */
        cpu_exception(c, EXC_DBE);
        return MEM_EXCEPTION;
    }
    if (pa < c->ram_size && pa + 4 <= c->ram_size) {
        old = be32_get(c->ram + pa);
        mem_ram_put(c->ram + pa, 4, (old & keep) | bits);
        return MEM_OK;
    }
    if (dev_read(c, pa, 4, &old) && dev_write(c, pa, 4, (old & keep) | bits))
        return MEM_OK;
    cpu_exception(c, EXC_DBE);
    return MEM_EXCEPTION;
}

void mem_cache_invalidate(struct cpu *c, uint32_t va, bool icache, bool dcache)
{
    uint32_t pa;
    enum seg s = classify(c, va, &pa);

    /* Hit operations look the physical line up whatever the segment's
     * cacheability; mapped segments have no TLB entry on this board. */
    if (s != SEG_CACHED && s != SEG_UNCACHED)
        return;
    if (icache && cache_invalidate(&c->icache, pa)) {
        cache_memo_clear(&c->imemo);
        c->fetch_line = 1; /* close the fast fetch window (cpu.c fetch) */
        c->fetch_mask = 0xffffffffu;
    }
    if (dcache && cache_invalidate(&c->dcache, pa))
        cache_memo_clear(&c->dmemo);
}

static bool debug_pa(const struct cpu *c, uint32_t va, uint32_t *pa)
{
    enum seg s = classify(c, va, pa);
    if (s == SEG_CACHED || s == SEG_UNCACHED)
        return true;
    if (va < 0x80000000u) { /* kuseg as physical, like an unmapped probe view */
        *pa = va;
        return true;
    }
    return false;
}

bool mem_peek(struct cpu *c, uint32_t va, unsigned size, uint32_t *val)
{
    uint32_t pa;
    if (!debug_pa(c, va, &pa))
        return false;
    if (pa < c->ram_size && pa + size <= c->ram_size) {
        *val = mem_ram_get(c->ram + pa, size);
        return true;
    }
    return dev_read(c, pa, size, val);
}

bool mem_poke(struct cpu *c, uint32_t va, unsigned size, uint32_t val)
{
    uint32_t pa;
    if (!debug_pa(c, va, &pa))
        return false;
    if (pa < c->ram_size && pa + size <= c->ram_size) {
        mem_ram_put(c->ram + pa, size, val);
        return true;
    }
    return dev_write(c, pa, size, val);
}
