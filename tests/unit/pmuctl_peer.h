/*
 * pmuctl_peer.h - a scripted remote end for pmuctl's unit tests: a
 * socketpair whose one end is the client's rsp connection and whose other
 * end the test writes replies into and reads requests from.
 */
#ifndef PMUCTL_PEER_H
#define PMUCTL_PEER_H

#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "rsp.h"

/* Connects r to a new peer; returns the peer's fd (or -1). */
static inline int peer_connect(struct rsp *r, int timeout_ms)
{
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
        return -1;
    memset(&r->conn, 0, sizeof r->conn);
    r->conn.fd = sv[0];
    r->timeout_ms = timeout_ms;
    return sv[1];
}

/* What the client sent since the last call, NUL-ended. */
static inline const char *peer_heard(int peer)
{
    static char buf[4096];
    ssize_t n = recv(peer, buf, sizeof buf - 1, MSG_DONTWAIT);
    buf[n > 0 ? n : 0] = 0;
    return buf;
}

#endif
