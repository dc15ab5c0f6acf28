/*
 * pmuctl_test_modes.c - the mode sweep (--modes sweep) and per-TC/per-VPE
 * counting (EVENT:tc=N, :vpe=N). Oracles: the control bits of the manuals,
 * written here as numbers, not taken from the generated tables: MIPS
 * PerfCtl EXL 0, K 1, S 2, U 3, EVENT from 5, VPEID 19:16, MT_EN 21:20
 * (1 one VPE, 2 one TC), TCID 29:22 (MD00548 Table 1; Linux
 * perf_event_mipsxx.c M_PERFCTL_*); Power PMLCa FCS 0x40000000, FCU
 * 0x20000000, FCM1 0x10000000, FCM0 0x08000000, EVENT << 16 (e200z7 RM
 * 8.3.4); the events' types T/V/P of the 34K note's Table 2 (instructions
 * T, relax_bubbles V, cycles P); MIPS Status KSU 4:3, ERL 2, EXL 1
 * (MD00090 9.30) and Power MSR[PR] 0x4000 for the mode at a stop.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmu/events.h"
#include "measure/modes_seen.h"
#include "pmu/mt.h"
#include "report/modes.h"

#define MIPS_EXL 0x1u
#define MIPS_K 0x2u
#define MIPS_S 0x4u
#define MIPS_U 0x8u
#define PPC_FCS 0x40000000u
#define PPC_FCU 0x20000000u
#define PPC_FCM1 0x10000000u
#define PPC_FCM0 0x08000000u

static struct event_list l;
static char err[512];

static int parse(const char *core, const char *spec)
{
    const struct pmuctl_ctl_layout *lay = perfctl_layout(core);
    err[0] = 0;
    return events_parse(&l, spec, catalog_core(core), lay,
                        perfctl_default_modes(lay), err, sizeof err);
}

static void refused(const char *core, const char *spec, const char *msg)
{
    if (parse(core, spec) == 0 || !strstr(err, msg))
        fail_msg("%s '%s': '%s' (want '%s')", core, spec, err, msg);
}

static void sweep_modes_of_each_family(void **s)
{
    unsigned bits[8];
    const char *words[8];
    const struct pmuctl_ctl_layout *mips = perfctl_layout("34k");
    const struct pmuctl_ctl_layout *ppc = perfctl_layout("e200z7");
    (void)s;
    assert_int_equal(perfctl_sweep_modes(mips, NULL, bits, words, 8, err, sizeof err), 4);
    const char *mw[] = {"u", "s", "k", "exl"};
    const unsigned mc[] = {MIPS_U, MIPS_S, MIPS_K, MIPS_EXL};
    for (int i = 0; i < 4; i++) {
        assert_string_equal(words[i], mw[i]);
        /* each column counts in its one mode: PerfCtl with that bit alone */
        assert_int_equal(perfctl_encode(mips, 1, bits[i]), (1u << 5) | mc[i]);
    }
    assert_int_equal(perfctl_sweep_modes(ppc, NULL, bits, words, 8, err, sizeof err), 4);
    const char *pw[] = {"u", "s", "marked", "unmarked"};
    /* Power freezes: user = supervisor frozen; marked = counting in both
     * privileges, frozen while MSR[PMM] is 0 (FCM0); unmarked FCM1. */
    const unsigned pc[] = {PPC_FCS, PPC_FCU, PPC_FCM0, PPC_FCM1};
    for (int i = 0; i < 4; i++) {
        assert_string_equal(words[i], pw[i]);
        assert_int_equal(perfctl_encode(ppc, 2, bits[i]), (2u << 16) | pc[i]);
    }
    /* a subset, in the core's order */
    assert_int_equal(perfctl_sweep_modes(mips, "exl,k", bits, words, 8, err, sizeof err), 2);
    assert_string_equal(words[0], "k");
    assert_string_equal(words[1], "exl");
}

static void sweep_refuses_modes_the_core_lacks(void **s)
{
    unsigned bits[8];
    const char *words[8];
    (void)s;
    assert_int_equal(perfctl_sweep_modes(perfctl_layout("e200z7"), "u,k", bits, words, 8,
                                         err, sizeof err), -1);
    assert_non_null(strstr(err, "the core has no mode 'k' (modes of the e200z7 are "
                                "u,s,marked,unmarked"));
    assert_int_equal(perfctl_sweep_modes(perfctl_layout("r10k"), "marked", bits, words, 8,
                                         err, sizeof err), -1);
    assert_non_null(strstr(err, "the core has no mode 'marked'"));
    assert_int_equal(perfctl_sweep_modes(perfctl_layout("34k"), "u,u", bits, words, 8,
                                         err, sizeof err), -1);
    assert_non_null(strstr(err, "repeated mode 'u'"));
}

