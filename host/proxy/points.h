/*
 * proxy/points.h - GDB's breakpoints and watchpoints on a stub behind
 * pmuctl proxy: relayed as they come, and remembered, so that a "monitor
 * pmuctl measure" can take them out and put them back (proxy/pmuctl_cmd.c).
 */
#ifndef PMUCTL_PROXY_POINTS_H
#define PMUCTL_PROXY_POINTS_H

#include <stddef.h>

#include "session/target.h"

#define PROXY_MAX_POINTS 64

struct proxy_points {
    struct {
        char type;          /* '0'..'4' (GDB manual, "Packets", Z) */
        unsigned long addr;
        unsigned kind;
    } p[PROXY_MAX_POINTS];
    size_t n;
};

/* GDB's Ztype,addr,kind or z... (type 0-4, no conditions) sent to the
 * stub through t: 1 with the stub's answer in reply (at least 8 bytes),
 * 0 if pkt is no such packet, or an rsp status (< 0) if the stub went
 * away. */
int proxy_points_handle(struct proxy_points *pts, struct target *t,
                        const char *pkt, char *reply);
/* Every remembered one out (z = 'z') or back in (z = 'Z'): 0, or -1 with
 * t->err. */
int proxy_points_place(const struct proxy_points *pts, struct target *t, char z);

#endif
