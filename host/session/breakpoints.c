/*
 * session/breakpoints.c - software breakpoints (GDB manual, "Packets":
 * Z0/z0), each remembered until it is taken out.
 */
#include "session/breakpoints.h"

#include <stdio.h>
#include <string.h>

#include "base/exit_status.h"
#include "session/io.h"

int target_bp_kind(const struct target *t, unsigned long addr)
{
    int k = t->bps.kind_at ? t->bps.kind_at(t->bps.kind_ctx, addr) : 0;
    return k ? k : 4;
}

static void note(struct target *t, unsigned long addr, int insert, int hw);

static int bp(struct target *t, unsigned long addr, int insert, int hw)
{
    char req[40];
    int rc;

    snprintf(req, sizeof req, "%c%d,%lx,%x", insert ? 'Z' : 'z', hw, addr,
             target_bp_kind(t, addr));
    if ((rc = rsp_request(&t->rsp, req)))
        return target_io_fail(t, rc, insert ? "inserting a breakpoint"
                                            : "removing a breakpoint");
    if (strcmp(t->rsp.reply, "OK")) {
        snprintf(t->err, sizeof t->err, "0x%08lx will not take a breakpoint "
                 "(the target answered '%.20s')", addr,
                 t->rsp.reply[0] ? t->rsp.reply : "not supported");
        return PMUCTL_EXIT_TARGET;
    }
    note(t, addr, insert, hw);
    return 0;
}

int target_bp(struct target *t, unsigned long addr, int insert)
{
    return bp(t, addr, insert, 0);
}

int target_hwbp(struct target *t, unsigned long addr, int insert)
{
    return bp(t, addr, insert, 1);
}

int target_bp_take_last(struct target *t)
{
    int last = t->bps.n - 1;
    return bp(t, t->bps.addr[last], 0, t->bps.hw[last]);
}

void target_bp_note(struct target *t, unsigned long addr, int insert)
{
    note(t, addr, insert, 0);
}

static void note(struct target *t, unsigned long addr, int insert, int hw)
{
    int i;
    for (i = 0; i < t->bps.n && (t->bps.addr[i] != addr || t->bps.hw[i] != hw); i++)
        ;
    if (insert && i == t->bps.n && t->bps.n < TARGET_MAX_BPS) {
        t->bps.hw[t->bps.n] = (unsigned char)hw;
        t->bps.addr[t->bps.n++] = addr;
    }
    if (!insert && i < t->bps.n) {
        t->bps.n--;
        t->bps.addr[i] = t->bps.addr[t->bps.n];
        t->bps.hw[i] = t->bps.hw[t->bps.n];
    }
}
