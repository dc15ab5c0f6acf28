/*
 * pmu.c - the performance monitor of Book E cores on the target: found or
 * not, which core by PVR, and the freeze the vectors do (the PMR accessors
 * are pmr_access.c's).
 *
 * Detection: mfpmr of PMGC0 (PMR 400, e200z7 RM Table 8-1) through a probe;
 * a core without performance monitor registers takes it as an illegal
 * instruction (QEMU's e500 models, measured: docs/power.md, "QEMU 7.2 facts
 * found on the way"), which the probe
 * turns into a plain "no": then nothing of the PMU is published.
 *
 * Honest counting: every vector sets PMGC0[FAC] (freeze all; "FAC does not
 * change any PMLCa[FC]", e200z7 RM 8.3.1) before anything else it does and
 * the return path writes the program's PMGC0 back as its last act before
 * rfi/rfci/rfdi/rfmci (vectors.S, PMU_INSN). Those instructions are nops
 * in the image, since mfpmr/mtpmr are illegal on a core without the PMU;
 * ppc_pmu_detect writes them in when the PMU is there.
 */
#include "booke.h"
#include "ppc_port.h"
#include "pmustub/program.h"
#include "pmustub/monitor_pmu.h"

/* vectors.S: each PMU_INSN site, the nop's address and the instruction
 * that replaces it. */
struct pmu_patch {
    uint32_t *site;
    uint32_t insn;
};
extern const struct pmu_patch ppc_pmu_patch_start[], ppc_pmu_patch_end[];

/* Writes the freeze instructions over their nops: the data cache line to
 * memory, the instruction cache's copy dropped (Power ISA Book II 1.8,
 * "Instruction Storage"; Linux flush_icache_range: dcbst, sync, icbi,
 * isync). */
static void patch_vectors(void)
{
    for (const struct pmu_patch *p = ppc_pmu_patch_start; p < ppc_pmu_patch_end; p++) {
        *p->site = p->insn;
        __asm__ volatile("dcbst 0, %0\n\tsync\n\ticbi 0, %0\n\tsync\n\tisync"
                         : : "r"(p->site) : "memory");
    }
}

int ppc_pmu_present;
uint32_t ppc_pmu_pvr;

/* The core by PVR through the registry (cores.toml id); a core with the
 * PMU the registry does not know is published with raw event numbers. */
void ppc_pmu_detect(void)
{
    const struct pmu_core *core;
    uint32_t v;

    ppc_pmu_pvr = SPR_READ(SPR_PVR);
    ppc_pmu_present = ppc_probe_pmgc0(&v) == 0;
    if (!ppc_pmu_present) {
        ppc_pmu_attach(0);
        return;
    }
    core = pmu_core_find(ppc_pmu_pvr);
    if (!core)
        core = &pmu_core_unknown;
    patch_vectors();
    ppc_pmu_attach(core);
}

/* A program's interrupt that the stub hands on (interrupt.c): its handler
 * counts as the program's code, as it would without the stub, though the
 * interrupt's entry cleared MSR[PMM] (Linux core-fsl-emb.c sets MSR_PMM
 * again after its own PMU interrupt for the same reason). Returns the
 * handler's answer (pmustub/program.h), 0 without a handler. */
int ppc_pmu_program_interrupt(unsigned vector)
{
    int frozen = stub_pmu_user_frozen(); /* "monitor pmu freeze" */
    uint32_t g;
    int r;

    if (!pmustub_program_interrupt)
        return 0;
    if (!ppc_pmu_present)
        return pmustub_program_interrupt(vector);
    g = (ppc_ctx[CTX_PMGC0] & ~PMGC0_PMIE) | (frozen ? PMGC0_FAC : 0);
    r = ppc_call_counted(pmustub_program_interrupt, vector, &g);
    ppc_ctx[CTX_PMGC0] = frozen ? (g & ~PMGC0_FAC) | (ppc_ctx[CTX_PMGC0] & PMGC0_FAC) : g;
    return r;
}

/* The program's exit path comes from C, not through a vector. */
void ppc_pmu_freeze(void)
{
    if (ppc_pmu_present)
        ppc_pmr_write(PMU_REGNUM_GLOBAL, ppc_pmr_read(PMU_REGNUM_GLOBAL) | PMGC0_FAC);
}
