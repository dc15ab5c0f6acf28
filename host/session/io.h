/*
 * session/io.h - how a failed exchange becomes an exit status; registers by
 * GDB number; monitor commands. Each returns a pmuctl_exit status (0 ok)
 * and leaves t->err set.
 */
#ifndef PMUCTL_SESSION_IO_H
#define PMUCTL_SESSION_IO_H

#include <stddef.h>

#include "session/target.h"

/* Maps an rsp status to an exit status and a message in t->err. */
int target_io_fail(struct target *t, int rsp_status, const char *doing);
/* Registers by GDB number through p/P. On a serial line a
 * value read is read again until two answers agree (RSP's 8-bit checksum
 * misses some double bit errors); name is for messages. */
int target_reg_get(struct target *t, int regnum, const char *name,
                   unsigned long long *v);
int target_reg_put(struct target *t, int regnum, const char *name,
                   unsigned long long v, unsigned bytes);
/* Sends pkt; anything but OK is a refusal (what: for the message). */
int target_request_ok(struct target *t, const char *pkt, const char *what);
/* Sends a monitor command; a reply that says it failed is an error. */
int target_monitor(struct target *t, const char *cmd, char *out, size_t cap);

#endif
