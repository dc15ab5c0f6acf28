/*
 * rsp.c - packet framing for the host side of GDB's remote protocol.
 * GDB manual, "Remote Protocol": $payload#cs with cs the modulo-256 sum
 * of the payload, '}' escapes the next byte XOR 0x20, '*' repeats the
 * previous character (count = next char - 29), '%' starts a notification.
 */
#include "rsp.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static const char hexdig[] = "0123456789abcdef";

int rsp_hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

const char *rsp_status_text(int status)
{
    switch (status) {
    case RSP_TIMEOUT: return "the target did not answer in time";
    case RSP_LOST: return "the connection to the target was lost";
    case RSP_INTR: return "interrupted";
    case RSP_PROTO: return "the target sent a malformed packet";
    }
    return "ok";
}

static long long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Next byte before the deadline (< 0: none); a signal ends the wait only
 * when the caller said so. */
static int getc_until(struct rsp *r, long long deadline)
{
    for (;;) {
        int left = -1;
        if (deadline >= 0) {
            long long d = deadline - now_ms();
            left = d < 0 ? 0 : (int)d;
        }
        int c = conn_getc(&r->conn, left);
        if (c == CONN_INTR && !r->intr_ok)
            continue;
        return c;
    }
}

int rsp_send(struct rsp *r, const char *payload)
{
    static char frame[RSP_PKT_MAX + 8];
    size_t n = strlen(payload);
    unsigned sum = 0;

    if (n + 4 > sizeof frame)
        return RSP_PROTO;
    frame[0] = '$';
    memcpy(frame + 1, payload, n);
    for (size_t i = 0; i < n; i++)
        sum += (unsigned char)payload[i];
    frame[n + 1] = '#';
    frame[n + 2] = hexdig[(sum >> 4) & 15];
    frame[n + 3] = hexdig[sum & 15];
    for (int tries = 0; tries < 5; tries++) {
        int rc = conn_write(&r->conn, frame, n + 4);
        if (rc)
            return rc;
        r->packets_out++;
        if (r->noack)
            return RSP_OK;
        long long deadline = now_ms() + r->timeout_ms;
        int c;
        do
            c = getc_until(r, deadline);
        while (c >= 0 && c != '+' && c != '-');
        if (c < 0)
            return c;
        if (c == '+')
            return RSP_OK;
    }
    return RSP_PROTO;
}

/* Undoes '}' escapes and '*' run-length encoding in place. */
static int decode(char *p, size_t n, size_t *out_len)
{
    static char tmp[RSP_PKT_MAX + 1];
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (c == '}') {
            if (++i == n)
                return RSP_PROTO;
            c = (char)(p[i] ^ 0x20);
        } else if (c == '*') {
            if (++i == n || o == 0)
                return RSP_PROTO;
            int rep = (unsigned char)p[i] - 29;
            if (rep < 0 || o + (size_t)rep > RSP_PKT_MAX)
                return RSP_PROTO;
            memset(tmp + o, tmp[o - 1], (size_t)rep);
            o += (size_t)rep;
            continue;
        }
        if (o >= RSP_PKT_MAX)
            return RSP_PROTO;
        tmp[o++] = c;
    }
    memcpy(p, tmp, o);
    p[o] = 0;
    *out_len = o;
    return RSP_OK;
}

int rsp_recv(struct rsp *r, int timeout_ms)
{
    long long deadline = timeout_ms < 0 ? -1 : now_ms() + timeout_ms;

    for (;;) {
        int c, lead;
        do
            c = getc_until(r, deadline);
        while (c >= 0 && c != '$' && c != '%');
        if (c < 0)
            return c;
        lead = c;
        size_t n = 0;
        unsigned sum = 0;
        while ((c = getc_until(r, deadline)) >= 0 && c != '#') {
            if (n >= RSP_PKT_MAX)
                return RSP_PROTO;
            r->reply[n++] = (char)c;
            sum += (unsigned)c;
        }
        if (c < 0)
            return c;
        int h = getc_until(r, deadline), l = h < 0 ? h : getc_until(r, deadline);
        if (h < 0 || l < 0)
            return h < 0 ? h : l;
        if (lead == '%')
            continue; /* a notification: none that we use */

        int ok = rsp_hexval(h) >= 0 && rsp_hexval(l) >= 0 &&
                 (unsigned)(rsp_hexval(h) << 4 | rsp_hexval(l)) == (sum & 0xff);
        if (!r->noack) {
            int rc = conn_write(&r->conn, ok ? "+" : "-", 1);
            if (rc)
                return rc;
        }
        if (!ok) {
            if (r->noack)
                return RSP_PROTO; /* nobody will send it again */
            continue;
        }
        if (n == 1 && r->reply[0] == 'O')
            continue; /* empty console output: OpenOCD's keep-alive */
        r->packets_in++;
        return decode(r->reply, n, &r->reply_len);
    }
}

