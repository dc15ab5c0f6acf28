/*
 * pmuctl_test_tdesc.c - target description reading: register numbers
 * (explicit and implied, GDB manual "Target Description Format"), each
 * register's feature, the PC from the architecture's own feature (GDB
 * manual, "Standard Target Features"), included documents, and what is
 * refused. (The PMU in a description: pmuctl_test_pmu_stub.c.)
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "rsp/tdesc.h"

/* Shaped like the stub's: core features with fixed numbers, then the PMU
 * feature as target-xml/feature_xml.py writes it (two counters here). */
static const char stub_like[] =
    "<?xml version=\"1.0\"?><!DOCTYPE target SYSTEM \"gdb-target.dtd\">"
    "<target version=\"1.0\"><architecture>mips:isa32r2</architecture>"
    "<feature name=\"org.gnu.gdb.mips.cpu\">"
    "<reg name=\"r0\" bitsize=\"32\" regnum=\"0\"/><reg name=\"r1\" bitsize=\"32\"/>"
    "<reg name=\"pc\" bitsize=\"32\" regnum=\"37\"/></feature>"
    "<feature name=\"org.gnu.gdb.mips.cp0\">"
    "<reg name=\"status\" bitsize=\"32\" regnum=\"32\"/></feature>"
    "<feature name=\"org.pmustub.mips.pmu\">"
    "<enum id=\"pmu_r10k_event0\" size=\"4\"><evalue name=\"cycles\" value=\"0\"/></enum>"
    "<flags id=\"pmu_r10k_perfctl0\" size=\"4\"><field name=\"EXL\" start=\"0\" end=\"0\"/></flags>"
    "<reg name=\"perfctl0\" bitsize=\"32\" regnum=\"72\" type=\"pmu_r10k_perfctl0\" group=\"pmu\" save-restore=\"no\"/>"
    "<reg name=\"perfcnt0\" bitsize=\"32\" regnum=\"73\" type=\"uint32\" group=\"pmu\" save-restore=\"no\"/>"
    "<reg name=\"perfctl1\" bitsize=\"32\" regnum=\"74\" type=\"pmu_r10k_perfctl1\" group=\"pmu\" save-restore=\"no\"/>"
    "<reg name=\"perfcnt1\" bitsize=\"32\" regnum=\"75\" type=\"uint32\" group=\"pmu\" save-restore=\"no\"/>"
    "<reg name=\"perfcnt1_64\" bitsize=\"64\" type=\"uint64\" group=\"pmu\"/>"
    "</feature></target>";

static void stub_description(void **state)
{
    struct tdesc *d = calloc(1, sizeof *d);
    char err[256];
    (void)state;
    assert_int_equal(tdesc_parse(d, stub_like, strlen(stub_like), NULL, NULL,
                                 err, sizeof err), 0);
    assert_string_equal(d->arch, "mips:isa32r2");
    assert_int_equal(tdesc_find(d, "r1")->regnum, 1);   /* implied */
    assert_int_equal(tdesc_find(d, "perfcnt1_64")->regnum, 76);
    assert_int_equal(tdesc_pc_regnum(d), 37);
    assert_true(tdesc_has_feature(d, "org.pmustub.mips.pmu"));
    assert_false(tdesc_has_feature(d, "org.pmustub.power.pmu"));
    assert_int_equal(tdesc_find_in(d, "org.pmustub.mips.pmu", "perfctl1")->regnum, 74);
    assert_null(tdesc_find_in(d, "org.gnu.gdb.mips.cpu", "perfctl1"));
    free(d);
}

/* Power: the PC is GDB's number 64 in org.gnu.gdb.power.core; a "pc" of
 * a feature of somebody else's is not the PC. */
static void power_pc_and_a_pc_elsewhere(void **state)
{
    static const char power[] =
        "<target><feature name=\"org.pmustub.power.pmu\">"
        "<reg name=\"pc\" bitsize=\"32\" regnum=\"200\"/></feature>"
        "<feature name=\"org.gnu.gdb.power.core\">"
        "<reg name=\"r0\" bitsize=\"32\" regnum=\"0\"/>"
        "<reg name=\"pc\" bitsize=\"32\" regnum=\"64\"/></feature></target>";
    static const char none[] =
        "<target><feature name=\"x.cpu\">"
        "<reg name=\"pc\" bitsize=\"32\" regnum=\"37\"/></feature></target>";
    struct tdesc *d = calloc(1, sizeof *d);
    char err[256];
    (void)state;
    assert_int_equal(tdesc_parse(d, power, strlen(power), NULL, NULL, err, sizeof err), 0);
    assert_int_equal(tdesc_pc_regnum(d), 64);
    assert_int_equal(tdesc_parse(d, none, strlen(none), NULL, NULL, err, sizeof err), 0);
    assert_int_equal(tdesc_pc_regnum(d), -1);
    free(d);
}

static int fetch(void *ctx, const char *annex, char **text, size_t *len)
{
    static const char pmu[] =
        "<feature name=\"org.pmustub.mips.pmu\">"
        "<reg name=\"perfctl0\" bitsize=\"32\" type=\"pmu_34k_perfctl0\" group=\"pmu\"/>"
        "<reg name=\"perfcnt0\" bitsize=\"32\" group=\"pmu\"/></feature>";
    (*(int *)ctx)++;
    if (strcmp(annex, "pmu.xml"))
        return -1;
    *text = strdup(pmu);
    *len = strlen(pmu);
    return 0;
}

static void included_feature(void **state)
{
    static const char xml[] =
        "<target xmlns:xi=\"http://www.w3.org/2001/XInclude\">"
        "<feature name=\"a\"><reg name=\"pc\" bitsize=\"32\" regnum=\"37\"/></feature>"
        "<xi:include href=\"pmu.xml\"/></target>";
    struct tdesc *d = calloc(1, sizeof *d);
    char err[256];
    int calls = 0;
    (void)state;
    assert_int_equal(tdesc_parse(d, xml, strlen(xml), fetch, &calls, err, sizeof err), 0);
    assert_int_equal(calls, 1);
    /* numbering runs on into the include, which keeps its feature */
    assert_int_equal(tdesc_find_in(d, "org.pmustub.mips.pmu", "perfctl0")->regnum, 38);
    assert_int_equal(tdesc_find(d, "perfcnt0")->regnum, 39);
    free(d);
}

static void refused(void **state)
{
    static const char broken[] = "<target><feature name=\"a\"><reg name=\"x\"";
    static const char no_size[] = "<target><feature name=\"a\"><reg name=\"x\"/></feature></target>";
    static const char missing[] = "<target><xi:include href=\"nowhere.xml\"/></target>";
    struct tdesc *d = calloc(1, sizeof *d);
    char err[256];
    int calls = 0;
    (void)state;
    assert_int_not_equal(tdesc_parse(d, broken, strlen(broken), NULL, NULL, err, sizeof err), 0);
    assert_non_null(strstr(err, "XML error"));
    assert_int_not_equal(tdesc_parse(d, no_size, strlen(no_size), NULL, NULL, err, sizeof err), 0);
    assert_non_null(strstr(err, "bitsize"));
    assert_int_not_equal(tdesc_parse(d, missing, strlen(missing), fetch, &calls, err, sizeof err), 0);
    assert_non_null(strstr(err, "nowhere.xml"));
    free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stub_description),
        cmocka_unit_test(power_pc_and_a_pc_elsewhere),
        cmocka_unit_test(included_feature),
        cmocka_unit_test(refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
