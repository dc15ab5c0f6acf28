/*
 * pmu.c - performance-counter register semantics for the 34K, R10000 and
 * R12000 personalities (see pmu.h). Event codes and names come only from the
 * generated catalogue (target-xml/events/CORE.csv -> pmu_catalog.h); which
 * interpreter totals an event samples comes from pmu_bind.c.
 */
#include "pmu.h"

#include <stdio.h>
#include <string.h>

#include "pmu_catalog.h"

struct pmu_personality {
    const char *core;       /* catalogue name */
    unsigned n_counters;
    uint32_t wmask;         /* writable control bits; the rest read 0 */
    uint32_t event_mask;    /* EVENT field, after shifting */
    bool m_chain;           /* control bit 31 = "another pair follows" */
    bool mt_filter;         /* VPEID/MT_EN/TCID fields exist */
};

/* Every personality is the registry's (target-xml/cores.toml): counters,
 * the M chain, the control bits that hold a value (every field of the
 * core's control layout but the read-only M bit; the rest read 0), the
 * EVENT width and the MT filter fields. For the 34K that is bits 29:16 and
 * 11:0 (seed MD00548 Table 2); for the R10000 8:0 and the R12000 9:0
 * (R10000 User's Manual 14.20, Figure 14-22; IRIX r10k_counters(5)). */
static struct pmu_personality personalities[PMU_CATALOG_COUNT];

const struct pmu_personality *pmu_personality(const char *core)
{
    const struct pmu_catalog *c = pmu_catalog_find("mips32", core);
    if (!c)
        return NULL;
    struct pmu_personality *p = &personalities[c - pmu_catalogs];
    *p = (struct pmu_personality){c->core, c->n_counters, c->ctl_writable, c->event_mask,
                                  c->m_chain != 0, c->has_mt != 0};
    return p;
}

const struct pmu_catalog *pmu_catalog_of(const struct pmu_personality *p)
{
    return pmu_catalog_find(NULL, p->core);
}

const struct pmu_catalog_event *pmu_event_for(const struct pmu_personality *p,
                                              unsigned n, unsigned code)
{
    return pmu_catalog_event_coded(pmu_catalog_of(p), code, n);
}

unsigned pmu_n_counters(const struct pmu *m) { return m->p->n_counters; }

void pmu_reset(struct pmu *m, const struct pmu_personality *p)
{
    memset(m, 0, sizeof(*m));
    m->p = p;
}

/* MD00090 section 9.39 (PerfCnt): K counts only with EXL=ERL=0 and KSU=0,
 * EXL counts with EXL=1 and ERL=0; nothing counts with ERL=1. The R10000
 * agrees (User's Manual 14.20: "all counting is disabled when the ERL bit is
 * set"). Debug mode: vboard's documented choice is that nothing counts. */
uint32_t pmu_mode_bit(uint32_t status, bool debug_mode)
{
    if (debug_mode || (status & 4u))
        return 0;
    if (status & 2u)
        return PCTL_EXL;
    switch ((status >> 3) & 3u) {
    case 0: return PCTL_K;
    case 1: return PCTL_S;
    case 2: return PCTL_U;
    default: return 0;
    }
}

static uint64_t total(const struct pmu_model *md, const uint64_t *ev)
{
    return ev[md->src[0]] + ev[md->src[1]] + ev[md->src[2]];
}

static uint32_t current(const struct pmu_counter *k, const uint64_t *ev)
{
    if (!k->active)
        return k->value;
    return k->value + (uint32_t)(total(&k->model, ev) - k->snap);
}

/* Single VPE, single TC: the VPE filter matches VPE 0, the TC filter TC 0.
 * Processor-wide (P) events ignore the filter; MT_EN=3 is reserved. */
static bool mt_match(const struct pmu_personality *p, uint32_t ctl, char type)
{
    if (!p->mt_filter || type == 'P')
        return true;
    switch ((ctl >> PCTL_MT_EN_SHIFT) & 3u) {
    case 0: return true;
    case 1: return ((ctl >> PCTL_VPEID_SHIFT) & 0xfu) == 0;
    case 2: return ((ctl >> PCTL_TCID_SHIFT) & 0xffu) == 0;
    default: return false;
    }
}

