/*
 * breakpoints.c - Z0/z0 software breakpoints: the core keeps the table of
 * replaced instructions; the port supplies the trap instruction and the
 * fault-safe, cache-coherent memory writes.
 */
#include "stub_internal.h"

#define BP_MAX_INSN 4

static struct {
    stub_addr_t addr;
    uint8_t saved[BP_MAX_INSN];
    uint8_t used;
} bps[STUB_MAX_BREAKPOINTS];

static int find(stub_addr_t addr)
{
    for (int i = 0; i < STUB_MAX_BREAKPOINTS; i++)
        if (bps[i].used && bps[i].addr == addr)
            return i;
    return -1;
}

int bp_is_ours(stub_addr_t addr)
{
    return find(addr) >= 0;
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
    for (int i = 0; i < STUB_MAX_BREAKPOINTS; i++)
        if (bps[i].used &&
            (stub_addr_t)(addr - bps[i].addr + n - 1) < 2 * n - 1)
            return 1;
    return 0;
}

static int insert(stub_addr_t addr)
{
    const unsigned n = stub_t->break_len;
    uint8_t check[BP_MAX_INSN];
    int i;

    if (find(addr) >= 0)
        return 0;
    /* Its saved bytes would hold part of the other trap, which removal
     * would then write back into the program. */
    if (overlaps(addr, n))
        return 0x16;
    for (i = 0; i < STUB_MAX_BREAKPOINTS && bps[i].used; i++)
        ;
    if (i == STUB_MAX_BREAKPOINTS)
        return 0x10; /* table full */
    if (stub_t->mem_read(addr, bps[i].saved, n) != STUB_MEM_OK ||
        stub_t->mem_write(addr, stub_t->break_insn, n) != STUB_MEM_OK)
        return 0x0e;
    /* Read back: ROM and unbacked addresses take the write silently. */
    if (stub_t->mem_read(addr, check, n) != STUB_MEM_OK ||
        !same(check, stub_t->break_insn, n)) {
        (void)stub_t->mem_write(addr, bps[i].saved, n);
        return 0x0e;
    }
    bps[i].addr = addr;
    bps[i].used = 1;
    return 0;
}

static void remove_at(int i)
{
    (void)stub_t->mem_write(bps[i].addr, bps[i].saved, stub_t->break_len);
    bps[i].used = 0;
}

void bp_remove_all(void)
{
    for (int i = 0; i < STUB_MAX_BREAKPOINTS; i++)
        if (bps[i].used)
            remove_at(i);
}

/* "Z0,ADDR,KIND" / "z0,ADDR,KIND"; only type 0 is ours (others: empty). */
static int parse(const char *pkt, unsigned len, stub_addr_t *addr)
{
    const char *p;
    uint32_t kind;

    if (len < 2 || pkt[1] != '0')
        return 1; /* not supported: empty reply */
    if (pkt[2] != ',' || !hex_u32(pkt + 3, addr, &p) || *p != ',' ||
        !hex_u32(p + 1, &kind, &p) || p != pkt + len ||
        kind != stub_t->break_len || stub_t->break_len > BP_MAX_INSN)
        return -1;
    return 0;
}

int h_break_Z(char *pkt, unsigned len, struct reply *r)
{
    stub_addr_t addr;
    int e = parse(pkt, len, &addr);

    if (e < 0)
        reply_error(r, 0x01);
    else if (e == 0 && (e = insert(addr)) != 0)
        reply_error(r, (unsigned)e);
    else if (e == 0)
        reply_str(r, "OK");
    return -1;
}

int h_break_z(char *pkt, unsigned len, struct reply *r)
{
    stub_addr_t addr;
    int e = parse(pkt, len, &addr), i;

    if (e < 0) {
        reply_error(r, 0x01);
    } else if (e == 0) {
        if ((i = find(addr)) >= 0)
            remove_at(i);
        reply_str(r, "OK");
    }
    return -1;
}
