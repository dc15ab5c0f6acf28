/*
 * pmuctl_test_openocd.c - the PMU through OpenOCD's "monitor mips32 cp0"
 * against a scripted OpenOCD on a socketpair. Replies are shaped as
 * OpenOCD 0.12 sends them (measured with vboard's EJTAG port: one hex
 * packet "cp0 reg R, select S: HHHHHHHH\n", and empty "O" keep-alives).
 * Oracles: PRId 0x00019500 is a 34K (Linux asm/cpu.h PRID_IMP_34K), the
 * 34K's PerfCtl.M says another counter follows (MD00548 Table 2),
 * Config1.PC (bit 4) says whether there are counters at all.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "base/exit_status.h"
#include "pmuctl_peer_target.h"
#include "session/attach.h"

static struct target *t;
static int peer;

static int setup(void **s)
{
    (void)s;
    t = peer_target(&peer);
    assert_true(t && peer >= 0);
    t->rsp.noack = 1;
    t->big_endian = 1;
    return 0;
}

static int teardown(void **s)
{
    (void)s;
    peer_target_free(t, peer);
    return 0;
}

/* Queues the packet OpenOCD would send for console text. */
static void openocd_says(const char *text)
{
    char payload[512] = "", frame[600];
    unsigned sum = 0;
    for (const char *p = text; *p; p++)
        sprintf(payload + strlen(payload), "%02x", (unsigned char)*p);
    for (const char *p = payload; *p; p++)
        sum += (unsigned char)*p;
    snprintf(frame, sizeof frame, "$O#4f$%s#%02x", payload, sum & 0xff);
    assert_int_equal(write(peer, frame, strlen(frame)), (ssize_t)strlen(frame));
}

static void cp0(unsigned reg, unsigned sel, unsigned value)
{
    char line[80];
    snprintf(line, sizeof line, "cp0 reg %u, select %u: %08x\n", reg, sel, value);
    openocd_says(line);
}

/* "monitor version" and the TAP's IDCODE (decimal, as OpenOCD 0.12
 * prints it; not vboard's), the backend's first two questions. */
static void openocd_greets(void)
{
    openocd_says("Open On-Chip Debugger 0.12.0\n");
    openocd_says("1234\n");
}

static void finds_a_34k_by_prid_and_the_m_chain(void **s)
{
    uint32_t v;
    (void)s;
    openocd_greets();
    cp0(15, 0, 0x00019500);
    cp0(16, 1, 0x80000010);   /* M, PC */
    cp0(25, 0, 0x80000000);   /* M: counter 1 follows */
    cp0(25, 2, 0x80000000);
    cp0(25, 4, 0x00000000);   /* no M: three counters */
    assert_int_equal(pmu_openocd_access.attach(t), 0);
    assert_string_equal(t->sim.name, "");
    assert_string_equal(t->pmu.core, "34k");
    assert_int_equal(t->pmu.n_counters, 3);
    /* Count 2 is CP0 25 select 5. */
    cp0(25, 5, 1234);
    assert_int_equal(pmu_openocd_access.read(t, 0, 2, &v), 0);
    assert_int_equal(v, 1234);
    /* "mips32 cp0 25 5" hex-encoded in the last qRcmd */
    assert_non_null(strstr(peer_heard(peer), "$qRcmd,6d6970733332206370302032352035#"));
}

static void config1_pc_clear_means_no_counters(void **s)
{
    (void)s;
    openocd_greets();
    cp0(15, 0, 0x00019500);
    cp0(16, 1, 0x80000000);   /* PC = 0 */
    assert_int_equal(pmu_openocd_access.attach(t), PMUCTL_EXIT_TARGET);
    assert_non_null(strstr(t->err, "no performance counters (Config1.PC = 0"));
}

static void unknown_core_and_failed_access(void **s)
{
    uint32_t v;
    (void)s;
    openocd_greets();
    cp0(15, 0, 0x00018000);   /* a 4Kc */
    cp0(16, 1, 0x80000010);
    assert_int_equal(pmu_openocd_access.attach(t), PMUCTL_EXIT_TARGET);
    assert_non_null(strstr(t->err, "PRId 0x00018000 is no core"));
    openocd_says("couldn't access reg 25\n");
    assert_int_equal(pmu_openocd_access.read(t, 1, 0, &v), PMUCTL_EXIT_TARGET);
    assert_non_null(strstr(t->err, "couldn't access reg 25"));
}

static void not_openocd(void **s)
{
    (void)s;
    assert_int_equal(write(peer, "$#00", 4), 4); /* unsupported: empty reply */
    assert_int_equal(pmu_openocd_access.attach(t), PMU_ACCESS_NOT_MINE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(finds_a_34k_by_prid_and_the_m_chain, setup, teardown),
        cmocka_unit_test_setup_teardown(config1_pc_clear_means_no_counters, setup, teardown),
        cmocka_unit_test_setup_teardown(unknown_core_and_failed_access, setup, teardown),
        cmocka_unit_test_setup_teardown(not_openocd, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
