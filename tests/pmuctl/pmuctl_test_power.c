/*
 * pmuctl_test_power.c - pmuctl's Power half without a target: PMLCa values
 * for the modes (e200z7 RM 8.3.4, Linux asm/reg_fsl_emb.h: FC 0x80000000,
 * FCS 0x40000000, FCU 0x20000000, FCM1 0x10000000, FCM0 0x08000000, CE
 * 0x04000000, EVENT << 16), generic names and raw numbers, the threshold
 * events 152-158 only on PMC0/PMC1 (e200z7.md, RM Table 8-10), and the
 * stub's Power description read by the registry's roles (GDB numbers
 * pmlca0 81, pmc0 89, pmc0_64 106; the PC 64 in org.gnu.gdb.power.core).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/exit_status.h"
#include "pmu/events.h"
#include "pmuctl_peer_target.h"
#include "session/attach.h"
#include "session/counters.h"

#define FC 0x80000000u
#define FCS 0x40000000u
#define FCU 0x20000000u
#define FCM1 0x10000000u
#define FCM0 0x08000000u
#define CE 0x04000000u

static char err[512];

static unsigned modes(const char *core, const char *words)
{
    unsigned m;
    assert_int_equal(perfctl_parse_modes(perfctl_layout(core), words, &m, err,
                                         sizeof err), 0);
    return m;
}

/* Counting in a mode clears its freeze bit; marked/unmarked set FCM0/FCM1
 * (count only while MSR[PMM] is 1 / 0); off is FC. */
static void pmlca_values(void **s)
{
    const struct pmuctl_ctl_layout *z7 = perfctl_layout("e200z7");
    char out[64];
    unsigned m;
    (void)s;
    assert_non_null(z7);
    assert_int_equal(perfctl_encode(z7, 2, modes("e200z7", "u,s")), 2u << 16);
    assert_int_equal(perfctl_encode(z7, 2, modes("e200z7", "u")), 2u << 16 | FCS);
    assert_int_equal(perfctl_encode(z7, 1, modes("e200z7", "s")), 1u << 16 | FCU);
    assert_int_equal(perfctl_encode(z7, 39, modes("e200z7", "s,u,marked")),
                     39u << 16 | FCM0);
    assert_int_equal(perfctl_encode(z7, 57, modes("e200z7", "u,unmarked")),
                     57u << 16 | FCS | FCM1);
    assert_int_equal(perfctl_default_modes(z7), modes("e200z7", "u,s"));
    assert_int_equal(perfctl_off(z7), FC);
    /* Decoding: what a PMLCa counts in. */
    perfctl_format_modes(z7, perfctl_ctl_modes(z7, 72u << 16 | FCS | FCM0 | CE), out,
                         sizeof out);
    assert_string_equal(out, "u,marked");
    assert_int_equal(perfctl_ctl_modes(z7, FC | 2u << 16), 0);
    assert_int_equal(perfctl_ctl_modes(z7, FCS | FCU), 0);
    assert_int_equal(perfctl_event(z7, 0xffffffffu), 0xff); /* 8 bits on the e200z7 */
    /* No k or exl on Book E; marked and unmarked exclude each other. */
    assert_int_not_equal(perfctl_parse_modes(z7, "u,k", &m, err, sizeof err), 0);
    assert_non_null(strstr(err, "unknown mode 'k' (modes of the e200z7 are u,s,marked,unmarked"));
    assert_int_not_equal(perfctl_parse_modes(z7, "u,marked,unmarked", &m, err, sizeof err), 0);
    assert_int_not_equal(perfctl_parse_modes(z7, "marked", &m, err, sizeof err), 0);
    assert_non_null(strstr(err, "no mode given"));
}

static void generic_names_and_raw_numbers(void **s)
{
    struct pmu_event ev;
    (void)s;
    /* e200z7: dcache_misses is its data linefills (event 57). */
    assert_int_equal(catalog_event(catalog_core("e200z7"), "dcache_misses", &ev), 0);
    assert_string_equal(ev.name, "dcache_linefills");
    assert_int_equal(ev.code[3], 57);
    /* e500v2: loads are its load micro-ops. */
    assert_int_equal(catalog_event(catalog_core("e500v2"), "loads", &ev), 0);
    assert_string_equal(ev.name, "load_uops");
    /* Every generic name on both cores. */
    static const char *const generic[] = {
        "cycles", "instructions", "branches", "branch_mispredictions", "loads",
        "stores", "dcache_misses", "icache_misses",
    };
    for (size_t i = 0; i < sizeof generic / sizeof *generic; i++) {
        assert_int_equal(catalog_event(catalog_core("e200z7"), generic[i], &ev), 0);
        assert_int_equal(catalog_event(catalog_core("e500v2"), generic[i], &ev), 0);
    }
    /* A raw number the catalogue names is that event, restrictions kept. */
    assert_int_equal(catalog_event(catalog_core("e200z7"), "152", &ev), 0);
    assert_string_equal(ev.name, "dload_miss_threshold");
    assert_int_equal(ev.counters, 0x3);
    /* One it does not name counts on every counter; beyond EVENT's width
     * (7 bits on the e500) it is refused. */
    assert_int_equal(catalog_event(catalog_core("e200z7"), "raw200", &ev), 0);
    assert_string_equal(ev.name, "raw200");
    assert_int_equal(ev.counters, 0xf);
    assert_int_equal(ev.vboard, PMU_VBOARD_NONE);
    assert_int_equal(catalog_event(catalog_core("e500v2"), "200", &ev), -1);
}

