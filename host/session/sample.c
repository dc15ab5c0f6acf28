/*
 * session/sample.c - see sample.h.
 */
#include "session/sample.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/exit_status.h"
#include "pmustub/wire.h"
#include "session/io.h"

#define READ_CHUNK 256 /* bytes an m reply carries: 512 digits < PacketSize */

int target_sample_bind(struct target *t, const struct sample_data *d,
                       unsigned from_tp, unsigned to_tp)
{
    char pkt[256];
    size_t at = (size_t)snprintf(pkt, sizeof pkt, PMUSTUB_Q_SAMPLE_SET);
    int rc;

    for (unsigned e = 0; e < d->n_ev; e++)
        at += (size_t)snprintf(pkt + at, sizeof pkt - at, "%s%x,%x,%lx",
                               e ? ";" : "", d->ev[e].counter,
                               (unsigned)t->cnt_reg[d->ev[e].counter],
                               d->ev[e].period);
    if (from_tp)
        at += (size_t)snprintf(pkt + at, sizeof pkt - at, ",%x,%x", from_tp, to_tp);
    if (d->stack_bytes)
        snprintf(pkt + at, sizeof pkt - at, "@%lx", d->stack_bytes);
    rc = target_request_ok(t, pkt, "sampling (" PMUSTUB_Q_SAMPLE_SET ")");
    if (!rc)
        t->sampling.bound = 1;
    return rc;
}

int target_sample_off(struct target *t)
{
    t->sampling.bound = 0;
    return target_request_ok(t, PMUSTUB_Q_SAMPLE_SET "off", "turning sampling off");
}

int target_sample_reset(struct target *t)
{
    return target_request_ok(t, PMUSTUB_Q_SAMPLE_RESET, "emptying the sample buffer");
}

int target_sample_status(struct target *t, struct sample_status *st)
{
    int rc = rsp_request(&t->rsp, PMUSTUB_Q_SAMPLE), armed;

    if (rc)
        return target_io_fail(t, rc, PMUSTUB_Q_SAMPLE);
    if (sscanf(t->rsp.reply, "%lx,%lx,%lx,%lx,%d", &st->addr, &st->size,
               &st->fill, &st->lost, &armed) != 5 || st->fill > st->size) {
        snprintf(t->err, sizeof t->err, "%s answered '%.40s'", PMUSTUB_Q_SAMPLE,
                 t->rsp.reply);
        return PMUCTL_EXIT_TARGET;
    }
    st->armed = armed;
    return 0;
}

int target_sample_read(struct target *t, const struct sample_status *st,
                       size_t record_bytes, uint8_t *out)
{
    size_t len = st->fill * record_bytes, done = 0;
    char pkt[64];

    while (done < len) {
        size_t n = len - done < READ_CHUNK ? len - done : READ_CHUNK;
        int rc;
        snprintf(pkt, sizeof pkt, "m%lx,%zx", st->addr + done, n);
        if ((rc = rsp_request(&t->rsp, pkt)))
            return target_io_fail(t, rc, "reading the sample buffer");
        if (strlen(t->rsp.reply) != 2 * n) {
            snprintf(t->err, sizeof t->err, "reading the sample buffer: '%s' "
                     "answered '%.20s'", pkt, t->rsp.reply);
            return PMUCTL_EXIT_TARGET;
        }
        for (size_t i = 0; i < n; i++) {
            int hi = rsp_hexval(t->rsp.reply[2 * i]);
            int lo = rsp_hexval(t->rsp.reply[2 * i + 1]);
            if (hi < 0 || lo < 0) {
                snprintf(t->err, sizeof t->err, "reading the sample buffer: "
                         "not hex: '%.20s'", t->rsp.reply);
                return PMUCTL_EXIT_TARGET;
            }
            out[done + i] = (uint8_t)(hi << 4 | lo);
        }
        done += n;
    }
    return 0;
}
