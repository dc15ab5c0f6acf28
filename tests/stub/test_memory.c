/*
 * test_memory.c - m, M and X against the fake memory (RAM window, ROM
 * window, faults elsewhere). GDB manual, "Packets": m, M, X; the binary
 * escaping of X data is in "Overview".
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "exchange.h"

#define RAM_END (FAKE_RAM_BASE + FAKE_RAM_SIZE)

static int setup(void **state)
{
    (void)state;
    fake_reset();
    return 0;
}

/* The pristine pattern of [addr, addr+n) in hex. */
static const char *pattern_hex(uint32_t addr, size_t n)
{
    static char s[2 * FAKE_RAM_SIZE + 1];
    uint8_t b[FAKE_RAM_SIZE];
    for (size_t i = 0; i < n; i++)
        b[i] = fake_mem_pattern(addr + (uint32_t)i);
    return to_hex(s, b, n);
}

static const char *m(uint32_t addr, uint32_t len)
{
    char pkt[32];
    snprintf(pkt, sizeof pkt, "m%x,%x", addr, len);
    return exchange(pkt);
}

static void m_reads_ram_and_rom(void **st)
{
    (void)st;
    assert_string_equal(m(FAKE_RAM_BASE, 16), pattern_hex(FAKE_RAM_BASE, 16));
    assert_string_equal(m(RAM_END - 1, 1), pattern_hex(RAM_END - 1, 1));
    assert_string_equal(m(FAKE_ROM_BASE + 3, 5),
                        pattern_hex(FAKE_ROM_BASE + 3, 5));
    assert_string_equal(exchange("m80001000,00000004"),
                        pattern_hex(FAKE_RAM_BASE, 4));
}

static void m_fault_is_error(void **st)
{
    (void)st;
    assert_error_reply(m(0, 4));
    assert_error_reply(m(RAM_END, 1));
    assert_error_reply(m(FAKE_RAM_BASE - 1, 1));
}

static void m_returns_the_part_before_a_fault(void **st)
{
    (void)st;
    /* GDB manual, 'm': "The reply may contain fewer addressable memory
     * units than requested"; GDB asks again for the rest. */
    assert_string_equal(m(RAM_END - 10, 20), pattern_hex(RAM_END - 10, 10));
    assert_string_equal(m(RAM_END - 100, 200),
                        pattern_hex(RAM_END - 100, 100));
}

static void m_length_zero_reads_nothing(void **st)
{
    (void)st;
    /* An empty reply, as gdbserver gives (gdbserver/server.cc, 'm'). */
    assert_string_equal(m(FAKE_RAM_BASE, 0), "");
}

static void m_long_read_is_clamped_to_the_reply_buffer(void **st)
{
    const char *reply;
    (void)st;
    reply = m(FAKE_RAM_BASE, FAKE_RAM_SIZE);
    assert_true(strlen(reply) >= 2 && strlen(reply) % 2 == 0);
    assert_true(strlen(reply) <= RSP_UNIT_MAX);
    assert_string_equal(reply, pattern_hex(FAKE_RAM_BASE, strlen(reply) / 2));
}

static void m_wrapping_range_is_error_without_access(void **st)
{
    (void)st;
    assert_error_reply(m(0xffffffffu, 2));
    assert_error_reply(m(0xfffffff0u, 0x20));
    assert_int_equal(fake.mem_reads, 0);
}

static void M_writes_exactly_the_bytes(void **st)
{
    static const uint8_t want[4] = {0xde, 0xad, 0xbe, 0xef};
    (void)st;
    assert_string_equal(exchange("M80001010,4:DEADbeef"), "OK");
    assert_mem(FAKE_RAM_BASE + 0x10, want, 4);
    assert_mem_pristine(FAKE_RAM_BASE + 0x0c, 4);
    assert_mem_pristine(FAKE_RAM_BASE + 0x14, 4);
    assert_string_equal(exchange("M80001010,0:"), "OK");
    assert_mem(FAKE_RAM_BASE + 0x10, want, 4);
}

static void M_bad_forms_change_nothing(void **st)
{
    static const char *const bad[] = {
        "M80001000,4:deadbe",       /* short */
        "M80001000,4:deadbeef00",   /* long */
        "M80001000,4:deadbeeg",     /* not hex */
        "M80001000,4",              /* no ':' */
        "M80001000:deadbeef",       /* no length */
        "M,4:deadbeef",             /* no address */
        "M80001000,4;deadbeef",     /* wrong separator */
        "M180001000,4:deadbeef",    /* address past 32 bits */
        "M80001000,100000004:deadbeef",
        "M80001000,80000002:0000",  /* 2 x length wraps 32 bits to 4 */
        "Mffffffff,2:0000",         /* wraps the address space */
    };
    (void)st;
    assert_errors(bad, sizeof bad / sizeof *bad);
    assert_int_equal(fake.mem_writes, 0);
    assert_mem_pristine(FAKE_RAM_BASE, 16);
}

