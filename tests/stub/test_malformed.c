/*
 * test_malformed.c - every handler with truncated arguments, non-hex
 * digits, missing separators and numbers wider than 32 bits: the reply is
 * an error (or the empty reply for what the stub does not implement),
 * nothing changes, and the next good packet works.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "exchange.h"
#include "stub_internal.h" /* bp_is_ours() */

static uint8_t regs_before[FAKE_NREGS][FAKE_REG_BYTES];

static int setup(void **state)
{
    (void)state;
    fake_reset();
    memcpy(regs_before, fake.regs, sizeof regs_before);
    return 0;
}

/* Nothing the packet could have changed has changed, and the stub still
 * answers a good packet. */
static void assert_untouched(const char *pkt)
{
    if (memcmp(fake.regs, regs_before, sizeof regs_before))
        fail_msg("%s changed a register", pkt);
    for (uint32_t a = FAKE_RAM_BASE; a < FAKE_RAM_BASE + FAKE_RAM_SIZE; a++)
        if (fake_mem_byte(a) != fake_mem_pattern(a) || bp_is_ours(a))
            fail_msg("%s changed memory at 0x%x", pkt, a);
    if (fake.prepare_calls || fake.set_pc_calls || fake.kill_calls)
        fail_msg("%s resumed or killed", pkt);
    assert_string_equal(exchange("qAttached"), "1");
}

static void assert_refused(const char *pkt, size_t n)
{
    const char *r = exchange_bin(pkt, n, NULL);
    if (r[0] != 0 && (r[0] != 'E' || strlen(r) != 3))
        fail_msg("\"%.*s\" -> \"%s\", want Enn or empty", (int)n, pkt, r);
}

/* Hand-picked forms, one or more per handler. */
static void listed_forms_are_refused(void **st)
{
    static const char *const bad[] = {
        /* g/G */
        "G", "G0", "Gxyz",
        /* p/P */
        "p", "p=", "p,25", "p25,", "p1ffffffff", "p000000000000000025x",
        "P", "P=", "P25", "P25=", "P25==80001234", "P25=8000123g",
        "P1ffffffff=80001234", "P25=80001234,",
        /* m */
        "m", "m,", "m80001000", "m80001000,", "m,4", "m80001000;4",
        "m80001000,4,", "m80001000,4:", "mg0001000,4", "m80001000,g",
        "m180001000,4", "m80001000,100000000", "mffffffffffffffff,1",
        /* M */
        "M", "M80001000", "M80001000,", "M80001000,4", "M80001000,4:",
        "M80001000,4:dead", "M80001000:4,deadbeef", "M80001000,4:de ad be",
        "M80001000,-4:deadbeef", "Mfffffffff,1:00",
        /* X */
        "X", "X80001000", "X80001000,", "X80001000,4", "X80001000,4:",
        "X80001000,4:}", "X,:", "X80001000,fffffffff:ab",
        /* Z/z */
        "Z0,", "Z0,,", "Z0,,4", "Z0,80001000,", "Z0,80001000,4,",
        "Z0,80001000,44", "Z0,g0001000,4", "Z0,800010000,4", "z0,", "z0,,",
        /* c/s/vCont */
        "cg", "c80001000,", "c100000000", "sz", "s-1", "vCont;", "vCont;x",
        "vCont;cc", "vCont?;", "vCont;C", "vCont;C5", "vCont;S0g:1",
        "vCont;s1",
        /* qXfer, qRcmd */
        "qXfer:features:read:target.xml:", "qXfer:features:read:target.xml:,",
        "qXfer:features:read:target.xml:g,1", "qRcmd,6", "qRcmd,6g",
    };
    (void)st;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        assert_refused(bad[i], strlen(bad[i]));
        assert_untouched(bad[i]);
    }
}

/* Well-formed packets that change something when they succeed. */
static const char *const writers[] = {
    "M80001000,4:deadbeef",
    "X80001000,2:ab",
    "P5=11223344",
    "Z0,80001000,4",
    "G" /* completed below to full length */,
};

static const char *writer(size_t i, char *buf, size_t cap)
{
    if (strcmp(writers[i], "G"))
        return writers[i];
    buf[0] = 'G';
    for (unsigned r = 0; r < FAKE_NREGS_G && 1 + 8 * r + 8 < cap; r++)
        to_hex(buf + 1 + 8 * r, regs_before[r], 4);
    buf[1] = 'f'; /* differs from the fake's r0, so a write would show */
    return buf;
}

static void every_truncation_of_a_write_is_refused(void **st)
{
    char g[1 + FAKE_NREGS_G * 8 + 1];
    (void)st;
    for (size_t i = 0; i < sizeof writers / sizeof *writers; i++) {
        const char *pkt = writer(i, g, sizeof g);
        for (size_t n = 1; n < strlen(pkt); n++) {
            assert_refused(pkt, n);
            assert_untouched(pkt);
        }
    }
}

static void every_character_made_non_hex_is_refused(void **st)
{
    char g[1 + FAKE_NREGS_G * 8 + 1], pkt[sizeof g];
    (void)st;
    for (size_t i = 0; i < sizeof writers / sizeof *writers; i++) {
        const char *good = writer(i, g, sizeof g);
        /* X data is binary: any byte is data; only its header counts. */
        size_t n = good[0] == 'X' ? strcspn(good, ":") + 1 : strlen(good);
        for (size_t k = 1; k < n; k++) {
            strcpy(pkt, good);
            pkt[k] = 'g';
            assert_refused(pkt, strlen(pkt));
            assert_untouched(pkt);
        }
    }
}

static void numbers_wider_than_32_bits_are_refused(void **st)
{
    static const char *const wide[] = {
        "m100000000,1", "m80001000,100000001", "M100000000,1:00",
        "M80001000,100000001:00", "X100000000,1:a", "X80001000,100000001:a",
        "p100000000", "P100000000=00000000", "Z0,100000000,4",
        "Z0,80001000,100000004", "z0,100000000,4", "c100000000",
        "s123456789", "qXfer:features:read:target.xml:100000000,1",
        "qXfer:features:read:target.xml:0,100000001",
    };
    (void)st;
    for (size_t i = 0; i < sizeof wide / sizeof *wide; i++) {
        assert_refused(wide[i], strlen(wide[i]));
        assert_untouched(wide[i]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup(f, setup)
        T(listed_forms_are_refused),
        T(every_truncation_of_a_write_is_refused),
        T(every_character_made_non_hex_is_refused),
        T(numbers_wider_than_32_bits_are_refused),
#undef T
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
