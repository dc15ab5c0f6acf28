/*
 * proxy/server.c - pmuctl proxy's GDB side (docs/proxy.md): listens on
 * [HOST:]PORT and serves one GDB session after another, each over its own
 * connection to OpenOCD's gdb server (OpenOCD halts the core when it is
 * opened, as for a GDB of its own). Everything GDB sends goes to OpenOCD
 * as it came, and every answer back, except:
 *  - qXfer:features:read:target.xml: OpenOCD's description with our PMU
 *    feature (proxy/splice.c);
 *  - p/P of the PMU registers: "monitor mips32 cp0 25 SEL" (proxy/regs.c);
 *  - Z0/Z1/z0/z1, GDB's breakpoints, and OpenOCD's stop replies: a stop
 *    at one of them or after a step is SIGTRAP (proxy/breaks.c);
 *  - QStartNoAckMode: each side has its own ack mode; OpenOCD's side is put
 *    in no-ack mode when the session opens (TCP loses nothing).
 * A GDB that goes away closes its OpenOCD connection, as if it had been
 * OpenOCD's own client. OpenOCD going away ends the GDB session: a request
 * waiting for its answer gets E01 (after a console line saying why, when
 * the program was running), then the connection closes.
 */
#include "proxy/server.h"

#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "base/error.h"
#include "base/exit_status.h"
#include "base/interrupted.h"
#include "proxy/link.h"
#include "proxy/pmuctl_cmd.h"
#include "proxy/points.h"
#include "proxy/regs.h"
#include "proxy/splice.h"
#include "session/attach.h"
#include "session/connect.h"
#include "session/io.h"
#include "session/leave.h"

#define FRAME_MAX (2 * RSP_PKT_MAX + 8) /* a packet, escaped */
#define XFER_TARGET "qXfer:features:read:target.xml:"
/* OpenOCD's gdb server takes one client at a time (gdb_max_connections 1)
 * and turns away any other: it accepts and closes at once (openocd v0.12.0
 * src/server/server.c, "rejected '%s' connection, no more connections
 * allowed"). After a GDB vanished it notices the dead connection only at
 * its next poll, so the proxy's new connection for the next GDB can come
 * too early. Failures to connect are tried again for this long. */
#define OPEN_RETRY_MS 5000
#define OPEN_RETRY_PAUSE_MS 100
/* A GDB connection the proxy ends is closed in two steps: our side first
 * (GDB reads the end of the stream), then, once GDB has closed its side or
 * after this long, the socket. Closing a socket with GDB's bytes unread
 * would reset the connection, and a GDB that was writing would see
 * "Connection reset by peer" instead of the end of the session. */
#define CLOSE_DRAIN_MS 2000

enum end { END_GDB = 1, END_OPENOCD, END_INTR };

int proxy_listen(const char *spec, char *err, size_t errlen)
{
    char host[256] = "127.0.0.1", port[16];
    const char *colon = strrchr(spec, ':');
    struct addrinfo hints = {0}, *res;
    int fd, one = 1, rc;

    if (colon && (size_t)(colon - spec) < sizeof host) {
        memcpy(host, spec, (size_t)(colon - spec));
        host[colon - spec] = 0;
    }
    snprintf(port, sizeof port, "%s", colon ? colon + 1 : spec);
    char *end;
    unsigned long p = strtoul(port, &end, 10);
    if (*end || !*port || p == 0 || p > 65535) {
        snprintf(err, errlen, "--listen wants [HOST:]PORT, not '%s'", spec);
        return -1;
    }
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    if ((rc = getaddrinfo(host, port, &hints, &res))) {
        snprintf(err, errlen, "cannot resolve %s: %s", host, gai_strerror(rc));
        return -1;
    }
    fd = socket(res->ai_family, res->ai_socktype, res->ai_protocol);
    if (fd >= 0) {
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (bind(fd, res->ai_addr, res->ai_addrlen) || listen(fd, 4)) {
            snprintf(err, errlen, "cannot listen on %s:%s: %s", host, port,
                     strerror(errno));
            close(fd);
            fd = -1;
        }
    } else {
        snprintf(err, errlen, "socket: %s", strerror(errno));
    }
    freeaddrinfo(res);
    return fd;
}

