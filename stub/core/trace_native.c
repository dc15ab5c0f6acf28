/*
 * trace_native.c - the native bracket (trace_native.h). Everything a hit
 * needs is resolved when the packet binds it (the variables' slots, each
 * counter's width), so a hit reads its counters and does the arithmetic,
 * nothing else: no lookup, no bytecode. The arithmetic is the agent
 * expressions' of host/trace_exprs.c, so that both paths give the same
 * numbers. A port may serve the two hits on its own (pmustub/quick.h):
 * it hands the counts to add_bracket, the same arithmetic.
 */
#include "trace_native.h"
#include "pmustub/quick.h"

enum { V_START, V_REF, V_SUM, V_SQ, V_MIN, V_MAX, V_PER_SLOT };

struct slot {
    unsigned reg, len; /* len: 4 (counts mod 2^32) or 8 bytes */
    struct trace_var *v[V_PER_SLOT];
};

static struct {
    struct trace_var *n, *armed;
    struct tracepoint *from, *to;
    uint64_t k;
    unsigned ns;
    uint8_t stop;
    uint8_t served; /* the port's quick path counted this TO hit */
    struct slot s[PMUSTUB_NATIVE_SLOTS];
} nb;

void trace_native_clear(void)
{
    nb.ns = 0;
    nb.n = nb.armed = 0;
    nb.stop = nb.served = 0;
    nb.from = nb.to = 0;
    for (unsigned i = 0; i < trace_npoints; i++)
        trace_points[i].native = 0;
}

static struct tracepoint *point(uint32_t number)
{
    for (unsigned i = 0; i < trace_npoints; i++)
        if (trace_points[i].number == number)
            return &trace_points[i];
    return 0;
}

/* "HEX" then sep (or the end when sep is 0). */
static int field(const char **p, uint32_t *v, char sep)
{
    if (!hex_u32(*p, v, p) || **p != sep)
        return 0;
    if (sep)
        (*p)++;
    return 1;
}

unsigned trace_native_bind(const char *p)
{
    uint32_t from, to, k, n, armed, reg, base;
    struct tracepoint *tf, *tt;

    if (trace_st.running)
        return 0x02;
    trace_native_clear();
    if (!field(&p, &from, ',') || !field(&p, &to, ',') || !field(&p, &k, ',') ||
        !field(&p, &n, ',') || !hex_u32(p, &armed, &p) || !k)
        return 0x01;
    tf = point(from);
    tt = point(to);
    nb.n = trace_var_find(n);
    nb.armed = trace_var_find(armed);
    if (!tf || !tt || !nb.n || !nb.armed)
        goto refused;
    nb.k = k;
    while (*p == ';') {
        struct slot *s = &nb.s[nb.ns];
        p++;
        if (nb.ns == PMUSTUB_NATIVE_SLOTS || !field(&p, &reg, ',') ||
            !hex_u32(p, &base, &p))
            goto refused;
        s->reg = reg;
        s->len = reg < stub_t->nregs ? stub_t->reg_size(reg) : 0;
        if (s->len != 4 && s->len != 8)
            goto refused;
        for (unsigned w = 0; w < V_PER_SLOT; w++)
            if (!(s->v[w] = trace_var_find(base + w)))
                goto refused;
        nb.ns++;
    }
    if (*p || !nb.ns)
        goto refused;
    nb.from = tf;
    nb.to = tt;
    tf->native |= NATIVE_FROM;
    tt->native |= NATIVE_TO;
    return 0;
refused:
    trace_native_clear();
    return 0x01;
}

/* A counter now; 0 if the port cannot read it (it could at the bind). */
static uint64_t count_now(const struct slot *s)
{
    uint8_t b[8];
    if (stub_t->reg_read(s->reg, b) != STUB_REG_OK)
        return 0;
    return agent_from_target(b, s->len);
}

/* A bracket ended with counts[i] for slot i (raw: a 4-byte register's
 * count is taken mod 2^32 here), into the sums. Inlined into the quick
 * path's stub_quick_end: a call less at every bracket. */
