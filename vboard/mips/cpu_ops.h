/*
 * cpu_ops.h - what the MIPS32 decoder (cpu.c) and the MIPS16e decoder
 * (mips16.c) share: jumps into a delay slot, HI/LO, the multiply/divide
 * family, and loads and stores with their alignment checks, events and
 * EJTAG stalls. One definition each, so that an instruction behaves the same
 * whichever encoding reached it (MD00076 defines every MIPS16e instruction
 * by the MIPS32 operation it performs).
 */
#ifndef VBOARD_CPU_OPS_H
#define VBOARD_CPU_OPS_H

#include <stdint.h>

#include "cpu.h"
#include "mem.h"

/* target: its bit 0 is the ISA mode of the instruction there (cpu.h) */
static inline void branch_to(struct cpu *c, uint32_t target)
{
    c->npc = target;
    c->in_ds = true;
}

static inline void set_hilo(struct cpu *c, uint64_t v)
{
    c->hi = (uint32_t)(v >> 32);
    c->lo = (uint32_t)v;
}

static inline uint64_t get_hilo(const struct cpu *c)
{
    return (uint64_t)c->hi << 32 | c->lo;
}

/* mult, multu, div, divu by SPECIAL function code (MD00086; MIPS16e RR
 * functions 0x18-0x1b are the same four). Division by zero and INT_MIN/-1:
 * what QEMU 7.2 gives (the divisor is taken as 1). */
static inline void cpu_muldiv(struct cpu *c, unsigned fn, uint32_t a, uint32_t b)
{
    c->ev[EV_MULDIV]++;
    switch (fn) {
    case 0x18: set_hilo(c, (uint64_t)((int64_t)(int32_t)a * (int32_t)b)); break;
    case 0x19: set_hilo(c, (uint64_t)a * b); break;
    case 0x1a: {
        int32_t n = (int32_t)a, d = (int32_t)b;
        if (d == 0 || (n == INT32_MIN && d == -1))
            d = 1;
        c->lo = (uint32_t)(n / d);
        c->hi = (uint32_t)(n % d);
        break;
    }
    default: {
        uint32_t d = b ? b : 1u;
        c->lo = a / d;
        c->hi = a % d;
        break;
    }
    }
}

/* A stall leaves the CPU as before the instruction (ejtag.h contract). */
static void stall(struct cpu *c)
{
    /* loads and stores change neither pc nor npc before they stall, so the
     * npc the instruction started with is the pc it advanced to */
    c->npc = c->pc;
    c->pc = c->cur_pc;
    c->in_ds = c->cur_ds;
    c->ev[EV_INSNS]--;
    c->probe_stalled = true;
    c->stop = true;
}

/* A load or store by an instruction: alignment check, access, event. */
static inline bool access(struct cpu *c, uint32_t va, unsigned size, bool is_store,
                          uint32_t *v)
{
    uint32_t pa;
    if (!(va & (size - 1)) && mem_fast_ram(c, va, &pa)) {
        mem_model_data(c, pa, is_store);
        if (is_store)
            mem_ram_put(c->ram + pa, size, *v);
        else
            *v = mem_ram_get(c->ram + pa, size);
        c->ev[is_store ? EV_STORE : EV_LOAD]++;
        return true;
    }
    if (va & (size - 1)) {
        cpu_address_error(c, is_store, va);
        return false;
    }
    enum mem_result r = mem_access(c, va, size, is_store, v);
    if (r == MEM_OK) {
        c->ev[is_store ? EV_STORE : EV_LOAD]++;
        return true;
    }
    if (r == MEM_STALL)
        stall(c);
    return false;
}

static bool load(struct cpu *c, uint32_t va, unsigned size, uint32_t *v)
{
    return access(c, va, size, false, v);
}

static bool store(struct cpu *c, uint32_t va, unsigned size, uint32_t v)
{
    return access(c, va, size, true, &v);
}

/* An instruction fetch outside the fast paths (mem_fetch): a fault is a
 * fetch fault (no instruction began, take() leaves the count alone), a
 * probe that has not answered stalls the CPU. */
static inline bool fetch_slow(struct cpu *c, uint32_t va, uint32_t *w)
{
    c->fetching = true;
    enum mem_result r = mem_fetch(c, va, w);
    c->fetching = false;
    if (r == MEM_STALL) {
        c->probe_stalled = true;
        c->stop = true;
    }
    return r == MEM_OK;
}

#endif
