/*
 * pmu/mt.c - the 34K's MT filter in a control value. Bits: MD00548 (seed
 * 000) Table 1, PerfCtl VPEID 19:16, MT_EN 21:20 (0 all TCs and VPEs, 1
 * the VPE in VPEID, 2 the TC in TCID), TCID 29:22; confirmed by Linux
 * arch/mips/kernel/perf_event_mipsxx.c (M_PERFCTL_VPEID(vpe) vpe << 16,
 * M_PERFCTL_MT_EN(filter) filter << 20 with M_TC_EN_VPE 1 and M_TC_EN_TC
 * 2, M_PERFCTL_TCID(tcid) tcid << 22). Which events may be filtered:
 * MD00548 section 3, Table 2's type column, "TC countable events can also
 * be counted in VPE or Processor modes, and VPE countable events can also
 * be counted in Processor mode".
 */
#include "pmu/mt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_prefix(const char *s, size_t len, const char *p)
{
    size_t n = strlen(p);
    return len >= n && !strncmp(s, p, n);
}

int mt_is_word(const char *s, size_t len)
{
    return is_prefix(s, len, "tc=") || is_prefix(s, len, "vpe=");
}

static const char *type_words(char type)
{
    switch (type) {
    case 'T': return "per TC (T)";
    case 'V': return "per VPE (V)";
    case 'P': return "processor-wide (P)";
    default: return "of no known type";
    }
}

int mt_filter_bits(const struct pmuctl_ctl_layout *l, const char *word,
                   size_t len, const char *event, char type, unsigned *bits,
                   char *err, size_t errlen)
{
    int tc = is_prefix(word, len, "tc=");
    const char *what = tc ? "tc" : "vpe";
    size_t at = tc ? 3 : 4;
    unsigned mask = tc ? l->tcid_mask : l->vpeid_mask;
    char num[16];
    char *end;

    if (!l->has_mt) {
        snprintf(err, errlen, "'%s=' counts one %s, which needs the MT ASE's "
                 "PerfCtl filter (MT_EN, TCID, VPEID); the %s has none",
                 what, tc ? "thread context" : "VPE", l->core);
        return -1;
    }
    if (len - at == 0 || len - at >= sizeof num) {
        snprintf(err, errlen, "'%.*s': a number expected after '%s='", (int)len,
                 word, what);
        return -1;
    }
    memcpy(num, word + at, len - at);
    num[len - at] = 0;
    unsigned long id = strtoul(num, &end, 10);
    if (*end || num[0] < '0' || num[0] > '9' || id > mask) {
        snprintf(err, errlen, "'%.*s': %s must be 0 .. %u (the %s field)",
                 (int)len, word, what, mask, tc ? "TCID" : "VPEID");
        return -1;
    }
    if (type != 'T' && !(type == 'V' && !tc)) {
        snprintf(err, errlen, "'%s' is counted %s: it cannot be counted per "
                 "%s (MD00548, Table 2: T events per TC, VPE or processor; "
                 "V per VPE or processor; P only for the processor)", event,
                 type_words(type), tc ? "TC" : "VPE");
        return -1;
    }
    *bits = tc ? (l->mt_tc << l->mt_en_shift) | ((unsigned)id << l->tcid_shift)
               : (l->mt_vpe << l->mt_en_shift) | ((unsigned)id << l->vpeid_shift);
    return 0;
}

void mt_format(const struct pmuctl_ctl_layout *l, unsigned ctl, char *out,
               size_t len)
{
    unsigned sel = (ctl >> l->mt_en_shift) & l->mt_en_mask;
    out[0] = 0;
    if (!l->has_mt)
        return;
    if (sel == l->mt_tc)
        snprintf(out, len, "tc=%u", (ctl >> l->tcid_shift) & l->tcid_mask);
    else if (sel == l->mt_vpe)
        snprintf(out, len, "vpe=%u", (ctl >> l->vpeid_shift) & l->vpeid_mask);
}
