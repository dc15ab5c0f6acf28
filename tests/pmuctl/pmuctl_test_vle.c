/*
 * pmuctl_test_vle.c - pmuctl and Power VLE code (elf/elfsym.c): the ELF's
 * SHF_PPC_VLE sections give a breakpoint there the size of the instruction
 * under it (Z0 kind 2 or 4), and locations there need only be halfword
 * aligned. The ELF: tests/firmware/ppc/vle_stub_loop.S linked with
 * ppce500_vle.ld (VLE_LOOP_ELF); encodings as objdump shows them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "elf/elfsym.h"

static struct elfsym e;

static unsigned long sym(const char *name)
{
    unsigned long a = 0;
    assert_int_equal(elfsym_lookup(&e, name, &a), 0);
    return a;
}

static int open_elf(void **s)
{
    char err[256];
    (void)s;
    return elfsym_open(&e, VLE_LOOP_ELF, err, sizeof err);
}

static int close_elf(void **s)
{
    (void)s;
    elfsym_close(&e);
    return 0;
}

static void the_vle_section_is_found(void **s)
{
    (void)s;
    assert_int_equal(e.nvle, 1);
    assert_int_equal(e.vle[0].start, 0x01000000);
    assert_true(e.vle[0].end > sym("vle_leaf"));
}

static void kinds_follow_the_instruction_under_the_breakpoint(void **s)
{
    (void)s;
    assert_int_equal(elfsym_break_kind(&e, sym("vle_steps")), 2);        /* se_li */
    assert_int_equal(elfsym_break_kind(&e, sym("vle_32")), 4);           /* e_add16i */
    assert_int_equal(elfsym_break_kind(&e, sym("region_begin")), 4);     /* e_li */
    assert_int_equal(elfsym_break_kind(&e, sym("region_begin") + 4), 2); /* se_mtctr */
    assert_int_equal(elfsym_break_kind(&e, sym("vle_call32")), 4);       /* e_bl */
    assert_int_equal(elfsym_break_kind(&e, sym("vle_call16")), 2);       /* se_bl */
    /* Book E code (the start-up code, the stub): the default. */
    assert_int_equal(elfsym_break_kind(&e, sym("pmustub_boot_break")), 0);
    assert_int_equal(elfsym_break_kind(NULL, sym("vle_32")), 0);
}

static void vle_locations_are_halfword_aligned_book_e_ones_word(void **s)
{
    char err[256];
    unsigned long a;
    (void)s;
    assert_int_equal(loc_resolve("vle_32", &e, &a, err, sizeof err), 0);
    assert_int_equal(a % 4, 2);
    assert_int_equal(loc_resolve("0x0100000a", &e, &a, err, sizeof err), 0);
    assert_int_equal(loc_resolve("vle_32+1", &e, &a, err, sizeof err), -1);
    assert_non_null(strstr(err, "not a 2-byte aligned"));
    assert_int_equal(loc_resolve("pmustub_boot_break+2", &e, &a, err, sizeof err), -1);
    assert_non_null(strstr(err, "not a 4-byte aligned"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_vle_section_is_found),
        cmocka_unit_test(kinds_follow_the_instruction_under_the_breakpoint),
        cmocka_unit_test(vle_locations_are_halfword_aligned_book_e_ones_word),
    };
    return cmocka_run_group_tests(tests, open_elf, close_elf);
}
