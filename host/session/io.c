/*
 * session/io.c - how a failed exchange becomes an exit status, and
 * registers by GDB number, read with "p" and written with "P" (GDB manual,
 * "Packets"): the stub's PMU registers (session/pmu_stub.c), the PC
 * (session/stop.c).
 *
 * On a serial line a value is read until two answers agree. The packet
 * checksum is a sum modulo 256: two flipped bits in one packet go unseen
 * when they change the sum by +2^k and -2^k (about 7% of the double flips;
 * a 20-byte reply on a line that flips 0.3% of its bytes has two flips
 * once in 600 packets), and a value read here is put back into the target
 * at the end. Two answers that agree were not both garbled the same way.
 */
#include <stdio.h>
#include <string.h>

#include "session/io.h"

#include "base/exit_status.h"

int target_io_fail(struct target *t, int rc, const char *doing)
{
    snprintf(t->err, sizeof t->err, "%s: %s%s", doing, rsp_status_text(rc),
             rc == RSP_LOST && (t->bps.n || t->saved.valid)
                 ? "; its breakpoints and counter controls could not be put back"
                 : "");
    if (rc == RSP_LOST)
        conn_close(&t->rsp.conn); /* nothing more to say to it */
    if (rc == RSP_TIMEOUT || rc == RSP_GARBLED)
        return PMUCTL_EXIT_TIMEOUT;
    if (rc == RSP_INTR)
        return PMUCTL_EXIT_INTERRUPTED;
    return rc == RSP_LOST ? PMUCTL_EXIT_CONNECT : PMUCTL_EXIT_TARGET;
}

/* One "p": 0 and the value; 1 if the answer is no value; or an rsp status. */
static int read_once(struct target *t, int regnum, unsigned long long *v)
{
    char req[16];
    snprintf(req, sizeof req, "p%x", regnum);
    int rc = rsp_request(&t->rsp, req);
    if (rc)
        return rc;
    return rsp_decode_reg(t->rsp.reply, t->rsp.reply_len, t->big_endian, v) ? 1 : 0;
}

int target_reg_get(struct target *t, int regnum, const char *name,
                   unsigned long long *v)
{
    unsigned long long prev = 0;
    int have = 0;
    char doing[48];

    snprintf(doing, sizeof doing, "reading %s", name);
    for (int tries = 0; tries < RSP_MAX_TRIES; tries++) {
        int rc = read_once(t, regnum, v);
        if (rc < 0)
            return target_io_fail(t, rc, doing);
        if (rc == 0 && (!t->rsp.conn.is_serial || (have && *v == prev)))
            return 0;
        if (rc && !t->rsp.conn.is_serial)
            break;
        have = rc == 0;
        prev = *v;
    }
    snprintf(t->err, sizeof t->err, "reading %s: the target answered '%.20s'",
             name, t->rsp.reply);
    return PMUCTL_EXIT_TARGET;
}

int target_reg_put(struct target *t, int regnum, const char *name,
                   unsigned long long v, unsigned bytes)
{
    char req[48], hex[17], doing[48];
    rsp_encode_reg(v, bytes, t->big_endian, hex);
    snprintf(req, sizeof req, "P%x=%s", regnum, hex);
    snprintf(doing, sizeof doing, "writing %s", name);
    int rc = rsp_request(&t->rsp, req);
    if (rc)
        return target_io_fail(t, rc, doing);
    if (strcmp(t->rsp.reply, "OK")) {
        snprintf(t->err, sizeof t->err, "writing %s: the target answered '%.20s'",
                 name, t->rsp.reply);
        return PMUCTL_EXIT_TARGET;
    }
    return 0;
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

int target_request_ok(struct target *t, const char *pkt, const char *what)
{
    int rc = rsp_request(&t->rsp, pkt);
    if (rc)
        return target_io_fail(t, rc, what);
    if (strcmp(t->rsp.reply, "OK")) {
        snprintf(t->err, sizeof t->err, "the target refused %s ('%.16s' "
                 "answered '%.20s')", what, pkt,
                 t->rsp.reply[0] ? t->rsp.reply : "not supported");
        return PMUCTL_EXIT_TARGET;
    }
    return 0;
}
