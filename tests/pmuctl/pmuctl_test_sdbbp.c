/*
 * pmuctl_test_sdbbp.c - finding the SDBBPs a killed session left in a MIPS
 * program's code (host/cmd/sdbbp.c). Oracle for the encodings: the bytes
 * GNU as (binutils 2.40, mips-linux-gnu-as -mips32r2) assembles for
 * "sdbbp" in each ISA and byte order: MIPS32 -EB 70 00 00 3f, -EL 3f 00
 * 00 70; -mips16 -EB e8 01, -EL 01 e8; -mmicromips "sdbbp16 0" -EB 46 c0
 * and "sdbbp32 0" -EB 00 00 db 7c (-EL c0 46, 00 00 7c db).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdint.h>
#include <string.h>

#include "cmd/sdbbp.h"

/* Eight bytes of code, as the ELF has them: none of them an SDBBP. */
static const uint8_t code[8] = {0x27, 0xbd, 0xff, 0xe0, 0xaf, 0xbf, 0x00, 0x1c};

static int find(const uint8_t *mem, int be, struct sdbbp_fix *fix, int max)
{
    return sdbbp_find(code, mem, sizeof code, be, fix, max);
}

static void mips32_word(void **s)
{
    uint8_t be[8], le[8];
    struct sdbbp_fix f[4];
    (void)s;
    memcpy(be, code, 8);
    memcpy(be + 4, "\x70\x00\x00\x3f", 4);
    assert_int_equal(find(be, 1, f, 4), 1);
    assert_int_equal(f[0].off, 4);
    assert_int_equal(f[0].len, 4);
    assert_string_equal(f[0].isa, "MIPS32");
    memcpy(le, code, 8);
    memcpy(le, "\x3f\x00\x00\x70", 4);
    assert_int_equal(find(le, 0, f, 4), 1);
    assert_true(f[0].off == 0 && f[0].len == 4);
    /* The big-endian word read little-endian is no SDBBP. */
    assert_int_equal(find(be, 0, f, 4), -1);
    /* Not at a word address: not what OpenOCD writes for MIPS32. */
    memcpy(be, code, 8);
    memcpy(be + 2, "\x70\x00\x00\x3f", 4);
    assert_int_equal(find(be, 1, f, 4), -1);
}

static void mips16e_and_micromips16(void **s)
{
    uint8_t m[8];
    struct sdbbp_fix f[4];
    (void)s;
    memcpy(m, code, 8);
    memcpy(m + 2, "\x01\xe8", 2); /* MIPS16e, little-endian */
    memcpy(m + 6, "\xc0\x46", 2); /* microMIPS SDBBP16, little-endian */
    assert_int_equal(find(m, 0, f, 4), 2);
    assert_true(f[0].off == 2 && f[0].len == 2);
    assert_string_equal(f[0].isa, "MIPS16e");
    assert_true(f[1].off == 6 && f[1].len == 2);
    assert_string_equal(f[1].isa, "microMIPS");
    memcpy(m, code, 8);
    memcpy(m + 6, "\xe8\x01", 2);
    assert_int_equal(find(m, 1, f, 4), 1);
    assert_true(f[0].off == 6 && f[0].len == 2);
}

static void micromips32(void **s)
{
    uint8_t m[8];
    struct sdbbp_fix f[4];
    (void)s;
    /* At a halfword address, both halfwords differing. */
    memcpy(m, code, 8);
    memcpy(m + 2, "\x00\x00\xdb\x7c", 4);
    assert_int_equal(find(m, 1, f, 4), 1);
    assert_true(f[0].off == 2 && f[0].len == 4);
    assert_string_equal(f[0].isa, "microMIPS");
    /* Halfwords swapped, as OpenOCD writes it on one byte order. */
    memcpy(m, code, 8);
    memcpy(m + 4, "\xdb\x7c\x00\x00", 4);
    assert_int_equal(find(m, 1, f, 4), 1);
    assert_true(f[0].off == 4 && f[0].len == 4);
    /* Little-endian halfwords. */
    memcpy(m, code, 8);
    memcpy(m, "\x00\x00\x7c\xdb", 4);
    assert_int_equal(find(m, 0, f, 4), 1);
    assert_true(f[0].off == 0 && f[0].len == 4);
}

static void micromips32_first_half_as_elf(void **s)
{
    static const uint8_t elf[8] = {0x27, 0xbd, 0x00, 0x00, 0xaf, 0xbf, 0x00, 0x1c};
    uint8_t m[8];
    struct sdbbp_fix f[4];
    (void)s;
    memcpy(m, elf, 8);
    memcpy(m + 2, "\x00\x00\xdb\x7c", 4); /* only the second halfword differs */
    assert_int_equal(sdbbp_find(elf, m, 8, 1, f, 4), 1);
    assert_true(f[0].off == 2 && f[0].len == 4);
}

static void other_differences(void **s)
{
    uint8_t m[8];
    struct sdbbp_fix f[1];
    (void)s;
    memcpy(m, code, 8);
    assert_int_equal(find(m, 1, f, 1), 0);
    m[5] ^= 1; /* any other change */
    assert_int_equal(find(m, 1, f, 1), -1);
    /* An SDBBP beside another change: nothing to repair. */
    memcpy(m, "\x70\x00\x00\x3f", 4);
    assert_int_equal(find(m, 1, f, 1), -1);
    /* More SDBBPs than the caller takes. */
    memcpy(m, code, 8);
    memcpy(m, "\xe8\x01", 2);
    memcpy(m + 6, "\xe8\x01", 2);
    assert_int_equal(find(m, 1, f, 1), -1);
    /* An odd last byte that differs. */
    assert_int_equal(sdbbp_find(code, (const uint8_t *)"\x27\xbd\xff\xe0\xae", 5, 1, f, 1), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mips32_word), cmocka_unit_test(mips16e_and_micromips16),
        cmocka_unit_test(micromips32), cmocka_unit_test(micromips32_first_half_as_elf),
        cmocka_unit_test(other_differences),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
