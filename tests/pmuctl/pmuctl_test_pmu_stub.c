/*
 * pmuctl_test_pmu_stub.c - the PMU as the stub publishes it (host/session/pmu_stub.c),
 * against a scripted stub: the family from the feature's name, each
 * counter's registers by the registry's roles (target-xml/cores.toml
 * families.mips32: perfctlN, perfcntN, perfcntN_64), numbered by the
 * description; the core from the id the stub gives in qPmustub.Pmu (R10000
 * PRId 0x0934: Linux asm/cpu.h PRID_IMP_R10000 0x0900); the freeze state
 * as data; the PC and counts of a stop reply by those numbers.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/exit_status.h"
#include "pmuctl_fields.h"
#include "pmuctl_peer_target.h"
#include "session/attach.h"
#include "session/counters.h"
#include "session/stop.h"

/* Shaped like the stub's: the core features with GDB's fixed numbers,
 * then the PMU feature as gen_pmu.py writes it (two counters, a 64-bit
 * count for counter 1 only). */
static const char stub_like[] =
    "<target><architecture>mips:isa32r2</architecture>"
    "<feature name=\"org.gnu.gdb.mips.cpu\">"
    "<reg name=\"r0\" bitsize=\"32\" regnum=\"0\"/>"
    "<reg name=\"pc\" bitsize=\"32\" regnum=\"37\"/></feature>"
    "<feature name=\"org.pmustub.mips.pmu\">"
    "<reg name=\"perfctl0\" bitsize=\"32\" regnum=\"72\" group=\"pmu\"/>"
    "<reg name=\"perfcnt0\" bitsize=\"32\" regnum=\"73\" group=\"pmu\"/>"
    "<reg name=\"perfctl1\" bitsize=\"32\" regnum=\"74\" group=\"pmu\"/>"
    "<reg name=\"perfcnt1\" bitsize=\"32\" regnum=\"75\" group=\"pmu\"/>"
    "<reg name=\"perfcnt1_64\" bitsize=\"64\" regnum=\"76\" group=\"pmu\"/>"
    "</feature></target>";

static struct target *t;
static int peer;

static void describe(const char *xml)
{
    char err[256];
    assert_int_equal(tdesc_parse(&t->tdesc, xml, strlen(xml), NULL, NULL, err,
                                 sizeof err), 0);
    t->pc_reg = tdesc_pc_regnum(&t->tdesc);
    target_no_pmu_regs(t);
}

static int setup(void **s)
{
    (void)s;
    t = peer_target(&peer);
    assert_true(t && peer >= 0);
    t->rsp.noack = 1;
    t->big_endian = 1;
    describe(stub_like);
    return 0;
}

static int teardown(void **s)
{
    (void)s;
    peer_target_free(t, peer);
    return 0;
}

static void stub_says(const char *payload)
{
    assert_int_equal(peer_packet(peer, "", payload), 0);
}

static void finds_the_counters_and_the_core_by_its_id(void **s)
{
    (void)s;
    stub_says("id=00000934;frozen=0");
    assert_int_equal(pmu_stub_access.attach(t), 0);
    assert_string_equal(peer_heard(peer), "$qPmustub.Pmu#c1");
    assert_string_equal(t->pmu.core, "r10k");
    assert_string_equal(t->pmu.fam->key, "mips32");
    assert_int_equal(t->pmu.n_counters, 2);
    assert_int_equal(t->ctl_reg[1], 74);
    assert_int_equal(t->cnt_reg[1], 75);
    assert_int_equal(t->wide_reg[0], -1);
    assert_int_equal(t->wide_reg[1], 76);
    assert_int_equal(t->pc_reg, 37);
}