int proxy_open_openocd(struct proxy_session *s)
{
    struct target *t = s->t;
    char out[64], *xml = NULL;
    size_t len;
    int failed, rc;

    memset(t, 0, sizeof *t);
    t->rsp.conn.fd = -1;
    t->big_endian = 1;
    if ((rc = target_connect(t, s->openocd, s->timeout_ms)) ||
        (rc = pmu_attach(t)))
        return rc;
    s->oo.conn = &t->rsp.conn;
    s->pending = s->running = s->killed = 0;
    s->points.n = 0;
    proxy_breaks_reset(&s->breaks);
    s->stub = t->access != &pmu_openocd_access;
    if (s->stub) { /* its own description, registers and stops */
        s->oo.noack = t->rsp.noack;
        return 0;
    }
    /* OpenOCD src/target/target.c, target_configure: -endian big|little. */
    if ((rc = rsp_monitor(&t->rsp, "[target current] cget -endian", out,
                          sizeof out, &failed)))
        return target_io_fail(t, rc, "monitor cget -endian");
    t->big_endian = failed || strncmp(out, "little", 6);
    if ((rc = rsp_request(&t->rsp, "QStartNoAckMode")))
        return target_io_fail(t, rc, "QStartNoAckMode");
    t->rsp.noack = !strcmp(t->rsp.reply, "OK");
    if ((rc = target_fetch_annex(t, "target.xml", &xml, &len))) {
        snprintf(t->err, sizeof t->err, "cannot read OpenOCD's target description");
        return rc < 0 ? target_io_fail(t, rc, "reading target.xml") : PMUCTL_EXIT_TARGET;
    }
    free(s->xml);
    s->xml = NULL;
    rc = proxy_splice(xml, len, target_fetch_annex, t, t->pmu.core, t->pmu.n_counters,
                      &s->map, &s->xml, &s->xml_len, t->err, sizeof t->err);
    free(xml);
    if (rc)
        return PMUCTL_EXIT_TARGET;
    s->oo.noack = t->rsp.noack;
    return 0;
}

/* open_openocd, tried again while it fails to connect (PMUCTL_EXIT_CONNECT:
 * refused, or closed by OpenOCD before or during the first exchanges),
 * for OPEN_RETRY_MS; any other failure (not OpenOCD, no counters) at once. */
static int open_openocd_retry(struct proxy_session *s)
{
    long long start = conn_now_ms();
    unsigned tries = 1;
    int rc;

    while ((rc = proxy_open_openocd(s)) == PMUCTL_EXIT_CONNECT && !pmuctl_interrupted &&
           conn_now_ms() - start < OPEN_RETRY_MS) {
        struct timespec pause = {0, OPEN_RETRY_PAUSE_MS * 1000000L};
        conn_close(&s->t->rsp.conn);
        nanosleep(&pause, NULL);
        tries++;
    }
    if (rc == PMUCTL_EXIT_CONNECT && tries > 1) {
        size_t used = strlen(s->t->err);
        snprintf(s->t->err + used, sizeof s->t->err - used, " (%u attempts over "
                 "%.1f s)", tries, (conn_now_ms() - start) / 1000.0);
    }
    return rc;
}

/* Ends a GDB connection without resetting it (CLOSE_DRAIN_MS). */
static void close_gracefully(struct rsp_conn *c)
{
    long long end = conn_now_ms() + CLOSE_DRAIN_MS;
    char sink[512];

    if (c->fd < 0)
        return;
    shutdown(c->fd, SHUT_WR);
    for (long long left; (left = end - conn_now_ms()) > 0;) {
        struct pollfd p = {c->fd, POLLIN, 0};
        int n = poll(&p, 1, (int)left);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0 || read(c->fd, sink, sizeof sink) <= 0)
            break; /* GDB closed its side (or the time is up) */
    }
    conn_close(c);
}

static int reply(struct proxy_session *s, const char *payload, size_t n)
{
    static char frame[FRAME_MAX];
    size_t len = link_frame(payload, n, frame, sizeof frame);
    return link_write(&s->gdb, frame, len, s->timeout_ms) ? END_GDB : 0;
}

static int reply_str(struct proxy_session *s, const char *payload)
{
    return reply(s, payload, strlen(payload));
}

/* text (n bytes) to GDB's console: O packets of hex (GDB manual, "Stop
 * Reply Packets", O XX...), 200 bytes each. */
