/*
 * test_crc.c - qCRC:ADDR,LENGTH, which GDB's compare-sections sends
 * (GDB manual, "General Query Packets"): "C" and the CRC-32 GDB computes
 * (polynomial 0x04c11db7, most significant bit first, initial 0xffffffff,
 * no final xor), or an error reply on a memory fault.
 *
 * Oracles: the published check value of this CRC (CRC-32/MPEG-2, the
 * CRC RevEng catalogue: "123456789" -> 0x0376e6e7), and a reference
 * written here as the textbook bit-serial shift register (one data bit at
 * a time), not the stub's byte-wise loop.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "exchange.h"

static int setup(void **state)
{
    (void)state;
    fake_reset();
    return 0;
}

/* Bit-serial: shift each data bit, most significant first, into the
 * register; feed back the polynomial when the bit shifted out (register
 * top xor data bit) is 1. */
static uint32_t reference_crc(uint32_t addr, uint32_t n)
{
    uint32_t reg = 0xffffffffu;
    for (uint32_t i = 0; i < n; i++) {
        int byte = fake_mem_byte(addr + i);
        assert_true(byte >= 0);
        for (int bit = 7; bit >= 0; bit--) {
            unsigned out = (reg >> 31) ^ ((unsigned)byte >> bit & 1);
            reg <<= 1;
            if (out)
                reg ^= 0x04c11db7u;
        }
    }
    return reg;
}

static void qcrc_is(const char *pkt, uint32_t want)
{
    char s[16];
    snprintf(s, sizeof s, "C%08x", want);
    assert_string_equal(exchange(pkt), s);
}

static void check_value_of_the_catalogue(void **st)
{
    (void)st;
    /* "123456789" written into RAM first. */
    assert_string_equal(exchange("M80001010,9:313233343536373839"), "OK");
    qcrc_is("qCRC:80001010,9", 0x0376e6e7u);
}

static void matches_the_bit_serial_reference(void **st)
{
    static const struct {
        uint32_t addr, n;
    } ranges[] = {
        {0x80001000, 1},   {0x80001003, 2},   {0x80001001, 63},
        {0x80001040, 64},  {0x8000107f, 65},  {0x80001000, 0x1000},
        {0x80001ffc, 4},   {0xbfc00000, 0x100}, /* ROM */
    };
    char pkt[48];
    (void)st;
    for (size_t i = 0; i < sizeof ranges / sizeof *ranges; i++) {
        snprintf(pkt, sizeof pkt, "qCRC:%x,%x", ranges[i].addr, ranges[i].n);
        qcrc_is(pkt, reference_crc(ranges[i].addr, ranges[i].n));
    }
    qcrc_is("qCRC:80001000,0", 0xffffffffu); /* nothing read: the start */
}

/* GDB sends the address as BFD has the section's LMA: sign-extended to 64
 * bits for MIPS (measured: "qCRC:ffffffff80100000,3fe8"). */
static void widened_addresses_are_the_32_bit_ones(void **st)
{
    uint32_t want = reference_crc(0x80001100, 0x20);
    (void)st;
    qcrc_is("qCRC:ffffffff80001100,20", want);
    qcrc_is("qCRC:0000000080001100,20", want);
    qcrc_is("qCRC:0080001100,20", want);
}

static void faults_and_malformed_are_errors(void **st)
{
    static const char *const bad[] = {
        "qCRC:0,4",                  /* nothing there */
        "qCRC:80001ffe,4",           /* runs off the end of RAM */
        "qCRC:bfc000f0,20",          /* runs off the end of ROM */
        "qCRC:ffffffff,2",           /* wraps around */
        "qCRC:fffffffe80001100,20",  /* not a widened 32-bit address */
        "qCRC:f0ffffff80001100,20",
        "qCRC:1ffffffff80001100,20", /* 17 digits */
        "qCRC:", "qCRC:80001000", "qCRC:80001000,", "qCRC:,4",
        "qCRC:80001000,4,", "qCRC:80001000,4x", "qCRC:80001000;4",
    };
    (void)st;
    assert_errors(bad, sizeof bad / sizeof *bad);
    assert_int_equal(fake.mem_writes, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(check_value_of_the_catalogue, setup),
        cmocka_unit_test_setup(matches_the_bit_serial_reference, setup),
        cmocka_unit_test_setup(widened_addresses_are_the_32_bit_ones, setup),
        cmocka_unit_test_setup(faults_and_malformed_are_errors, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
