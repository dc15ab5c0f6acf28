/*
 * rsp/rsp.c - packet framing for the host side of GDB's remote protocol.
 * GDB manual, "Remote Protocol": $payload#cs with cs the modulo-256 sum
 * of the payload, '}' escapes the next byte XOR 0x20, '*' repeats the
 * previous character (count = next char - 29). A '%' notification goes to
 * the caller's notify (pmustub's intervals, stub/core/stat/interval.c),
 * or is skipped like any byte before a '$'.
 * Retransmission as GDB does it (gdb/remote.c, putpkt_binary: resend on
 * '-' and on a timeout; getpkt: '-' for a bad checksum), plus the nag for
 * a reply garbled into silence (rsp.h).
 */
#include "rsp/rsp.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#define STR_(x) #x
#define STR(x) STR_(x)

static const char hexdig[] = "0123456789abcdef";

int rsp_reply_field(const char *reply, const char *key, char *out, size_t len)
{
    size_t klen = strlen(key);
    for (const char *p = reply; *p; p += strcspn(p, ";"), p += *p == ';') {
        if (strncmp(p, key, klen) || p[klen] != '=')
            continue;
        size_t n = strcspn(p + klen + 1, ";");
        if (n == 0 || n >= len)
            return -1;
        memcpy(out, p + klen + 1, n);
        out[n] = 0;
        return 0;
    }
    return -1;
}

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
    case RSP_GARBLED: return "the line garbled " STR(RSP_MAX_TRIES) " tries in a "
                             "row: too noisy to use";
    }
    return "ok";
}

/* Next byte before the deadline (< 0: none); a signal ends the wait only
 * when the caller said so. */
static int getc_until(struct rsp *r, long long deadline)
{
    for (;;) {
        int left = -1;
        if (deadline >= 0) {
            long long d = deadline - conn_now_ms();
            left = d < 0 ? 0 : (int)d;
        }
        int c = conn_getc(&r->conn, left);
        if (c == CONN_INTR && !r->intr_ok)
            continue;
        return c;
    }
}

/* Frames payload into frame (NUL-ended); returns its length or 0. */
static size_t frame_packet(const char *payload, char *frame, size_t cap)
{
    size_t n = strlen(payload);
    unsigned sum = 0;

    if (n + 5 > cap)
        return 0;
    frame[0] = '$';
    memcpy(frame + 1, payload, n);
    for (size_t i = 0; i < n; i++)
        sum += (unsigned char)payload[i];
    frame[n + 1] = '#';
    frame[n + 2] = hexdig[(sum >> 4) & 15];
    frame[n + 3] = hexdig[sum & 15];
    frame[n + 4] = 0;
    return n + 4;
}

/* Milliseconds the line needs for n bytes (serial: 10 bits a byte). */
static int line_ms(const struct rsp *r, size_t n)
{
    if (!r->conn.is_serial || !r->conn.baud)
        return 0;
    return (int)((n * 10 * 1000 + r->conn.baud - 1) / r->conn.baud);
}

/* Silence after which a packet is sent again or a garbled reply asked for
 * again: the retry interval (serial), or the whole timeout (TCP, which
 * loses nothing: sending early would only risk running a packet twice). */
static int retry_gap(const struct rsp *r, size_t n)
{
    int gap = r->retry_ms > 0 && r->retry_ms < r->timeout_ms ? r->retry_ms
                                                              : r->timeout_ms;
    return gap + line_ms(r, n);
}

enum { ACK_RESEND = 1 };

/* Writes a framed packet: the first time, or again (try > 0). */
static int write_frame(struct rsp *r, const char *frame, size_t n, int try)
{
    int rc = conn_write(&r->conn, frame, n);
    if (!rc) {
        if (try)
            r->st.resent++;
        else
            r->st.packets_out++;
    }
    return rc;
}

/* Waits for the verdict on a packet of n bytes just sent: RSP_OK, or
 * ACK_RESEND, or a status. give_up: when silence ends the wait. A resume
 * ("c", "s") is not sent again once garbage has come back: that was most
 * likely its '+' (a '-' comes only for a packet garbled on the way), and
 * the stub is running the program; a second "c" left in the UART when the
 * program stops would run it again. */
