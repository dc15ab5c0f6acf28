/*
 * ppc_pmu.c - Book E performance-monitor register semantics for the e200z7
 * and e500v2 personalities (see ppc_pmu.h). Event codes and names, the EVENT width
 * and the PMLCa bits that hold a value come only from the registry
 * (target-xml/cores.toml and events/CORE.csv -> pmu_catalog.h); which interpreter totals an event samples comes from
 * ppc_pmu_bind.c.
 */
#include "ppc_pmu.h"

#include <string.h>

#include "pmu_catalog.h"
#include "ppc_regs.h"

#define PMGC0_WMASK (PMGC0_FAC | PMGC0_PMIE | PMGC0_FCECE | PMGC0_TBSEL | PMGC0_TBEE)

static struct ppc_pmu_personality personalities[PMU_CATALOG_COUNT];

static const struct pmu_catalog *catalog_of(const char *core)
{
    return pmu_catalog_find("power", core);
}

/* EVENT width and PMLCa's writable bits (cores.toml, power/pmr-fields.csv:
 * 8-bit EVENT and PMP on the e200z7, 7-bit EVENT on the e500v2) and each
 * counter's writable PMLCb bits (cores.toml booke.pmlcb_writable: the
 * thresholds on PMLCb0/1 only, the e200z7's triggers): the registry's. */
const struct ppc_pmu_personality *ppc_pmu_personality(const char *core)
{
    const struct pmu_catalog *cat = catalog_of(core);
    if (!cat || !cat->booke)
        return NULL;
    struct ppc_pmu_personality *p = &personalities[cat - pmu_catalogs];
    p->core = cat->core;
    p->event_mask = cat->event_mask;
    p->pmlca_wmask = cat->ctl_writable;
    memcpy(p->pmlcb_wmask, cat->booke->pmlcb_writable, sizeof(p->pmlcb_wmask));
    return p;
}

void ppc_pmu_reset(struct ppc_pmu *m, const struct ppc_pmu_personality *p)
{
    memset(m, 0, sizeof(*m));
    m->p = p;
}

static uint64_t total(const struct ppc_pmu_model *md, const uint64_t *ev)
{
    return ev[md->src[0]] + ev[md->src[1]] + ev[md->src[2]] + ev[md->src[3]];
}

static uint32_t current(const struct ppc_pmc *k, const uint64_t *ev)
{
    return k->counting ? k->value + (uint32_t)(total(&k->model, ev) - k->snap)
                       : k->value;
}

/* The freeze conditions of PMC n in the mode msr (e200z7.md section 2:
 * FAC freezes all; FC this one; FCS/FCU by MSR[PR]; FCM1/FCM0 by
 * MSR[PMM]; the mode bits only for events the manual filters). */
static bool frozen(const struct ppc_pmu *m, unsigned n, uint32_t msr)
{
    uint32_t a = m->pmlca[n];
    if ((m->pmgc0 & PMGC0_FAC) || (a & PMLCA_FC))
        return true;
    if (m->c[n].model.unfiltered)
        return false;
    bool user = msr & MSR_PR, marked = msr & MSR_PMM;
    return ((a & PMLCA_FCS) && !user) || ((a & PMLCA_FCU) && user) ||
           ((a & PMLCA_FCM1) && marked) || ((a & PMLCA_FCM0) && !marked);
}

/* Binds PMC n to the model of the event its PMLCa selects on that PMC;
 * an event that is reserved, restricted to other PMCs or not modelled
 * leaves the counter unchanged. */
static void rebind(struct ppc_pmu *m, unsigned n)
{
    struct ppc_pmc *k = &m->c[n];
    unsigned code = (m->pmlca[n] >> PMLCA_EVENT_SHIFT) & m->p->event_mask;
    const struct pmu_catalog *cat = catalog_of(m->p->core);
    memset(&k->model, 0, sizeof(k->model));
    k->bound = false;
    const struct pmu_catalog_event *e = pmu_catalog_event_coded(cat, code, n);
    if (e)
        k->bound = ppc_pmu_model_for(m->p->core, e->name, &k->model);
}

void ppc_pmu_sync(struct ppc_pmu *m, const uint64_t *ev, uint32_t msr)
{
    for (unsigned n = 0; n < PPC_PMU_COUNTERS; n++) {
        struct ppc_pmc *k = &m->c[n];
        k->value = current(k, ev);
        k->counting = k->bound && !frozen(m, n, msr);
        k->snap = total(&k->model, ev);
    }
    m->msr = msr;
}

/* PMR number -> register, for the supervisor numbers. */
static uint32_t *reg_of(struct ppc_pmu *m, unsigned pmrn, unsigned *pmc)
{
    *pmc = PPC_PMU_COUNTERS;
    if (pmrn >= PMRN_PMC0 && pmrn < PMRN_PMC0 + PPC_PMU_COUNTERS) {
        *pmc = pmrn - PMRN_PMC0;
        return &m->c[*pmc].value;
    }
    if (pmrn >= PMRN_PMLCA0 && pmrn < PMRN_PMLCA0 + PPC_PMU_COUNTERS)
        return &m->pmlca[pmrn - PMRN_PMLCA0];
    if (pmrn >= PMRN_PMLCB0 && pmrn < PMRN_PMLCB0 + PPC_PMU_COUNTERS)
        return &m->pmlcb[pmrn - PMRN_PMLCB0];
    if (pmrn == PMRN_PMGC0)
        return &m->pmgc0;
    return NULL;
}