static void sweep_expands_every_event(void **s)
{
    unsigned bits[8];
    const char *words[8];
    char label[128];
    const struct pmuctl_ctl_layout *lay = perfctl_layout("34k");
    (void)s;
    int n = perfctl_sweep_modes(lay, NULL, bits, words, 8, err, sizeof err);
    assert_int_equal(parse("34k", "instructions,{cycles,branches}"), 0);
    assert_int_equal(events_sweep(&l, bits, words, n, err, sizeof err), 0);
    assert_int_equal(l.n, 12);
    for (int i = 0; i < l.n; i++) {
        assert_int_equal(l.e[i].sweep_row, i / 4);
        assert_string_equal(l.e[i].sweep_mode, words[i % 4]);
    }
    /* the braced group becomes one group per mode */
    assert_int_equal(l.e[4].user_group, 0);
    assert_int_equal(l.e[8].user_group, 0);
    assert_int_equal(l.e[7].user_group, 3);
    assert_int_equal(events_assign(&l, 4, err, sizeof err), 0);
    assert_int_equal(events_ctl(lay, &l.e[2], (unsigned)l.e[2].counter), (1u << 5) | MIPS_K);
    events_label(&l, 3, lay, perfctl_default_modes(lay), label, sizeof label);
    assert_string_equal(label, "instructions:exl");
    /* an event that names its own modes is not swept */
    assert_int_equal(parse("34k", "instructions:u,cycles"), 0);
    assert_int_equal(events_sweep(&l, bits, words, n, err, sizeof err), -1);
    assert_non_null(strstr(err, "'instructions' names its own modes"));
}

static void sweep_table_has_a_column_per_mode(void **s)
{
    static struct result r;
    static const char *modes[] = {"u", "s", "k", "exl"};
    static const double v[] = {0, 0, 1414, 173, 0, 0, 2900, 400};
    char *buf = NULL;
    size_t len = 0;
    (void)s;
    memset(&r, 0, sizeof r);
    r.core = "34k";
    r.counts_from = "counts simulated by vboard (34k)";
    r.from = "region_begin";
    r.to = "region_end";
    r.iterations = 8;
    r.ngroups = 2;
    r.modes_swept = 4;
    r.n = 8;
    for (int i = 0; i < 8; i++) {
        struct result_event *e = &r.ev[i];
        e->event = i < 4 ? "instructions" : "cycles";
        snprintf(e->label, sizeof e->label, "%s:%s%s", e->event, modes[i % 4],
                 i < 4 ? ",tc=0" : "");
        e->mode = modes[i % 4];
        e->row = i / 4;
        e->raw.n = 4;
        e->raw.mean = v[i];
    }
    FILE *f = open_memstream(&buf, &len);
    report_modes_table(f, &r);
    fclose(f);
    assert_non_null(strstr(buf, "each counting mode apart"));
    assert_non_null(strstr(buf, "u user, s supervisor, k kernel, exl exception level"));
    assert_non_null(strstr(buf, "  event                                     u              s"
                                "              k            exl\n"));
    assert_non_null(strstr(buf, "  instructions:tc=0                         0              0"
                                "           1414            173\n"));
    assert_non_null(strstr(buf, "  cycles                                    0              0"
                                "           2900            400\n"));
    free(buf);
    /* JSON and -x carry the mode with each value */
    f = open_memstream(&buf, &len);
    report_json(f, &r);
    fclose(f);
    assert_non_null(strstr(buf, "\"label\": \"instructions:k,tc=0\", \"group\": 1, "
                                "\"counter\": 0, \"mode\": \"k\""));
    free(buf);
    f = open_memstream(&buf, &len);
    report_separated(f, &r, ",");
    fclose(f);
    /* the label holds the separator: one quoted field */
    assert_non_null(strstr(buf, "173,,\"instructions:exl,tc=0\",0.00%,4,"));
    free(buf);
}

