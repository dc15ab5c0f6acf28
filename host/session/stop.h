/*
 * session/stop.h - stop replies: waiting for one, reading one (with the
 * counts and PC it carries), the PC where it did not come.
 */
#ifndef PMUCTL_SESSION_STOP_H
#define PMUCTL_SESSION_STOP_H

#include "session/target.h"

/* Waits for a stop reply (console output on the way goes to stderr):
 * RSP_OK with *st filled in, RSP_PROTO for another reply, or an rsp
 * status. */
int target_wait_stop(struct target *t, struct stop *st, int timeout_ms);
int target_parse_stop(struct target *t, const char *pkt, struct stop *st);
/* The PC through "p", for a stop reply that did not carry it. */
int target_read_pc(struct target *t, struct stop *st);

#endif