/* A counter set to count an event vboard does not model keeps its value:
 * the program sees a count that does not move. Say so once per event on
 * vboard's stderr, which the program and the stub do not see (pmuctl learns
 * it from the catalogue and prints <not supported>). */
static void tell_not_modelled(struct pmu *m, unsigned n,
                              const struct pmu_catalog_event *e)
{
    const struct pmu_catalog *cat = pmu_catalog_of(m->p);
    unsigned row = (unsigned)(e - cat->events);
    if (row >= PMU_MAX_EVENTS || (m->told[row / 32] >> row % 32 & 1u))
        return;
    m->told[row / 32] |= 1u << row % 32;
    fprintf(stderr, "vboard: counter %u is set to count %s, which vboard does "
            "not model: its count will not change (docs/vboard.md)\n", n, e->name);
}

static void rebind(struct pmu *m, unsigned n, struct pmu_counter *k)
{
    unsigned code = (k->ctl >> PCTL_EVENT_SHIFT) & m->p->event_mask;
    const struct pmu_catalog_event *e = pmu_event_for(m->p, n, code);
    memset(&k->model, 0, sizeof(k->model));
    bool modelled = e && pmu_model_for(m->p, e->name, &k->model);
    if (e && !modelled && (k->ctl & (PCTL_EXL | PCTL_K | PCTL_S | PCTL_U)))
        tell_not_modelled(m, n, e);
    k->filter_ok = modelled && mt_match(m->p, k->ctl, e->type);
}

void pmu_sync(struct pmu *m, const uint64_t *ev, uint32_t mode)
{
    for (unsigned n = 0; n < m->p->n_counters; n++) {
        struct pmu_counter *k = &m->c[n];
        k->value = current(k, ev);
        k->active = k->filter_ok && (k->ctl & mode);
        k->snap = total(&k->model, ev);
    }
}

uint32_t pmu_read_ctl(const struct pmu *m, unsigned n)
{
    uint32_t v = m->c[n].ctl;
    if (m->p->m_chain && n + 1 < m->p->n_counters)
        v |= PCTL_M;
    return v;
}

uint32_t pmu_read_count(const struct pmu *m, unsigned n, const uint64_t *ev)
{
    return current(&m->c[n], ev);
}

void pmu_write_ctl(struct pmu *m, unsigned n, uint32_t v, const uint64_t *ev,
                   uint32_t mode)
{
    pmu_sync(m, ev, mode);
    m->c[n].ctl = v & m->p->wmask;
    rebind(m, n, &m->c[n]);
    pmu_sync(m, ev, mode);
}

void pmu_write_count(struct pmu *m, unsigned n, uint32_t v, const uint64_t *ev,
                     uint32_t mode)
{
    pmu_sync(m, ev, mode);
    m->c[n].value = v;
}

bool pmu_irq(const struct pmu *m, const uint64_t *ev)
{
    for (unsigned n = 0; n < m->p->n_counters; n++)
        if ((m->c[n].ctl & PCTL_IE) && (current(&m->c[n], ev) & 0x80000000u))
            return true;
    return false;
}

unsigned pmu_irq_watches(const struct pmu *m, const uint64_t *ev, struct ev_watch *w)
{
    unsigned nw = 0;
    for (unsigned n = 0; n < m->p->n_counters; n++) {
        const struct pmu_counter *k = &m->c[n];
        if (!k->active || !(k->ctl & PCTL_IE))
            continue;
        uint32_t v = current(k, ev);
        if (v & 0x80000000u)
            continue;
        memcpy(w[nw].src, k->model.src, sizeof w[nw].src);
        w[nw++].at = total(&k->model, ev) + (0x80000000u - v);
    }
    return nw;
}

uint64_t pmu_events_to_irq(const struct pmu *m, const uint64_t *ev)
{
    struct ev_watch w[PMU_MAX_COUNTERS];
    uint64_t best = UINT64_MAX;
    unsigned nw = pmu_irq_watches(m, ev, w);
    for (unsigned k = 0; k < nw; k++) {
        uint64_t d = w[k].at - (ev[w[k].src[0]] + ev[w[k].src[1]] + ev[w[k].src[2]]);
        if (d < best)
            best = d;
    }
    return best;
}
