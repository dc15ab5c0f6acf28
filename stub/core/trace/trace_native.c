/*
 * trace_native.c - the native bracket (trace_native.h). Everything a hit
 * needs is resolved when the packet binds it (the variables' slots, each
 * counter's width), so a hit reads its counters and does the arithmetic,
 * nothing else: no lookup, no bytecode. The arithmetic is the agent
 * expressions' of host/rsp/trace_exprs.c, so that both paths give the same
 * numbers. A port may serve the two hits on its own (pmustub/quick.h):
 * it hands the counts to add_bracket, the same arithmetic.
 *
 * The binding lies at the end of the trace buffer (trace_state.high bytes,
 * trace_area.c), at a fixed place, room for PMUSTUB_NATIVE_SLOTS counters
 * (284 bytes on a 32-bit target). Nothing of it is read unless it is
 * bound (trace_state.high): the frames may use those bytes otherwise.
 */
#include "trace/trace_native.h"
#include "pmustub/quick.h"

enum { V_START, V_REF, V_SUM, V_SQ, V_MIN, V_MAX, V_PER_SLOT };

struct slot {
    unsigned reg, len; /* len: 4 (counts mod 2^32) or 8 bytes */
    struct trace_var *v[V_PER_SLOT];
};

struct native {
    struct trace_var *n, *armed;
    struct tracepoint *from, *to;
    trace_u64 k;
    unsigned ns;
    struct slot s[PMUSTUB_NATIVE_SLOTS];
};
/* Set at the k-th bracket and taken at once (trace_native_stop); the
 * port's quick path counted this TO hit. Beside the binding, so that
 * they are read when it is not. */
static struct {
    uint8_t stop, served;
} nf;

/* Its place, in a register: the compiler would otherwise reach each
 * field from the buffer's start, an offset too large for a short load. */
static inline struct native *native_at(void)
{
    struct native *b =
        (struct native *)(trace_area + TRACE_AREA_BYTES - sizeof(struct native));
    __asm__("" : "+r"(b));
    return b;
}
#define nb (*native_at())

void trace_native_clear(void)
{
    struct tracepoint *t = 0;

    trace_state.high = 0;
    while ((t = trace_next_point(t)) != 0)
        t->native = 0;
}

unsigned trace_native_bind(const char *p, struct reply *r)
{
    uint32_t from, to, k, n, armed, reg, base;
    struct tracepoint *tf, *tt;

    (void)r;
    if (trace_running())
        return 0x02;
    trace_native_clear();
    if (!hex_field(&p, &from, ',') || !hex_field(&p, &to, ',') || !hex_field(&p, &k, ',') ||
        !hex_field(&p, &n, ',') || !hex_u32(p, &armed, &p) || !k)
        return 0x01;
    /* Room beside the definitions and the frames. */
    if (trace_frames + trace_state.used + sizeof nb > trace_area + TRACE_AREA_BYTES)
        return 0x10;
    trace_state.high = sizeof nb;
    nb.ns = 0;
    nf.stop = nf.served = 0;
    tf = trace_point_find(from);
    tt = trace_point_find(to);
    nb.n = trace_var_find(n);
    nb.armed = trace_var_find(armed);
    if (!tf || !tt || !nb.n || !nb.armed)
        goto refused;
    nb.k = k;
    while (*p == ';') {
        struct slot *s = &nb.s[nb.ns];
        p++;
        if (nb.ns == PMUSTUB_NATIVE_SLOTS || !hex_field(&p, &reg, ',') ||
            !hex_u32(p, &base, &p))
            goto refused;
        s->reg = reg;
        s->len = reg < STUB_T(nregs) ? STUB_T(reg_size)(reg) : 0;
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
    if (STUB_T(reg_read)(s->reg, b) != STUB_REG_OK)
        return 0;
    return agent_from_target(b, s->len);
}

/* A bracket ended with counts[i] for slot i (raw: a 4-byte register's
 * count is taken mod 2^32 here), into the sums. */
static void add_bracket(const uint64_t *counts)
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
    nf.stop = (uint64_t)nb.n->value == nb.k;
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
    if (nf.served)
        nf.served = 0; /* the quick path has counted this TO */
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
    int stop = nf.stop;
    nf.stop = 0;
    return stop;
}

/* ---- the port's quick path (pmustub/quick.h) ---- */
#if PMUSTUB_TRACE_QUICK

