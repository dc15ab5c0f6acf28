/*
 * ppc_pmu_bind.c - which interpreter totals (ppc_events.h) each catalogued
 * Power event samples, by catalogue name. Codes live only in
 * target-xml/events/{e200z7,e500v2}.csv; an event not listed here is not
 * modelled: its counter stays unchanged. The catalogues' vboard column must
 * say the same (checked by the unit test ppc_test_catalog).
 */
#include <string.h>

#include "ppc_pmu.h"

/* A binding applies to every core whose catalogue has the name, so a new
 * core of the family that uses the family's names needs no line here. Only
 * where cores give one name different meanings does a binding name its
 * core: that one wins for that core (as vboard/mips/pmu_bind.c). */
/* Named cores: interrupts (the e200z7's is not filtered by the mode bits,
 * RM Table 8-10); load_uops and store_uops (vboard's micro-op split, one
 * per register of lmw/stmw, is the e500's, docs/vboard.md; the e200z7's
 * events of those names, 17 and 18, are not modelled); dmmu_misses and
 * issue_stall_cycles (modelled on one core, the other's event of the same
 * name not). The catalogues' vboard column says the same (unit test
 * ppc_test_catalog). */
struct binding {
    const char *core; /* registry key, or NULL: every core with this name */
    const char *name;
    struct ppc_pmu_model model;
};

#define M(...) { { __VA_ARGS__ }, false }
/* events the e200z7 counts in every mode: RM Table 8-10 has no PR/PMM
 * filtering for interrupts taken (103) */
#define UNFILTERED(...) { { __VA_ARGS__ }, true }

static const struct binding bindings[] = {
    /* timing model: one cycle per completed instruction, miss stalls, doze */
    { NULL, "cycles", M(PEV_INSNS, PEV_STALLS, PEV_IDLE) },
    { NULL, "instructions", M(PEV_INSNS) },
    { NULL, "branches", M(PEV_BRANCH) },
    { NULL, "branch_and_link", M(PEV_BL) },
    { NULL, "conditional_branches", M(PEV_CBRANCH) },
    { NULL, "taken_branches", M(PEV_BRANCH_TAKEN) },
    { NULL, "taken_conditional_branches", M(PEV_CBRANCH_TAKEN) },
    { NULL, "branches_finished", M(PEV_BRANCH) },
    { NULL, "taken_branches_finished", M(PEV_BRANCH_TAKEN) },
    { NULL, "loads", M(PEV_LOAD) },
    { NULL, "stores", M(PEV_STORE) },
    { NULL, "stores_completed", M(PEV_STORE) },
    { "e500v2", "load_uops", M(PEV_LOAD_UOPS) },
    { "e500v2", "store_uops", M(PEV_STORE_UOPS) },
    { NULL, "multiply_instructions", M(PEV_MUL) },
    { NULL, "divide_instructions", M(PEV_DIV) },
    { NULL, "return_from_interrupt", M(PEV_RFI) },
    { "e200z7", "interrupts", UNFILTERED(PEV_INTERRUPTS) },
    { "e500v2", "interrupts", M(PEV_INTERRUPTS) },
    { NULL, "syscall_trap_interrupts", M(PEV_SC_TRAP) },
    { "e200z7", "dmmu_misses", M(PEV_DTLB_MISS) },
    { NULL, "dmmu_errors", M(PEV_DSI) },
    { NULL, "immu_misses", M(PEV_ITLB_MISS) },
    { NULL, "immu_errors", M(PEV_ISI) },
    { NULL, "l2mmu_misses", M(PEV_DTLB_MISS, PEV_ITLB_MISS) },
    { NULL, "ci_loads", M(PEV_UC_LOAD) },
    { NULL, "ci_stores", M(PEV_UC_STORE) },
    { NULL, "misaligned_accesses", M(PEV_MISALIGNED) },
    /* translation counts of the e500v2 (speculative on the core) */
    { NULL, "total_translated", M(PEV_LOAD_UOPS, PEV_STORE_UOPS, PEV_TOUCH, PEV_CACHEOP) },
    { NULL, "loads_translated", M(PEV_LOAD_UOPS) },
    { NULL, "stores_translated", M(PEV_STORE_UOPS) },
    { NULL, "touches_translated", M(PEV_TOUCH) },
    { NULL, "cacheops_translated", M(PEV_CACHEOP) },
    { NULL, "ci_accesses_translated", M(PEV_UC_LOAD, PEV_UC_STORE) },
    { NULL, "misaligned_accesses_translated", M(PEV_MISALIGNED) },
    /* cache model */
    { NULL, "dcache_linefills", M(PEV_DC_MISS) },
    { NULL, "dcache_copybacks", M(PEV_DC_WB) },
    { NULL, "icache_linefills", M(PEV_IC_MISS) },
    { NULL, "dcache_reloads", M(PEV_DC_MISS) },
    { NULL, "dcache_castouts", M(PEV_DC_WB) },
    { NULL, "icache_reloads", M(PEV_IC_MISS) },
    { NULL, "icache_fetches", M(PEV_IC_ACCESS) },
    { NULL, "biu_instruction_requests", M(PEV_IC_MISS) },
    { NULL, "biu_data_requests", M(PEV_DC_MISS, PEV_DC_WB) },
    { NULL, "biu_copyback_requests", M(PEV_DC_WB) },
    { NULL, "biu_castout_requests", M(PEV_DC_WB) },
    { NULL, "biu_requests", M(PEV_IC_MISS, PEV_DC_MISS, PEV_DC_WB) },
    /* timing model: the only stalls are miss penalties */
    { NULL, "decode_stall_cycles", M(PEV_IC_STALL) },
    { NULL, "load_data_stall_cycles", M(PEV_DC_STALL) },
    { "e500v2", "issue_stall_cycles", M(PEV_DC_STALL) },
};

bool ppc_pmu_model_for(const char *core, const char *name, struct ppc_pmu_model *out)
{
    const struct binding *any = NULL;
    for (size_t i = 0; i < sizeof(bindings) / sizeof(bindings[0]); i++) {
        const struct binding *b = &bindings[i];
        if (strcmp(b->name, name) != 0)
            continue;
        if (b->core && strcmp(b->core, core) == 0) {
            any = b;
            break;
        }
        if (!b->core)
            any = b;
    }
    if (any && out)
        *out = any->model;
    return any != NULL;
}
