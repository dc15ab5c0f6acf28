/*
 * test_registers.c - '?', g/G (core set only) and p/P (every register)
 * against the fake register file (GDB manual, "Packets": g, G, p, P;
 * 'x' digits for unavailable registers).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "exchange.h"
#include "stub_internal.h" /* h_regs_g, struct reply */

static int setup(void **state)
{
    (void)state;
    fake_reset();
    return 0;
}

/* The fake's current value of regno as 8 hex digits. */
static const char *reg_hex(unsigned regno)
{
    static char s[2 * FAKE_REG_BYTES + 1];
    return to_hex(s, fake.regs[regno], FAKE_REG_BYTES);
}

static int is_unavailable(unsigned regno)
{
    return regno == FAKE_REG_F0 || regno == FAKE_REG_FIR;
}

/* What 'g' must return, from the fake's registers directly. */
static void expected_g(char *dst)
{
    for (unsigned r = 0; r < FAKE_NREGS_G; r++, dst += 8)
        memcpy(dst, is_unavailable(r) ? "xxxxxxxx" : reg_hex(r), 8);
    *dst = 0;
}

static void stop_reason_reports_sigtrap_with_expedited_registers(void **st)
{
    char want[128];
    (void)st;
    /* pc, sp, then f0 skipped (unavailable), fp: the fake's expedite list. */
    snprintf(want, sizeof want, "T05%02x:%s;", FAKE_REG_PC,
             reg_hex(FAKE_REG_PC));
    snprintf(want + strlen(want), sizeof want - strlen(want), "%02x:%s;",
             FAKE_REG_SP, reg_hex(FAKE_REG_SP));
    snprintf(want + strlen(want), sizeof want - strlen(want), "%02x:%s;",
             FAKE_REG_FP, reg_hex(FAKE_REG_FP));
    assert_string_equal(exchange("?"), want);
}

static void g_sends_core_registers_with_x_for_unavailable(void **st)
{
    char want[FAKE_NREGS_G * 8 + 1];
    (void)st;
    expected_g(want);
    assert_string_equal(exchange("g"), want);
    assert_int_equal(strlen(want), 72 * 8); /* perfctl0 (72) is not in g */
}

/* A reply with room for 10 registers and a half: the 10, whole (GDB
 * reads the others with 'p'). */
static void g_short_of_room_ends_at_a_whole_register(void **st)
{
    char buf[10 * 8 + 4], want[FAKE_NREGS_G * 8 + 1];
    struct reply r = {buf, 0, sizeof buf};
    (void)st;
    assert_int_equal(h_regs_g((char *)"g", 1, &r), -1);
    expected_g(want);
    assert_int_equal(r.len, 10 * 8);
    assert_memory_equal(buf, want, 10 * 8);
}

/* A G payload that sets every register r to r*0x01010101 ^ 0xa5a5a5a5. */
static void new_g_values(char *dst)
{
    dst[0] = 'G';
    for (unsigned r = 0; r < FAKE_NREGS_G; r++)
        snprintf(dst + 1 + 8 * r, 9, "%08x", (r * 0x01010101u) ^ 0xa5a5a5a5u);
}

static void G_writes_writable_registers_only(void **st)
{
    char pkt[1 + FAKE_NREGS_G * 8 + 1];
    uint8_t before[FAKE_NREGS][FAKE_REG_BYTES];
    (void)st;
    memcpy(before, fake.regs, sizeof before);
    new_g_values(pkt);
    memcpy(pkt + 1 + 8 * 5, "xxxxxxxx", 8); /* GDB: leave r5 alone */
    assert_string_equal(exchange(pkt), "OK");
    for (unsigned r = 0; r < FAKE_NREGS; r++) {
        char want[9];
        if (r == 5 || r == FAKE_REG_BADVADDR || is_unavailable(r) ||
            r >= FAKE_NREGS_G) {
            assert_memory_equal(fake.regs[r], before[r], FAKE_REG_BYTES);
            continue;
        }
        snprintf(want, sizeof want, "%08x", (r * 0x01010101u) ^ 0xa5a5a5a5u);
        assert_string_equal(reg_hex(r), want);
    }
}

