/*
 * ppc_cpu.h - vboard's 32-bit Power Book E interpreter: architectural
 * state, the personality of the core it plays (e200z7 or e500v2), the event
 * totals the performance monitor samples, and the run interface.
 *
 * Big-endian, integer only: the instructions GCC emits for -mcpu=8548
 * -msoft-float plus what a stub uses (docs/vboard.md "Power" lists them).
 * SPE, floating point and the string instructions raise the
 * illegal-instruction program interrupt. On the e200z7, pages whose TLB
 * entry has MAS2[VLE] hold VLE code (vle_decode.c, vle_exec.c).
 *
 * Instructions are decoded once per physical RAM page into struct
 * ppc_dinsn slots (ppc_decode.c) and executed by a threaded dispatch
 * (ppc_exec.c); a store into a decoded page marks the word it hits for
 * decoding again, so code written at run time (breakpoints, vectors) runs
 * as written.
 */
#ifndef VBOARD_PPC_CPU_H
#define VBOARD_PPC_CPU_H

#include <stdbool.h>
#include <stdint.h>

#include "cache.h"
#include "machine.h"
#include "pass.h"
#include "profile.h"
#include "ppc_events.h"
#include "ppc_mmu.h"
#include "ppc_pmu.h"
#include "ppc_regs.h"

/* A pre-decoded instruction: handler index and fields (ppc_decode.c). */
struct ppc_dinsn {
    uint8_t op;
    uint8_t rd, ra, rb;
    uint32_t imm;
};
#define PPC_DPAGE_SLOTS 1024
struct ppc_dpage {
    struct ppc_dinsn d[PPC_DPAGE_SLOTS];
};

/* What differs between the cores vboard plays (ppc_personality.c). */
struct ppc_personality {
    const char *name;          /* --cpu key and catalogue name */
    uint32_t pvr, svr;
    const char *pmu;           /* PMU personality (ppc_pmu.c) */
    unsigned tlb1_entries;
    bool has_tlb0, has_pid12;
    uint32_t tid_mask;
    uint32_t tlb0cfg, tlb1cfg, mmucfg;
    bool vle_pages;            /* MAS2[0x20] marks a VLE page (e200) */
    bool debug_dsrr;           /* HID0[DAPUEN] selects DSRR0/1 + rfdi for the
                                  debug interrupt; else always CSRR0/1 + rfci */
    unsigned icache_size, icache_ways, dcache_size, dcache_ways, line;
    unsigned tb_div;           /* timing-model cycles per time-base tick */
};
const struct ppc_personality *ppc_personality(const char *name);

enum ppc_run_stop { PPC_RUN_SLICE, PPC_RUN_IDLE, PPC_RUN_RESET };

struct ppc_cpu {
    /* ---- architectural state -------------------------------------------- */
    uint32_t gpr[33];          /* gpr[32] is always 0: (rA|0) (ppc_decode.h) */
    uint32_t cr, lr, ctr, xer;
    uint32_t pc;               /* the instruction about to execute */
    uint32_t msr;
    uint32_t srr0, srr1, csrr0, csrr1, dsrr0, dsrr1, mcsrr0, mcsrr1;
    uint32_t esr, dear, ivpr, mcsr, mcar;
    uint32_t ivor[36];         /* IVOR0-15 and IVOR32-35 (by number) */
    uint32_t sprg[8], usprg0;
    uint32_t dbcr0, dbcr1, dbcr2, dbsr, iac[2], dac[2];
    uint32_t hid0, hid1, l1csr0, l1csr1, bucsr, spefscr;
    uint32_t tcr, tsr, decar;
    bool vle_insn;             /* the current instruction is VLE (ESR[VLEMI]) */
    uint32_t ret_mask;         /* bits of LR/CTR/xSRR0 a return keeps: ~1 on a
                                  core with VLE pages, else ~3 */
    bool resv;                 /* lwarx reservation */
    uint32_t resv_addr;
    /* time base and decrementer, in time-base ticks of the timing model */
    uint64_t tb_base, tb_tick0;   /* TB = tb_base + (ticks - tb_tick0) */
    uint32_t dec_base;            /* DEC when written (or reloaded) ... */
    uint64_t dec_tick0;           /* ... at this tick; 0 stays 0 */
    struct ppc_mmu mmu;
    struct ppc_pmu pmu;
    const struct ppc_personality *p;
    uint64_t ev[PEV_COUNT];

    /* ---- memory and models ---------------------------------------------- */
    uint8_t *ram;
    uint64_t ram_size;
    /* A second RAM (the MPC5674F's SRAM at 0x40000000), or NULL: code runs
     * from it and loads and stores take the fast path, as from ram. */
    uint8_t *ram2;
    uint64_t ram2_base, ram2_size;
    struct vb_bus bus;           /* everything that is not RAM */
    struct ppc_dpage **dmap;     /* decoded code per RAM page, or NULL */
    uint32_t ram_pages;
    struct cache icache, dcache;
    struct cache_memo imemo, dmemo;
    uint32_t miss_penalty;
    /* The I-cache line (of pc) the last instruction was fetched from, 1:
     * none. It outlives a run: how the main loop slices the run must not
     * change what the I-cache model counts (a new line is one access). */
    uint32_t iline;

    /* ---- run control ----------------------------------------------------- */
    bool stop;                 /* leave the run loop after this instruction */
    bool waiting;              /* MSR[WE] doze: idle until an interrupt */
    bool reset_requested;      /* the board asked for a reset */
    bool ext_input;            /* the board's external input (int) is asserted */
    bool careful;              /* per-instruction checks: watch, pass, single step */
    bool watch_on, watch_counting, watch_done;
    uint32_t watch_from, watch_to;
    uint64_t watch_count;
    /* --count-events FROM:TO:N: the pass tracker over ev[] (pass.h) */
    struct vb_pass pass;
    /* --profile: each instruction address counted (NULL: off) */
    struct vb_profile *profile;
};

/* Sets everything a core has from its personality; false on allocation
 * failure. ram/ram_size: the board's RAM at physical 0. */
bool ppc_cpu_init(struct ppc_cpu *c, const struct ppc_personality *p,
                  uint8_t *ram, uint64_t ram_size, struct vb_bus bus);
/* Adds the second RAM (size bytes at physical base, 4 KiB aligned); false
 * on allocation failure. */
bool ppc_cpu_add_ram2(struct ppc_cpu *c, uint64_t base, uint8_t *host, uint64_t size);
void ppc_cpu_free(struct ppc_cpu *c);
/* Book E reset state: registers and SPRs as the cores reset them (and as
 * QEMU 7.2's e500v2 does), MMU empty. Keeps RAM and the event totals. */
void ppc_cpu_reset(struct ppc_cpu *c);
/* Forgets all decoded code (RAM was rewritten behind the CPU's back). */
void ppc_cpu_flush_code(struct ppc_cpu *c);
/* Runs at most n instructions; stops early when the loop must look at an
 * interrupt, the idle state or a reset (ppc_exec.c). */
enum ppc_run_stop ppc_cpu_run(struct ppc_cpu *c, uint64_t n);
/* Timers and pending interrupts (ppc_irq.c). */
void ppc_update_timers(struct ppc_cpu *c);
bool ppc_check_interrupts(struct ppc_cpu *c);
uint64_t ppc_quiet_budget(const struct ppc_cpu *c);

static inline uint64_t ppc_cycles(const struct ppc_cpu *c)
{
    return c->ev[PEV_INSNS] + c->ev[PEV_STALLS] + c->ev[PEV_IDLE];
}

#endif
