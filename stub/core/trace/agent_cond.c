/*
 * agent_cond.c - breakpoint conditions evaluated on the target (GDB's
 * "set breakpoint condition-evaluation target", qSupported
 * ConditionalBreakpoints+): Z0,ADDR,KIND;X LEN,BYTES[X LEN,BYTES]...
 * (GDB manual, "Packets", Z0 cond_list; gdb/remote.c
 * remote_add_target_side_condition writes one ';' and the X entries back
 * to back). The breakpoint stops the program if any of its conditions is
 * true, as gdbserver's mem-break.cc decides, and also when one cannot be
 * evaluated: a stop the user did not want is visible, a missed one is not.
 *
 * The bytecode of every breakpoint lives in one pool, packed in the order
 * the lists came; a list replaced or removed is cut out and the rest moved
 * down, so the pool never fragments.
 */
#include "trace/trace_internal.h"

#ifndef PMUSTUB_BP_COND_BYTES
#define PMUSTUB_BP_COND_BYTES 256
#endif

/* Per breakpoint with conditions: where its list lies in the pool. A list
 * is a sequence of [length high, length low, bytecode...]. */
static struct cond_list {
    stub_addr_t addr;
    uint16_t off, len; /* len 0: free */
} lists[STUB_MAX_BREAKPOINTS];
static uint8_t pool[PMUSTUB_BP_COND_BYTES];
static unsigned pool_used;
/* The last condition that failed to evaluate, for qTStatus's notes. */
static struct {
    uint8_t error; /* enum agent_error; AGENT_OK: none */
    stub_addr_t addr;
} failed;

static struct cond_list *lookup(stub_addr_t addr)
{
    for (unsigned i = 0; i < STUB_MAX_BREAKPOINTS; i++)
        if (lists[i].len && lists[i].addr == addr)
            return &lists[i];
    return 0;
}

void bp_cond_clear(stub_addr_t addr)
{
    struct cond_list *l = lookup(addr);
    unsigned cut;

    if (!l)
        return;
    cut = l->len;
    for (unsigned i = l->off; i + cut < pool_used; i++)
        pool[i] = pool[i + cut];
    pool_used -= cut;
    for (unsigned i = 0; i < STUB_MAX_BREAKPOINTS; i++)
        if (lists[i].len && lists[i].off > l->off)
            lists[i].off = (uint16_t)(lists[i].off - cut);
    l->len = 0;
}

/* Parses "X LEN,HEX" entries from s into the pool's free end; returns the
 * bytes appended, or -1 if malformed or too big (nothing kept). */
static int append_list(const char *s, const char *end)
{
    unsigned start = pool_used, at = pool_used;
    uint32_t n;

    while (s < end) {
        if (*s == ';') { /* tolerated between entries */
            s++;
            continue;
        }
        if (*s != 'X' || !hex_u32(s + 1, &n, &s) || *s++ != ',' || n == 0 ||
            n > 0xffff || (unsigned)(end - s) < 2 * n ||
            PMUSTUB_BP_COND_BYTES - at < 2 + n ||
            hex_decode(s, pool + at + 2, n) < 0)
            return -1;
        pool[at] = (uint8_t)(n >> 8);
        pool[at + 1] = (uint8_t)n;
        at += 2 + n;
        s += 2 * n;
    }
    return (int)(at - start);
}

unsigned bp_cond_set(stub_addr_t addr, const char *list, const char *end)
{
    unsigned i;
    int n;

    bp_cond_clear(addr);
    for (i = 0; i < STUB_MAX_BREAKPOINTS && lists[i].len; i++)
        ;
    if (i == STUB_MAX_BREAKPOINTS)
        return 0x10;
    if ((n = append_list(list, end)) <= 0)
        return n < 0 ? 0x01 : 0;
    lists[i].addr = addr;
    lists[i].off = (uint16_t)pool_used;
    lists[i].len = (uint16_t)n;
    pool_used += (unsigned)n;
    return 0;
}

int bp_cond_true(stub_addr_t addr)
{
    const struct cond_list *l = lookup(addr);
    unsigned at, stop;

    if (!l)
        return 1;
    for (at = l->off, stop = l->off + l->len; at < stop;) {
        unsigned n = (unsigned)pool[at] << 8 | pool[at + 1];
        int64_t v;
        enum agent_error e = agent_eval(&trace_live_env, pool + at + 2, n, &v);
        if (e != AGENT_OK) {
            failed.error = (uint8_t)e;
            failed.addr = addr;
            return 1;
        }
        if (v)
            return 1;
        at += 2 + n;
    }
    return 0;
}

unsigned bp_cond_failed(stub_addr_t *addr)
{
    *addr = failed.addr;
    return failed.error;
}

void bp_cond_failed_clear(void)
{
    failed.error = 0;
}
