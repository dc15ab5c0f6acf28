/*
 * trace_native.c - the native bracket (trace_native.h). Everything a hit
 * needs is resolved when the packet binds it (the variables' slots, each
 * counter's width), so a hit reads its counters and does the arithmetic,
 * nothing else: no lookup, no bytecode. The arithmetic is the agent
 * expressions' of host/trace_exprs.c, so that both paths give the same
 * numbers.
 */
#include "trace_native.h"

enum { V_START, V_REF, V_SUM, V_SQ, V_MIN, V_MAX, V_PER_SLOT };

struct slot {
    unsigned reg, len; /* len: 4 (counts mod 2^32) or 8 bytes */
    struct trace_var *v[V_PER_SLOT];
};

static struct {
    struct trace_var *n, *armed;
    uint64_t k;
    unsigned ns;
    uint8_t stop;
    struct slot s[PMUSTUB_NATIVE_SLOTS];
} nb;

void trace_native_clear(void)
{
    nb.ns = 0;
    nb.n = nb.armed = 0;
    nb.stop = 0;
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

/* The bracket that ends now, into the sums. */
static void accumulate(void)
{
    for (unsigned i = 0; i < nb.ns; i++) {
        struct slot *s = &nb.s[i];
        uint64_t c = count_now(s) - (uint64_t)s->v[V_START]->value, d;
        if (s->len == 4)
            c &= 0xffffffffu;
        if (nb.n->value == 0)
            s->v[V_REF]->value = (int64_t)c;
        d = c - (uint64_t)s->v[V_REF]->value;
        s->v[V_SUM]->value = (int64_t)((uint64_t)s->v[V_SUM]->value + c);
        s->v[V_SQ]->value = (int64_t)((uint64_t)s->v[V_SQ]->value + d * d);
        /* min starts at all ones: the comparisons are unsigned */
        if (c < (uint64_t)s->v[V_MIN]->value)
            s->v[V_MIN]->value = (int64_t)c;
        if (c > (uint64_t)s->v[V_MAX]->value)
            s->v[V_MAX]->value = (int64_t)c;
    }
    nb.n->value++;
    nb.stop = (uint64_t)nb.n->value == nb.k;
}

void trace_native_hit(unsigned role)
{
    /* TO first: with one point the hit ends a pass and starts the next. */
    if ((role & NATIVE_TO) && nb.armed->value) {
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
