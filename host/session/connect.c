/*
 * session/connect.c - opening the session with a GDB remote target (the
 * pmustub stub, or OpenOCD's gdb server): the first stop reply (finding
 * out whether the program was running), qSupported, the target
 * description. The rest of the session is in the other files of session/;
 * how the PMU is reached is the backend's (t->access, session/attach.c).
 */
#include "session/connect.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/exit_status.h"
#include "elf/crc32.h"
#include "pmustub/wire.h"
#include "session/io.h"
#include "session/simulator.h"
#include "session/stop.h"
#include "session/tdesc_cache.h"
#include "session/trace.h"

/* The program may be running. The stub then stops it for our "?" and
 * says so in the stop reply (PMUSTUB_STOP_ENTERED, stub/core/stub.c); a
 * target that reads nothing but 0x03 while the program runs (a stub
 * without that rule) leaves "?" unanswered. A stopped
 * target acks "?" at once; the ack (or its absence) also says whether the
 * previous client left the stub in no-ack mode (rsp_hello). */
static int probe(struct target *t, int timeout_ms, struct stop *st)
{
    int probe_ms = timeout_ms < 500 ? timeout_ms : 500;
    int rc = rsp_hello(&t->rsp, "?", probe_ms, 1);

    if (rc == RSP_OK) {
        rc = target_wait_stop(t, st, timeout_ms);
        t->found_running = rc == RSP_OK && st->entered;
        return rc;
    }
    if (rc != RSP_TIMEOUT)
        return rc;
    /* Running. A 0x03 lost on a noisy line is sent again. A stub that
     * nobody was waiting on (GDB detached) stops without a stop reply
     * (stub/core/stub.c, stub_stopped): then ask again with "?". */
    for (int tries = 0; tries < 3; tries++) {
        if ((rc = rsp_interrupt(&t->rsp)))
            return rc;
        rc = target_wait_stop(t, st, probe_ms);
        if (rc == RSP_TIMEOUT && (rc = rsp_hello(&t->rsp, "?", probe_ms, 1)) == RSP_OK)
            rc = target_wait_stop(t, st, timeout_ms);
        if (rc != RSP_TIMEOUT)
            break;
    }
    /* Only our 0x03 stops a running program with SIGINT. A board that was
     * still starting (its UART reset dropped our "?") reports the boot
     * stop, SIGTRAP: it was stopped, and stays so. */
    t->found_running = rc == RSP_OK && st->kind == 'T' && st->signal == 2;
    return rc;
}

/* qXfer chunks on a serial line: a reply that long arrives whole on a line
 * that garbles 0.3% of its bytes in 46% of the tries (0.997^256); one of
 * the stub's 1024-byte replies, in 5%. */
#define SERIAL_XFER_CHUNK 256

/* 0 and the annex's text; an rsp status (< 0); or 1 (no such annex, no
 * memory). */
static int read_annex(struct target *t, const char *annex, char **text, size_t *len)
{
    size_t cap = 4096, have = 0;
    char *buf = malloc(cap), req[300];
    unsigned chunk = t->rsp.conn.is_serial ? SERIAL_XFER_CHUNK : RSP_PKT_MAX / 2;

    if (!buf)
        return 1;
    for (;;) {
        snprintf(req, sizeof req, "qXfer:features:read:%s:%zx,%x", annex, have,
                 chunk);
        int rc = rsp_request(&t->rsp, req);
        /* On a serial line a reply that is no answer to the request (two
         * bit errors whose checksums cancel, measured: an empty reply to
         * an offset the stub had answered before) is asked for again. */
        for (int tries = 1; !rc && t->rsp.conn.is_serial && tries < RSP_MAX_TRIES &&
                            t->rsp.reply[0] != 'm' && t->rsp.reply[0] != 'l'; tries++)
            rc = rsp_request(&t->rsp, req);
        if (rc || (t->rsp.reply[0] != 'm' && t->rsp.reply[0] != 'l')) {
            free(buf);
            return rc ? rc : 1;
        }
        size_t n = t->rsp.reply_len - 1;
        if (have + n + 1 > cap) {
            cap = 2 * (have + n + 1);
            char *b = realloc(buf, cap);
            if (!b) {
                free(buf);
                return 1;
            }
            buf = b;
        }
        memcpy(buf + have, t->rsp.reply + 1, n);
        have += n;
        if (t->rsp.reply[0] == 'l' || n == 0)
            break;
    }
    buf[have] = 0;
    *text = buf;
    *len = have;
    return 0;
}

