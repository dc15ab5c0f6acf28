/*
 * proxy/pmuctl_cmd.h - "monitor pmuctl CMD ..." run inside pmuctl proxy
 * (docs/proxy.md, "pmuctl inside GDB").
 */
#ifndef PMUCTL_PROXY_PMUCTL_CMD_H
#define PMUCTL_PROXY_PMUCTL_CMD_H

#include <stddef.h>

#include "session/target.h"

/* If pkt (a decoded payload) is qRcmd of "pmuctl ...", that line
 * (malloc'd, NUL-ended); else NULL: not ours (pass it on). */
char *proxy_pmuctl_line(const char *pkt);
/* Runs the pmuctl command in line on t (the proxy's session with
 * upstream, -t's HOST:PORT): 0 with what it printed in *text (malloc'd,
 * *len bytes) for GDB's console, or -1 (out of memory). */
int proxy_pmuctl_run(struct target *t, const char *upstream, char *line,
                     char **text, size_t *len);

#endif
