/*
 * idle.c - the idle-loop search (idle.h): run the CPU one instruction at a
 * time with its bus watched until the state it started from comes back,
 * then twice more, comparing what each iteration added.
 */
#include "idle.h"

#include <string.h>

/* The CPU's bus while the loop runs: every read must be a quiet status read
 * of the console (one register read that counted as quiet), nothing may be
 * written. */
struct watched {
    struct vb_bus inner;
    struct uart *line;
    bool spoiled;
    uint64_t polls;
};

static bool watched_read(void *ctx, uint64_t pa, unsigned size, uint32_t *v)
{
    struct watched *w = ctx;
    uint64_t reads = w->line->reads, quiet = w->line->quiet_reads;
    bool ok = w->inner.read(w->inner.ctx, pa, size, v);
    if (w->line->reads == reads + 1 && w->line->quiet_reads == quiet + 1)
        w->polls++;
    else
        w->spoiled = true;
    return ok;
}

static bool watched_write(void *ctx, uint64_t pa, unsigned size, uint32_t v)
{
    struct watched *w = ctx;
    w->spoiled = true;
    return w->inner.write(w->inner.ctx, pa, size, v);
}

/* Runs from the head (state head) back to it: true with the instructions
 * run in *len and the quiet polls in *polls; at most max instructions. */
static bool iterate(const struct vb_idle_cpu *k, struct watched *w, const uint32_t *head,
                    uint64_t max, uint64_t *len)
{
    uint32_t now[VB_IDLE_STATE_WORDS];
    for (uint64_t i = 1; i <= max; i++) {
        if (!k->may_loop(k->cpu) || !k->step(k->cpu) || w->spoiled)
            return false;
        k->state(k->cpu, now);
        if (now[0] == head[0] && memcmp(now, head, sizeof(now)) == 0) {
            *len = i;
            return true;
        }
    }
    return false;
}

static void totals_since(const struct vb_idle_cpu *k, const uint64_t *before, uint64_t *delta)
{
    for (unsigned i = 0; i < k->n_ev; i++)
        delta[i] = k->ev[i] - before[i];
}

bool vb_idle_find(const struct vb_idle_cpu *k, uint64_t budget, struct vb_idle_loop *lp)
{
    uint32_t head[VB_IDLE_STATE_WORDS];
    uint64_t start[VB_IDLE_MAX_EV], settled[VB_IDLE_MAX_EV], len, len2, len3;
    struct watched w = { .inner = *k->bus, .line = k->line };
    if (k->n_ev > VB_IDLE_MAX_EV)
        return false;
    k->state(k->cpu, head);
    *k->bus = (struct vb_bus){ .ctx = &w, .read = watched_read, .write = watched_write };
    uint64_t max = budget < VB_IDLE_MAX_PERIOD ? budget : VB_IDLE_MAX_PERIOD;
    bool found = iterate(k, &w, head, max, &len) && 3 * len <= budget;
    if (found) {
        memcpy(start, k->ev, k->n_ev * sizeof(*start));
        found = iterate(k, &w, head, len, &len2) && len2 == len;
    }
    if (found) {
        totals_since(k, start, settled);
        memcpy(start, k->ev, k->n_ev * sizeof(*start));
        uint64_t polls = w.polls;
        found = iterate(k, &w, head, len, &len3) && len3 == len && w.polls > polls;
    }
    *k->bus = w.inner;
    if (!found)
        return false;
    totals_since(k, start, lp->delta);
    if (memcmp(settled, lp->delta, k->n_ev * sizeof(*start)) != 0)
        return false;
    lp->insns = len;
    lp->cycles = k->cycles(lp->delta);
    lp->sum = 0;
    for (unsigned i = 0; i < k->n_ev; i++)
        lp->sum += lp->delta[i];
    return true;
}

uint64_t vb_idle_room(const struct vb_idle_loop *lp, uint64_t quiet)
{
    if (quiet == 0)
        return UINT64_MAX;
    return (quiet - 1) / lp->sum;
}

void vb_idle_advance(uint64_t *ev, unsigned n_ev, const struct vb_idle_loop *lp, uint64_t n)
{
    for (unsigned i = 0; i < n_ev; i++)
        ev[i] += n * lp->delta[i];
}