static int console(struct proxy_session *s, const char *text, size_t n)
{
    static const char hexdig[] = "0123456789abcdef";
    char buf[2 * 200 + 2] = "O";
    int rc = 0;

    for (size_t at = 0; at < n && !rc; at += 200) {
        size_t k = n - at < 200 ? n - at : 200;
        for (size_t i = 0; i < k; i++) {
            buf[1 + 2 * i] = hexdig[(unsigned char)text[at + i] >> 4];
            buf[2 + 2 * i] = hexdig[text[at + i] & 15];
        }
        rc = reply(s, buf, 1 + 2 * k);
    }
    return rc;
}

/* GDB's breakpoints out (z = 'z') or back (z = 'Z') around a command
 * that runs the program: 0, or -1 with s->t->err. */
static int gdb_breaks(struct proxy_session *s, char z)
{
    return s->stub ? proxy_points_place(&s->points, s->t, z)
                   : proxy_breaks_place_all(&s->breaks, s->t, z);
}

/* The watch on GDB's connection while a monitor pmuctl command runs
 * (rsp/conn.h). GDB waits for the answer and sends nothing but acks: in
 * ack mode a '-' each time its wait times out (remotetimeout). Anything
 * else ends the command as a SIGINT would (the program stopped, the
 * counters put back): 0x03, from a client that sends its Ctrl-C, or the
 * start of GDB's next packet: gdb-multiarch 13.1 sends no 0x03 for a
 * Ctrl-C during a monitor command; it stops waiting ("Quit") once its
 * current read of the answer times out (3 tries of remotetimeout, 2 s:
 * at most 6 s; 3.2 s in tests/e2e/pmuctl_gdb_monitor_ctrlc.sh) and goes
 * on with its next command. The byte stays
 * for from_gdb; GDB closing its end ends the command too. */
static int gdb_ready(struct conn_watch *w)
{
    struct proxy_session *s =
        (struct proxy_session *)((char *)w - offsetof(struct proxy_session, watch));

    for (;;) {
        int c = conn_getc(&s->gdb_conn, 0);
        if (c == CONN_TIMEOUT || c == CONN_INTR)
            return 0;
        if (c == '+' || c == '-')
            continue;
        if (c >= 0)
            conn_ungetc(&s->gdb_conn);
        s->gdb_spoke = c >= 0 ? c : '\n'; /* '\n': GDB went away */
        pmuctl_interrupted = 1;
        return 1;
    }
}

/* The command's output and OK for GDB; or, when GDB has stopped waiting
 * for them (its next packet came), kept for the next monitor pmuctl. */
static int answer(struct proxy_session *s, const char *text, size_t n)
{
    if (s->gdb_spoke == '$') {
        char *late = realloc(s->late, s->late_len + n + 1);
        fprintf(stderr, "pmuctl: proxy: GDB stopped waiting for monitor "
                "pmuctl (Ctrl-C?): the command was interrupted\n");
        if (!late)
            return 0;
        memcpy(late + s->late_len, text, n);
        s->late = late;
        s->late_len += n;
        return 0;
    }
    if (s->gdb_spoke == 3) /* the client's Ctrl-C: answered by the end */
        conn_getc(&s->gdb_conn, 0);
    int rc = console(s, text, n);
    return rc ? rc : reply_str(s, "OK");
}

/* text (*n bytes, malloc'd or NULL) with msg's line added. */
static void add_line(char **text, size_t *n, const char *msg, const char *why)
{
    size_t k = strlen(msg) + strlen(why) + 2;
    char *t = realloc(*text, *n + k);

    if (!t)
        return;
    snprintf(t + *n, k, "%s%s\n", msg, why);
    *text = t;
    *n += k - 1;
}

/* monitor pmuctl ... (proxy/pmuctl_cmd.c), with GDB's breakpoints out
 * while it runs and GDB's connection watched (gdb_ready): its output,
 * then OK. 1 if pkt was not one. */
