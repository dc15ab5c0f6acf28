/*
 * pmuctl_test_crc.c - the CRC of GDB's qCRC packet. Oracles: the published
 * check value of these parameters (poly 0x04c11db7, init 0xffffffff, not
 * reflected, no final XOR: "CRC-32/MPEG-2" in Greg Cook's catalogue of
 * parametrised CRC algorithms, check = CRC of "123456789" = 0x0376e6e7),
 * and a bit-at-a-time loop written here from those parameters.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdint.h>
#include <string.h>

#include "elf/crc32.h"

/* One bit at a time, most significant first, as the parameters say. */
static uint32_t bitwise(uint32_t crc, const unsigned char *p, size_t n)
{
    while (n--) {
        crc ^= (uint32_t)*p++ << 24;
        for (int k = 0; k < 8; k++)
            crc = (crc & 0x80000000u) ? (crc << 1) ^ 0x04c11db7u : crc << 1;
    }
    return crc;
}

static void check_value(void **s)
{
    (void)s;
    assert_int_equal(gdb_crc32(0xffffffffu, "123456789", 9), 0x0376e6e7u);
    assert_int_equal(bitwise(0xffffffffu, (const unsigned char *)"123456789", 9),
                     0x0376e6e7u);
    /* No data: the initial value unchanged (no final XOR). */
    assert_int_equal(gdb_crc32(0xffffffffu, "", 0), 0xffffffffu);
}

static void matches_bitwise_and_chains(void **s)
{
    unsigned char buf[1024];
    (void)s;
    for (size_t i = 0; i < sizeof buf; i++)
        buf[i] = (unsigned char)(i * 37u + (i >> 3));
    for (size_t n = 0; n <= sizeof buf; n += 97)
        assert_int_equal(gdb_crc32(0xffffffffu, buf, n), bitwise(0xffffffffu, buf, n));
    /* Blocks chain, as qCRC over a section split in two would. */
    uint32_t half = gdb_crc32(0xffffffffu, buf, 300);
    assert_int_equal(gdb_crc32(half, buf + 300, 724), gdb_crc32(0xffffffffu, buf, 1024));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(check_value),
        cmocka_unit_test(matches_bitwise_and_chains),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
