/*
 * target/connect.c - the session with a GDB remote target (the pmustub stub, or
 * OpenOCD's gdb server): connect, stop replies, breakpoints, resume, leave.
 * How the PMU is reached is the backend's (t->pmu, pmu_backends.c).
 */
#include "target/target.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/exit_status.h"
#include "pmustub/wire.h"

volatile sig_atomic_t pmuctl_interrupted;

/* Is the reply to "?" or a resume a stop reply? Console output ('O')
 * from OpenOCD and the stub is passed on to stderr. */
static int wait_stop(struct target *t, struct stop *st, int timeout_ms)
{
    for (;;) {
        int rc = rsp_recv(&t->rsp, timeout_ms);
        if (rc)
            return rc;
        if (rsp_is_console(t->rsp.reply)) {
            for (const char *h = t->rsp.reply + 1; h[0] && h[1]; h += 2)
                fputc(rsp_hexval(h[0]) << 4 | rsp_hexval(h[1]), stderr);
            continue;
        }
        if (target_parse_stop(t, t->rsp.reply, st) == 0)
            return RSP_OK;
        return RSP_PROTO;
    }
}

int target_parse_stop(struct target *t, const char *p, struct stop *st)
{
    uint64_t c32[TARGET_MAX_COUNTERS], c64[TARGET_MAX_COUNTERS];
    unsigned m32 = 0, m64 = 0;

    memset(st, 0, sizeof *st);
    if (!strchr("TSWX", p[0]) || rsp_hexval(p[1]) < 0 || rsp_hexval(p[2]) < 0)
        return -1;
    st->kind = p[0];
    st->signal = rsp_hexval(p[1]) << 4 | rsp_hexval(p[2]);
    if (p[0] != 'T')
        return 0;
    /* T AA n1:r1;n2:r2;... (GDB manual, "Stop Reply Packets"). */
    for (p += 3; *p;) {
        const char *colon = strchr(p, ':'), *semi;
        if (!colon)
            break;
        semi = strchr(colon, ';');
        if (!semi)
            semi = colon + strlen(colon);
        char *end;
        long regnum = strtol(p, &end, 16);
        unsigned long long v;
        if (end == colon && rsp_decode_reg(colon + 1, (size_t)(semi - colon - 1),
                                           t->big_endian, &v) == 0) {
            if (regnum == t->pc_reg) {
                st->have_pc = 1;
                st->pc = (unsigned long)(v & 0xffffffffu);
            }
            for (unsigned n = 0; n < t->n_counters; n++) {
                if (t->wide_reg[n] == regnum) {
                    c64[n] = v;
                    m64 |= 1u << n;
                } else if (t->cnt_reg[n] == regnum) {
                    c32[n] = (uint32_t)v;
                    m32 |= 1u << n;
                }
            }
        }
        p = *semi ? semi + 1 : semi;
    }
    /* The 64-bit count wins over the 32-bit one. The stub sends both: if
     * their low halves differ, the reply was garbled past its checksum,
     * and the count is read again (target_pmu_count). */
    for (unsigned n = 0; n < t->n_counters; n++) {
        unsigned bit = 1u << n;
        if ((m64 & bit) && (m32 & bit) && (uint32_t)c64[n] != c32[n])
            continue;
        if (m64 & bit) {
            st->cnt[n] = c64[n];
            st->cnt_mask |= bit;
            st->wide_mask |= bit;
        } else if (m32 & bit) {
            st->cnt[n] = c32[n];
            st->cnt_mask |= bit;
        }
    }
    return 0;
}

int target_read_pc(struct target *t, struct stop *st)
{
    unsigned long long v;
    int rc = target_reg_get(t, t->pc_reg, "the PC", &v);
    if (rc)
        return rc;
    st->pc = (unsigned long)(v & 0xffffffffu);
    st->have_pc = 1;
    return 0;
}

/* The program may be running: the stub then reads nothing but 0x03
 * (stub/arch/mips32/interrupt.c polls for it) and our "?" goes unanswered.
 * A stopped target acks "?" at once; the ack (or its absence) also says
 * whether the previous client left the stub in no-ack mode (rsp_hello). */
