/*
 * stat/ring.c - see ring.h. A copy's counts are the stub's 64-bit totals,
 * so an interval is the difference of two copies: a copy the stub merged
 * (its ring full) or one lost on the line (a bad checksum) only makes one
 * record span several intervals, which its interval number says, and
 * every interval's counts still add up to the run's total.
 */
#include "stat/ring.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "pmustub/wire.h"
#include "session/interval.h"

/* "Pmustub.Interval:SEQ;C1;C2..." (hex), one count per event. */
static void on_notify(void *ctx, const char *text)
{
    struct stat_ring *g = ctx;
    const char *name = PMUSTUB_NOTIFY_INTERVAL ":";
    uint64_t c[EVENTS_MAX];
    char *p;

    if (strncmp(text, name, strlen(name)))
        return;
    unsigned long seq = strtoul(text + strlen(name), &p, 16);
    for (int i = 0; i < g->l->n; i++) {
        if (*p != ';')
            return;
        c[i] = strtoull(p + 1, &p, 16);
    }
    if (*p || seq <= g->seq)
        return; /* not a copy of this run's */

    struct stat_interval iv;
    unsigned long spans = seq - g->seq;
    double span_s = g->o->interval_ms / 1e3 * (double)spans;
    memset(&iv, 0, sizeof iv);
    iv.t_s = g->o->interval_ms / 1e3 * (double)seq;
    iv.enabled_s = span_s;
    for (int i = 0; i < g->l->n; i++) {
        iv.delta[i] = c[i] - g->prev[i];
        iv.running_s[i] = span_s;
        iv.counted[i] = 1;
        g->emitted[i] += iv.delta[i];
        g->prev[i] = c[i];
    }
    g->r->ring_records++;
    g->r->ring_merged += spans - 1;
    g->seq = (uint32_t)seq;
    if (g->fn)
        g->fn(g->ctx, &iv);
}

int stat_ring_begin(struct stat_ring *g, struct target *t,
                    const struct event_list *l, const struct stat_opts *o,
                    struct stat_result *r, stat_interval_fn fn, void *ctx,
                    int *no_line)
{
    int regs[EVENTS_MAX];
    unsigned clock = (unsigned)l->e[o->ring_clock].counter;
    int rc;

    memset(g, 0, sizeof *g);
    g->t = t, g->l = l, g->o = o, g->r = r, g->fn = fn, g->ctx = ctx;
    for (int i = 0; i < l->n; i++)
        regs[i] = t->wide_reg[l->e[i].counter];
    rc = target_interval_bind(t, clock, t->cnt_reg[clock], o->ring_period,
                              regs, l->n, no_line);
    if (rc && *no_line)
        return 0;
    if (rc)
        return rc;
    r->on_target = 1;
    r->ring_mhz = o->ring_mhz;
    r->ring_mhz_assumed = o->ring_mhz_assumed;
    t->rsp.notify = on_notify;
    t->rsp.notify_ctx = g;
    return 0;
}

void stat_ring_base(struct stat_ring *g, const uint64_t *base)
{
    for (int i = 0; i < g->l->n; i++)
        g->prev[i] = base[g->l->e[i].counter];
}

void stat_ring_end(struct stat_ring *g)
{
    struct stat_interval iv;
    uint64_t cycles = 0;

    g->t->rsp.notify = NULL;
    memset(&iv, 0, sizeof iv);
    for (int i = 0; i < g->l->n; i++) {
        iv.delta[i] = g->r->count[i] - g->emitted[i];
        iv.counted[i] = 1;
    }
    /* Its end in target time: the clock's cycles past the last copy; none
     * (the last copy was taken at the end): no partial interval. */
    cycles = iv.delta[g->o->ring_clock];
    if (!cycles)
        return;
    iv.t_s = g->o->interval_ms / 1e3 * g->seq +
             (double)cycles / (double)g->o->ring_period * g->o->interval_ms / 1e3;
    iv.enabled_s = iv.t_s - g->o->interval_ms / 1e3 * g->seq;
    for (int i = 0; i < g->l->n; i++)
        iv.running_s[i] = iv.enabled_s;
    if (g->fn)
        g->fn(g->ctx, &iv);
}
