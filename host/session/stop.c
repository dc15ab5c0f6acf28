/*
 * session/stop.c - stop replies ("Stop Reply Packets", GDB manual): the
 * signal, the PC and the counts the stub sends with them (its expedited
 * registers), console output on the way passed to stderr.
 */
#include "session/stop.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmustub/wire.h"
#include "session/io.h"

/* Is the reply to "?" or a resume a stop reply? Console output ('O')
 * from OpenOCD and the stub is passed on to stderr. */
int target_wait_stop(struct target *t, struct stop *st, int timeout_ms)
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
        if ((size_t)(colon - p) == strlen(PMUSTUB_STOP_ENTERED) &&
            !strncmp(p, PMUSTUB_STOP_ENTERED, strlen(PMUSTUB_STOP_ENTERED)))
            st->entered = 1;
        unsigned long long v;
        if (end == colon && rsp_decode_reg(colon + 1, (size_t)(semi - colon - 1),
                                           t->big_endian, &v) == 0) {
            if (regnum == t->pc_reg) {
                st->have_pc = 1;
                st->pc = (unsigned long)(v & 0xffffffffu);
            }
            for (unsigned n = 0; n < t->pmu.n_counters; n++) {
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
    for (unsigned n = 0; n < t->pmu.n_counters; n++) {
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
