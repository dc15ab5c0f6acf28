/*
 * breakpoints.c - Z0/z0 software breakpoints: the core keeps the table of
 * replaced instructions; the port supplies the trap instruction and the
 * fault-safe, cache-coherent memory writes. A trap may have two owners,
 * GDB (Z0) and the tracepoints (breakpoints.h), and goes when both let
 * go. Traps go into the program's memory through the port's target,
 * stub_port, whatever frame GDB looks at (trace_view is for GDB's packets).
 */
#include "breakpoints.h"
#include "trace.h" /* bp_cond_set, bp_cond_clear */

#define BP_MAX_INSN 4

/* Traps of more than one size (target.h break_at): on unless the
 * architecture's traps are all one size (stub/sources.cmake). */
#ifndef PMUSTUB_VARIABLE_TRAPS
#define PMUSTUB_VARIABLE_TRAPS 1
#endif

static struct {
    stub_addr_t addr;
    uint8_t saved[BP_MAX_INSN];
    uint8_t len;    /* the trap's bytes (the port's break_at, or break_len) */
    uint8_t used;   /* BP_OWNER_* bits; 0 = free */
    uint8_t lifted; /* the original is in memory for a step over it */
} bps[STUB_MAX_BREAKPOINTS];

/* Entries at top and above are free; last is the entry find() returned
 * last. A stop asks for the same address several times (is it a trap,
 * whose, lift it, lay it) and a tracepoint run has two or three traps, so
 * the hit path never scans the whole table. */
static int top, last;

static int find(stub_addr_t addr)
{
    if (bps[last].used && bps[last].addr == addr)
        return last;
    for (int i = 0; i < top; i++)
        if (bps[i].used && bps[i].addr == addr)
            return last = i;
    return -1;
}

int bp_is_ours(stub_addr_t addr)
{
    int i = find(addr);
    return i >= 0 && (bps[i].used & BP_OWNER_GDB);
}

/* The trap for a breakpoint at addr (kind: Z0's, 0 for the stub's own):
 * its length, 0 if none can go there (target.h, break_at). */
static unsigned trap_for(stub_addr_t addr, unsigned kind, const uint8_t **insn)
{
#if PMUSTUB_VARIABLE_TRAPS
    if (STUB_HAS(break_at)) {
        unsigned n = STUB_T(break_at)(addr, kind, insn);
        return n <= BP_MAX_INSN ? n : 0;
    }
#endif
    *insn = STUB_T(break_insn);
    return (kind == 0 || kind == STUB_T(break_len)) &&
                   STUB_T(break_len) <= BP_MAX_INSN && addr % STUB_T(break_len) == 0
               ? STUB_T(break_len)
               : 0;
}

#if PMUSTUB_VARIABLE_TRAPS || PMUSTUB_TRACEPOINTS /* pmustub/stub.h */
/* A trap of ours in memory (a port's stop, trace_hit.c's step over). */
int stub_bp_trap_at(stub_addr_t addr)
{
    int i = find(addr);
    return i >= 0 && !bps[i].lifted;
}
#endif

#if PMUSTUB_TRACEPOINTS

unsigned bp_state(stub_addr_t addr)
{
    int i = find(addr);
    if (i < 0)
        return 0;
    return (bps[i].lifted ? 0u : BP_STATE_TRAP) |
           (bps[i].used & BP_OWNER_GDB ? BP_STATE_GDB : 0u);
}

void bp_lift(stub_addr_t addr)
{
    int i = find(addr);
    /* A port that steps out of line runs the original from bps[].saved. */
    if (STUB_HAS(steps_out_of_line) && STUB_T(steps_out_of_line)(addr))
        return;
    if (i >= 0 && !bps[i].lifted) {
        (void)STUB_T(mem_write)(addr, bps[i].saved, bps[i].len);
        bps[i].lifted = 1;
    }
}

int bp_lifted(stub_addr_t addr)
{
    int i = find(addr);
    return i >= 0 && bps[i].lifted;
}

void bp_lay(stub_addr_t addr)
{
    int i = find(addr);
    const uint8_t *insn;

    if (i >= 0 && bps[i].lifted && trap_for(addr, 0, &insn) == bps[i].len) {
        (void)STUB_T(mem_write)(addr, insn, bps[i].len);
        bps[i].lifted = 0;
    }
}
#endif

int stub_bp_original(stub_addr_t addr, uint8_t *buf, unsigned len)
{
    int i = find(addr);
    int rc = STUB_T(mem_read)(addr, buf, len);

    /* The saved bytes over the trap's, the rest (a 32-bit read over a
     * 16-bit trap) as memory has it. */
    if (rc == STUB_MEM_OK && i >= 0 && !bps[i].lifted)
        for (unsigned k = 0; k < len && k < bps[i].len; k++)
            buf[k] = bps[i].saved[k];
    return rc;
}

static int same(const uint8_t *a, const uint8_t *b, unsigned n)
{
    while (n--)
        if (*a++ != *b++)
            return 0;
    return 1;
}

/* Does [addr, addr+n) share a byte with a breakpoint already in? */
static int overlaps(stub_addr_t addr, unsigned n)
{
    /* Traps of one size at multiples of it (trap_for) cannot overlap. */
    if (!PMUSTUB_VARIABLE_TRAPS)
        return 0;
    for (int i = 0; i < STUB_MAX_BREAKPOINTS; i++)
        if (bps[i].used && ((stub_addr_t)(addr - bps[i].addr) < bps[i].len ||
                            (stub_addr_t)(bps[i].addr - addr) < n))
            return 1;
    return 0;
}