static void tc_and_vpe_set_the_mt_filter(void **s)
{
    char label[128];
    const struct pmuctl_ctl_layout *lay = perfctl_layout("34k");
    (void)s;
    assert_int_equal(parse("34k", "instructions:tc=3,instructions:u,vpe=1,"
                                  "relax_bubbles:vpe=0,instructions"), 0);
    assert_int_equal(l.n, 4);
    /* TCID 3, MT_EN 2 */
    assert_int_equal(l.e[0].mt, (3u << 22) | (2u << 20));
    assert_int_equal(events_ctl(lay, &l.e[0], 0), (3u << 22) | (2u << 20) | (1u << 5) |
                                                  MIPS_U | MIPS_K);
    /* VPEID 1, MT_EN 1, user mode only */
    assert_int_equal(l.e[1].mt, (1u << 16) | (1u << 20));
    assert_int_equal(l.e[1].modes, MIPS_U);
    assert_int_equal(l.e[2].mt, 1u << 20);
    assert_int_equal(l.e[3].mt, 0);
    events_label(&l, 0, lay, perfctl_default_modes(lay), label, sizeof label);
    assert_string_equal(label, "instructions:tc=3");
    events_label(&l, 1, lay, perfctl_default_modes(lay), label, sizeof label);
    assert_string_equal(label, "instructions:u,vpe=1");
    mt_format(lay, events_ctl(lay, &l.e[1], 0), label, sizeof label);
    assert_string_equal(label, "vpe=1");
    mt_format(lay, 0x0000002au, label, sizeof label);
    assert_string_equal(label, "");
    /* the filter word belongs to the modifiers, the next word is an event */
    assert_int_equal(parse("34k", "instructions:tc=1,cycles,instructions:u,tc=2,k"), 0);
    assert_int_equal(l.n, 3);
    assert_string_equal(l.e[1].ev.name, "cycles");
    assert_int_equal(l.e[2].modes, MIPS_U | MIPS_K);
    assert_int_equal(l.e[2].mt, (2u << 22) | (2u << 20));
}

static void tc_and_vpe_refused_where_not_allowed(void **s)
{
    (void)s;
    refused("34k", "cycles:tc=0", "'cycles' is counted processor-wide (P): it cannot be "
                                  "counted per TC");
    refused("34k", "cycles:vpe=0", "cannot be counted per VPE");
    refused("34k", "relax_bubbles:tc=1", "'relax_bubbles' is counted per VPE (V): it "
                                         "cannot be counted per TC");
    refused("34k", "raw127:tc=0", "of no known type");
    refused("34k", "instructions:tc=256", "tc must be 0 .. 255 (the TCID field)");
    refused("34k", "instructions:vpe=16", "vpe must be 0 .. 15 (the VPEID field)");
    refused("34k", "instructions:tc=", "a number expected after 'tc='");
    refused("34k", "instructions:tc=1,vpe=0", "one tc= or vpe= per event");
    refused("24k", "instructions:tc=0", "needs the MT ASE's PerfCtl filter (MT_EN, TCID, "
                                        "VPEID); the 24k has none");
    refused("r10k", "instructions:vpe=0", "the r10k has none");
    refused("e200z7", "instructions:tc=0", "the e200z7 has none");
}

/* The mode a stop's status register shows: MIPS KSU (EXL, which the
 * breakpoint exception set, not looked at), none under ERL; Power PR. */
static void mode_at_a_stop(void **st)
{
    char how[128];
    (void)st;
    assert_string_equal(modes_seen_word(0, 0x00000002, how, sizeof how), "k");
    assert_non_null(strstr(how, "kernel mode"));
    assert_string_equal(modes_seen_word(0, 0x00000010 | 0x2, how, sizeof how), "u");
    assert_string_equal(modes_seen_word(0, 0x00000008, how, sizeof how), "s");
    assert_null(modes_seen_word(0, 0x00000004, how, sizeof how));
    assert_non_null(strstr(how, "ERL=1"));
    assert_string_equal(modes_seen_word(1, 0x00001000, how, sizeof how), "s");
    assert_string_equal(modes_seen_word(1, 0x00005000, how, sizeof how), "u");
    assert_non_null(strstr(how, "PR=1"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sweep_modes_of_each_family),
        cmocka_unit_test(sweep_refuses_modes_the_core_lacks),
        cmocka_unit_test(sweep_expands_every_event),
        cmocka_unit_test(sweep_table_has_a_column_per_mode),
        cmocka_unit_test(tc_and_vpe_set_the_mt_filter),
        cmocka_unit_test(tc_and_vpe_refused_where_not_allowed),
        cmocka_unit_test(mode_at_a_stop),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
