/*
 * events.h - the event totals vboard's interpreter keeps (cpu->ev[]), which
 * performance counters sample. Each is a 64-bit total since reset; a counter
 * adds the part of a total that happened while it was counting (pmu.c).
 *
 * Exact: instruction-driven totals. Modelled: cache and stall totals come
 * from cache.c and the timing model in cpu.c (docs/vboard.md).
 */
#ifndef VBOARD_EVENTS_H
#define VBOARD_EVENTS_H

enum ev_source {
    EV_NONE = 0,       /* never increments: events that are not modelled */
    EV_INSNS,          /* instructions completed (an excepting one is not) */
    EV_STALLS,         /* stall cycles of the timing model (cache misses) */
    EV_IDLE,           /* cycles spent in WAIT until an interrupt */
    EV_BRANCH,         /* branch and jump instructions (all kinds) */
    EV_CBRANCH,        /* conditional branches (beq..bgezall) */
    EV_JR31,           /* jr $31 */
    EV_JRXX,           /* jr/jalr through a register other than $31 */
    EV_JJAL,           /* j, jal */
    EV_LOAD,           /* loads completed (incl. ll) */
    EV_STORE,          /* stores completed (incl. sc) */
    EV_MULDIV,         /* integer multiply/divide (mult*, div*, mul, madd*, msub*) */
    EV_NOP,            /* no-ops: sll $0,$0,0 (nop) and ssnop/ehb */
    EV_SC,             /* sc completed */
    EV_SC_FAIL,        /* sc that failed (LLbit clear) */
    EV_EXC,            /* exceptions taken (not debug exceptions) */
    EV_TLB_REFILL,     /* TLB refill exceptions taken */
    EV_IC_ACCESS,      /* cached instruction fetches */
    EV_IC_MISS,
    EV_IC_STALL,       /* stall cycles caused by I-cache misses */
    EV_DC_ACCESS,      /* cached loads and stores */
    EV_DC_MISS,
    EV_DC_WB,          /* dirty lines written back on replacement */
    EV_DC_STALL,       /* stall cycles caused by D-cache misses */
    EV_UC_LOAD,        /* uncached loads (kseg1, ERL kuseg) */
    EV_UC_STORE,
    EV_PREFETCH,       /* pref instructions */
    EV_SYNC,           /* sync instructions */
    EV_MIPS16,         /* MIPS16e instructions completed (an EXTENDed one is one) */
    EV_COUNT
};

/* Totals that come from the cache and timing model rather than from the
 * instructions themselves: an event that samples one of them is "model",
 * never "exact" (target-xml/events/CORE.csv, vboard column). */
static inline int ev_is_modelled(unsigned src)
{
    switch (src) {
    case EV_STALLS: case EV_IDLE: case EV_IC_ACCESS: case EV_IC_MISS:
    case EV_IC_STALL: case EV_DC_ACCESS: case EV_DC_MISS: case EV_DC_WB:
    case EV_DC_STALL:
        return 1;
    default:
        return 0;
    }
}

#endif