static int pmuctl_monitor(struct proxy_session *s, const char *pkt)
{
    char *line = proxy_pmuctl_line(pkt), *text = NULL;
    size_t n = 0;
    int rc;

    if (!line)
        return 1;
    if (s->late) { /* an earlier command GDB stopped waiting for */
        rc = console(s, s->late, s->late_len);
        free(s->late);
        s->late = NULL;
        s->late_len = 0;
        if (rc) {
            free(line);
            return rc;
        }
    }
    s->gdb_spoke = 0;
    s->watch.fd = s->gdb_conn.fd;
    s->watch.ready = gdb_ready;
    s->t->rsp.conn.watch = &s->watch;
    if (gdb_breaks(s, 'z'))
        add_line(&text, &n, "pmuctl: taking GDB's breakpoints out: ", s->t->err);
    else if (proxy_pmuctl_run(s->t, s->openocd, line, &text, &n) == 0 &&
             s->t->rsp.conn.fd >= 0) {
        s->t->rsp.conn.watch = NULL;
        if (gdb_breaks(s, 'Z'))
            add_line(&text, &n, "pmuctl: putting GDB's breakpoints back: ", s->t->err);
    }
    s->t->rsp.conn.watch = NULL;
    if (s->gdb_spoke)
        pmuctl_interrupted = 0; /* ours, not a SIGINT of the proxy's */
    free(line);
    if (s->t->rsp.conn.fd < 0)
        rc = END_OPENOCD;
    else if (s->gdb_spoke == '\n')
        rc = END_GDB;
    else
        rc = answer(s, text ? text : "", n);
    free(text);
    return rc;
}

/* qXfer:features:read:target.xml:OFFSET,LENGTH from our document. */
static int serve_xml(struct proxy_session *s, const char *args)
{
    static char buf[RSP_PKT_MAX + 2];
    char *end;
    size_t off = strtoul(args, &end, 16), n;

    if (*end != ',')
        return reply_str(s, "E00");
    n = strtoul(end + 1, NULL, 16);
    if (n > RSP_PKT_MAX)
        n = RSP_PKT_MAX;
    if (off >= s->xml_len)
        return reply_str(s, "l");
    if (n > s->xml_len - off)
        n = s->xml_len - off;
    buf[0] = off + n < s->xml_len ? 'm' : 'l';
    memcpy(buf + 1, s->xml + off, n);
    return reply(s, buf, n + 1);
}

static int is_resume(const char *p)
{
    return strchr("cCsS", p[0]) ? 1 : !strncmp(p, "vCont;", 6);
}

static int from_gdb(struct proxy_session *s)
{
    static char frame[FRAME_MAX], pkt[FRAME_MAX];
    char out[32];
    size_t len;
    int rc = link_read(&s->gdb, frame, sizeof frame, &len, s->timeout_ms);

    if (rc < 0)
        return END_GDB;
    if (rc == LINK_BREAK)
        return conn_write(s->oo.conn, "\x03", 1) ? END_OPENOCD : 0;
    memcpy(pkt, frame + 1, len - 4); /* the payload, as sent */
    pkt[len - 4] = 0;
    if (!strcmp(pkt, "QStartNoAckMode")) {
        rc = reply_str(s, "OK");
        s->gdb.noack = 1;
        return rc;
    }
    if ((rc = pmuctl_monitor(s, pkt)) != 1)
        return rc;
    if (s->stub) /* the stub serves the counters itself */
        rc = proxy_points_handle(&s->points, s->t, pkt, out);
    else if (!strncmp(pkt, XFER_TARGET, strlen(XFER_TARGET)))
        return serve_xml(s, pkt + strlen(XFER_TARGET));
    else if ((rc = proxy_regs_handle(&s->map, s->t, pkt, out)) == 0)
        rc = proxy_breaks_handle(&s->breaks, s->t, pkt, out);
    if (rc < 0) {
        reply_str(s, "E01");
        return END_OPENOCD;
    }
    if (rc)
        return reply_str(s, out);
    if (pkt[0] == 'R') /* extended-mode restart: OpenOCD clears them */
        proxy_breaks_reset(&s->breaks);
    if (link_write(&s->oo, frame, len, s->timeout_ms))
        return s->killed ? END_GDB : END_OPENOCD;
    s->pending = 1;
    s->running = is_resume(pkt);
    if (s->running)
        proxy_breaks_resumed(&s->breaks, pkt);
    s->killed = !strcmp(pkt, "k");
    return 0;
}

/* OpenOCD's stop reply (the frame, len bytes) to GDB, through
 * proxy_breaks_stopped. A payload with escapes (none of OpenOCD's stop
 * replies has one) goes as it came. */
