/*
 * pmuctl_peer.h - a scripted remote end for pmuctl's unit tests: a
 * socketpair whose one end is the client's rsp connection and whose other
 * end the test writes replies into and reads requests from.
 */
#ifndef PMUCTL_PEER_H
#define PMUCTL_PEER_H

#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "rsp/rsp.h"

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

/* Sends "before" (an ack, or nothing) and then payload framed as a packet
 * ($payload#cs, cs the modulo-256 sum: GDB manual, "Overview"). */
static inline int peer_packet(int peer, const char *before, const char *payload)
{
    char frame[1024];
    unsigned sum = 0;
    for (const char *p = payload; *p; p++)
        sum += (unsigned char)*p;
    int n = snprintf(frame, sizeof frame, "%s$%s#%02x", before, payload, sum & 0xff);
    return n > 0 && write(peer, frame, (size_t)n) == n ? 0 : -1;
}

/* What the client sent since the last call, NUL-ended. */
static inline const char *peer_heard(int peer)
{
    static char buf[4096];
    ssize_t n = recv(peer, buf, sizeof buf - 1, MSG_DONTWAIT);
    buf[n > 0 ? n : 0] = 0;
    return buf;
}

/* A peer that reacts: a child process runs steps in order, each
 * "<TEXT" (wait up to 5 s until the client has sent exactly TEXT next),
 * ">TEXT" (send TEXT), or "~TEXT" (send TEXT a byte every 20 ms: a slow
 * line). Returns its pid for peer_done. */
static inline pid_t peer_script(int peer, const char *const *steps)
{
    pid_t pid = fork();
    if (pid)
        return pid;
    for (; *steps; steps++) {
        const char *s = *steps + 1;
        size_t n = strlen(s), got = 0;
        char buf[512];
        if (**steps == '>' && write(peer, s, n) != (ssize_t)n)
            _exit(1);
        for (size_t i = 0; **steps == '~' && i < n; i++) {
            struct timespec gap = {0, 20 * 1000000L};
            nanosleep(&gap, NULL);
            if (write(peer, s + i, 1) != 1)
                _exit(1);
        }
        while (**steps == '<' && got < n && got < sizeof buf) {
            struct pollfd p = {peer, POLLIN, 0};
            ssize_t r;
            if (poll(&p, 1, 5000) != 1 || (r = read(peer, buf + got, n - got)) <= 0)
                _exit(2);
            got += (size_t)r;
        }
        if (**steps == '<' && memcmp(buf, s, n))
            _exit(3);
    }
    _exit(0);
}

/* The script's end: 0 if every step happened as written. */
static inline int peer_done(pid_t pid)
{
    int st;
    if (waitpid(pid, &st, 0) != pid)
        return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

#endif