static int wait_ack(struct rsp *r, size_t n, long long *give_up, int resume)
{
    long long last = conn_now_ms();
    int garbled = 0, nagged = 0;

    for (;;) {
        long long until = last + retry_gap(r, n);
        int c = getc_until(r, until < *give_up ? until : *give_up);
        if (c == '+')
            return RSP_OK;
        if (c == '-') {
            *give_up = conn_now_ms() + r->timeout_ms + line_ms(r, n);
            return ACK_RESEND;
        }
        if (c == '$') {
            /* The reply itself: the stub acks before it answers, so our
             * packet arrived and its '+' was garbled. */
            conn_ungetc(&r->conn);
            return RSP_OK;
        }
        if (c >= 0) {
            r->st.noise++;
            garbled = 1;
            last = conn_now_ms();
            continue;
        }
        if (c != RSP_TIMEOUT)
            return c;
        if (garbled && resume)
            return RSP_OK;
        if (conn_now_ms() >= *give_up)
            return RSP_TIMEOUT;
        if (garbled && !nagged) {
            /* Garbage, then silence: a garbled '+' and a reply garbled
             * beyond recognition, or a garbled '-'. A '-' makes a stub
             * waiting for our verdict send its reply again, and is noise
             * to one waiting for a packet; then we send ours again. */
            int rc = conn_write(&r->conn, "-", 1);
            if (rc)
                return rc;
            r->st.nags++;
            nagged = 1;
            last = conn_now_ms();
            continue;
        }
        return ACK_RESEND;
    }
}

/* The first answer to a hello (rsp_hello): RSP_OK with the ack mode set,
 * ACK_RESEND, or a status; *quiet counts tries that met only silence
 * after garbage. */
static int hello_answer(struct rsp *r, size_t n, int wait_ms, int silent_ok,
                        int *quiet)
{
    long long until = conn_now_ms() + wait_ms + line_ms(r, n);
    int seen = 0, c;

    while ((c = getc_until(r, until)) >= 0 && c != '+' && c != '-' && c != '$') {
        r->st.noise++;
        seen = 1;
    }
    if (c == '+') {
        r->noack = 0;
        return RSP_OK;
    }
    if (c == '$') {
        r->noack = !seen;
        conn_ungetc(&r->conn);
        return RSP_OK;
    }
    if (c < 0 && c != RSP_TIMEOUT)
        return c;
    if (c == RSP_TIMEOUT && silent_ok && (!seen || ++*quiet == 3))
        return RSP_TIMEOUT;
    /* '-', or garbage then silence (a garbled '-'): again. A stub running
     * the program, which reads nothing but 0x03, ignores these tries. */
    return ACK_RESEND;
}

/* Sends payload until it is answered (rsp_send; with hello, rsp_hello). */
static int send_packet(struct rsp *r, const char *payload, int hello,
                       int wait_ms, int silent_ok)
{
    static char frame[RSP_PKT_MAX + 8];
    size_t n = frame_packet(payload, frame, sizeof frame);
    long long give_up = conn_now_ms() + r->timeout_ms + line_ms(r, n);
    int quiet = 0;

    if (!n)
        return RSP_PROTO;
    for (int tries = 0; tries < RSP_MAX_TRIES; tries++) {
        int rc = write_frame(r, frame, n, tries);
        if (rc)
            return rc;
        if (!hello && r->noack)
            return RSP_OK;
        rc = hello ? hello_answer(r, n, wait_ms, silent_ok, &quiet)
                   : wait_ack(r, n, &give_up, payload[0] == 'c' || payload[0] == 's');
        if (rc != ACK_RESEND)
            return rc;
        if (hello && conn_now_ms() >= give_up)
            return RSP_TIMEOUT;
    }
    return RSP_GARBLED;
}

int rsp_send(struct rsp *r, const char *payload)
{
    return send_packet(r, payload, 0, 0, 0);
}

