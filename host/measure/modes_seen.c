/*
 * measure/modes_seen.c - which mode the bracket ran in, against the
 * events' modes (measure/modes_seen.h).
 *
 * MIPS: a counter's U, S, K bits count while Status.EXL and ERL are 0
 * and KSU is user (2), supervisor (1) or kernel (0); its EXL bit while
 * EXL = 1 and ERL = 0; none counts while ERL = 1 (MIPS32 PRA, MD00090,
 * 9.39 PerfCtl; Status KSU bits 4:3, ERL bit 2). EXL is not the
 * program's at a stop: the breakpoint exception that stopped it set EXL
 * (MD00090 9.30), so KSU and ERL say the mode. Power: FCU
 * and FCS freeze counting while MSR[PR] = 1 (user) or 0 (supervisor)
 * (e200z7 RM 8.3.4 PMLCa; MSR[PR] is 0x4000).
 */
#include "measure/modes_seen.h"

#include <string.h>

#include "rsp/tdesc.h"
#include "session/io.h"

#define MIPS_ST_ERL 0x4u
#define MIPS_ST_KSU(s) (((s) >> 3) & 3u)
#define POWER_MSR_PR 0x4000u

const char *modes_seen_word(int is_power, uint32_t status, char *how, size_t len)
{
    static const char *const ksu[] = {"k", "s", "u", NULL};
    static const char *const ksu_what[] = {"kernel", "supervisor", "user", "reserved"};

    if (is_power) {
        int pr = !!(status & POWER_MSR_PR);
        snprintf(how, len, "%s mode (MSR 0x%08x: PR=%d)", pr ? "user" : "supervisor",
                 status, pr);
        return pr ? "u" : "s";
    }
    if (status & MIPS_ST_ERL) {
        snprintf(how, len, "error level (Status 0x%08x: ERL=1), where no mode "
                 "counts", status);
        return NULL;
    }
    snprintf(how, len, "%s mode (Status 0x%08x: KSU=%u, ERL=0)",
             ksu_what[MIPS_ST_KSU(status)], status, MIPS_ST_KSU(status));
    return ksu[MIPS_ST_KSU(status)];
}

void modes_seen_warn(struct target *t, const struct event_list *l, FILE *f)
{
    const struct tdesc_reg *msr = tdesc_find(&t->tdesc, "msr");
    const struct tdesc_reg *st = msr ? msr : tdesc_find(&t->tdesc, "status");
    unsigned long long v;
    char how[128], err[sizeof t->err], label[128];
    const char *word;

    if (!st || !t->pmu.lay)
        return;
    for (int i = 0; i < l->n; i++)
        if (l->e[i].sweep_mode)
            return;
    memcpy(err, t->err, sizeof err); /* a failed read is no failure here */
    if (target_reg_get(t, st->regnum, st->name, &v)) {
        memcpy(t->err, err, sizeof err);
        return;
    }
    word = modes_seen_word(msr != NULL, (uint32_t)v, how, sizeof how);
    unsigned bit = word ? perfctl_word_bits(t->pmu.lay, word) : 0;
    for (int i = 0; i < l->n; i++) {
        int dup = 0;
        if (word && (l->e[i].modes & bit))
            continue;
        for (int k = 0; k < i; k++)
            dup |= !strcmp(l->e[k].ev.name, l->e[i].ev.name) &&
                   l->e[k].modes == l->e[i].modes;
        if (dup)
            continue;
        perfctl_format_modes(t->pmu.lay, l->e[i].modes, label, sizeof label);
        fprintf(f, "pmuctl: %s counts in modes %s, but at --to the program was "
                "in %s: it counts none of the bracket there (a bare-metal "
                "program usually runs in %s mode)\n", l->e[i].ev.name, label, how,
                msr ? "supervisor" : "kernel");
    }
}