int rsp_request(struct rsp *r, const char *payload)
{
    int rc = rsp_send(r, payload);
    return rc ? rc : rsp_recv(r, r->timeout_ms);
}

int rsp_interrupt(struct rsp *r)
{
    return conn_write(&r->conn, "\x03", 1);
}

static int all_hex(const char *s)
{
    for (; *s; s++)
        if (rsp_hexval((unsigned char)*s) < 0)
            return 0;
    return 1;
}

static size_t unhex_append(const char *hex, char *out, size_t at, size_t cap)
{
    for (; hex[0] && hex[1] && at + 1 < cap; hex += 2)
        out[at++] = (char)(rsp_hexval(hex[0]) << 4 | rsp_hexval(hex[1]));
    out[at < cap ? at : cap - 1] = 0;
    return at;
}

int rsp_monitor(struct rsp *r, const char *cmd, char *out, size_t cap,
                int *failed)
{
    char pkt[512] = "qRcmd,";
    size_t at = 0, n = strlen(pkt);
    int rc;

    out[0] = 0;
    *failed = 0;
    for (const char *s = cmd; *s && n + 3 < sizeof pkt; s++) {
        pkt[n++] = hexdig[(unsigned char)*s >> 4];
        pkt[n++] = hexdig[*s & 15];
    }
    pkt[n] = 0;
    if ((rc = rsp_send(r, pkt)))
        return rc;
    for (;;) {
        if ((rc = rsp_recv(r, r->timeout_ms)))
            return rc;
        /* OpenOCD streams console output in O packets, then OK; the
         * stub answers with the output itself, hex-encoded. */
        if (r->reply[0] == 'O' && r->reply[1] && strcmp(r->reply, "OK")) {
            at = unhex_append(r->reply + 1, out, at, cap);
            continue;
        }
        if (!strcmp(r->reply, "OK"))
            return RSP_OK;
        if (r->reply_len && all_hex(r->reply) && r->reply_len % 2 == 0 &&
            r->reply[0] != 'E') {
            unhex_append(r->reply, out, at, cap);
            return RSP_OK;
        }
        *failed = 1; /* E.. or an empty reply: not supported */
        return RSP_OK;
    }
}

int rsp_decode_reg(const char *hex, size_t nhex, int big_endian,
                   unsigned long long *value)
{
    unsigned long long v = 0;
    size_t nbytes = nhex / 2;

    if (nhex % 2 || nbytes == 0 || nbytes > 8)
        return -1;
    for (size_t i = 0; i < nbytes; i++) {
        size_t b = big_endian ? i : nbytes - 1 - i;
        int h = rsp_hexval((unsigned char)hex[2 * b]),
            l = rsp_hexval((unsigned char)hex[2 * b + 1]);
        if (h < 0 || l < 0)
            return -1; /* 'x' digits: the value is unavailable */
        v = v << 8 | (unsigned)(h << 4 | l);
    }
    *value = v;
    return 0;
}

void rsp_encode_reg(unsigned long long value, unsigned bytes, int big_endian,
                    char *out)
{
    for (unsigned i = 0; i < bytes; i++) {
        unsigned shift = big_endian ? 8 * (bytes - 1 - i) : 8 * i;
        unsigned byte = (unsigned)(value >> shift) & 0xff;
        out[2 * i] = hexdig[byte >> 4];
        out[2 * i + 1] = hexdig[byte & 15];
    }
    out[2 * bytes] = 0;
}
