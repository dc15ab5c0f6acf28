/*
 * proxy/points.c - GDB's breakpoints and watchpoints on a stub, relayed
 * one at a time and remembered when the stub took them.
 */
#include "proxy/points.h"

#include <stdio.h>
#include <string.h>

#include "session/io.h"

static int send(struct target *t, char z, char type, unsigned long addr,
                unsigned kind)
{
    char req[48];
    snprintf(req, sizeof req, "%c%c,%lx,%x", z, type, addr, kind);
    int rc = rsp_request(&t->rsp, req);
    if (rc)
        target_io_fail(t, rc, "a breakpoint of GDB's");
    return rc;
}

int proxy_points_handle(struct proxy_points *pts, struct target *t,
                        const char *pkt, char *reply)
{
    unsigned long addr;
    unsigned kind;
    char z, type;
    int used, rc;
    size_t i;

    if (sscanf(pkt, "%c%c,%lx,%x%n", &z, &type, &addr, &kind, &used) != 4 ||
        (z != 'Z' && z != 'z') || type < '0' || type > '4' || pkt[used])
        return 0; /* with conditions or commands: the stub's as they come */
    for (i = 0; i < pts->n; i++)
        if (pts->p[i].type == type && pts->p[i].addr == addr)
            break;
    if (z == 'Z' && i == pts->n && pts->n == PROXY_MAX_POINTS) {
        strcpy(reply, "E0E"); /* one the proxy could not put back */
        return 1;
    }
    if ((rc = send(t, z, type, addr, kind)))
        return rc;
    snprintf(reply, 8, "%.7s", t->rsp.reply);
    if (strcmp(t->rsp.reply, "OK"))
        return 1;
    if (z == 'z' && i < pts->n)
        pts->p[i] = pts->p[--pts->n];
    else if (z == 'Z' && i == pts->n) {
        pts->p[i].type = type;
        pts->p[i].addr = addr;
        pts->p[i].kind = kind;
        pts->n++;
    }
    return 1;
}

int proxy_points_place(const struct proxy_points *pts, struct target *t, char z)
{
    for (size_t i = 0; i < pts->n; i++) {
        if (send(t, z, pts->p[i].type, pts->p[i].addr, pts->p[i].kind))
            return -1;
        if (strcmp(t->rsp.reply, "OK")) {
            snprintf(t->err, sizeof t->err, "the stub answered %.20s to %c%c at "
                     "0x%lx", t->rsp.reply, z, pts->p[i].type, pts->p[i].addr);
            return -1;
        }
    }
    return 0;
}