int rsp_hello(struct rsp *r, const char *payload, int wait_ms, int silent_ok)
{
    return send_packet(r, payload, 1, wait_ms, silent_ok);
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

/* Asks the target to send its reply again ('-'): after a bad checksum
 * (count) or a garbled reply that fell silent. */
static int ask_again(struct rsp *r, unsigned long *count, int *tries)
{
    if (++*tries >= RSP_MAX_TRIES)
        return RSP_GARBLED;
    (*count)++;
    return conn_write(&r->conn, "-", 1);
}

/* Reads the rest of a packet after its '$': payload into r->reply, then
 * the two checksum characters. Returns RSP_OK with *n and *ok (checksum
 * right); RSP_TIMEOUT when the line falls silent for gap ms inside it;
 * '$' when a new packet starts (the '$' is put back); or a status. */
static int packet_body(struct rsp *r, int gap, size_t *n, int *ok)
{
    unsigned sum = 0;
    int c, cs[2];

    *n = 0;
    while ((c = getc_until(r, conn_now_ms() + gap)) >= 0 && c != '#') {
        if (c == '$' || *n >= RSP_PKT_MAX) {
            if (c == '$')
                conn_ungetc(&r->conn);
            r->st.noise += *n + 1;
            return '$';
        }
        r->reply[(*n)++] = (char)c;
        sum += (unsigned)c;
    }
    if (c < 0)
        return c;
    for (int i = 0; i < 2; i++) {
        if ((c = getc_until(r, conn_now_ms() + gap)) < 0)
            return c;
        if (c == '$') {
            conn_ungetc(&r->conn);
            r->st.noise += *n + 2 + (unsigned)i;
            return '$';
        }
        cs[i] = rsp_hexval(c);
    }
    *ok = cs[0] >= 0 && cs[1] >= 0 && (unsigned)(cs[0] << 4 | cs[1]) == (sum & 0xff);
    return RSP_OK;
}

int rsp_recv(struct rsp *r, int timeout_ms)
{
    long long deadline = timeout_ms < 0 ? -1 : conn_now_ms() + timeout_ms;
    long long last = conn_now_ms();
    int garbled = 0, tries = 0, gap = retry_gap(r, 0);

    for (;;) {
        long long until = deadline;
        if (garbled && !r->noack && (until < 0 || last + gap < until))
            until = last + gap;
        int c = getc_until(r, until);
        if (c == RSP_TIMEOUT && garbled && !r->noack &&
            (deadline < 0 || conn_now_ms() < deadline)) {
            /* A reply came garbled and then nothing: its '$' or '#' was
             * hit, and the stub waits for our verdict. Ask again. */
            int rc = ask_again(r, &r->st.nags, &tries);
            if (rc)
                return rc;
            last = conn_now_ms();
            if (deadline >= 0)
                deadline = last + (timeout_ms > gap ? timeout_ms : gap);
            continue;
        }
        if (c < 0)
            return c;
        last = conn_now_ms();
        if (c == '%' && r->notify) {
            size_t n;
            int ok = 0, rc = packet_body(r, r->timeout_ms, &n, &ok);
            if (rc == RSP_OK && ok && decode(r->reply, n, &n) == RSP_OK) {
                r->notify(r->notify_ctx, r->reply);
                continue;
            }
            if (rc < 0 && rc != RSP_TIMEOUT)
                return rc;
            r->st.noise += n + 1; /* cut short or garbled: dropped */
            continue;
        }
        if (c != '$') {
            r->st.noise++; /* resynchronise: a packet starts with '$' */
            garbled = 1;
            continue;
        }
        size_t n;
        int ok = 0;
        int rc = packet_body(r, r->noack ? r->timeout_ms : gap, &n, &ok);
        last = conn_now_ms();
        if (rc == '$' || (rc == RSP_TIMEOUT && !r->noack)) {
            garbled = 1; /* cut short: the next '$', or ask again */
            if (rc == RSP_TIMEOUT)
                r->st.noise += n + 1;
            continue;
        }
        if (rc)
            return rc;
        if (!ok) {
            if (r->noack)
                return RSP_PROTO; /* nobody will send it again */
            if ((rc = ask_again(r, &r->st.bad_checksums, &tries)))
                return rc;
            garbled = 1;
            if (deadline >= 0)
                deadline = last + (timeout_ms > gap ? timeout_ms : gap);
            continue;
        }
        if (!r->noack && (rc = conn_write(&r->conn, "+", 1)))
            return rc;
        if (n == 1 && r->reply[0] == 'O') {
            garbled = 0;
            continue; /* empty console output: OpenOCD's keep-alive */
        }
        r->st.packets_in++;
        if (n + 4 > r->st.longest)
            r->st.longest = n + 4;
        return decode(r->reply, n, &r->reply_len);
    }
}

static int all_hex(const char *s)
{
    for (; *s; s++)
        if (rsp_hexval((unsigned char)*s) < 0)
            return 0;
    return 1;
}

int rsp_is_console(const char *reply)
{
    return reply[0] == 'O' && reply[1] && all_hex(reply + 1);
}

int rsp_recv_answer(struct rsp *r, int timeout_ms)
{
    for (;;) {
        int rc = rsp_recv(r, timeout_ms);
        if (rc || !rsp_is_console(r->reply))
            return rc;
    }
}

int rsp_request(struct rsp *r, const char *payload)
{
    int rc = rsp_send(r, payload);
    return rc ? rc : rsp_recv_answer(r, r->timeout_ms);
}

int rsp_interrupt(struct rsp *r)
{
    return conn_write(&r->conn, "\x03", 1);
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
        if (rsp_is_console(r->reply)) {
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