static int place(const char *spec)
{
    static struct event_list l;
    const struct pmuctl_ctl_layout *lay = perfctl_layout("e200z7");
    if (events_parse(&l, spec, catalog_core("e200z7"), lay,
                     perfctl_default_modes(lay), err, sizeof err))
        return -1;
    return events_assign(&l, 4, err, sizeof err) ? -1 : l.ngroups;
}

/* Thresholds count only on PMC0/PMC1: three take two turns, and a braced
 * group of three cannot be placed. */
static void thresholds_only_on_pmc0_and_pmc1(void **s)
{
    (void)s;
    assert_int_equal(place("cycles,instructions,dload_miss_threshold,"
                           "ifetch_miss_threshold"), 1);
    assert_int_equal(place("152,153,154"), 2);
    assert_int_equal(place("{152,153,154}"), -1);
    assert_int_equal(place("instructons"), -1);
    assert_non_null(strstr(err, "unknown event 'instructons' for e200z7; did you mean instructions"));
}

/* Shaped like the Power stub's description (the registry's numbers). */
static const char power_like[] =
    "<target><architecture>powerpc:e500</architecture>"
    "<feature name=\"org.gnu.gdb.power.core\">"
    "<reg name=\"r0\" bitsize=\"32\" regnum=\"0\"/>"
    "<reg name=\"pc\" bitsize=\"32\" regnum=\"64\"/></feature>"
    "<feature name=\"org.pmustub.power.pmu\">"
    "<reg name=\"pmgc0\" bitsize=\"32\" regnum=\"80\" group=\"pmu\"/>"
    "<reg name=\"pmlca0\" bitsize=\"32\" regnum=\"81\" group=\"pmu\"/>"
    "<reg name=\"pmlca1\" bitsize=\"32\" regnum=\"82\" group=\"pmu\"/>"
    "<reg name=\"pmlcb0\" bitsize=\"32\" regnum=\"85\" group=\"pmu\"/>"
    "<reg name=\"pmlcb1\" bitsize=\"32\" regnum=\"86\" group=\"pmu\"/>"
    "<reg name=\"pmc0\" bitsize=\"32\" regnum=\"89\" group=\"pmu\"/>"
    "<reg name=\"pmc1\" bitsize=\"32\" regnum=\"90\" group=\"pmu\"/>"
    "<reg name=\"upmlca0\" bitsize=\"32\" regnum=\"94\" group=\"pmu\"/>"
    "<reg name=\"pmc0_64\" bitsize=\"64\" regnum=\"106\" group=\"pmu\"/>"
    "<reg name=\"pmc1_64\" bitsize=\"64\" regnum=\"107\" group=\"pmu\"/>"
    "</feature></target>";

static void power_description_by_the_registrys_roles(void **s)
{
    struct target *t;
    int peer;
    char xml_err[256];
    (void)s;
    t = peer_target(&peer);
    assert_true(t && peer >= 0);
    t->rsp.noack = 1;
    t->big_endian = 1;
    assert_int_equal(tdesc_parse(&t->tdesc, power_like, strlen(power_like), NULL,
                                 NULL, xml_err, sizeof xml_err), 0);
    t->pc_reg = tdesc_pc_regnum(&t->tdesc);
    target_no_pmu_regs(t);
    assert_int_equal(peer_packet(peer, "", "id=81600010;frozen=0"), 0);
    assert_int_equal(pmu_stub_access.attach(t), 0);
    assert_string_equal(t->pmu.core, "e200z7");
    assert_int_equal(t->pmu.n_counters, 2);
    assert_int_equal(t->pc_reg, 64);
    assert_int_equal(t->ctl_reg[1], 82);
    assert_int_equal(t->cnt_reg[1], 90);
    assert_int_equal(t->wide_reg[0], 106);
    peer_target_free(t, peer);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pmlca_values),
        cmocka_unit_test(generic_names_and_raw_numbers),
        cmocka_unit_test(thresholds_only_on_pmc0_and_pmc1),
        cmocka_unit_test(power_description_by_the_registrys_roles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
