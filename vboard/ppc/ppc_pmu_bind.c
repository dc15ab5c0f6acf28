/*
 * ppc_pmu_bind.c - which interpreter totals (ppc_events.h) each catalogued
 * Power event samples, by catalogue name. Codes live only in
 * target-xml/events/{e200z7,e500v2}.csv; an event not listed here is not
 * modelled: its counter stays unchanged. The catalogues' vboard column must
 * say the same (checked by the unit test ppc_test_catalog).
 */
#include <string.h>

#include "ppc_pmu.h"

enum { Z7 = 1, V2 = 2 };

struct binding {
    unsigned cores;
    const char *name;
    struct ppc_pmu_model model;
};

#define M(...) { { __VA_ARGS__ }, false }
/* events the e200z7 counts in every mode: RM Table 8-10 has no PR/PMM
 * filtering for interrupts taken (103) */
#define UNFILTERED(...) { { __VA_ARGS__ }, true }

static const struct binding bindings[] = {
    /* timing model: one cycle per completed instruction, miss stalls, doze */
    { Z7 | V2, "cycles", M(PEV_INSNS, PEV_STALLS, PEV_IDLE) },
    { Z7 | V2, "instructions", M(PEV_INSNS) },
    { Z7 | V2, "branches", M(PEV_BRANCH) },
    { Z7, "branch_and_link", M(PEV_BL) },
    { Z7, "conditional_branches", M(PEV_CBRANCH) },
    { Z7, "taken_branches", M(PEV_BRANCH_TAKEN) },
    { Z7, "taken_conditional_branches", M(PEV_CBRANCH_TAKEN) },
    { V2, "branches_finished", M(PEV_BRANCH) },
    { V2, "taken_branches_finished", M(PEV_BRANCH_TAKEN) },
    { Z7, "loads", M(PEV_LOAD) },
    { Z7, "stores", M(PEV_STORE) },
    { V2, "stores_completed", M(PEV_STORE) },
    { V2, "load_uops", M(PEV_LOAD_UOPS) },
    { V2, "store_uops", M(PEV_STORE_UOPS) },
    { Z7, "multiply_instructions", M(PEV_MUL) },
    { Z7, "divide_instructions", M(PEV_DIV) },
    { Z7, "return_from_interrupt", M(PEV_RFI) },
    { Z7, "interrupts", UNFILTERED(PEV_INTERRUPTS) },
    { V2, "interrupts", M(PEV_INTERRUPTS) },
    { Z7 | V2, "syscall_trap_interrupts", M(PEV_SC_TRAP) },
    { Z7, "dmmu_misses", M(PEV_DTLB_MISS) },
    { Z7, "dmmu_errors", M(PEV_DSI) },
    { Z7, "immu_misses", M(PEV_ITLB_MISS) },
    { Z7, "immu_errors", M(PEV_ISI) },
    { V2, "l2mmu_misses", M(PEV_DTLB_MISS, PEV_ITLB_MISS) },
    { Z7, "ci_loads", M(PEV_UC_LOAD) },
    { Z7, "ci_stores", M(PEV_UC_STORE) },
    { Z7, "misaligned_accesses", M(PEV_MISALIGNED) },
    /* translation counts of the e500v2 (speculative on the core) */
    { V2, "total_translated", M(PEV_LOAD_UOPS, PEV_STORE_UOPS, PEV_TOUCH, PEV_CACHEOP) },
    { V2, "loads_translated", M(PEV_LOAD_UOPS) },
    { V2, "stores_translated", M(PEV_STORE_UOPS) },
    { V2, "touches_translated", M(PEV_TOUCH) },
    { V2, "cacheops_translated", M(PEV_CACHEOP) },
    { V2, "ci_accesses_translated", M(PEV_UC_LOAD, PEV_UC_STORE) },
    { V2, "misaligned_accesses_translated", M(PEV_MISALIGNED) },
    /* cache model */
    { Z7, "dcache_linefills", M(PEV_DC_MISS) },
    { Z7, "dcache_copybacks", M(PEV_DC_WB) },
    { Z7, "icache_linefills", M(PEV_IC_MISS) },
    { V2, "dcache_reloads", M(PEV_DC_MISS) },
    { V2, "dcache_castouts", M(PEV_DC_WB) },
    { V2, "icache_reloads", M(PEV_IC_MISS) },
    { V2, "icache_fetches", M(PEV_IC_ACCESS) },
    { Z7 | V2, "biu_instruction_requests", M(PEV_IC_MISS) },
    { Z7 | V2, "biu_data_requests", M(PEV_DC_MISS, PEV_DC_WB) },
    { Z7, "biu_copyback_requests", M(PEV_DC_WB) },
    { V2, "biu_castout_requests", M(PEV_DC_WB) },
    { V2, "biu_requests", M(PEV_IC_MISS, PEV_DC_MISS, PEV_DC_WB) },
    /* timing model: the only stalls are miss penalties */
    { Z7, "decode_stall_cycles", M(PEV_IC_STALL) },
    { Z7, "load_data_stall_cycles", M(PEV_DC_STALL) },
    { V2, "decode_stall_cycles", M(PEV_IC_STALL) },
    { V2, "issue_stall_cycles", M(PEV_DC_STALL) },
};

bool ppc_pmu_model_for(const char *core, const char *name, struct ppc_pmu_model *out)
{
    unsigned bit = strcmp(core, "e200z7") == 0 ? Z7 : strcmp(core, "e500v2") == 0 ? V2 : 0;
    for (size_t i = 0; i < sizeof(bindings) / sizeof(bindings[0]); i++) {
        if ((bindings[i].cores & bit) && strcmp(bindings[i].name, name) == 0) {
            if (out)
                *out = bindings[i].model;
            return true;
        }
    }
    return false;
}