static inline __attribute__((always_inline)) void add_bracket(const uint64_t *counts)
{
    int first = nb.n->value == 0;

    for (unsigned i = 0; i < nb.ns; i++) {
        struct slot *s = &nb.s[i];
        struct trace_var **v = s->v;
        uint64_t c = counts[i], d;
        if (s->len == 4)
            c &= 0xffffffffu;
        if (first)
            v[V_REF]->value = (int64_t)c;
        d = c - (uint64_t)v[V_REF]->value;
        v[V_SUM]->value = (int64_t)((uint64_t)v[V_SUM]->value + c);
        v[V_SQ]->value = (int64_t)((uint64_t)v[V_SQ]->value + d * d);
        /* min starts at all ones: the comparisons are unsigned */
        if (c < (uint64_t)v[V_MIN]->value)
            v[V_MIN]->value = (int64_t)c;
        if (c > (uint64_t)v[V_MAX]->value)
            v[V_MAX]->value = (int64_t)c;
    }
    nb.n->value++;
    nb.stop = (uint64_t)nb.n->value == nb.k;
}

/* The bracket that ends now, read through the port's registers. */
static void accumulate(void)
{
    uint64_t c[PMUSTUB_NATIVE_SLOTS];

    for (unsigned i = 0; i < nb.ns; i++)
        c[i] = count_now(&nb.s[i]) - (uint64_t)nb.s[i].v[V_START]->value;
    add_bracket(c);
}

void trace_native_hit(unsigned role)
{
    /* TO first: with one point the hit ends a pass and starts the next. */
    if (nb.served)
        nb.served = 0; /* the quick path has counted this TO */
    else if ((role & NATIVE_TO) && nb.armed->value) {
        accumulate();
        nb.armed->value = 0;
    }
    if (role & NATIVE_FROM) {
        for (unsigned i = 0; i < nb.ns; i++)
            nb.s[i].v[V_START]->value = (int64_t)count_now(&nb.s[i]);
        nb.armed->value = 1;
    }
}

int trace_native_stop(void)
{
    int stop = nb.stop;
    nb.stop = 0;
    return stop;
}

/* ---- the port's quick path (pmustub/quick.h) ---- */

/* Is a trap at addr the bracket's alone: no breakpoint of GDB's, no
 * other tracepoint there? */
static int bracket_only(stub_addr_t addr)
{
    if (bp_state(addr) & BP_STATE_GDB)
        return 0;
    for (unsigned i = 0; i < trace_npoints; i++) {
        const struct tracepoint *t = &trace_points[i];
        if (t->enabled && t->addr == addr && !t->native)
            return 0;
    }
    return 1;
}

void trace_native_publish(void)
{
    struct stub_quick q;

    if (!stub_t->quick_set)
        return;
    /* A bracket left open by the full path ends there too: its start is
     * the core's (V_START), not the port's. */
    if (!trace_st.running || !nb.ns || nb.ns > STUB_QUICK_COUNTERS ||
        nb.armed->value || !nb.from->enabled || !nb.to->enabled ||
        !bracket_only(nb.from->addr) || !bracket_only(nb.to->addr)) {
        stub_t->quick_set(0);
        return;
    }
    q.from = nb.from->addr;
    q.to = nb.to->addr;
    q.n = nb.ns;
    for (unsigned i = 0; i < nb.ns; i++)
        q.reg[i] = nb.s[i].reg;
    stub_t->quick_set(&q);
}

void stub_quick_update(void)
{
    trace_native_publish();
}

int stub_quick_end(const uint64_t *counts)
{
    add_bracket(counts);
    if (!nb.stop) {
        nb.to->hits++;
        return 0;
    }
    /* The full path reports the stop, and counts this hit at TO. */
    nb.served = 1;
    return 1;
}

void stub_quick_started(unsigned from_hits, int open, const uint64_t *start)
{
    nb.from->hits += from_hits;
    if (!open)
        return;
    for (unsigned i = 0; i < nb.ns; i++)
        nb.s[i].v[V_START]->value = (int64_t)start[i];
    nb.armed->value = 1;
}