static void G_wrong_length_or_bad_hex_changes_nothing(void **st)
{
    char pkt[1 + FAKE_NREGS_G * 8 + 3];
    uint8_t before[FAKE_NREGS][FAKE_REG_BYTES];
    size_t full;
    (void)st;
    memcpy(before, fake.regs, sizeof before);
    new_g_values(pkt);
    full = strlen(pkt);

    pkt[full - 1] = 0; /* one digit short */
    assert_error_reply(exchange(pkt));
    pkt[full - 1] = '0';
    strcpy(pkt + full, "00"); /* one byte long */
    assert_error_reply(exchange(pkt));
    pkt[full] = 0;
    pkt[1 + 8 * 40 + 3] = 'g'; /* not hex, in the middle */
    assert_error_reply(exchange(pkt));
    pkt[1 + 8 * 40 + 3] = '0';
    pkt[1] = '-';
    assert_error_reply(exchange(pkt));
    assert_error_reply(exchange("G"));

    assert_memory_equal(fake.regs, before, sizeof before);
    assert_int_equal(fake.reg_writes, 0);
}

static void p_reads_every_register(void **st)
{
    char pkt[16];
    (void)st;
    for (unsigned r = 0; r < FAKE_NREGS; r++) {
        snprintf(pkt, sizeof pkt, "p%x", r);
        if (r == FAKE_REG_HOLE)
            assert_error_reply(exchange(pkt));
        else if (is_unavailable(r))
            assert_string_equal(exchange(pkt), "xxxxxxxx");
        else
            assert_string_equal(exchange(pkt), reg_hex(r));
    }
    assert_string_equal(exchange("p0025"), reg_hex(FAKE_REG_PC));
    assert_string_equal(exchange("p48"), reg_hex(FAKE_REG_PERFCTL0));
}

static void p_out_of_range_or_malformed_is_error(void **st)
{
    static const char *const bad[] = {
        "p4a", "p4b", "pffffffff", "p100000025", "p", "p25x", "p-1",
        "pg", "p 25", "p25;",
    };
    (void)st;
    assert_errors(bad, sizeof bad / sizeof *bad);
    assert_int_equal(fake.reg_writes, 0);
}

static void P_writes_one_register(void **st)
{
    static const uint8_t want[4] = {0x11, 0x22, 0x33, 0x44};
    (void)st;
    assert_string_equal(exchange("P5=11223344"), "OK");
    assert_memory_equal(fake.regs[5], want, 4);
    assert_string_equal(exchange("P48=11223344"), "OK"); /* p/P only reg */
    assert_memory_equal(fake.regs[FAKE_REG_PERFCTL0], want, 4);
    assert_string_equal(exchange("P25=80001234"), "OK");
    assert_int_equal(fake_pc(), 0x80001234u);
}

static void P_bad_forms_and_read_only_change_nothing(void **st)
{
    static const char *const bad[] = {
        "P5=112233",       /* short */
        "P5=1122334455",   /* long */
        "P5=1122zz44",     /* not hex */
        "P5=",             /* no value */
        "P5",              /* no '=' */
        "P=11223344",      /* no number */
        "P23=11223344",    /* badvaddr: read-only */
        "P26=11223344",    /* f0: unavailable */
        "P49=11223344",    /* hole: no such register */
        "P4a=11223344",    /* past the last register */
        "P100000005=11223344",
        "P5:11223344",
    };
    uint8_t before[FAKE_NREGS][FAKE_REG_BYTES];
    (void)st;
    memcpy(before, fake.regs, sizeof before);
    assert_errors(bad, sizeof bad / sizeof *bad);
    assert_memory_equal(fake.regs, before, sizeof before);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(
            stop_reason_reports_sigtrap_with_expedited_registers, setup),
        cmocka_unit_test_setup(g_short_of_room_ends_at_a_whole_register, setup),
        cmocka_unit_test_setup(g_sends_core_registers_with_x_for_unavailable,
                               setup),
        cmocka_unit_test_setup(G_writes_writable_registers_only, setup),
        cmocka_unit_test_setup(G_wrong_length_or_bad_hex_changes_nothing,
                               setup),
        cmocka_unit_test_setup(p_reads_every_register, setup),
        cmocka_unit_test_setup(p_out_of_range_or_malformed_is_error, setup),
        cmocka_unit_test_setup(P_writes_one_register, setup),
        cmocka_unit_test_setup(P_bad_forms_and_read_only_change_nothing,
                               setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
