/*
 * ppc_pmu_bind.c - which interpreter totals (ppc_events.h) each catalogued
 * Power event samples, by catalogue name. Codes live only in
 * target-xml/events/{e200z7,e500v2}.csv; an event not listed here is not
 * modelled: its counter stays unchanged. The catalogues' vboard column must
 * say the same (checked by the unit test ppc_test_catalog).
 */
#include <string.h>

#include "pmu_catalog.h"
#include "ppc_pmu.h"

/* A binding applies to every core whose catalogue has the name, so a new
 * core of the family that uses the family's names needs no line here.
 * Where cores give one name different meanings, a binding names a quirk
 * (target-xml/cores.toml, the family's vboard_quirks): it wins for the
 * cores whose vboard.quirks list it (as vboard/mips/pmu_bind.c). The
 * quirks: interrupts not filtered by the mode bits; load_uops and
 * store_uops as vboard's micro-op split (one per register of lmw/stmw,
 * docs/vboard.md); dmmu_misses and issue_stall_cycles modelled (a core
 * without the quirk does not model its event of that name). The
 * catalogues' vboard column says the same (unit test ppc_test_catalog). */
struct binding {
    uint32_t quirk; /* PMU_QUIRK_*: the cores with it, or 0: every core */
    const char *name;
    struct ppc_pmu_model model;
};

#define M(...) { { __VA_ARGS__ }, false }
/* events counted in every mode, whatever the mode bits */
#define UNFILTERED(...) { { __VA_ARGS__ }, true }

static const struct binding bindings[] = {
    /* timing model: one cycle per completed instruction, miss stalls, doze */
    { 0, "cycles", M(PEV_INSNS, PEV_STALLS, PEV_IDLE) },
    { 0, "instructions", M(PEV_INSNS) },
    { 0, "branches", M(PEV_BRANCH) },
    { 0, "branch_and_link", M(PEV_BL) },
    { 0, "conditional_branches", M(PEV_CBRANCH) },
    { 0, "taken_branches", M(PEV_BRANCH_TAKEN) },
    { 0, "taken_conditional_branches", M(PEV_CBRANCH_TAKEN) },
    { 0, "branches_finished", M(PEV_BRANCH) },
    { 0, "taken_branches_finished", M(PEV_BRANCH_TAKEN) },
    { 0, "loads", M(PEV_LOAD) },
    { 0, "stores", M(PEV_STORE) },
    { 0, "stores_completed", M(PEV_STORE) },
    { PMU_QUIRK_UOPS, "load_uops", M(PEV_LOAD_UOPS) },
    { PMU_QUIRK_UOPS, "store_uops", M(PEV_STORE_UOPS) },
    { 0, "multiply_instructions", M(PEV_MUL) },
    { 0, "divide_instructions", M(PEV_DIV) },
    { 0, "return_from_interrupt", M(PEV_RFI) },
    { PMU_QUIRK_INTERRUPTS_UNFILTERED, "interrupts", UNFILTERED(PEV_INTERRUPTS) },
    { 0, "interrupts", M(PEV_INTERRUPTS) },
    { 0, "syscall_trap_interrupts", M(PEV_SC_TRAP) },
    { PMU_QUIRK_DTLB_DMMU_MISSES, "dmmu_misses", M(PEV_DTLB_MISS) },
    { 0, "dmmu_errors", M(PEV_DSI) },
    { 0, "immu_misses", M(PEV_ITLB_MISS) },
    { 0, "immu_errors", M(PEV_ISI) },
    { 0, "l2mmu_misses", M(PEV_DTLB_MISS, PEV_ITLB_MISS) },
    { 0, "ci_loads", M(PEV_UC_LOAD) },
    { 0, "ci_stores", M(PEV_UC_STORE) },
    { 0, "misaligned_accesses", M(PEV_MISALIGNED) },
    /* translation counts of the e500v2 (speculative on the core) */
    { 0, "total_translated", M(PEV_LOAD_UOPS, PEV_STORE_UOPS, PEV_TOUCH, PEV_CACHEOP) },
    { 0, "loads_translated", M(PEV_LOAD_UOPS) },
    { 0, "stores_translated", M(PEV_STORE_UOPS) },
    { 0, "touches_translated", M(PEV_TOUCH) },
    { 0, "cacheops_translated", M(PEV_CACHEOP) },
    { 0, "ci_accesses_translated", M(PEV_UC_LOAD, PEV_UC_STORE) },
    { 0, "misaligned_accesses_translated", M(PEV_MISALIGNED) },
    /* cache model */
    { 0, "dcache_linefills", M(PEV_DC_MISS) },
    { 0, "dcache_copybacks", M(PEV_DC_WB) },
    { 0, "icache_linefills", M(PEV_IC_MISS) },
    { 0, "dcache_reloads", M(PEV_DC_MISS) },
    { 0, "dcache_castouts", M(PEV_DC_WB) },
    { 0, "icache_reloads", M(PEV_IC_MISS) },
    { 0, "icache_fetches", M(PEV_IC_ACCESS) },
    { 0, "biu_instruction_requests", M(PEV_IC_MISS) },
    { 0, "biu_data_requests", M(PEV_DC_MISS, PEV_DC_WB) },
    { 0, "biu_copyback_requests", M(PEV_DC_WB) },
    { 0, "biu_castout_requests", M(PEV_DC_WB) },
    { 0, "biu_requests", M(PEV_IC_MISS, PEV_DC_MISS, PEV_DC_WB) },
    /* timing model: the only stalls are miss penalties */
    { 0, "decode_stall_cycles", M(PEV_IC_STALL) },
    { 0, "load_data_stall_cycles", M(PEV_DC_STALL) },
    { PMU_QUIRK_DC_STALL_ISSUE_STALLS, "issue_stall_cycles", M(PEV_DC_STALL) },
};

bool ppc_pmu_model_for(const char *core, const char *name, struct ppc_pmu_model *out)
{
    const struct pmu_catalog *cat = pmu_catalog_find("power", core);
    uint32_t quirks = cat ? cat->vboard_quirks : 0;
    const struct binding *any = NULL;
    for (size_t i = 0; i < sizeof(bindings) / sizeof(bindings[0]); i++) {
        const struct binding *b = &bindings[i];
        if (strcmp(b->name, name) != 0)
            continue;
        if (b->quirk & quirks) {
            any = b; /* this core's own meaning of the name */
            break;
        }
        if (!b->quirk && !any)
            any = b;
    }
    if (any && out)
        *out = any->model;
    return any != NULL;
}