static int probe(struct target *t, int timeout_ms, struct stop *st)
{
    int probe_ms = timeout_ms < 500 ? timeout_ms : 500;
    int rc = rsp_hello(&t->rsp, "?", probe_ms, 1);

    if (rc == RSP_OK)
        return wait_stop(t, st, timeout_ms);
    if (rc != RSP_TIMEOUT)
        return rc;
    /* Running. A 0x03 lost on a noisy line is sent again. A stub that
     * nobody was waiting on (GDB detached) stops without a stop reply
     * (stub/core/stub.c, stub_stopped): then ask again with "?". */
    for (int tries = 0; tries < 3; tries++) {
        if ((rc = rsp_interrupt(&t->rsp)))
            return rc;
        rc = wait_stop(t, st, probe_ms);
        if (rc == RSP_TIMEOUT && (rc = rsp_hello(&t->rsp, "?", probe_ms, 1)) == RSP_OK)
            rc = wait_stop(t, st, timeout_ms);
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
 * are (target_io.c): a description garbled past the checksums would
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

int target_connect(struct target *t, const char *spec, int timeout_ms)
{
    struct stop st;
    char *xml;
    size_t len;
    int rc;

    t->saved_frozen = -1;
    t->rsp.timeout_ms = timeout_ms;
    if (conn_open(&t->rsp.conn, spec, t->err, sizeof t->err))
        return PMUCTL_EXIT_CONNECT;
    /* A serial line may garble bytes: a packet unacknowledged for a
     * second (plus its time on the line) is sent again. */
    if (t->rsp.conn.is_serial)
        t->rsp.retry_ms = 1000;
    if ((rc = probe(t, timeout_ms, &st)))
        return target_io_fail(t, rc, "waiting for the target's first reply");
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
    t->trace_offered = strstr(t->rsp.reply, "ConditionalTracepoints+") &&
                       strstr(t->rsp.reply, "TraceStateVariables+") &&
                       strstr(t->rsp.reply, "ConditionalBreakpoints+");
    t->bracket_offered = t->trace_offered &&
                         strstr(t->rsp.reply, PMUSTUB_FEATURE_BRACKET) != NULL;
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
    if ((rc = target_fetch_annex(t, "target.xml", &xml, &len))) {
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

void target_no_pmu_regs(struct target *t)
{
    for (unsigned n = 0; n < TARGET_MAX_COUNTERS; n++)
        t->ctl_reg[n] = t->cnt_reg[n] = t->wide_reg[n] = -1;
}

int target_pmu_read(struct target *t, int ctl, unsigned n, uint32_t *v)
{
    return t->pmu->read(t, ctl, n, v);
}

int target_pmu_write(struct target *t, int ctl, unsigned n, uint32_t v)
{
    return t->pmu->write(t, ctl, n, v);
}

int target_pmu_count(struct target *t, unsigned n, uint64_t *v, int *wide)
{
    return t->pmu->count(t, n, v, wide);
}

int target_monitor(struct target *t, const char *cmd, char *out, size_t cap)
{
    int failed, rc = rsp_monitor(&t->rsp, cmd, out, cap, &failed);
    if (rc)
        return target_io_fail(t, rc, cmd);
    if (failed) {
        snprintf(t->err, sizeof t->err, "'monitor %s' failed: %.100s", cmd, out);
        return PMUCTL_EXIT_TARGET;
    }
    return 0;
}

int target_frozen(struct target *t, int *frozen)
{
    return t->pmu->frozen(t, frozen);
}

int target_set_frozen(struct target *t, int frozen)
{
    return t->pmu->set_frozen(t, frozen);
}

int target_save_pmu(struct target *t)
{
    if (t->saved)
        return 0;
    for (unsigned n = 0; n < t->n_counters; n++) {
        int rc = target_pmu_read(t, 1, n, &t->saved_ctl[n]);
        if (!rc)
            rc = target_pmu_count(t, n, &t->saved_cnt[n], &t->saved_wide[n]);
        if (rc)
            return rc;
    }
    t->saved = 1;
    return 0;
}

int target_bp(struct target *t, unsigned long addr, int insert)
{
    char req[40];
    int rc;

    snprintf(req, sizeof req, "%c0,%lx,4", insert ? 'Z' : 'z', addr);
    if ((rc = rsp_request(&t->rsp, req)))
        return target_io_fail(t, rc, insert ? "inserting a breakpoint"
                                            : "removing a breakpoint");
    if (strcmp(t->rsp.reply, "OK")) {
        snprintf(t->err, sizeof t->err, "0x%08lx will not take a breakpoint "
                 "(the target answered '%.20s')", addr,
                 t->rsp.reply[0] ? t->rsp.reply : "not supported");
        return PMUCTL_EXIT_TARGET;
    }
    target_bp_note(t, addr, insert);
    return 0;
}

void target_bp_note(struct target *t, unsigned long addr, int insert)
{
    int i;
    for (i = 0; i < t->nbps && t->bps[i] != addr; i++)
        ;
    if (insert && i == t->nbps && t->nbps < TARGET_MAX_BPS)
        t->bps[t->nbps++] = addr;
    if (!insert && i < t->nbps)
        t->bps[i] = t->bps[--t->nbps];
}

int target_continue(struct target *t, struct stop *st, int timeout_ms)
{
    return target_resume(t, "c", st, timeout_ms);
}

int target_resume(struct target *t, const char *how, struct stop *st,
                  int timeout_ms)
{
    int rc;

    if (pmuctl_interrupted) {
        snprintf(t->err, sizeof t->err, "interrupted; putting the target back");
        return PMUCTL_EXIT_INTERRUPTED;
    }
    rc = rsp_send(&t->rsp, how);
    if (rc)
        return target_io_fail(t, rc, "resuming the program");
    t->rsp.st.resumes++;
    t->rsp.intr_ok = 1;
    rc = wait_stop(t, st, timeout_ms);
    t->rsp.intr_ok = 0;
    /* OpenOCD's stop replies carry no registers */
    if (rc == RSP_OK && (st->kind == 'T' || st->kind == 'S') && !st->have_pc) {
        int e = target_read_pc(t, st);
        if (e)
            return e;
    }
    if (rc == RSP_OK && pmuctl_interrupted)
        snprintf(t->err, sizeof t->err, "interrupted; putting the target back");
    if (rc == RSP_OK)
        return pmuctl_interrupted ? PMUCTL_EXIT_INTERRUPTED : 0;
    if (rc != RSP_INTR && rc != RSP_TIMEOUT)
        return target_io_fail(t, rc, "waiting for the program to stop");
    /* Ctrl-C or a program that does not get there: stop it, so that the
     * breakpoints can be taken out and the counters put back. The 0x03
     * goes again if it gets no answer (a noisy line may lose it); a
     * program that still runs is left alone: the stub reads nothing but
     * 0x03 while it runs, so whatever else we sent would be lost. */
    int why = rc, wait_ms = t->rsp.timeout_ms < 700 ? t->rsp.timeout_ms : 700;
    for (int tries = 0; tries < 3; tries++) {
        if ((rc = rsp_interrupt(&t->rsp)) ||
            (rc = wait_stop(t, st, tries < 2 ? wait_ms : t->rsp.timeout_ms)) != RSP_TIMEOUT)
            break;
    }
    if (rc == RSP_TIMEOUT || rc == RSP_INTR)
        t->unstoppable = 1;
    if (rc)
        return target_io_fail(t, rc, "stopping the program (0x03 unanswered)");
    if (why == RSP_TIMEOUT) {
        snprintf(t->err, sizeof t->err, "the program did not stop at a "
                 "breakpoint within %d s (stopped it at 0x%08lx)",
                 timeout_ms / 1000, st->pc);
        return PMUCTL_EXIT_TIMEOUT;
    }
    snprintf(t->err, sizeof t->err, "interrupted; putting the target back");
    return PMUCTL_EXIT_INTERRUPTED;
}

void target_leave(struct target *t)
{
    if (t->rsp.conn.fd < 0)
        return;
    if (t->unstoppable) {
        fprintf(stderr, "pmuctl: the program runs on and does not stop: "
                "pmuctl's breakpoints, tracepoints and counter settings are "
                "still on the target\n");
        conn_close(&t->rsp.conn);
        return;
    }
    t->rsp.intr_ok = 0;
    while (t->nbps > 0)
        if (target_bp(t, t->bps[t->nbps - 1], 0)) {
            fprintf(stderr, "pmuctl: %s\n", t->err);
            t->nbps--;
        }
    /* Our tracepoints out (QTStop takes their traps out; QTinit forgets
     * them), so that the next session finds the target as it was. */
    if (t->trace_defined &&
        (target_trace_stop(t) || target_trace_init(t)))
        fprintf(stderr, "pmuctl: clearing tracepoints: %s\n", t->err);
    t->trace_defined = 0;
    if (t->saved) {
        for (unsigned n = 0; n < t->n_counters; n++) {
            if (target_pmu_write(t, 1, n, t->saved_ctl[n]) ||
                t->pmu->put_count(t, n, t->saved_cnt[n], t->saved_wide[n]))
                fprintf(stderr, "pmuctl: restoring counter %u: %s\n", n, t->err);
        }
        t->saved = 0;
    }
    if (t->saved_frozen >= 0 && target_set_frozen(t, t->saved_frozen))
        fprintf(stderr, "pmuctl: restoring the freeze state: %s\n", t->err);
    t->saved_frozen = -1;
    if (t->found_running && t->pmu && t->pmu->leave)
        t->pmu->leave(t);
    if (t->found_running) {
        /* D: the stub takes out its breakpoints and lets the program run
         * (stub/core/stub.c, h_detach). */
        if (rsp_request(&t->rsp, "D") == RSP_OK && strcmp(t->rsp.reply, "OK"))
            fprintf(stderr, "pmuctl: detach answered '%s'\n", t->rsp.reply);
    }
    conn_close(&t->rsp.conn);
}