/* e200z7.md section 1: a PMR that does not exist is illegal unless its
 * number is a supervisor one and the access comes from user mode, which
 * is privileged; supervisor PMRs from user mode are privileged; the user
 * copies are read-only (mtpmr to one is illegal in any mode). */
static enum ppc_pmr_access check(struct ppc_pmu *m, unsigned pmrn, bool user,
                                 bool write, uint32_t **reg, unsigned *pmc)
{
    bool sup = pmrn & PMRN_SUPERVISOR;
    if (sup && user)
        return PMR_PRIVILEGED;
    *reg = reg_of(m, sup ? pmrn : pmrn | PMRN_SUPERVISOR, pmc);
    if (!*reg || (write && !sup))
        return PMR_ILLEGAL;
    return PMR_OK;
}

enum ppc_pmr_access ppc_pmu_mfpmr(struct ppc_pmu *m, unsigned pmrn, bool user,
                                  const uint64_t *ev, uint32_t *out)
{
    uint32_t *reg;
    unsigned pmc;
    enum ppc_pmr_access r = check(m, pmrn, user, false, &reg, &pmc);
    if (r == PMR_OK)
        *out = pmc < PPC_PMU_COUNTERS ? current(&m->c[pmc], ev) : *reg;
    return r;
}

enum ppc_pmr_access ppc_pmu_mtpmr(struct ppc_pmu *m, unsigned pmrn, bool user,
                                  uint32_t v, const uint64_t *ev)
{
    uint32_t *reg;
    unsigned pmc;
    enum ppc_pmr_access r = check(m, pmrn, user, true, &reg, &pmc);
    if (r != PMR_OK)
        return r;
    ppc_pmu_sync(m, ev, m->msr);
    if (pmrn == PMRN_PMGC0) {
        *reg = v & PMGC0_WMASK;
    } else if (pmrn >= PMRN_PMLCA0 && pmrn < PMRN_PMLCA0 + PPC_PMU_COUNTERS) {
        *reg = v & m->p->pmlca_wmask;
        rebind(m, pmrn - PMRN_PMLCA0);
    } else if (pmrn >= PMRN_PMLCB0 && pmrn < PMRN_PMLCB0 + PPC_PMU_COUNTERS) {
        *reg = v & m->p->pmlcb_wmask[pmrn - PMRN_PMLCB0];
    } else {
        *reg = v; /* a PMC */
    }
    ppc_pmu_sync(m, ev, m->msr);
    return PMR_OK;
}

static bool condition(const struct ppc_pmu *m, const uint64_t *ev)
{
    for (unsigned n = 0; n < PPC_PMU_COUNTERS; n++)
        if ((m->pmlca[n] & PMLCA_CE) && (current(&m->c[n], ev) & PMC_OV))
            return true;
    return false;
}

bool ppc_pmu_update(struct ppc_pmu *m, const uint64_t *ev)
{
    if (!condition(m, ev))
        return false;
    if ((m->pmgc0 & (PMGC0_FCECE | PMGC0_FAC)) == PMGC0_FCECE) {
        ppc_pmu_sync(m, ev, m->msr);
        m->pmgc0 |= PMGC0_FAC;
        ppc_pmu_sync(m, ev, m->msr);
    }
    return (m->pmgc0 & PMGC0_PMIE) != 0;
}

void ppc_pmu_interrupt_taken(struct ppc_pmu *m)
{
    m->pmgc0 &= ~PMGC0_PMIE;
}

uint64_t ppc_pmu_events_to_condition(const struct ppc_pmu *m, const uint64_t *ev)
{
    uint64_t best = UINT64_MAX;
    if (!(m->pmgc0 & (PMGC0_PMIE | PMGC0_FCECE)))
        return best; /* the condition would change nothing */
    for (unsigned n = 0; n < PPC_PMU_COUNTERS; n++) {
        const struct ppc_pmc *k = &m->c[n];
        if (!k->counting || !(m->pmlca[n] & PMLCA_CE))
            continue;
        uint32_t v = current(k, ev);
        if (v & PMC_OV)
            continue; /* already met: seen at the end of this slice */
        if (PMC_OV - v < best)
            best = PMC_OV - v;
    }
    return best;
}

unsigned ppc_pmu_watches(const struct ppc_pmu *m, const uint64_t *ev, struct ppc_watch *w)
{
    unsigned nw = 0;
    if (!(m->pmgc0 & (PMGC0_PMIE | PMGC0_FCECE)))
        return 0;
    for (unsigned n = 0; n < PPC_PMU_COUNTERS; n++) {
        const struct ppc_pmc *k = &m->c[n];
        if (!(m->pmlca[n] & PMLCA_CE))
            continue;
        uint32_t v = current(k, ev);
        if (v & PMC_OV)
            continue;
        memcpy(w[nw].src, k->model.src, sizeof w[nw].src);
        w[nw++].at = total(&k->model, ev) + (PMC_OV - v);
    }
    return nw;
}