/* The annex; on a serial line read until two copies agree, as registers
 * are (session/io.c): a description garbled past the checksums would
 * name the wrong registers. */
int target_fetch_annex(void *ctx, const char *annex, char **text, size_t *len)
{
    struct target *t = ctx;
    int rc;

    *text = NULL;
    rc = read_annex(t, annex, text, len);
    for (int tries = 1; !rc && t->rsp.conn.is_serial; tries++) {
        char *again;
        size_t n;
        if ((rc = read_annex(t, annex, &again, &n)))
            break;
        int same = n == *len && !memcmp(again, *text, n);
        free(*text);
        *text = again;
        *len = n;
        if (same)
            return 0;
        if (tries == RSP_MAX_TRIES)
            rc = 1;
    }
    if (rc) {
        free(*text);
        *text = NULL;
    }
    return rc;
}

/* target.xml: kept from an earlier connect where the stub says which
 * description it serves (PMUSTUB_Q_TDESC) and pmuctl has it
 * (session/tdesc_cache.c), else read and then kept. A target that does not
 * answer the query (OpenOCD: an empty reply) is read every time. */
static int fetch_description(struct target *t, char **xml, size_t *len)
{
    char dirbuf[4096];
    const char *dir = tdesc_cache_dir(dirbuf, sizeof dirbuf);
    uint32_t crc = 0;
    size_t want = 0;
    int keyed = 0, rc;

    if (dir) {
        if ((rc = rsp_request(&t->rsp, PMUSTUB_Q_TDESC)))
            return rc;
        keyed = !tdesc_cache_key(t->rsp.reply, &crc, &want);
        if (keyed && (*xml = tdesc_cache_get(dir, crc, want))) {
            *len = want;
            t->tdesc_cached = 1;
            return 0;
        }
    }
    if ((rc = target_fetch_annex(t, "target.xml", xml, len)))
        return rc;
    if (keyed && *len == want && gdb_crc32(0xffffffffu, *xml, *len) == crc)
        tdesc_cache_put(dir, crc, *xml, *len);
    return 0;
}

/* No first reply. Where a TCP server accepted the connection and not a
 * byte came back (a stub acks "?" and 0x03 gets a stop reply), say what
 * that can be: the server of a board's serial port that has a client
 * already (QEMU's and vboard's -serial tcp:...,server accept one client;
 * a second is accepted by the kernel's backlog and left waiting, its
 * bytes read by nobody: QEMU chardev/char-socket.c stops listening while
 * connected, vboard/common/serial.c accepts only when it has no client).
 * Neither pmuctl nor the stub can tell that from a stub that is not
 * running, so it is said as a possibility. */
static int first_reply_fail(struct target *t, int rc)
{
    int status = target_io_fail(t, rc, "waiting for the target's first reply");
    size_t n = strlen(t->err);

    if (rc == RSP_TIMEOUT && !t->rsp.conn.is_serial && !t->rsp.conn.bytes_in)
        snprintf(t->err + n, sizeof t->err - n,
                 " (not a byte came back on a connection the TCP server accepted:"
                 " target busy? another client may be connected, as QEMU's and"
                 " vboard's serial servers take one client at a time; else no"
                 " stub runs, or the program runs with 'monitor ctrlc off')");
    return status;
}