/* Is a trap at addr the bracket's alone: no breakpoint of GDB's, no
 * other tracepoint there? */
static int bracket_only(stub_addr_t addr)
{
    const struct tracepoint *t = 0;

    if (bp_state(addr) & BP_STATE_GDB)
        return 0;
    while ((t = trace_next_point(t)) != 0)
        if (t->h.flag && t->addr == addr && !t->native)
            return 0;
    return 1;
}

void trace_native_publish(void)
{
    struct stub_quick q;

    if (!STUB_HAS(quick_set))
        return;
    /* A bracket left open by the full path ends there too: its start is
     * the core's (V_START), not the port's. */
    if (!trace_running() || !trace_state.high || nb.ns > STUB_QUICK_COUNTERS ||
        nb.armed->value || !nb.from->h.flag || !nb.to->h.flag ||
        !bracket_only(nb.from->addr) || !bracket_only(nb.to->addr)) {
        STUB_T(quick_set)(0);
        return;
    }
    q.from = nb.from->addr;
    q.to = nb.to->addr;
    q.n = nb.ns;
    for (unsigned i = 0; i < nb.ns; i++)
        q.reg[i] = nb.s[i].reg;
    q.left = (uint64_t)nb.n->value >= nb.k ? 0
           : nb.k - (uint64_t)nb.n->value > 0xffffffffu ? 0xffffffffu
           : (uint32_t)(nb.k - (uint64_t)nb.n->value);
    STUB_T(quick_set)(&q);
}

void stub_quick_update(void)
{
    trace_native_publish();
}

/* One counter's numbers through a run of brackets, as add_bracket adds
 * them: counts[b * stride] is bracket b's. Every count is below 2^32 here
 * (a 4-byte register's mask is moot), so while ref is too, |c - ref| is a
 * 32-bit number whose square is d * d mod 2^64 for d = c - ref either
 * way, and min and max compare in 32 bits (a 64-bit one from the full
 * path is above every count here, or below none). */
static void add_run(struct trace_var **v, const uint32_t *counts,
                    unsigned brackets, unsigned stride, int first)
{
    uint64_t ref = first ? counts[0] : (uint64_t)v[V_REF]->value;
    uint64_t sum = (uint64_t)v[V_SUM]->value, sq = (uint64_t)v[V_SQ]->value;
    uint64_t min = (uint64_t)v[V_MIN]->value, max = (uint64_t)v[V_MAX]->value;
    uint32_t mn = min >> 32 ? 0xffffffffu : (uint32_t)min;
    uint32_t mx = max >> 32 ? 0xffffffffu : (uint32_t)max;
    uint32_t r = (uint32_t)ref;

    if (ref >> 32) { /* a first bracket of 2^32 or more, by the full path */
        for (unsigned b = 0; b < brackets; b++, counts += stride) {
            uint64_t d = *counts - ref;
            sq += d * d;
            sum += *counts;
            mn = *counts < mn ? *counts : mn;
            mx = *counts > mx ? *counts : mx;
        }
    } else {
        for (unsigned b = 0; b < brackets; b++, counts += stride) {
            uint32_t c = *counts, e = c >= r ? c - r : r - c;
            sq += (uint64_t)e * e;
            sum += c;
            mn = c < mn ? c : mn;
            mx = c > mx ? c : mx;
        }
    }
    v[V_REF]->value = (int64_t)ref;
    v[V_SUM]->value = (int64_t)sum;
    v[V_SQ]->value = (int64_t)sq;
    if (mn < min)
        v[V_MIN]->value = (int64_t)mn;
    if (!(max >> 32))
        v[V_MAX]->value = (int64_t)mx;
}

int stub_quick_end(const uint32_t *counts, unsigned brackets, unsigned stride,
                   const uint8_t *at)
{
    int first = nb.n->value == 0;

    for (unsigned i = 0; i < nb.ns; i++)
        add_run(nb.s[i].v, counts + at[i], brackets, stride, first);
    nb.n->value = (int64_t)((uint64_t)nb.n->value + brackets);
    nf.stop = (uint64_t)nb.n->value == nb.k;
    if (nf.stop) {
        /* The last one is the one the program stops at: the full path
         * reports it, and counts that hit at TO. */
        nb.to->hits += brackets - 1;
        nf.served = 1;
        return 1;
    }
    nb.to->hits += brackets;
    return 0;
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
#endif