static int stop_to_gdb(struct proxy_session *s, const char *frame, size_t len)
{
    static char pkt[FRAME_MAX];
    size_t n = len - 4;

    memcpy(pkt, frame + 1, n);
    pkt[n] = 0;
    if (s->stub || memchr(pkt, '}', n) || memchr(pkt, '*', n))
        return link_write(&s->gdb, frame, len, s->timeout_ms) ? END_GDB : 0;
    if (proxy_breaks_stopped(&s->breaks, s->t, pkt) < 0) {
        s->pending = 1; /* GDB still waits for the stop: E01 */
        return END_OPENOCD;
    }
    return reply(s, pkt, n);
}

static int from_openocd(struct proxy_session *s)
{
    static char frame[FRAME_MAX];
    size_t len;
    int rc = link_read(&s->oo, frame, sizeof frame, &len, s->timeout_ms);

    if (rc < 0)
        return s->killed ? END_GDB : END_OPENOCD;
    if (rc != LINK_PACKET)
        return 0;
    /* Console output ("O" and hex, not "OK") comes before the answer. */
    if (frame[1] == 'O' && frame[2] != 'K')
        return link_write(&s->gdb, frame, len, s->timeout_ms) ? END_GDB : 0;
    int stop = s->running;
    s->pending = s->running = 0;
    if (stop)
        return stop_to_gdb(s, frame, len);
    return link_write(&s->gdb, frame, len, s->timeout_ms) ? END_GDB : 0;
}

/* Tells GDB that OpenOCD went away, if it waits for an answer. */
static void openocd_gone(struct proxy_session *s)
{
    static const char msg[] = "pmuctl proxy: OpenOCD closed the connection\n";

    fprintf(stderr, "pmuctl: proxy: OpenOCD (%s) closed the connection%s; "
            "ending the GDB session\n", s->openocd,
            s->running ? " while the program ran" : "");
    if (s->running)
        console(s, msg, sizeof msg - 1);
    if (s->pending)
        reply_str(s, "E01");
}

static int relay(struct proxy_session *s)
{
    for (;;) {
        int gb = link_buffered(&s->gdb), ob = link_buffered(&s->oo), rc = 0;
        if (pmuctl_interrupted)
            return END_INTR;
        if (!gb && !ob) {
            struct pollfd p[2] = {{s->gdb.conn->fd, POLLIN, 0},
                                  {s->oo.conn->fd, POLLIN, 0}};
            if (poll(p, 2, -1) < 0)
                continue; /* EINTR: the flag says */
            gb = p[0].revents != 0;
            ob = p[1].revents != 0;
        }
        if (ob)
            rc = from_openocd(s);
        if (!rc && gb)
            rc = from_gdb(s);
        if (rc)
            return rc;
    }
}

void proxy_serve_gdb(struct proxy_session *s, int fd)
{
    int one = 1, why;

    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    memset(&s->gdb_conn, 0, sizeof s->gdb_conn);
    s->gdb_conn.fd = fd;
    s->gdb.conn = &s->gdb_conn;
    s->gdb.noack = 0;
    if (open_openocd_retry(s)) {
        pmuctl_error("proxy: %s; closing the GDB connection", s->t->err);
        target_leave(s->t);
        close_gracefully(&s->gdb_conn);
        return;
    }
    if (!s->stub && s->on_open && s->on_open(s->t, s->on_open_ctx)) {
        pmuctl_error("proxy: closing the GDB connection");
        target_leave(s->t);
        close_gracefully(&s->gdb_conn);
        return;
    }
    fprintf(stderr, "pmuctl: proxy: GDB connected\n");
    why = relay(s);
    if (why == END_OPENOCD)
        openocd_gone(s);
    else if (why == END_GDB)
        fprintf(stderr, "pmuctl: proxy: GDB session ended\n");
    conn_close(&s->t->rsp.conn);
    if (why == END_GDB)
        conn_close(&s->gdb_conn);
    else
        close_gracefully(&s->gdb_conn);
}

void proxy_close(struct proxy_session *s)
{
    free(s->late);
    s->late = NULL;
    conn_close(&s->t->rsp.conn);
    free(s->xml);
    s->xml = NULL;
}