static void registers_by_number_and_the_freeze_state_as_data(void **s)
{
    uint32_t v;
    uint64_t c;
    int wide, frozen;
    (void)s;
    stub_says("id=00000934;frozen=0");
    assert_int_equal(pmu_stub_access.attach(t), 0);
    peer_heard(peer);
    stub_says("23010000");
    assert_int_equal(pmu_stub_access.read(t, 1, 1, &v), 0);
    assert_string_equal(peer_heard(peer), "$p4a#05");
    assert_int_equal(v, 0x23010000);
    stub_says("0000000100000005");
    assert_int_equal(pmu_stub_access.count(t, 1, &c, &wide), 0);
    assert_string_equal(peer_heard(peer), "$p4c#07");
    assert_true(wide);
    assert_int_equal(c, 0x100000005ull);
    stub_says("OK");
    assert_int_equal(pmu_stub_access.put_count(t, 1, 7, 1), 0);
    assert_string_equal(peer_heard(peer), "$P4c=0000000000000007#2b");
    stub_says("id=00000934;frozen=1");
    assert_int_equal(pmu_stub_access.frozen(t, &frozen), 0);
    assert_int_equal(frozen, 1);
}

/* A stop reply's PC and counts, found by the description's numbers: the
 * 64-bit count wins where its low half agrees with the 32-bit one. */
static void stop_reply_by_the_descriptions_numbers(void **s)
{
    struct stop st;
    (void)s;
    stub_says("id=00000934;frozen=0");
    assert_int_equal(pmu_stub_access.attach(t), 0);
    assert_int_equal(target_parse_stop(t, "T0525:80001000;49:00000009;"
                                       "4b:00000005;4c:0000000100000005;", &st), 0);
    assert_true(st.have_pc);
    assert_int_equal(st.pc, 0x80001000);
    assert_int_equal(st.cnt_mask, 3);
    assert_int_equal(st.wide_mask, 2);
    assert_int_equal(st.cnt[0], 9);
    assert_int_equal(st.cnt[1], 0x100000005ull);
}

/* Not the stub's: no feature of a family the registry knows, or counters
 * whose registers are not as wide as the registry says. */
static void other_descriptions_are_not_the_stubs(void **s)
{
    (void)s;
    describe("<target><feature name=\"org.gnu.gdb.mips.cpu\">"
             "<reg name=\"pc\" bitsize=\"32\" regnum=\"37\"/></feature></target>");
    assert_int_equal(pmu_stub_access.attach(t), PMU_ACCESS_NOT_MINE);
    describe("<target><feature name=\"org.pmustub.mips.pmu\">"
             "<reg name=\"perfctl0\" bitsize=\"64\" group=\"pmu\"/>"
             "<reg name=\"perfcnt0\" bitsize=\"32\" group=\"pmu\"/></feature></target>");
    assert_int_equal(pmu_stub_access.attach(t), PMU_ACCESS_NOT_MINE);
    /* Registers of the right names in another feature are not the PMU. */
    describe("<target><feature name=\"x\">"
             "<reg name=\"perfctl0\" bitsize=\"32\" group=\"pmu\"/>"
             "<reg name=\"perfcnt0\" bitsize=\"32\" group=\"pmu\"/></feature></target>");
    assert_int_equal(pmu_stub_access.attach(t), PMU_ACCESS_NOT_MINE);
    assert_string_equal(peer_heard(peer), ""); /* nothing asked */
}

static void an_unknown_id_or_a_stub_that_does_not_say(void **s)
{
    (void)s;
    stub_says("id=00018000;frozen=0"); /* a 4Kc */
    assert_int_equal(pmu_stub_access.attach(t), PMUCTL_EXIT_TARGET);
    assert_non_null(strstr(t->err, "no catalogue for (PRId 0x00018000"));
    stub_says("frozen=0");
    assert_int_equal(pmu_stub_access.attach(t), PMUCTL_EXIT_TARGET);
    assert_non_null(strstr(t->err, "does not say its PMU's id"));
    /* The empty reply: a server that passes the stub's feature on without
     * being the stub (pmuctl proxy before OpenOCD), another backend's. */
    stub_says("");
    assert_int_equal(pmu_stub_access.attach(t), PMU_ACCESS_NOT_MINE);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
    const struct CMUnitTest tests[] = {
        T(finds_the_counters_and_the_core_by_its_id),
        T(registers_by_number_and_the_freeze_state_as_data),
        T(stop_reply_by_the_descriptions_numbers),
        T(other_descriptions_are_not_the_stubs),
        T(an_unknown_id_or_a_stub_that_does_not_say),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
