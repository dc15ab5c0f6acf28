/*
 * ppc_events.h - the event totals vboard's Power interpreter keeps
 * (cpu->ev[]), which the performance-monitor counters sample (ppc_pmu.c
 * binds catalogue events to them in ppc_pmu_bind.c). Each is a 64-bit total
 * since power-on.
 *
 * Exact: instruction-driven totals, counted as the architecture defines the
 * instruction (vboard does not speculate, so "finished" and "completed" are
 * the same here). Modelled: cache totals from the tag-only cache model and
 * cycles from the timing model (docs/vboard.md, "Power").
 */
#ifndef VBOARD_PPC_EVENTS_H
#define VBOARD_PPC_EVENTS_H

enum ppc_ev {
    PEV_NONE = 0,        /* never increments */
    PEV_INSNS,           /* instructions completed (an interrupted one is not) */
    PEV_ABANDONED,       /* instructions abandoned by a synchronous interrupt */
    PEV_STALLS,          /* stall cycles of the timing model (cache misses) */
    PEV_IDLE,            /* cycles spent waiting (MSR[WE] doze) */
    PEV_BRANCH,          /* b, bc, bclr, bcctr completed */
    PEV_BRANCH_TAKEN,
    PEV_CBRANCH,         /* branches whose BO tests CR or CTR */
    PEV_CBRANCH_TAKEN,
    PEV_BL,              /* branches with LK = 1 */
    PEV_LOAD,            /* load instructions completed (lmw and lwarx: one) */
    PEV_STORE,           /* store instructions completed (stmw, stwcx.: one) */
    PEV_LOAD_UOPS,       /* loads, one per register of lmw */
    PEV_STORE_UOPS,      /* stores, one per register of stmw */
    PEV_MUL,             /* mullw, mulhw, mulhwu, mulli */
    PEV_DIV,             /* divw, divwu */
    PEV_RFI,             /* rfi, rfci, rfdi, rfmci */
    PEV_INTERRUPTS,      /* interrupts taken */
    PEV_SC_TRAP,         /* system call and trap (program, ESR[PTR]) interrupts */
    PEV_DTLB_MISS,       /* data TLB error interrupts */
    PEV_ITLB_MISS,       /* instruction TLB error interrupts */
    PEV_DSI,             /* data storage interrupts */
    PEV_ISI,             /* instruction storage interrupts */
    PEV_TOUCH,           /* dcbt, dcbtst */
    PEV_CACHEOP,         /* dcbf, dcbst, dcbi, dcbz, icbi, dcba */
    PEV_MISALIGNED,      /* loads and stores not aligned to their size */
    PEV_UC_LOAD,         /* cache-inhibited (MAS2[I]) loads */
    PEV_UC_STORE,
    PEV_IC_ACCESS,       /* cached instruction fetches (one per line entered) */
    PEV_IC_MISS,         /* I-cache linefills */
    PEV_IC_STALL,        /* stall cycles from I-cache misses */
    PEV_DC_ACCESS,       /* cached loads and stores */
    PEV_DC_MISS,         /* D-cache linefills (write-allocate) */
    PEV_DC_WB,           /* dirty victims written back (copybacks) */
    PEV_DC_STALL,        /* stall cycles from D-cache misses */
    PEV_COUNT
};

#endif
