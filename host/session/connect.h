/*
 * session/connect.h - opening a session: connect, find whether the program
 * runs, qSupported, the target description.
 */
#ifndef PMUCTL_SESSION_CONNECT_H
#define PMUCTL_SESSION_CONNECT_H

#include <stddef.h>

#include "session/target.h"

/* Returns a pmuctl_exit status (0 ok) and leaves t->err set. */
int target_connect(struct target *t, const char *spec, int timeout_ms);
/* A tdesc_fetch_fn (ctx: the target): an annex of its description through
 * qXfer:features:read (on a serial line, read until two copies agree). */
int target_fetch_annex(void *ctx, const char *annex, char **text, size_t *len);

#endif