static void M_fault_is_error(void **st)
{
    (void)st;
    assert_error_reply(exchange("M0,4:deadbeef"));
    assert_error_reply(exchange("M80001ffe,4:deadbeef")); /* runs off the end */
    assert_mem_pristine(RAM_END - 2, 2);
}

static const char *X(uint32_t addr, uint32_t n, const void *data, size_t dn)
{
    char pkt[256];
    int h = snprintf(pkt, sizeof pkt, "X%x,%x:", addr, n);
    memcpy(pkt + h, data, dn);
    return exchange_bin(pkt, (size_t)h + dn, NULL);
}

static void X_unescapes_binary_data(void **st)
{
    /* '#', '$', '}' and '*' travel as '}' + byte ^ 0x20; NUL and other
     * bytes travel as they are. */
    static const char data[] = "}\x03}\x04}]}\x0a" "a\0\xff";
    static const uint8_t want[] = {'#', '$', '}', '*', 'a', 0, 0xff};
    (void)st;
    assert_string_equal(X(FAKE_RAM_BASE + 0x20, 7, data, sizeof data - 1),
                        "OK");
    assert_mem(FAKE_RAM_BASE + 0x20, want, sizeof want);
    assert_mem_pristine(FAKE_RAM_BASE + 0x27, 1);
}

static void X_length_zero_is_the_probe_gdb_sends(void **st)
{
    (void)st;
    /* GDB probes X support with "X addr,0:" and wants OK. */
    assert_string_equal(X(FAKE_RAM_BASE, 0, "", 0), "OK");
    /* gdb-multiarch 13 on MIPS32 probes with the address sign-extended to
     * 64 bits (recorded in tests/stub/fuzz/corpus/gdb_write_and_exit) and takes
     * any non-empty reply as "X supported" (gdb/remote.c,
     * check_binary_download); the empty reply would turn X off. */
    assert_string_not_equal(exchange("Xffffffff80001000,0:"), "");
    assert_int_equal(fake.mem_writes, 0);
}

static void X_bad_forms_change_nothing(void **st)
{
    (void)st;
    assert_error_reply(X(FAKE_RAM_BASE, 4, "abc", 3));     /* short */
    assert_error_reply(X(FAKE_RAM_BASE, 4, "abcde", 5));   /* long */
    assert_error_reply(X(FAKE_RAM_BASE, 3, "ab}", 3));     /* '}' at the end */
    assert_error_reply(X(FAKE_RAM_BASE, 2, "}]}", 3));     /* escape cut */
    assert_error_reply(X(FAKE_RAM_BASE, 0, "a", 1));       /* data for length 0 */
    assert_error_reply(X(0xffffffffu, 2, "ab", 2));        /* wraps */
    assert_error_reply(exchange("X80001000,2ab"));          /* no ':' */
    assert_error_reply(exchange("X80001000:ab"));           /* no length */
    assert_error_reply(exchange("X,2:ab"));                 /* no address */
    assert_error_reply(exchange("X80001000,100000002:ab")); /* huge length */
    assert_int_equal(fake.mem_writes, 0);
    assert_mem_pristine(FAKE_RAM_BASE, 8);
}

static void X_fault_is_error(void **st)
{
    (void)st;
    assert_error_reply(X(0x100, 2, "ab", 2));
    assert_error_reply(X(RAM_END - 1, 2, "ab", 2));
    assert_mem_pristine(RAM_END - 1, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(m_reads_ram_and_rom, setup),
        cmocka_unit_test_setup(m_fault_is_error, setup),
        cmocka_unit_test_setup(m_returns_the_part_before_a_fault, setup),
        cmocka_unit_test_setup(m_length_zero_reads_nothing, setup),
        cmocka_unit_test_setup(m_long_read_is_clamped_to_the_reply_buffer,
                               setup),
        cmocka_unit_test_setup(m_wrapping_range_is_error_without_access,
                               setup),
        cmocka_unit_test_setup(M_writes_exactly_the_bytes, setup),
        cmocka_unit_test_setup(M_bad_forms_change_nothing, setup),
        cmocka_unit_test_setup(M_fault_is_error, setup),
        cmocka_unit_test_setup(X_unescapes_binary_data, setup),
        cmocka_unit_test_setup(X_length_zero_is_the_probe_gdb_sends, setup),
        cmocka_unit_test_setup(X_bad_forms_change_nothing, setup),
        cmocka_unit_test_setup(X_fault_is_error, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
