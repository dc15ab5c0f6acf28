/*
 * pmuctl_peer_target.h - a pmuctl target session on a scripted peer
 * (pmuctl_peer.h), for the tests of what pmuctl asks a target.
 */
#ifndef PMUCTL_PEER_TARGET_H
#define PMUCTL_PEER_TARGET_H

#include <stdlib.h>

#include "pmuctl_peer.h"
#include "session/target.h"

/* A new session whose connection is a peer (*peer), 500 ms to answer. */
static inline struct target *peer_target(int *peer)
{
    struct target *t = calloc(1, sizeof *t);
    *peer = t ? peer_connect(&t->rsp, 500) : -1;
    return t;
}

static inline void peer_target_free(struct target *t, int peer)
{
    conn_close(&t->rsp.conn);
    close(peer);
    free(t);
}

#endif