int target_connect(struct target *t, const char *spec, int timeout_ms)
{
    struct stop st;
    char *xml;
    size_t len;
    int rc;

    t->saved.frozen = -1;
    t->rsp.timeout_ms = timeout_ms;
    if (conn_open(&t->rsp.conn, spec, t->err, sizeof t->err))
        return PMUCTL_EXIT_CONNECT;
    /* A serial line may garble bytes: a packet unacknowledged for a
     * second (plus its time on the line) is sent again. */
    if (t->rsp.conn.is_serial)
        t->rsp.retry_ms = 1000;
    if ((rc = probe(t, timeout_ms, &st)))
        return first_reply_fail(t, rc);
    t->first_signal = st.kind == 'T' || st.kind == 'S' ? st.signal : -1;
    /* qSupported starts a new session on a stub that resets its ack mode
     * there: its answer says again which mode we are in. */
    /* xmlRegisters: the architectures whose descriptions we read (GDB
     * manual, "qSupported"); a stub with one description ignores it. */
    if ((rc = rsp_hello(&t->rsp, "qSupported:swbreak+;xmlRegisters=mips,powerpc",
                        t->rsp.retry_ms ? t->rsp.retry_ms : timeout_ms, 0)) ||
        (rc = rsp_recv_answer(&t->rsp, timeout_ms)))
        return target_io_fail(t, rc, "qSupported");
    if (!strstr(t->rsp.reply, "qXfer:features:read+")) {
        snprintf(t->err, sizeof t->err,
                 "the target serves no target description (qXfer:features:read)");
        return PMUCTL_EXIT_TARGET;
    }
    int noack_ok = strstr(t->rsp.reply, "QStartNoAckMode+") != NULL;
    /* Tracepoints: with agent expressions (conditions on tracepoints and
     * breakpoints), or the native bracket alone (a stub built without
     * agent expressions, PMUSTUB_TRACE_AGENT off, offers no conditions;
     * what needs them is then refused, and pmuctl measures with
     * breakpoints). */
    int tsv = strstr(t->rsp.reply, "TraceStateVariables+") != NULL;
    t->trace.bracket_offered = tsv &&
                         strstr(t->rsp.reply, PMUSTUB_FEATURE_BRACKET) != NULL;
    t->trace.offered = tsv && ((strstr(t->rsp.reply, "ConditionalTracepoints+") &&
                                strstr(t->rsp.reply, "ConditionalBreakpoints+")) ||
                               t->trace.bracket_offered);
    t->sampling.offered = strstr(t->rsp.reply, PMUSTUB_FEATURE_SAMPLE) != NULL;
    t->sampling.old_format = !t->sampling.offered &&
                             strstr(t->rsp.reply, PMUSTUB_FEATURE_SAMPLE_OLD) != NULL;
    const char *stack = strstr(t->rsp.reply, PMUSTUB_FEATURE_SAMPLE_STACK "=");
    t->sampling.stack_max = stack && t->sampling.offered
        ? strtoul(stack + sizeof PMUSTUB_FEATURE_SAMPLE_STACK, NULL, 16) : 0;
    t->sampling.interval_offered =
        strstr(t->rsp.reply, PMUSTUB_FEATURE_INTERVAL) != NULL;
    /* Asked in ack mode, before any QStartNoAckMode (simulator.c). */
    if ((rc = target_ask_simulator(t)))
        return rc;
    if ((rc = target_trace_clear_stale(t)))
        return rc;
    /* No-ack mode lasts for the connection, and only a detach ends it on
     * the stub: use it only when we will detach (program found running);
     * a target left stopped must take the next GDB's acks. A serial line
     * keeps its acks unless asked (--no-ack): they are what lets a garbled
     * packet be sent again. */
    if (t->found_running && noack_ok && !t->rsp.noack &&
        (!t->rsp.conn.is_serial || t->want_noack)) {
        if ((rc = rsp_request(&t->rsp, "QStartNoAckMode")))
            return target_io_fail(t, rc, "QStartNoAckMode");
        if (!strcmp(t->rsp.reply, "OK"))
            t->rsp.noack = 1;
    }
    if ((rc = fetch_description(t, &xml, &len))) {
        if (rc < 0)
            return target_io_fail(t, rc, "reading the target description");
        snprintf(t->err, sizeof t->err, "cannot read the target description");
        return PMUCTL_EXIT_TARGET;
    }
    rc = tdesc_parse(&t->tdesc, xml, len, target_fetch_annex, t, t->err, sizeof t->err);
    free(xml);
    if (rc)
        return PMUCTL_EXIT_TARGET;
    if ((t->pc_reg = tdesc_pc_regnum(&t->tdesc)) < 0) {
        snprintf(t->err, sizeof t->err, "the target description has no pc in "
                 "its architecture's feature (org.gnu.gdb.*)");
        return PMUCTL_EXIT_TARGET;
    }
    return 0;
}