#if PMUSTUB_TRACEPOINTS /* only tracepoints ask */
int bp_place_ok(stub_addr_t addr)
{
    uint8_t b[BP_MAX_INSN];
    const uint8_t *insn;
    unsigned n = trap_for(addr, 0, &insn);

    return n && STUB_T(mem_read)(addr, b, n) == STUB_MEM_OK;
}
#endif

unsigned bp_insert(stub_addr_t addr, unsigned owner, unsigned kind)
{
    uint8_t check[BP_MAX_INSN];
    const uint8_t *insn;
    unsigned n;
    int i;

    if ((i = find(addr)) >= 0) {
        bps[i].used |= (uint8_t)owner;
        return 0;
    }
    if ((n = trap_for(addr, kind, &insn)) == 0)
        return 0x16; /* the port's: no trap of that size goes there */
    /* Its saved bytes would hold part of the other trap, which removal
     * would then write back into the program. */
    if (overlaps(addr, n))
        return 0x16;
    for (i = 0; i < STUB_MAX_BREAKPOINTS && bps[i].used; i++)
        ;
    if (i == STUB_MAX_BREAKPOINTS)
        return 0x10; /* table full */
    if (STUB_T(mem_read)(addr, bps[i].saved, n) != STUB_MEM_OK ||
        STUB_T(mem_write)(addr, insn, n) != STUB_MEM_OK)
        return 0x0e;
    /* Read back: ROM and unbacked addresses take the write silently. */
    if (STUB_T(mem_read)(addr, check, n) != STUB_MEM_OK || !same(check, insn, n)) {
        (void)STUB_T(mem_write)(addr, bps[i].saved, n);
        return 0x0e;
    }
    bps[i].addr = addr;
    bps[i].len = (uint8_t)n;
    bps[i].used = (uint8_t)owner;
    bps[i].lifted = 0;
    if (i >= top)
        top = i + 1;
    return 0;
}

static void remove_at(int i, unsigned owner)
{
    if (owner & bps[i].used & BP_OWNER_GDB)
        bp_cond_clear(bps[i].addr);
    bps[i].used &= (uint8_t)~owner;
    if (!bps[i].used && !bps[i].lifted)
        (void)STUB_T(mem_write)(bps[i].addr, bps[i].saved, bps[i].len);
    while (top > 0 && !bps[top - 1].used)
        top--;
}

void bp_remove(stub_addr_t addr, unsigned owner)
{
    int i = find(addr);
    if (i >= 0)
        remove_at(i, owner);
}

void bp_remove_all(void)
{
    for (int i = 0; i < STUB_MAX_BREAKPOINTS; i++)
        if (bps[i].used)
            remove_at(i, bps[i].used);
}

/* A kind the port may take: break_len, or with break_at any trap size
 * up to BP_MAX_INSN (break_at says, on insertion, what fits there). */
static int kind_ok(uint32_t kind)
{
    return PMUSTUB_VARIABLE_TRAPS && STUB_HAS(break_at)
               ? kind != 0 && kind <= BP_MAX_INSN
               : kind == STUB_T(break_len) && kind <= BP_MAX_INSN;
}

/* "Z0,ADDR,KIND[;COND_LIST]" / "z0,ADDR,KIND"; only type 0 is ours
 * (others: empty). *tail points at the ';' of a condition list, or at the
 * end. */
static int parse(const char *pkt, unsigned len, stub_addr_t *addr,
                 uint32_t *kind, const char **tail)
{
    if (len < 2 || pkt[1] != '0')
        return 1; /* not supported: empty reply */
    if (pkt[2] != ',' || !hex_u32(pkt + 3, addr, tail) || **tail != ',' ||
        !hex_u32(*tail + 1, kind, tail) || !kind_ok(*kind))
        return -1;
    return 0;
}

int h_break_Z(char *pkt, unsigned len, struct reply *r)
{
    stub_addr_t addr;
    uint32_t kind;
    const char *tail, *end = pkt + len;
    int e = parse(pkt, len, &addr, &kind, &tail);
    unsigned code = 0;

    if (e > 0)
        return KEEP_SERVING;
    /* The conditions first: a bad list leaves no breakpoint behind. */
    if (e < 0 || (tail != end && *tail != ';'))
        code = 0x01;
    else if (tail != end || bp_is_ours(addr))
        code = tail == end ? (bp_cond_clear(addr), 0u)
                           : bp_cond_set(addr, tail + 1, end);
    if (!code && (code = bp_insert(addr, BP_OWNER_GDB, kind)) != 0)
        bp_cond_clear(addr);
    if (code)
        reply_error(r, code);
    else
        reply_str(r, "OK");
    return KEEP_SERVING;
}

int h_break_z(char *pkt, unsigned len, struct reply *r)
{
    stub_addr_t addr;
    uint32_t kind;
    const char *tail;
    int e = parse(pkt, len, &addr, &kind, &tail);

    if (e < 0 || (e == 0 && tail != pkt + len)) {
        reply_error(r, 0x01);
    } else if (e == 0) {
        bp_remove(addr, BP_OWNER_GDB);
        reply_str(r, "OK");
    }
    return KEEP_SERVING;
}
